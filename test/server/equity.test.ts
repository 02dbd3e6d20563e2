// Exact equities for the commentators (checked against the figures of docs/benchmarks.md) and the tracker that keys them.
import { describe, expect, it } from 'vitest';
import { EquityService } from '../../src/engine/equity/index.js';
import type { HandSnapshot } from '../../src/engine/types.js';
import { type EquityComputer, EquityTracker, serviceEquity } from '../../src/service/equity.js';
import type { EquityTrack } from '../../src/views/liveState.js';
import { hand, seat } from './fixtures.js';

/** the tracker's computations are promises (no timer): they are done once the pending callbacks have run */
const computed = () => new Promise<void>((r) => setImmediate(r));

describe("serviceEquity: the engine's EquityService (worker thread) behind the tracker", () => {
  it('AhKh vs QsQd preflop: 46.2145% / 53.7855%; outs on the turn as card text', async () => {
    const eq = serviceEquity(new EquityService());
    try {
      const [a, b] = await eq.equity(
        [
          ['Ah', 'Kh'],
          ['Qs', 'Qd'],
        ],
        [],
        [],
      );
      expect(a).toBeCloseTo(46.2145, 3);
      expect(b).toBeCloseTo(53.7855, 3);
      const outs = await eq.outs?.(
        [
          ['Ah', 'Kh'],
          ['Qs', 'Qd'],
        ],
        ['2c', '7d', '9s', 'Jh'],
        [],
      );
      expect(outs?.[0].sort()).toEqual(['Ac', 'Ad', 'As', 'Kc', 'Kd', 'Ks']);
      expect(outs?.[1]).toEqual([]);
    } finally {
      await eq.close?.();
    }
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
    await computed();
    tr.observe(5, { ...h, board: ['2c'] });
    tr.observe(5, { ...h, board: ['2c', '7d'] });
    await computed();
    tr.observe(5, { ...h, board: ['2c', '7d', '9s'] });
    await computed();
    expect(calls).toEqual(['2|', '2|2c7d9s']);
    expect(published.at(-1)?.points.map((p) => p.boardLen)).toEqual([0, 3]);
    expect(published.at(-1)?.points[1].equity).toEqual({ 1: 50, 2: 50 });
    tr.observe(6, h);
    await computed();
    expect(published.at(-1)?.handNo).toBe(6);
    expect(published.at(-1)?.points).toHaveLength(1);
  });
});
