// Seed 002, the forgotten player (tda 53, substantial action after TDA rule 36), both examples read literally: the
// out-of-turn actions past the skipped seat become binding at once ("le call OOT du siège 5 est désormais contraignant
// … ainsi que le fold du siège 6"), and the floor is called for the skipped hand: a stop until it rules (let the
// player act, or kill the hand), logged as a table event like any other.
import { describe, expect, it } from 'vitest';
import { texts } from '../alertTexts.js';
import { codes, muck, nextStreet, playTable, type TableSetup } from './table.js';

/** Seed 002's table: NLHE blinds 100-200, six seats, button 6 (seat 3 is UTG). */
const SEED: TableSetup = {
  seats: [1, 2, 3, 4, 5, 6],
  button: 6,
  blinds: [100, 200],
  blindChips: [
    [1, [100]],
    [2, [100, 100]],
  ],
  stack: 20000,
};

/** Example 1: seat 3 raises to 600, seat 4 still thinking, seat 5 calls 600 out of turn, seat 6 folds. */
const example1 = [{ chips: [500, 100], at: 'bet3' }, { chips: [500, 100], at: 'bet5' }, ...muck(6)];

/** Example 2: four players see the turn; seat 3 opens 600, seat 5 folds and seat 6 calls 600, seat 4 forgotten. */
const example2 = [
  ...[3, 4, 5, 6].map((seat) => ({ chips: [100, 100], at: `bet${seat}` })),
  ...muck(1),
  ...muck(2),
  ...nextStreet([1, 2, 3, 4, 5, 6], ['2d', 'Ah', 'Kd', '7c']),
  ...[3, 4, 5, 6].map((seat) => ({ say: 'check', seat })),
  ...nextStreet([1, 2, 3, 4, 5, 6], ['3s', 'Js']),
  { chips: [500, 100], at: 'bet3' },
  ...muck(5),
  { chips: [500, 100], at: 'bet6' },
];

describe('tda 53: seed 002 forgotten player, example 1', () => {
  it('tda 53: the out-of-turn call of seat 5 is committed and the fold of seat 6 recorded; a stop holds the hand for the floor', () => {
    const o = playTable(SEED, example1);
    expect(codes(o)).toEqual(['ACTION_OUT_OF_TURN', 'ACTION_OUT_OF_TURN', 'ACTION_OUT_OF_TURN']);
    const stop = o.alerts[2];
    expect(stop).toMatchObject({ severity: 'stop', rule: { book: 'tda', id: '53' } });
    expect(texts(stop)?.message).toBe(
      'Substantial action out of turn past seat 4, who did not speak up: the out-of-turn actions of seats 5 and 6 are binding.',
    );
    expect(texts(stop)?.remedyFr).toMatch(/Arrêtez et appelez l'arbitre pour décider de la main du siège 4/);
    expect(o.actions.slice(-3)).toEqual(['p3 cbr 600', 'p5 cc', 'p6 f']);
    expect(o.stacks['5']).toBe(19400);
    // no option offered to anyone until the floor rules
    expect(o.next).toBeNull();
  });

  it('tda 53: the floor lets seat 4 act: it faces the 600 with every option', () => {
    const o = playTable(SEED, [...example1, { floor: 'act', seat: 4 }]);
    expect(o.next).toMatchObject({ toAct: 4, toCall: 600, canRaise: true });
    expect(o.state.alerts[2]).toMatchObject({ resolved: true, decision: { decision: 'act seat 4', by: 'floor' } });
  });

  it('tda 53: seat 4 then raises: seat 5 acts again on the raise; its binding call is not turned into a call of the raise', () => {
    const o = playTable(SEED, [...example1, { floor: 'act', seat: 4 }, { chips: [1000, 1000], at: 'bet4' }]);
    expect(o.actions.slice(-1)).toEqual(['p4 cbr 2000']);
    expect(o.stacks['5']).toBe(19400);
    expect(o.next).toMatchObject({ toAct: 5, toCall: 1400, canRaise: true });
    // seat 5 calls the raise itself, then seat 1 (the small blind) is to act; seat 6 stays folded
    const o2 = playTable(SEED, [
      ...example1,
      { floor: 'act', seat: 4 },
      { chips: [1000, 1000], at: 'bet4' },
      { chips: [1000, 500, 100, 100, 100, 100, 100], at: 'bet5' },
    ]);
    expect(o2.stacks['5']).toBe(18000);
    expect(o2.next).toMatchObject({ toAct: 1, toCall: 1900 });
  });

  it('tda 53: the floor kills the forgotten hand instead: seat 4 is dead, the turn goes to the small blind', () => {
    const o = playTable(SEED, [...example1, { floor: 'kill', seat: 4 }]);
    expect(o.state.seats[4]).toMatchObject({ folded: true, dead: true });
    expect(o.state.alerts[2]).toMatchObject({ resolved: true, decision: { decision: 'kill seat 4' } });
    expect(o.next).toMatchObject({ toAct: 1, toCall: 500 });
    expect(o.stacks['5']).toBe(19400);
  });

  it('tda 53: two out-of-turn folds are not substantial: nothing binds yet, no stop', () => {
    const o = playTable(SEED, [{ chips: [500, 100], at: 'bet3' }, ...muck(5), ...muck(6)]);
    expect(o.alerts.every((a) => a.severity === 'warn')).toBe(true);
    expect(o.next).toMatchObject({ toAct: 4, toCall: 600 });
  });
});

describe('tda 53: seed 002 forgotten player, example 2', () => {
  it('tda 53: on the turn, the fold of seat 5 and the call of seat 6 bind at once; the floor is called for seat 4', () => {
    const o = playTable(SEED, example2);
    const stop = o.state.alerts.find((a) => a.severity === 'stop');
    expect(stop).toMatchObject({
      code: 'ACTION_OUT_OF_TURN',
      rule: { book: 'tda', id: '53' },
      facts: { onTurn: 4, seats: [5, 6] },
    });
    expect(o.actions.slice(-3)).toEqual(['p3 cbr 600', 'p5 f', 'p6 cc']);
    expect(o.stacks['6']).toBe(20000 - 200 - 600);
    expect(o.state.seats[5]?.folded).toBe(true);
    expect(o.next).toBeNull();
  });

  it('tda 53: the floor lets seat 4 act; it calls and the turn round is complete', () => {
    const o = playTable(SEED, [...example2, { floor: 'act', seat: 4 }, { chips: [500, 100], at: 'bet4' }]);
    expect(o.next).toBeNull();
    expect(o.state.round.complete).toBe(true);
    expect(o.stacks['4']).toBe(20000 - 200 - 600);
  });
});
