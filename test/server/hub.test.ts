// The hub: slow clients never slow the table; the overlay gets a buffer of states no sooner than the delay.
import { describe, expect, it } from 'vitest';
import { type HubSocket, LiveHub } from '../../src/views/hub.js';
import { hand, seat, session } from './fixtures.js';

class FakeSocket implements HubSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: Array<Record<string, unknown>> = [];
  terminated = false;
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
}

const views = (s: FakeSocket) => s.sent.filter((m) => m.type === 'view');

describe('LiveHub', () => {
  it('skips a client with a full send buffer and drops one far behind; others get every view', () => {
    let now = 1000;
    const hub = new LiveHub({ broadcastDelayMs: 0, mono: () => now, skipBufferedBytes: 100, dropBufferedBytes: 1000 });
    const ok = new FakeSocket();
    const slow = new FakeSocket();
    const stuck = new FakeSocket();
    for (const s of [ok, slow, stuck]) hub.add(s, 'public');
    slow.bufferedAmount = 500;
    stuck.bufferedAmount = 5000;
    for (let i = 0; i < 5; i++) {
      now += 10;
      hub.update(session(hand(), { wall: now, version: i }));
    }
    expect(views(ok)).toHaveLength(5);
    expect(views(slow)).toHaveLength(0);
    expect(stuck.terminated).toBe(true);
    expect(hub.stats()).toMatchObject({ skipped: 5, dropped: 1 });
    // once it has drained, the slow client gets the next full view
    slow.bufferedAmount = 0;
    now += 10;
    hub.update(session(hand(), { wall: now }));
    expect(views(slow)).toHaveLength(1);
    expect(hub.stats().clients.public).toBe(2);
  });

  it('closed sockets are forgotten, never written to', () => {
    const hub = new LiveHub({ broadcastDelayMs: 0 });
    const s = new FakeSocket();
    hub.add(s, 'dealer');
    s.readyState = 3;
    hub.update(session());
    expect(s.sent.filter((m) => m.type === 'view')).toHaveLength(0);
    expect(hub.stats().clients.dealer).toBe(0);
  });

  it('the overlay sees each state only once it is as old as the delay, whatever happens meanwhile', () => {
    let now = 0;
    const hub = new LiveHub({ broadcastDelayMs: 10_000, mono: () => now, overlayStepMs: 250 });
    const ov = new FakeSocket();
    hub.add(ov, 'overlay');
    expect(views(ov)).toEqual([{ type: 'view', view: null, delayMs: 10_000 }]);
    const h1 = hand({ seats: [seat(1, ['Ah', 'Ks'])] });
    const h2 = hand({ seats: [seat(1, ['Ah', 'Ks']), seat(2, ['Qs', 'Qd'])] });
    now = 1000;
    hub.update(session(h1, { wall: 1000 }));
    now = 5000;
    hub.update(session(h2, { wall: 5000 }));
    for (now = 5000; now <= 11_000; now += 250) hub.releaseOverlay(now);
    // only h1 (from t=1000) is old enough by t=11000
    const got = views(ov).slice(1);
    expect(got).toHaveLength(1);
    expect((got[0].view as { seats: unknown[] }).seats).toHaveLength(1);
    expect((got[0].view as { wall: number }).wall).toBe(1000);
    hub.releaseOverlay(14_999);
    expect(views(ov)).toHaveLength(2);
    hub.releaseOverlay(15_000);
    const last = views(ov).at(-1)?.view as { seats: unknown[]; delayMs: number };
    expect(last.seats).toHaveLength(2);
    expect(last.delayMs).toBe(10_000);
    // a late-joining overlay gets the last released (delayed) view, not the live one
    now = 15_000;
    const late = new FakeSocket();
    hub.add(late, 'overlay');
    expect((views(late)[0].view as { wall: number }).wall).toBe(5000);
  });

  it('the delay grows but never shrinks while streaming; a grown delay holds back what is buffered', () => {
    let now = 0;
    const hub = new LiveHub({ broadcastDelayMs: 1000, mono: () => now });
    const ov = new FakeSocket();
    hub.add(ov, 'overlay');
    expect(() => hub.setBroadcastDelay(500)).toThrow(expect.objectContaining({ code: 'DELAY_SHORTENING_REFUSED' }));
    expect(() => hub.setBroadcastDelay(Number.NaN)).toThrow(expect.objectContaining({ code: 'DELAY_INVALID' }));
    hub.update(session(hand(), { wall: 0 }));
    hub.setBroadcastDelay(5000);
    now = 1000;
    hub.releaseOverlay(1000);
    expect(views(ov)).toHaveLength(1);
    hub.releaseOverlay(5000);
    expect(views(ov)).toHaveLength(2);
  });

  it('dropRole closes every socket of the role with 4401', () => {
    const hub = new LiveHub({ broadcastDelayMs: 0 });
    const a = new FakeSocket();
    const b = new FakeSocket();
    hub.add(a, 'commentator');
    hub.add(b, 'dealer');
    hub.dropRole('commentator', 'rotated');
    expect(a.closedWith).toBe(4401);
    expect(b.closedWith).toBeNull();
  });

  it('stop closes every socket with 1001 (going away); one that connects afterwards gets 1001 and no view', () => {
    const hub = new LiveHub({ broadcastDelayMs: 0 });
    hub.update(session(hand(), { wall: 1000, version: 1 }));
    const a = new FakeSocket();
    const b = new FakeSocket();
    hub.add(a, 'dealer');
    hub.add(b, 'overlay');
    hub.stop();
    expect([a.closedWith, b.closedWith]).toEqual([1001, 1001]);
    const late = new FakeSocket();
    hub.add(late, 'dealer');
    expect(late.closedWith).toBe(1001);
    expect(late.sent).toEqual([]);
    hub.update(session(hand(), { wall: 2000, version: 2 }));
    expect(views(a)).toHaveLength(1);
  });
});

describe('LiveHub overlay buffer under a steady stream', () => {
  it('keeps one state per step when changes come faster than the step, and releases them one by one', () => {
    let now = 0;
    const hub = new LiveHub({ broadcastDelayMs: 1000, mono: () => now, overlayStepMs: 100 });
    const ov = new FakeSocket();
    hub.add(ov, 'overlay');
    // a change every 10 ms for 2 s
    for (now = 0; now < 2000; now += 10) hub.update(session(hand(), { wall: now }));
    expect(hub.stats().overlayBuffered).toBe(20);
    for (now = 1000; now <= 3000; now += 100) hub.releaseOverlay(now);
    const walls = views(ov)
      .slice(1)
      .map((m) => (m.view as { wall: number }).wall);
    expect(walls.length).toBeGreaterThanOrEqual(19);
    // each released state is the last of its step, and at least the delay old when sent
    expect(walls.every((w) => w % 100 === 90)).toBe(true);
  });
});
