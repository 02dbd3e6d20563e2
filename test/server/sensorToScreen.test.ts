// The path B6 times, checked for correctness (no timing asserted here: `feltwire bench --live` measures it): every
// TAG frame written to a real pty (socat) by a virtual reader bridge reaches a websocket client as a view showing
// that card, through BridgeLink, the table layer, the session and the hub.
import { describe, expect, it } from 'vitest';
import { benchLatency } from '../../src/bench/live.js';

describe('sensor to screen over a real pty', () => {
  it('every one of 150 TAG frames at 50 frames/s shows up in a websocket view', async () => {
    const r = await benchLatency({ frames: 150, rate: 50 });
    expect(r.frames).toBe(150);
    expect(r.matched).toBe(150);
    // the echo reference ran beside it (how many of its round trips come back whole depends on the machine's load)
    expect(r.echoSamples).toBeGreaterThan(0);
  }, 60_000);
});
