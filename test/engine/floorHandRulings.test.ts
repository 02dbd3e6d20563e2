// The engine's share of the floor's rulings on the hand (pure: events in, the hand out): floorVoid gives every chip
// back to the stacks of the hand's start and ends the hand; floorAward takes only a showdown it has not decided, keeps
// the floor's winners whatever the showdown does next, and ends the hand once every pot is the floor's. And a hand
// killed at the showdown (tda 38: a card too many after substantial action) has no claim to the pot any more.
import { describe, expect, it } from 'vitest';
import { chipsInPlay } from '../../src/engine/index.js';
import { Table } from './table.js';

const SPEC = { seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 1 };

/** limped to the river, checked down: the showdown; seat 1 holds aces */
function toRiver(t: Table): Table {
  t.start({ 1: ['As', 'Ad'], 2: ['7c', '2d'], 3: ['8s', '3d'] });
  t.bet(1, 100).push(2, 100).say(3, 'check');
  for (const n of [3, 1, 1]) {
    t.street(n);
    for (const seat of [2, 3, 1]) t.say(seat, 'check');
  }
  return t;
}

describe('engine: floorVoid', () => {
  it('every chip back to the stacks of the start, blinds included; the hand over; a second void changes nothing', () => {
    const t = new Table(SPEC).start();
    t.bet(1, 300).push(2, 300).bet(3, 300).tick();
    const total = chipsInPlay(t.state);
    t.ev({ kind: 'floorVoid', reason: 'a card face up in the stub' });
    const s = t.snap();
    expect(s.phase).toBe('complete');
    expect(s.stacks).toEqual({ 1: 5000, 2: 5000, 3: 5000 });
    expect(chipsInPlay(t.state)).toBe(total);
    expect(t.codes().filter((c) => c === 'FLOOR_RULING')).toHaveLength(1);
    t.ev({ kind: 'floorVoid', reason: 'again' });
    expect(t.codes().filter((c) => c === 'FLOOR_RULING')).toHaveLength(1);
  });
});

describe('engine: floorAward', () => {
  it('LOI 29: no award while the betting decides; at showdown the floor names the winner, the hand over', () => {
    const t = new Table(SPEC).start();
    t.ev({ kind: 'floorAward', pot: 0, seats: [2] });
    expect(t.codes()).not.toContain('FLOOR_RULING');
    const r = toRiver(new Table(SPEC));
    expect(r.snap().phase).toBe('showdown');
    r.ev({ kind: 'floorAward', pot: 0, seats: [4] }); // seat 4 has no claim
    r.ev({ kind: 'floorAward', pot: 1, seats: [2] }); // no pot 1
    expect(r.codes()).not.toContain('FLOOR_RULING');
    r.ev({ kind: 'floorAward', pot: 0, seats: [2] });
    const s = r.snap();
    expect(s.phase).toBe('complete');
    // the floor's award stands against the cards (seat 1's aces were never tabled)
    expect(s.pots[0]).toMatchObject({ amount: 300, winners: [2] });
    expect(s.stacks).toEqual({ 1: 4900, 2: 5200, 3: 4900 });
  });

  it('tda 38: a hand with a card too many at the showdown is dead: the pot goes to the best other hand', () => {
    const r = toRiver(new Table(SPEC));
    r.at('Kh', 'seat1', 'up'); // a third card in seat 1's hand
    expect(r.state.seats[1]?.dead).toBe(true);
    r.show(2).show(3);
    const s = r.snap();
    expect(s.phase).toBe('complete');
    expect(s.pots[0].winners).not.toContain(1);
    expect(s.stacks['1']).toBe(4900);
  });
});
