// After a restart the commentators' equity chart of the hand in play is rebuilt street by street from its snapshot:
// a point per street already dealt (the seats still in at that street's end, its board, the cards gone by then),
// computed by the engine's exact equity, the current street as observe computes it.
import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/engine/cards.js';
import { equityExact } from '../../src/engine/equity/exact.js';
import type { HandSnapshot } from '../../src/engine/types.js';
import { type EquityComputer, EquityTracker } from '../../src/service/equity.js';
import type { EquityTrack } from '../../src/views/liveState.js';

const cards = (l: string[]) => l.map(parseCard);
const calls: { hands: string[][]; board: string[]; dead: string[] }[] = [];
const exact: EquityComputer = {
  async equity(hands, board, dead) {
    calls.push({ hands, board, dead });
    return equityExact(hands.map(cards), cards(board), cards(dead)).equity;
  },
};

const seat = (n: number, c: string[], folded = false) => ({
  seat: n,
  stack: 1000,
  committed: 0,
  zone: [],
  cards: c,
  shown: [],
  folded,
  allIn: false,
  absent: false,
  dead: false,
});

/** the turn of a three-way hand: seat 3 folded on the flop */
const hand = {
  ruleset: 'tda',
  phase: 'betting',
  street: 'turn',
  board: ['Ah', '7c', '2d', 'Ks'],
  burns: ['3c', '4c'],
  muck: [],
  seats: [seat(1, ['As', 'Ad']), seat(2, ['Kh', 'Kd']), seat(3, ['Qh', 'Qd'], true)],
  decisions: [{ kind: 'fold', seat: 3, street: 'flop' }],
} as unknown as HandSnapshot;

describe('equity rebuilt after a restart', () => {
  it('every street dealt before the current one, with the seats in at its end; then the current street', async () => {
    const tracks: EquityTrack[] = [];
    const tracker = new EquityTracker(exact, (t) => tracks.push(t));
    await tracker.rebuild(7, hand);
    const rebuilt = tracker.current();
    expect(rebuilt?.handNo).toBe(7);
    expect(rebuilt?.points.map((p) => p.boardLen)).toEqual([0, 3]);
    // preflop: three hands (seat 3 had not folded yet), no card gone
    expect(Object.keys(rebuilt?.points[0].equity ?? {})).toEqual(['1', '2', '3']);
    expect(calls[0]).toEqual({
      hands: [
        ['As', 'Ad'],
        ['Kh', 'Kd'],
        ['Qh', 'Qd'],
      ],
      board: [],
      dead: [],
    });
    // the flop: seat 3 out at its end, its cards and the first burn gone
    expect(Object.keys(rebuilt?.points[1].equity ?? {})).toEqual(['1', '2']);
    expect(calls[1]).toEqual({
      hands: [
        ['As', 'Ad'],
        ['Kh', 'Kd'],
      ],
      board: ['Ah', '7c', '2d'],
      dead: ['Qh', 'Qd', '3c'],
    });
    // aces over kings: the engine's exact figures (not hard-coded: the same computation the live chart makes)
    const flop = equityExact(
      [cards(['As', 'Ad']), cards(['Kh', 'Kd'])],
      cards(['Ah', '7c', '2d']),
      cards(['Qh', 'Qd', '3c']),
    ).equity;
    expect(rebuilt?.points[1].equity['1']).toBeCloseTo(flop[0], 2);
    expect(rebuilt?.points[1].equity['1']).toBeGreaterThan(90);
    // then the live observation adds the turn: the whole chart again, three points
    tracker.observe(7, hand);
    await expect.poll(() => tracker.current()?.points.map((p) => p.boardLen)).toEqual([0, 3, 4]);
    expect(tracks.length).toBe(3);
    // a hand still preflop has nothing to rebuild
    const fresh = new EquityTracker(exact, () => {});
    await fresh.rebuild(8, { ...hand, board: [], street: 'preflop', decisions: [] } as unknown as HandSnapshot);
    expect(fresh.current()).toBeNull();
  });
});
