import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeLink, VirtualBridgeWire } from '../../src/hardware/bridge/index.js';
import type { ReaderEvent } from '../../src/hardware/types.js';
import { duplexPair } from '../../src/sim/duplexPair.js';

const HB = 1000;
const HOUR = 3_600_000;

describe('bridge link across wall-clock jumps (monotonic ages, wall stamps)', () => {
  let link: BridgeLink | null = null;
  let bridge: VirtualBridgeWire;
  const events: ReaderEvent[] = [];
  /** performance.now() when each event arrived */
  const seen: number[] = [];
  const lost = () =>
    events.filter((e): e is Extract<ReaderEvent, { kind: 'link' }> => e.kind === 'link' && e.state === 'lost');
  /** monotonic ms from the last heartbeat heard to the LINK_LOST */
  const silenceAtLoss = () => {
    const i = events.findIndex((e) => e.kind === 'link' && e.state === 'lost');
    const hb = events.slice(0, i).findLastIndex((e) => e.kind === 'heartbeat');
    return seen[i] - seen[hb];
  };

  beforeEach(async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    });
    vi.setSystemTime(new Date('2026-03-14T20:00:00Z'));
    events.length = 0;
    seen.length = 0;
    bridge = new VirtualBridgeWire({ antennas: 2, bootId: 'BEEF', heartbeatMs: HB, inventoryMs: 60_000 });
    link = await BridgeLink.open({
      path: 'clock',
      heartbeatMs: HB,
      openQuietMs: 0,
      reconnectMinMs: 60_000,
      reconnectMaxMs: 60_000,
      openPort: async () => {
        const [service, device] = duplexPair();
        bridge.attach(device);
        bridge.start();
        return service;
      },
    });
    link.on('reader', (e) => {
      events.push(e);
      seen.push(performance.now());
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(link.stats().state).toBe('up');
  });

  afterEach(async () => {
    bridge.stop();
    await link?.close();
    link = null;
    vi.useRealTimers();
  });

  it('an hour forward mid-stream: no LINK_LOST; the events after it carry the new wall time', async () => {
    await vi.advanceTimersByTimeAsync(2500);
    const before = Date.now();
    vi.setSystemTime(before + HOUR);
    await vi.advanceTimersByTimeAsync(10 * HB);
    expect(lost()).toEqual([]);
    expect(link?.stats().linkLost).toBe(0);
    const hbs = events.filter((e) => e.kind === 'heartbeat');
    const last = hbs[hbs.length - 1];
    expect(last.at).toBeGreaterThanOrEqual(before + HOUR); // what is written down is the wall time
    // and a tag read now is stamped with it
    bridge.arrive(0, '04A1B2C3D4E5F6', 'D');
    await vi.advanceTimersByTimeAsync(10);
    const tag = events.find((e) => e.kind === 'arrive');
    expect(tag?.at).toBeGreaterThanOrEqual(before + HOUR);
  });

  it('an hour back mid-stream: no LINK_LOST, and a real silence after it is detected on time', async () => {
    await vi.advanceTimersByTimeAsync(2500);
    vi.setSystemTime(Date.now() - HOUR);
    await vi.advanceTimersByTimeAsync(5 * HB);
    expect(lost()).toEqual([]);
    // the bridge stalls (no more heartbeats); the clock goes back another hour at once
    bridge.stop();
    vi.setSystemTime(Date.now() - HOUR);
    await vi.advanceTimersByTimeAsync(4 * HB);
    expect(lost()).toHaveLength(1);
    expect(lost()[0].detail).toBe('no heartbeat');
    // three heartbeat periods after the last one heard, within one tick (100 ms)
    expect(silenceAtLoss()).toBeGreaterThan(3 * HB);
    expect(silenceAtLoss()).toBeLessThanOrEqual(3 * HB + 100);
  });

  it('an hour forward during a real silence: lost once, when the silence is three heartbeats old', async () => {
    await vi.advanceTimersByTimeAsync(1500);
    bridge.stop();
    await vi.advanceTimersByTimeAsync(HB);
    vi.setSystemTime(Date.now() + HOUR);
    await vi.advanceTimersByTimeAsync(HB);
    expect(lost(), 'the jump itself is no silence').toEqual([]);
    await vi.advanceTimersByTimeAsync(2 * HB);
    expect(lost()).toHaveLength(1);
    expect(silenceAtLoss()).toBeGreaterThan(3 * HB);
    expect(silenceAtLoss()).toBeLessThanOrEqual(3 * HB + 100);
  });
});
