// Consecutive hands: the big blind moves forward one seat (dead button, LOI 6, club 8-6), a missing small blind is
// not posted (club 8-13), busted seats leave, heads-up the button posts the small blind (club 8-16, 8-17).
import { describe, expect, it } from 'vitest';
import { createHand, nextHandConfig, snapshot } from '../../src/engine/index.js';
import type { HandSnapshot } from '../../src/engine/types.js';
import { configOf } from './table.js';

function finalOf(spec: Parameters<typeof configOf>[0], stacks: Record<string, number>): HandSnapshot {
  const snap = snapshot(createHand(configOf(spec)));
  return { ...snap, stacks };
}

describe('LOI 6: dead button', () => {
  it('with everyone still seated, button, small and big blind each move one seat', () => {
    const spec = { seats: { 1: 1000, 2: 1000, 3: 1000, 4: 1000 }, button: 4 };
    const next = nextHandConfig(configOf(spec), finalOf(spec, { '1': 1000, '2': 1000, '3': 1000, '4': 1000 }));
    const hand = createHand(next);
    expect([hand.button, hand.sb, hand.bb]).toEqual([1, 2, 3]);
  });

  it('the small blind busts: the big blind still moves forward one seat and the button is dead', () => {
    const spec = { seats: { 1: 1000, 2: 1000, 3: 1000, 4: 1000 }, button: 4 };
    // seat 1 (the small blind) busted
    const next = nextHandConfig(configOf(spec), finalOf(spec, { '1': 0, '2': 1000, '3': 2000, '4': 1000 }));
    const hand = createHand(next);
    expect(hand.bb).toBe(3);
    expect(hand.sb).toBe(2);
    expect(hand.button).toBe(1);
    expect(next.seats[1]).toBeUndefined();
  });

  it('club 8-13: the big blind busts: no small blind is posted next hand', () => {
    const spec = { seats: { 1: 1000, 2: 1000, 3: 1000, 4: 1000 }, button: 4 };
    const next = nextHandConfig(configOf(spec), finalOf(spec, { '1': 1000, '2': 0, '3': 2000, '4': 1000 }));
    const hand = createHand(next);
    expect(hand.bb).toBe(3);
    expect(hand.sb).toBeNull();
    expect(snapshot(hand).stacks).toEqual({ '1': 1000, '3': 1900, '4': 1000 });
  });

  it('club 8-17: going heads-up, the big blind moves on and the other player has the button and the small blind', () => {
    const spec = { seats: { 1: 1000, 2: 1000, 3: 1000 }, button: 3 };
    const next = nextHandConfig(configOf(spec), finalOf(spec, { '1': 1500, '2': 1500, '3': 0 }));
    const hand = createHand(next);
    expect(hand.bb).toBe(1);
    expect(hand.sb).toBe(2);
    expect(hand.button).toBe(2);
  });

  it('changes: new players, new blinds and ante apply from the next hand', () => {
    const spec = { seats: { 1: 1000, 2: 1000, 3: 1000 }, button: 3 };
    const next = nextHandConfig(configOf(spec), finalOf(spec, { '1': 1000, '2': 1000, '3': 1000 }), {
      seats: { 5: 3000 },
      blinds: [100, 200],
      bbAnte: 200,
    });
    expect(next.seats).toEqual({ 1: 1000, 2: 1000, 3: 1000, 5: 3000 });
    expect(next.blinds).toEqual([100, 200]);
    expect(next.bbAnte).toBe(200);
  });
});

describe('dead small blind then the next hand', () => {
  it('after a hand with no small blind, the button takes the seat before the last big blind', () => {
    const spec = { seats: { 1: 1000, 3: 1000, 4: 1000 }, button: 1, sb: null, bb: 3 };
    const next = nextHandConfig(configOf(spec), finalOf(spec, { '1': 1000, '3': 1000, '4': 1000 }));
    const hand = createHand(next);
    expect([hand.button, hand.sb, hand.bb]).toEqual([2, 3, 4]);
  });
});
