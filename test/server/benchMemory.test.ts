// B7's harness, checked for what it measures (no memory figure asserted here: `feltwire bench --live` reports it):
// the service runs in a child process of its own (dist/, built by `npm test`), plays every hand sent to it, and the
// RSS read is that process's, not the test runner's.
import { describe, expect, it } from 'vitest';
import { benchMemory } from '../../src/bench/live.js';

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
  }, 60_000);
});
