// Exact equities for the commentators (checked against the figures of performance.md) and the tracker that keys them.
import { describe, expect, it } from 'vitest';
import type { HandSnapshot } from '../../src/engine/types.js';
import { type EquityComputer, EquityTracker } from '../../src/server/equity.js';
import { exactEquity, outsFor } from '../../src/server/equityMath.js';
import type { EquityTrack } from '../../src/server/liveState.js';
import { hand, seat } from './fixtures.js';

describe('exactEquity', () => {
  it('AhKh vs QsQd preflop: 46.2145% / 53.7855% over all 1,712,304 boards', () => {
    const [a, b] = exactEquity([['Ah', 'Kh'], ['Qs', 'Qd']], [], []);
    expect(a).toBeCloseTo(46.2145, 3);
    expect(b).toBeCloseTo(53.7855, 3);
  });
  it('3-way AhKh QsQd JcTc preflop: 40.21 / 41.05 / 18.74', () => {
    const e = exactEquity([['Ah', 'Kh'], ['Qs', 'Qd'], ['Jc', 'Tc']], [], []);
    expect(e.map((x) => Math.round(x * 100) / 100)).toEqual([40.21, 41.05, 18.74]);
  });
  it('on a complete board: the winner has 100, a split 50/50; dead cards leave the deck', () => {
    expect(exactEquity([['Ah', 'Kh'], ['Qs', 'Qd']], ['2c', '7d', '9s', 'Jh', '3c'], [])).toEqual([0, 100]);
    expect(exactEquity([['Ah', 'Kh'], ['As', 'Kd']], ['2c', '7d', '9s', 'Jh', '3c'], [])).toEqual([50, 50]);
    const [x] = exactEquity([['Ah', 'Kh'], ['Qs', 'Qd']], ['2c', '7d', '9s', 'Jh'], ['Ac', 'Ad', 'As', 'Kc', 'Ks', 'Kd']);
    expect(x).toBe(0);
  });
  it('outs: the cards that put a hand behind strictly ahead', () => {
    const [ak, qq] = outsFor([['Ah', 'Kh'], ['Qs', 'Qd']], ['2c', '7d', '9s', 'Jh'], []);
    expect(qq).toEqual([]);
    expect(ak.sort()).toEqual(['Ac', 'Ad', 'As', 'Kc', 'Kd', 'Ks']);
  });
});

describe('EquityTracker', () => {
  it('computes once per new card, one point per board length, and drops a hand that changed', async () => {
    const calls: string[] = [];
    const computer: EquityComputer = {
      async equity(hands, board) {
        calls.push(`${hands.length}|${board.join('')}`);
        return hands.map(() => 100 / hands.length);
      },
    };
    const published: EquityTrack[] = [];
    const tr = new EquityTracker(computer, (t) => published.push(t));
    const seats = [seat(1, ['Ah', 'Kh']), seat(2, ['Qs', 'Qd']), seat(3, [], [], { folded: true })];
    const h: HandSnapshot = hand({ seats, board: [] });
    tr.observe(5, h);
    tr.observe(5, h);
    await new Promise((r) => setTimeout(r, 10));
    tr.observe(5, { ...h, board: ['2c', '7d', '9s'] });
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual(['2|', '2|2c7d9s']);
    expect(published.at(-1)?.points.map((p) => p.boardLen)).toEqual([0, 3]);
    expect(published.at(-1)?.points[1].equity).toEqual({ 1: 50, 2: 50 });
    tr.observe(6, h);
    await new Promise((r) => setTimeout(r, 10));
    expect(published.at(-1)?.handNo).toBe(6);
    expect(published.at(-1)?.points).toHaveLength(1);
  });
});
