import { describe, expect, it } from 'vitest';
import {
  alertForReading,
  BETTING_ALERTS,
  type BettingAlertCode,
  type BettingAlertFacts,
  bettingAlert,
} from '../../src/engine/betting/bettingAlerts.js';
import { readChips } from '../../src/engine/betting/readChips.js';
import { texts } from '../alertTexts.js';
import { ctx } from './context.js';

const codes = Object.keys(BETTING_ALERTS) as BettingAlertCode[];
const facts: BettingAlertFacts = {
  seat: 4,
  call: 1100,
  to: 1700,
  giveBack: 0,
  owed: 200,
  minRaiseTo: 1700,
  zoneTotal: 1500,
  forfeit: 400,
  action: 'raise',
  onTurn: 3,
};

describe('betting alerts: a message and a remedy to read aloud, in English and French', () => {
  it('covers the ten betting codes', () => {
    expect(codes.sort()).toEqual(
      [
        'ACTION_OUT_OF_TURN',
        'BET_UNDER_MINIMUM',
        'CHIPS_WITHDRAWN',
        'CLOCK_EXPIRED',
        'MULTI_CHIP',
        'OVERSIZED_CHIP',
        'RAISE_NOT_ALLOWED',
        'RAISE_UNDER_MINIMUM',
        'STRING_BET',
        'UNDERCALL',
      ].sort(),
    );
  });

  const variants = [
    undefined,
    'complete',
    'floor',
    'facingRaise',
    'betStands',
    'pending',
    'binds',
    'void',
    'callOrFold',
    'foldBinds',
    'substantial',
    'checked',
  ] as const;
  for (const code of codes) {
    it(`${code}: every variant has full sentences in both languages, no placeholder left`, () => {
      for (const variant of variants) {
        const a = bettingAlert(code, { ...facts, ...(variant ? { variant } : {}) });
        for (const text of [texts(a)?.message, texts(a)?.remedy, texts(a)?.messageFr, texts(a)?.remedyFr]) {
          expect(text.length).toBeGreaterThan(15);
          expect(text).toMatch(/[.!]$/);
          expect(text).not.toMatch(/undefined|NaN|\$\{/);
        }
        expect(texts(a)?.remedyFr).not.toBe(texts(a)?.remedy);
        expect(a.seat).toBe(4);
      }
    });
  }

  it('OVERSIZED_CHIP from a reading: call of 1100, 3900 back', () => {
    const r = readChips(ctx({ bigBlind: 500, currentBet: 1100, minRaiseIncrement: 600 }), [], [5000]);
    const a = alertForReading(4, r);
    expect(a).toMatchObject({ code: 'OVERSIZED_CHIP', severity: 'info', rule: { book: 'tda', id: '44' }, seat: 4 });
    expect(texts(a)?.remedy).toBe('Announce "call, 1100" and give 3900 back to the player.');
    expect(texts(a)?.remedyFr).toBe('Annoncez « suivre, 1\u202f100 » et rendez 3\u202f900 au joueur.');
  });

  it('MULTI_CHIP from seed 002 example 2: raise to 1700, 200 to add', () => {
    const r = readChips(
      ctx({ bigBlind: 500, currentBet: 1100, minRaiseIncrement: 600 }),
      [],
      [1000, 100, 100, 100, 100, 100],
    );
    const a = alertForReading(4, r);
    expect(texts(a)?.message).toBe('Seat 4: 1500 in several chips with no declaration is a raise to 1700.');
    expect(texts(a)?.remedy).toBe('Announce "raise to 1700"; the player adds 200.');
  });

  it('tda 51: UNDERCALL with the floor deciding is a stop and names both choices', () => {
    const r = readChips(
      ctx({ bigBlind: 400, currentBet: 1200, minRaiseIncrement: 800, facingOpeningBet: false, betLevels: [400, 1200] }),
      [],
      [500],
    );
    const a = alertForReading(5, r);
    expect(a?.severity).toBe('stop');
    expect(texts(a)?.remedy).toBe(
      'Stop and call the floor: the floor decides whether the player adds 700 to call 1200, or folds and leaves 400 in the pot.',
    );
  });

  it('CLOCK_EXPIRED cites LOI 5 for tda and club 5-6 for club', () => {
    expect(bettingAlert('CLOCK_EXPIRED', { seat: 2 }, 'tda').rule).toEqual({ book: 'LOI', id: '5' });
    expect(bettingAlert('CLOCK_EXPIRED', { seat: 2 }, 'club').rule).toEqual({ book: 'club', id: '5-6' });
  });

  it('an exact action carries no alert', () => {
    expect(alertForReading(4, readChips(ctx({ bigBlind: 100, currentBet: 0 }), [], [100]))).toBeUndefined();
  });
});
