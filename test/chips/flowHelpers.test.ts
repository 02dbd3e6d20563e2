import { describe, expect, it } from 'vitest';
import { CLOCK_COUNT_MS, CLOCK_MINUTE_MS, clockState } from '../../src/engine/betting/clock.js';
import { uncalledBetRefund } from '../../src/engine/betting/killedHand.js';
import { continuesMotion, groupMotions } from '../../src/engine/betting/motions.js';
import { readChips } from '../../src/engine/betting/readChips.js';
import { isStringBet, readStringBet } from '../../src/engine/betting/stringBet.js';
import { underRaiseCompletion } from '../../src/engine/betting/underRaise.js';
import { classifyZoneDrop, withdrawalRuling } from '../../src/engine/betting/withdrawals.js';
import { ctx } from './context.js';

describe('motions: zone changes closer than the motion window are one motion', () => {
  it('changes 300 ms apart are one motion; 1000 ms apart are two (the default window is 700 ms)', () => {
    const motions = groupMotions([
      { t: 0, seat: 4, chips: [1000] },
      { t: 300, seat: 4, chips: [1000, 100] },
      { t: 1300, seat: 4, chips: [1000, 100, 100] },
    ]);
    expect(motions).toEqual([
      { seat: 4, start: 0, end: 300, before: [], after: [1000, 100], changes: 2 },
      { seat: 4, start: 1300, end: 1300, before: [1000, 100], after: [1000, 100, 100], changes: 1 },
    ]);
  });

  it('another zone changing in between does not break a motion', () => {
    const motions = groupMotions(
      [
        { t: 0, seat: 3, chips: [500] },
        { t: 200, seat: 5, chips: [100] },
        { t: 400, seat: 3, chips: [500, 500] },
      ],
      700,
      { 3: [100] },
    );
    expect(motions.map((m) => [m.seat, m.before, m.after])).toEqual([
      [3, [100], [500, 500]],
      [5, [], [100]],
    ]);
  });

  it('the window is strict and configurable', () => {
    expect(continuesMotion(0, 699)).toBe(true);
    expect(continuesMotion(0, 700)).toBe(false);
    expect(continuesMotion(0, 900, 1000)).toBe(true);
  });
});

describe('tda 56, LOI 36: string bets', () => {
  const facing1100 = ctx({ bigBlind: 500, currentBet: 1100, minRaiseIncrement: 600 });

  it('a call of 1100, then 600 more in a second motion, silent, before the next seat acts: a string bet, only the call counts', () => {
    const first = readChips(facing1100, [], [1000, 100]);
    const m = { declared: false, nextSeatActed: false, ruledTo: first.to, before: 1100, after: 1700 };
    expect(isStringBet(m)).toBe(true);
    const r = readStringBet(facing1100, first, 1700);
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 600, owed: 0 });
    expect(r.alert).toMatchObject({ code: 'STRING_BET', rule: { book: 'tda', id: '56' }, severity: 'warn' });
  });

  it('a first motion short of the call, topped up later: it is a call (tda 56: the call amount or less)', () => {
    const first = readChips(facing1100, [], [500]);
    const r = readStringBet(facing1100, first, 1500);
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 400 });
  });

  it('a raise in the first motion stands; the second motion goes back', () => {
    const first = readChips(facing1100, [], [1000, 500, 100, 100]);
    expect(readStringBet(facing1100, first, 2700)).toMatchObject({ action: 'raise', to: 1700, giveBack: 1000 });
  });

  it('chips paying a completion owed, a declared raise, or pushed after the next seat acted are no string bet', () => {
    expect(isStringBet({ declared: false, nextSeatActed: false, ruledTo: 1700, before: 1500, after: 1700 })).toBe(
      false,
    );
    expect(isStringBet({ declared: true, nextSeatActed: false, ruledTo: 1100, before: 1100, after: 3000 })).toBe(false);
    expect(isStringBet({ declared: false, nextSeatActed: true, ruledTo: 1100, before: 1100, after: 3000 })).toBe(false);
  });
});

describe('tda 46B: chips withdrawn, change and the collection', () => {
  it('the dealer making change after an oversized chip (5000 down to the 1100 call) is change', () => {
    expect(classifyZoneDrop({ roundComplete: false, ruledTo: 1100, before: 5000, after: 1100 })).toBe('change');
  });
  it('the dealer lifting the 5000 chip to change it is change in progress, not a withdrawal', () => {
    expect(classifyZoneDrop({ roundComplete: false, ruledTo: 1100, before: 5000, after: 0 })).toBe('changeInProgress');
  });
  it('the zone emptied once the round is complete is the collection', () => {
    expect(classifyZoneDrop({ roundComplete: true, ruledTo: 1100, before: 1100, after: 0 })).toBe('collection');
  });
  it('a bet of 1100 dropping to 600 mid-round is a withdrawal', () => {
    expect(classifyZoneDrop({ roundComplete: false, ruledTo: 1100, before: 1100, after: 600 })).toBe('withdrawal');
  });
  it('tda 46B: facing a raise, a seat that took chips back must at least call: no fold', () => {
    const r = withdrawalRuling({ ruledTo: 1100, after: 0, currentBet: 3000, onTurn: true, canRaise: true });
    expect(r).toEqual({ variant: 'facingRaise', restore: 1100, alertNow: false, legal: ['call', 'raise', 'allin'] });
    const notOnTurn = withdrawalRuling({ ruledTo: 1100, after: 0, currentBet: 3000, onTurn: false, canRaise: false });
    expect(notOnTurn).toMatchObject({ alertNow: true, legal: ['call'] });
  });
  it('a bet taken back when not facing a raise stands: the chips come back', () => {
    expect(withdrawalRuling({ ruledTo: 1100, after: 500, currentBet: 1100, onTurn: false, canRaise: true })).toEqual({
      variant: 'betStands',
      restore: 600,
      alertNow: true,
      legal: [],
    });
  });
});

describe('tda 52: raises under the minimum acted on by others', () => {
  it('a raise to 1500 (minimum 1700) called by two seats: all complete to 1700', () => {
    expect(
      underRaiseCompletion(3, 1500, 1700, [
        { seat: 4, to: 1500 },
        { seat: 5, to: 1500 },
      ]),
    ).toEqual({ 3: 200, 4: 200, 5: 200 });
  });
  it('a seat that re-raised past the minimum owes nothing; a full raise owes nothing', () => {
    expect(underRaiseCompletion(3, 1500, 1700, [{ seat: 4, to: 3000 }])).toEqual({ 3: 200 });
    expect(underRaiseCompletion(3, 1700, 1700, [{ seat: 4, to: 1700 }])).toEqual({});
  });
});

describe('LOI 28, tda 65A, club 5-8: a killed hand gets back the bet no one has called', () => {
  it('a raise to 3000 that only a 1000 bet faced: 2000 back', () => {
    expect(uncalledBetRefund(3000, [1000, 0])).toBe(2000);
  });
  it('a called bet stays in the pot', () => {
    expect(uncalledBetRefund(3000, [3000, 1000])).toBe(0);
  });
});

describe('LOI 5, club 5-6: the clock', () => {
  it('one minute, then a ten-second count, then the hand is dead', () => {
    expect(clockState(1000, 1000)).toEqual({ phase: 'minute', remainingMs: 70_000 });
    expect(clockState(1000, 1000 + CLOCK_MINUTE_MS)).toEqual({ phase: 'count', remainingMs: 10_000 });
    expect(clockState(1000, 1000 + CLOCK_MINUTE_MS + CLOCK_COUNT_MS - 1).phase).toBe('count');
    expect(clockState(1000, 1000 + CLOCK_MINUTE_MS + CLOCK_COUNT_MS)).toEqual({ phase: 'expired', remainingMs: 0 });
  });
});
