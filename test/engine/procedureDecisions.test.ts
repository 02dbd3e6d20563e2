// Every state change of a hand is a decision (issue 22): the burns, the bets collected, an unshown muck at showdown
// and each pot's award are typed decisions of the engine, none of them a player's action or a PHH action line.
import { describe, expect, it } from 'vitest';
import { isPlayerAction, PROCEDURE_KINDS, roundDecisions } from '../../src/engine/hand/decisions.js';
import { Table } from './table.js';

/** three seats, checked down to a showdown where seat 3 mucks unshown */
function checkedDown(): Table {
  const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 1 });
  t.start({ 1: ['Ah', 'Kd'], 2: ['7c', 'Qs'], 3: ['2h', '3h'] });
  t.say(1, 'call').bet(1, 100).say(2, 'call').bet(2, 100).say(3, 'check');
  t.street(3);
  for (const seat of [2, 3, 1]) t.say(seat, 'check');
  t.street(1);
  for (const seat of [2, 3, 1]) t.say(seat, 'check');
  t.street(1);
  for (const seat of [2, 3, 1]) t.say(seat, 'check');
  return t;
}

describe('the dealer procedure as decisions', () => {
  it('records each burn with its card, in the order burned', () => {
    const t = checkedDown();
    const burns = t.state.decisions.filter((d) => d.kind === 'burn');
    expect(burns.map((d) => [d.seat, d.cards.length])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    expect(burns.flatMap((d) => d.cards)).toEqual(t.snap().burns);
    // each street's burn comes before its cards
    const kinds = t.state.decisions.filter((d) => d.kind === 'burn' || d.kind === 'dealBoard').map((d) => d.kind);
    expect(kinds).toEqual(['burn', 'dealBoard', 'burn', 'dealBoard', 'burn', 'dealBoard']);
  });

  it('collects the bets once a round ends with chips in it (preflop: the three 100s), not a checked street', () => {
    const t = checkedDown();
    const collects = t.state.decisions.filter((d) => d.kind === 'collect');
    expect(collects.map((d) => [d.street, d.seat, d.amount])).toEqual([['preflop', 0, 300]]);
  });

  it('records an unshown muck at showdown and each pot award once the hand is over', () => {
    const t = checkedDown();
    expect(t.snap().phase).toBe('showdown');
    t.show(2);
    t.fold(3);
    const muck = t.state.decisions.filter((d) => d.kind === 'muck');
    expect(muck.map((d) => [d.seat, d.street])).toEqual([[3, 'river']]);
    expect(t.state.decisions.some((d) => d.kind === 'award')).toBe(false);
    t.show(1);
    const snap = t.snap();
    expect(snap.phase).toBe('complete');
    const awards = t.state.decisions.filter((d) => d.kind === 'award');
    const paid = snap.pots.flatMap((p, pot) => Object.entries(p.shares ?? {}).map(([s, a]) => [pot, Number(s), a]));
    expect(awards.map((d) => [d.pot, d.seat, d.amount])).toEqual(paid);
    expect(awards.reduce((n, d) => n + d.amount, 0)).toBe(300);
    // settled once: another event after the end adds no second award
    t.tick();
    expect(t.state.decisions.filter((d) => d.kind === 'award')).toHaveLength(awards.length);
  });

  it('none of them is a player action, a betting round decision or a PHH line', () => {
    const t = checkedDown();
    t.show(2).fold(3).show(1);
    const procedure = t.state.decisions.filter((d) => PROCEDURE_KINDS.has(d.kind));
    expect(new Set(procedure.map((d) => d.kind))).toEqual(new Set(['burn', 'collect', 'muck', 'award']));
    expect(procedure.some(isPlayerAction)).toBe(false);
    expect(roundDecisions(t.state).some((d) => PROCEDURE_KINDS.has(d.kind))).toBe(false);
    // the PHH lines: the deals, the actions and the shows, as before
    expect(t.phh().filter((l) => / sm/.test(l))).toEqual(['p1 sm 7cQs', 'p3 sm AhKd']);
    expect(t.phh().some((l) => l.endsWith(' sm'))).toBe(false);
  });
});
