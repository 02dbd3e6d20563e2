// Wording of the rulings (issue 23): the rule each text cites, and "call the floor" said only by stops (a warning lets
// play go on), in English and French.
import { describe, expect, it } from 'vitest';
import { ALERTS } from '../../src/engine/alerts/catalogue.js';
import { BETTING_ALERTS } from '../../src/engine/betting/bettingAlerts.js';
import type { AlertCode } from '../../src/engine/types.js';
import { renderAlert } from '../../src/i18n/renderAlert.js';
import { texts } from '../alertTexts.js';
import { play } from '../chips/table.js';
import { Table } from './table.js';

describe('LOI 22: a river dealt after everyone folded', () => {
  it('LOI 22: the river card after the last fold cites LOI 22, not the four-card flop (tda 39)', () => {
    for (const ruleset of ['tda', 'club'] as const) {
      const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset }).start();
      t.say(3, 'call').bet(3, 100).say(1, 'call').bet(1, 100).say(2, 'check');
      t.collect().burn('9h').board('Ah', 'Kd', '7c');
      for (const seat of [1, 2, 3]) t.say(seat, 'check');
      t.collect().burn('8h').board('Qs');
      t.say(1, 'bet', 500).bet(1, 500).fold(2).fold(3);
      expect(t.snap().phase).toBe('complete');
      t.collect().burn('6h').board('2s');
      const a = t.state.alerts.find((x) => x.code === 'BOARD_TOO_MANY');
      expect(a).toMatchObject({ rule: { book: 'LOI', id: '22' }, severity: 'warn' });
      expect(texts(a)?.remedy).toBe(
        'The hand is over: the cards that would have come are not dealt. Take 2♠ off the board to the muck; it is not part of the hand.',
      );
      expect(texts(a)?.remedyFr).toMatch(/Le coup est terminé/);
    }
  });

  it('tda 39: a sixth board card at the showdown still cites the board rule', () => {
    const t = new Table({ seats: { 1: 10000, 2: 10000 }, button: 2 }).start();
    t.say(2, 'call').bet(2, 100).say(1, 'check').collect().burn('9h').board('Ah', 'Kd', '7c');
    t.say(1, 'check').say(2, 'check').collect().burn('8h').board('Qs');
    t.say(1, 'check').say(2, 'check').collect().burn('6h').board('2s');
    t.say(1, 'check').say(2, 'check').board('3s');
    expect(t.state.alerts.find((x) => x.code === 'BOARD_TOO_MANY')?.rule).toEqual({ book: 'tda', id: '39' });
  });
});

describe('LOI 36, tda 40A: change given back after a declared call', () => {
  it('LOI 36: "call" said, a 5000 chip pushed for a call of 1100: change, not an action out of turn (tda 53)', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { say: 'call', seat: 4 },
      { chips: [5000], at: 'bet4' },
    ]);
    const a = o.alerts.find((x) => x.code === 'CHIPS_OUT_OF_ROUND');
    expect(a).toMatchObject({ rule: { book: 'LOI', id: '36' }, severity: 'info', seat: 4 });
    expect(texts(a)?.message).toBe('seat 4 paid its declared 1100 with 3900 too much: change');
    expect(texts(a)?.remedy).toBe('The declared 1100 stands: give the 3900 back to the player as change.');
    expect(texts(a)?.remedyFr).toBe(
      "L'annonce de 1\u202f100 reste valable : rendez les 3\u202f900 au joueur comme monnaie.",
    );
    expect(o.next).toMatchObject({ toAct: 5, toCall: 1100 });
    expect(o.stacks['4']).toBe(20000 - 1100);
  });

  it('LOI 36: the call paid and change given after the next seat acted is still change', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { say: 'call', seat: 4 },
      { chips: [1000, 100], at: 'bet5' },
      { chips: [1000, 1000], at: 'bet4' },
    ]);
    expect(o.alerts.find((x) => x.code === 'CHIPS_OUT_OF_ROUND')).toMatchObject({ rule: { book: 'LOI', id: '36' } });
  });
});

describe('"call the floor" is said by stops only (a warning lets play go on)', () => {
  const facts = {
    seat: 4,
    seats: [5, 6],
    cards: ['Ah'],
    amount: 100,
    street: 'flop' as const,
    to: 1100,
    call: 1100,
    owed: 600,
    giveBack: 100,
    forfeit: 500,
    zoneTotal: 500,
    onTurn: 3,
    declared: 1100,
    minRaiseTo: 1700,
  };
  const bettingVariants = [
    ...['complete', 'floor', 'confusing', 'facingRaise', 'betStands', 'checked'],
    ...['pending', 'binds', 'void', 'callOrFold', 'foldBinds', 'substantial'],
  ];
  const rendered = (ruleset: 'tda' | 'club') => {
    const out: { code: string; variant: string; a: ReturnType<typeof renderAlert> }[] = [];
    for (const [code, def] of Object.entries(ALERTS))
      for (const variant of Object.keys(def?.remedies ?? {}))
        out.push({ code, variant, a: renderAlert(code as AlertCode, { ...facts, variant }, ruleset) });
    for (const code of Object.keys(BETTING_ALERTS))
      for (const variant of ['', ...bettingVariants])
        out.push({
          code,
          variant,
          a: renderAlert(code as AlertCode, variant ? { ...facts, variant } : facts, ruleset),
        });
    return out;
  };

  for (const ruleset of ['tda', 'club'] as const) {
    it(`${ruleset}: no warning or info tells the dealer to call the floor, in English or French`, () => {
      const offenders = rendered(ruleset)
        .filter(({ a }) => a.severity !== 'stop')
        .filter(({ a }) =>
          /call the floor|appelez l.arbitre/i.test(`${a.message} ${a.remedy} ${a.messageFr} ${a.remedyFr}`),
        )
        .map(({ code, variant }) => `${code}/${variant}`);
      expect(offenders).toEqual([]);
    });

    it(`${ruleset}: the alerts that wait for the floor (forgotten player, undercall facing a raise) are stops that say so`, () => {
      for (const [code, variant] of [
        ['ACTION_OUT_OF_TURN', 'substantial'],
        ['UNDERCALL', 'floor'],
      ] as const) {
        const a = renderAlert(code, { ...facts, variant }, ruleset);
        expect(a.severity).toBe('stop');
        expect(a.remedy).toMatch(/call the floor/);
        expect(a.remedyFr).toMatch(/appelez l'arbitre/);
      }
    });
  }
});
