// Info alerts expire by age on the monotonic clock as well as at their hand's end: the session's own timer publishes
// the change (the floor's history says "expired"), a jump of the wall clock expires nothing, warnings and stops
// never expire, and a restart counts a replayed info alert as at most a minute old (late, never early).

import { describe, expect, it } from 'vitest';
import type { AlertCode } from '../../src/engine/types.js';
import { MemoryLog, type SessionState, TableSession } from '../../src/session/index.js';
import { viewFor } from '../../src/views/views.js';
import { FOUR_SEATS } from '../fourSeats.js';

const config = FOUR_SEATS;

const AGE = 10 * 60_000;

/** injected clocks and a scheduler the test runs by hand */
function clocks() {
  const c = {
    wall: 1_700_000_000_000,
    mono: 5_000,
    timers: [] as { due: number; fn: () => void; live: boolean }[],
    schedule(ms: number, fn: () => void) {
      const t = { due: c.mono + ms, fn, live: true };
      c.timers.push(t);
      return () => {
        t.live = false;
      };
    },
    /** both clocks move on by `ms`; the timers due by then run */
    advance(ms: number, wallToo = true) {
      c.mono += ms;
      if (wallToo) c.wall += ms;
      for (const t of c.timers.filter((x) => x.live && x.due <= c.mono)) {
        t.live = false;
        t.fn();
      }
    },
  };
  return c;
}

const stateOf = (s: SessionState, code: string) => {
  const v = viewFor('floor', { session: s, at: 0, equity: null, broadcastDelayMs: 0 }, s.wall);
  return v?.floorLog?.find((e) => e.alert.code === code)?.state;
};

const raise = (s: TableSession, code: AlertCode, severity: 'info' | 'warn') =>
  s.raiseTableAlert({ code, severity, recorded: { message: code, remedy: '-', messageFr: code, remedyFr: '-' } });

describe('info alerts expire by age', () => {
  it('on the monotonic clock, published by the session; warnings stay; a restart counts at most a minute', () => {
    const c = clocks();
    const log = new MemoryLog();
    const opts = {
      config,
      now: () => c.wall,
      mono: () => c.mono,
      schedule: (ms: number, fn: () => void) => c.schedule(ms, fn),
      infoExpiryMs: AGE,
    };
    const s = new TableSession({ ...opts, log });
    const states: SessionState[] = [];
    s.on('state', (st) => states.push(st));
    raise(s, 'LINK_RESTORED', 'info');
    raise(s, 'PANEL_LOST', 'warn');
    expect(stateOf(s.snapshot(), 'LINK_RESTORED')).toBe('open');

    // the wall clock jumps an hour (NTP at boot): nothing expires
    c.wall += 3_600_000;
    c.advance(1000, false);
    expect(stateOf(s.snapshot(), 'LINK_RESTORED')).toBe('open');
    // just short of its age: still open
    c.advance(AGE - 2000);
    expect(stateOf(s.snapshot(), 'LINK_RESTORED')).toBe('open');
    // its age reached: the session's timer expires it and publishes the new state; the warning stays open
    const before = states.length;
    c.advance(2000);
    expect(states.length).toBe(before + 1);
    expect(stateOf(states[states.length - 1], 'LINK_RESTORED')).toBe('expired');
    expect(stateOf(s.snapshot(), 'PANEL_LOST')).toBe('open');

    // a second info alert, then a restart 5 minutes later on the same log
    raise(s, 'PANEL_RESTORED', 'info');
    c.advance(5 * 60_000);
    s.close();
    const c2 = clocks();
    c2.wall = c.wall;
    c2.mono = 100; // the monotonic clock starts again at boot
    const r = TableSession.recover(log, {
      ...opts,
      now: () => c2.wall,
      mono: () => c2.mono,
      schedule: (ms, fn) => c2.schedule(ms, fn),
    });
    const after = r.snapshot();
    // the expired one was expired by its age before: replayed, it counts at most a minute old, so it is open again
    // until its age passes on this start's clock; the later one likewise (late, never early)
    expect(stateOf(after, 'LINK_RESTORED')).toBe('open');
    expect(stateOf(after, 'PANEL_RESTORED')).toBe('open');
    c2.advance(AGE - 61_000);
    expect(stateOf(r.snapshot(), 'PANEL_RESTORED')).toBe('open');
    c2.advance(2000);
    expect(stateOf(r.snapshot(), 'PANEL_RESTORED')).toBe('expired');
    expect(stateOf(r.snapshot(), 'LINK_RESTORED')).toBe('expired');
    expect(stateOf(r.snapshot(), 'PANEL_LOST')).toBe('open');
    r.close();
  });
});
