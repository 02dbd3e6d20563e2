// B7's harness, checked for what it measures (no memory figure asserted here: `feltwire bench --live` reports it):
// the service runs in a child process of its own (dist/, built by `npm test`), plays every hand sent to it, and the
// RSS read is that process's, not the test runner's.
import { describe, expect, it } from 'vitest';
import { benchMemory, slope } from '../../src/bench/live.js';

describe('B7 memory bench', () => {
  it('plays the hands in a separate service process and reports its RSS', async () => {
    const r = await benchMemory({ hands: 200 });
    expect(r.error).toBeUndefined();
    expect(r.process).toBe('service in a child process');
    expect(r.hands).toBe(200);
    // every hand reached the service's session (the first restart reuses the unplayed first hand's number)
    expect(r.serviceHands).toBeGreaterThanOrEqual(199);
    expect(r.serviceHands).toBeLessThanOrEqual(200);
    expect(typeof r.rssMB).toBe('number');
    expect(r.rssMB as number).toBeGreaterThan(20);
    expect(String(r.rssStepsMB).split(' ')).toHaveLength(10);
    expect(r.nodeFlags).toBe('--max-semi-space-size=1');
    // where the RSS goes: V8's heaps, the buffers outside them, and the rest, adding up to the RSS read
    const parts = (r.heapTotalMB as number) + (r.externalMB as number) + (r.outsideHeapMB as number);
    expect(Math.abs(parts - (r.rssMB as number))).toBeLessThan(0.5);
    expect(r.heapUsedMB as number).toBeLessThanOrEqual(r.heapTotalMB as number);
    for (const k of [
      'growthMB',
      'growthTwoSamplesMB',
      'rssTrendMBPer1000Hands',
      'heapGrowthMB',
      'heapTrendMBPer1000Hands',
    ])
      expect(Number.isFinite(r[k]), k).toBe(true);
  }, 60_000);

  it('the growth is the slope fitted to every sample of the second half, not two samples', () => {
    expect(slope([])).toBe(0);
    expect(slope([[1, 5]])).toBe(0);
    expect(
      slope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBeCloseTo(2, 10);
    // one high sample at the end moves a two-sample difference by 10, the fitted slope by a third of that per step
    expect(
      slope([
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 10],
      ]),
    ).toBeCloseTo(3, 10);
  });
});
