// The simulated dealer's view of the hand in-process (src/service/simView.ts): it reads the session, whose engine is
// the only engine. It reads only once the service has taken in every move (frames applied, windows drained, the
// motion window over), plays the table the session deals, and the floor rules on the session's own alert id.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionView } from '../../src/service/simView.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { FOUR_SEATS } from '../fourSeats.js';

const config = FOUR_SEATS;

/** a session whose timers (the motion window's tick) run when the test says */
function session() {
  const due: (() => void)[] = [];
  const s = new TableSession({
    config,
    log: new MemoryLog(),
    schedule: (_ms, fn) => {
      due.push(fn);
      return () => {
        const i = due.indexOf(fn);
        if (i >= 0) due.splice(i, 1);
      };
    },
  });
  const runTimers = () => {
    for (const fn of due.splice(0)) fn();
  };
  return { s, runTimers };
}

describe('the simulated dealer reads the session', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is caught up only when every frame sent is applied, nothing waits in a window, and no motion is open', () => {
    const { s, runTimers } = session();
    const probe = { sent: 7 as number | null, applied: 5 as number | null, busy: false };
    const view = new SessionView({
      session: () => s,
      sentSeq: () => probe.sent,
      appliedSeq: () => probe.applied,
      busy: () => probe.busy,
    });
    expect(view.caughtUp()).toBe(false);
    probe.applied = 7;
    probe.busy = true;
    expect(view.caughtUp()).toBe(false);
    probe.busy = false;
    expect(view.caughtUp()).toBe(true);
    // chips read: the engine reads them as one motion once its window has passed
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.ingest({ kind: 'chips', seat: 1, chips: [25, 25] });
    expect(view.caughtUp()).toBe(false);
    runTimers();
    expect(view.caughtUp()).toBe(true);
    // nothing sent yet: nothing to wait for on the link
    probe.sent = null;
    probe.applied = null;
    expect(view.caughtUp()).toBe(true);
  });

  it('settled() resolves once the service has caught up, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { s } = session();
    const probe = { applied: 3 };
    const view = new SessionView({
      session: () => s,
      sentSeq: () => 4,
      appliedSeq: () => probe.applied,
      busy: () => false,
    });
    let done = false;
    const settled = view.settled().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    probe.applied = 4;
    await vi.advanceTimersByTimeAsync(10);
    await settled;
    expect(done).toBe(true);
  });

  it("plays the table the session deals after the shuffle, and rules on the session's own stop alert", async () => {
    const { s } = session();
    const view = new SessionView({ session: () => s, sentSeq: () => null, appliedSeq: () => null, busy: () => false });
    s.setLevel({ blinds: [100, 200], bbAnte: 0 });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    const dealt = await view.newHand({ ...config, blinds: [50, 100] });
    expect(dealt.blinds).toEqual([100, 200]);
    // a card at the wrong seat: a stop alert of the session's hand
    s.ingest({ kind: 'chips', seat: 1, chips: [100] });
    s.ingest({ kind: 'chips', seat: 2, chips: [100, 100] });
    s.ingest({ kind: 'cardAt', card: '2c', zone: 'seat2', face: 'down' });
    const stop = view.hand().alerts.find((a) => a.severity === 'stop' && !a.decision);
    expect(stop, JSON.stringify(view.hand().alerts.map((a) => a.code))).toBeDefined();
    if (!stop) return;
    expect(await view.ruling(stop)).toBe(true);
    expect(s.snapshot().hand.alerts.find((a) => a.id === stop.id)?.decision?.by).toBe('floor:simulator');
  });
});
