import { describe, expect, it } from 'vitest';
import { SessionError } from '../../src/session/errors.js';
import { MemoryLog } from '../../src/session/log.js';
import { TableSession } from '../../src/session/TableSession.js';
import type { SessionState } from '../../src/session/types.js';
import { CONFIG, fakeEngine } from './fakeEngine.js';

function clockAt(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TableSession', () => {
  it('writes every event to the log before the engine acts on it', () => {
    const log = new MemoryLog();
    const seen: number[] = [];
    const s = new TableSession({ config: CONFIG, log, engine: fakeEngine(log, seen) });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.ingest({ kind: 'cardAt', card: 'Ah', zone: 'seat2', face: 'down' });
    const kinds = [...log.records()].map((r) => r.kind);
    expect(kinds).toEqual(['hand', 'event', 'event']);
    // when the engine saw event k, the log already held it (hand record + k events)
    expect(seen).toEqual([2, 3]);
  });

  it('feeds the engine hand-relative t measured from the shuffle', () => {
    const c = clockAt();
    const log = new MemoryLog();
    const s = new TableSession({ config: CONFIG, log, engine: fakeEngine(), now: c.now });
    c.advance(5000);
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    c.advance(1234);
    s.ingest({ kind: 'cardAt', card: 'Ah', zone: 'seat2', face: 'down' });
    const ts = [...log.records()].filter((r) => r.kind === 'event').map((r) => (r.data as { t: number }).t);
    expect(ts).toEqual([0, 1234]);
    expect(s.snapshot().handStartWall).toBe(1_005_000);
  });

  it('starts the next hand at the shuffle after the hand is over, with the level set meanwhile', () => {
    const log = new MemoryLog();
    const ends: number[] = [];
    const s = new TableSession({ config: CONFIG, log, engine: fakeEngine() });
    s.on('handEnd', (e) => ends.push(e.handNo));
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.setLevel({ blinds: [100, 200], bbAnte: 200 });
    // the level does not touch the hand under way
    expect(s.snapshot().config.blinds).toEqual([50, 100]);
    s.ingest({ kind: 'floorKill', seat: 2 });
    expect(ends).toEqual([1]);
    expect(s.snapshot().handNo).toBe(1);
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    const st = s.snapshot();
    expect(st.handNo).toBe(2);
    expect(st.config.blinds).toEqual([100, 200]);
    expect(st.config.bbAnte).toBe(200);
    expect(st.config.button).toBe(2);
    expect([...log.records()].map((r) => r.kind)).toEqual([
      'hand',
      'event',
      'config',
      'event',
      'handEnd',
      'hand',
      'event',
    ]);
  });

  it('a level set before the first shuffle applies to the first hand', () => {
    const s = new TableSession({ config: CONFIG, log: new MemoryLog(), engine: fakeEngine() });
    s.setLevel({ blinds: [75, 150], bbAnte: 0 });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    expect(s.snapshot().config.blinds).toEqual([75, 150]);
  });

  it('refuses a bad level with a coded error and logs nothing', () => {
    const log = new MemoryLog();
    const s = new TableSession({ config: CONFIG, log, engine: fakeEngine() });
    expect(() => s.setLevel({ blinds: [200, 100], bbAnte: 0 })).toThrow(SessionError);
    expect([...log.records()].length).toBe(1);
  });

  it('publishes state and new alerts', () => {
    const s = new TableSession({ config: CONFIG, log: new MemoryLog(), engine: fakeEngine() });
    const states: SessionState[] = [];
    const alerts: string[] = [];
    s.on('state', (x) => states.push(x));
    s.on('alert', (a) => alerts.push(a.code));
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.ingest({ kind: 'cardAt', card: '7h', zone: 'board', face: 'up' });
    expect(alerts).toEqual(['BURN_MISSED']);
    expect(states.length).toBe(2);
    expect(states[1].version).toBeGreaterThan(states[0].version);
  });

  it('an event the engine refuses is logged, reported and leaves the state as it was', () => {
    const log = new MemoryLog();
    const s = new TableSession({ config: CONFIG, log, engine: fakeEngine() });
    const rejected: string[] = [];
    s.on('rejected', (e) => rejected.push(e.code));
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    const before = s.snapshot().hand;
    s.ingest({ kind: 'chips', seat: 2, chips: [-5] });
    expect(rejected).toEqual(['ENGINE_REJECTED']);
    expect(s.snapshot().hand).toEqual(before);
  });

  it('recover() rebuilds the same hand, acknowledgements and decisions included', () => {
    const c = clockAt();
    const log = new MemoryLog();
    const opts = { config: CONFIG, engine: fakeEngine(), now: c.now };
    const s = new TableSession({ ...opts, log });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.ingest({ kind: 'floorKill', seat: 3 });
    c.advance(10_000);
    s.setLevel({ blinds: [100, 200], bbAnte: 0 });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    c.advance(800);
    s.ingest({ kind: 'cardAt', card: 'Ah', zone: 'seat2', face: 'down' });
    s.ingest({ kind: 'cardAt', card: '7h', zone: 'board', face: 'up' });
    s.acknowledge(1, 'dealer');
    const ta = s.raiseTableAlert({
      code: 'READER_FAULT',
      severity: 'warn',
      recorded: {
        message: 'antenna 4',
        remedy: 'check',
        messageFr: 'antenne 4',
        remedyFr: 'vérifier',
      },
    });
    s.decide(ta.id, 'reader replaced', 'floor:Anne');
    const live = s.snapshot(42);
    s.close();

    const r = TableSession.recover(log, opts);
    const back = r.snapshot(42);
    expect(back.hand).toEqual(live.hand);
    expect(back.handNo).toBe(2);
    expect(back.hand.alerts[0].acknowledged).toBe(true);
    expect(back.tableAlerts).toEqual(live.tableAlerts);
    expect(back.tableAlerts[0].decision?.by).toBe('floor:Anne');
    expect(back.config).toEqual(live.config);
    expect(back.handStartWall).toBe(live.handStartWall);
    // and goes on appending to the same log, same hand
    c.advance(500);
    r.ingest({ kind: 'cardAt', card: 'Kd', zone: 'seat3', face: 'down' });
    const last = [...log.records()].at(-1);
    expect(last?.hand).toBe(2);
    expect((last?.data as { t: number } | undefined)?.t).toBe(1300);
  });

  it('recover() on an empty log starts hand 1', () => {
    const log = new MemoryLog();
    const r = TableSession.recover(log, { config: CONFIG, engine: fakeEngine() });
    expect(r.handNo).toBe(1);
    expect([...log.records()].map((x) => x.kind)).toEqual(['hand']);
  });

  it('acknowledging an unknown alert is a coded error', () => {
    const s = new TableSession({ config: CONFIG, log: new MemoryLog(), engine: fakeEngine() });
    expect(() => s.acknowledge(99)).toThrow(expect.objectContaining({ code: 'UNKNOWN_ALERT' }));
    expect(() => s.acknowledge(1_000_123)).toThrow(expect.objectContaining({ code: 'UNKNOWN_ALERT' }));
  });

  it('the shot clock sends the engine a tick when the count runs out (LOI 5)', () => {
    const c = clockAt();
    const log = new MemoryLog();
    const timers: Array<{ ms: number; fn: () => void }> = [];
    const s = new TableSession({
      config: CONFIG,
      log,
      engine: fakeEngine(),
      now: c.now,
      schedule: (ms, fn) => {
        timers.push({ ms, fn });
        return () => {};
      },
    });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.ingest({ kind: 'clock', seat: 2 });
    expect(s.snapshot().clock?.seat).toBe(2);
    expect(timers[0].ms).toBe(70_001);
    c.advance(70_001);
    timers[0].fn();
    const last = [...log.records()].at(-1);
    expect(last?.data).toEqual({ kind: 'tick', t: 70_001 });
  });
});

describe('TableSession.restartTable', () => {
  it('starts a new table from the next hand number, and recovery follows it (level included)', () => {
    const log = new MemoryLog();
    const opts = { config: CONFIG, engine: fakeEngine() };
    const s = new TableSession({ ...opts, log });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.ingest({ kind: 'cardAt', card: 'Ah', zone: 'seat2', face: 'down' });
    s.restartTable({ ...CONFIG, blinds: [25, 50], button: 3 });
    expect(s.snapshot().handNo).toBe(2);
    expect(s.snapshot().level.blinds).toEqual([25, 50]);
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    const live = s.snapshot(1);
    const back = TableSession.recover(log, opts).snapshot(1);
    expect(back.hand).toEqual(live.hand);
    expect(back.config).toEqual(live.config);
    expect(back.level).toEqual({ blinds: [25, 50], bbAnte: 0 });
  });
});

describe('TableSession motion tick', () => {
  it('after chips, a quiet table gets a tick at the end of the motion window; a later event makes it unneeded', () => {
    const c = clockAt();
    const log = new MemoryLog();
    const timers: Array<{ ms: number; fn: () => void }> = [];
    const s = new TableSession({
      config: CONFIG,
      log,
      engine: fakeEngine(),
      now: c.now,
      schedule: (ms, fn) => {
        timers.push({ ms, fn });
        return () => {};
      },
    });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.ingest({ kind: 'chips', seat: 2, chips: [100] });
    expect(timers.at(-1)?.ms).toBe(701);
    c.advance(701);
    timers.at(-1)?.fn();
    expect([...log.records()].at(-1)?.data).toEqual({ kind: 'tick', t: 701 });
    // chips, then another event past the window: no tick
    s.ingest({ kind: 'chips', seat: 3, chips: [100] });
    c.advance(800);
    s.ingest({ kind: 'say', seat: 1, say: 'check' });
    const n = [...log.records()].length;
    timers.at(-1)?.fn();
    expect([...log.records()].length).toBe(n);
  });
});
