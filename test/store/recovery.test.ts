// Crash recovery at the session level: a table session writing to the SQLite log runs in a child process and is
// killed with SIGKILL in the middle of a hand (during the deal, mid-round, during the showdown); the session
// rebuilt from the log by TableSession.recover has the state the killed one had, and finishing the hand from there
// gives the uninterrupted hand: no event lost, none doubled.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import type { TableConfig, TableEvent } from '../../src/engine/types.js';
import { type SessionState, type TableEventInput, TableSession } from '../../src/session/index.js';
import { MemoryLog } from '../../src/session/log.js';
import { SqliteEventLog } from '../../src/store/index.js';
import { SCENARIOS } from '../fixtures.js';
import { loadScenario } from './helpers.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const BASE = Date.UTC(2026, 10, 30, 21, 0, 0);
const scenario = loadScenario(join(SCENARIOS, 'random/r00001.json'));

const input = (ev: TableEvent): TableEventInput => {
  const { t: _t, ...rest } = ev;
  return rest as TableEventInput;
};

/** what must survive a restart: everything but the publication counter, the wall clock and transient health */
function durable(s: SessionState): unknown {
  return {
    handNo: s.handNo,
    config: s.config,
    hand: s.hand,
    handOver: s.handOver,
    tableAlerts: s.tableAlerts,
    level: s.level,
    clock: s.clock,
    handStartWall: s.handStartWall,
  };
}

/** the writer: a session on the SQLite log that ingests one event per line read, and prints its state after it */
function startWriter(dir: string, config: TableConfig): ChildProcessWithoutNullStreams {
  const dist = (p: string) => JSON.stringify(new URL(`../../dist/src/${p}`, import.meta.url).href);
  const script = `
    const { TableSession } = await import(${dist('session/index.js')});
    const { SqliteEventLog } = await import(${dist('store/index.js')});
    const log = SqliteEventLog.open(${JSON.stringify(dir)});
    const session = new TableSession({ config: ${JSON.stringify(config)}, log, now: () => ${BASE} });
    const { createInterface } = await import('node:readline');
    for await (const line of createInterface({ input: process.stdin })) {
      const { ev, wall } = JSON.parse(line);
      const s = session.ingest(ev, wall);
      process.stdout.write(JSON.stringify(s) + '\\n');
    }
  `;
  return spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
}

/** feeds events [0, upTo] and resolves with the state after the last; the child then waits, blocked on stdin */
async function feedUntil(
  child: ChildProcessWithoutNullStreams,
  upTo: number,
  events = scenario.events,
): Promise<SessionState> {
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let last: SessionState | null = null;
  for (let i = 0; i <= upTo; i++) {
    const ev = events[i];
    child.stdin.write(`${JSON.stringify({ ev: input(ev), wall: BASE + ev.t })}\n`);
    const next = await lines.next();
    if (next.done) throw new Error('the writer stopped');
    last = JSON.parse(next.value) as SessionState;
  }
  return last as SessionState;
}

function kill(child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** the hand played without interruption, in process, on a memory log */
function uninterrupted(): { state: SessionState; events: number } {
  const log = new MemoryLog();
  const s = new TableSession({ config: scenario.config, log, now: () => BASE });
  let state = s.snapshot();
  for (const ev of scenario.events) state = s.ingest(input(ev), BASE + ev.t);
  return { state, events: [...log.records()].filter((r) => r.kind === 'event').length };
}

const idx = {
  deal: scenario.events.findIndex((e, i) => e.kind === 'cardAt' && e.zone.startsWith('seat') && i > 6),
  midRound: scenario.events.findIndex(
    (e, i) =>
      i > 0 && e.kind === 'chips' && scenario.events.slice(0, i).some((x) => x.kind === 'cardAt' && x.zone === 'board'),
  ),
  showdown: scenario.events.findIndex((e) => e.kind === 'cardAt' && e.zone.startsWith('seat') && e.face === 'up'),
};

describe('recovery after SIGKILL (session level, SQLite log, child process)', () => {
  it('has kill points in the deal, in a betting round after the flop, and in the showdown', () => {
    expect(existsSync(new URL('../../dist/src/session/index.js', import.meta.url)), 'run npm run build').toBe(true);
    expect(idx.deal).toBeGreaterThan(0);
    expect(idx.midRound).toBeGreaterThan(idx.deal);
    expect(idx.showdown).toBeGreaterThan(idx.midRound);
  });

  for (const [point, at] of Object.entries(idx)) {
    it(`killed ${point === 'midRound' ? 'mid-round' : `during the ${point}`}, it restarts in the same state and finishes the same hand`, async () => {
      const dir = mkdtempSync(join(tmpdir(), `feltwire-recover-${point}-`));
      const child = startWriter(dir, scenario.config);
      const before = await feedUntil(child, at);
      expect(before.hand.phase).toBe(point === 'deal' ? 'dealing' : point === 'midRound' ? 'betting' : 'showdown');
      await kill(child);

      const log = SqliteEventLog.open(dir, { notify: () => {} });
      expect(log.startup.setAside).toBeUndefined();
      const session = TableSession.recover(log, { config: scenario.config, now: () => BASE + scenario.events[at].t });
      expect(durable(session.snapshot())).toEqual(durable(before));

      // finish the hand on the recovered session: the result of the uninterrupted hand, every event logged once
      let state = session.snapshot();
      for (const ev of scenario.events.slice(at + 1)) state = session.ingest(input(ev), BASE + ev.t);
      const whole = uninterrupted();
      expect(durable(state)).toEqual(durable(whole.state));
      const logged = [...log.records()].filter((r) => r.kind === 'event');
      expect(logged).toHaveLength(whole.events);
      expect(logged.map((r) => (r.data as TableEvent).t)).toEqual(scenario.events.map((e) => e.t));
      expect([...log.records()].filter((r) => r.kind === 'handEnd')).toHaveLength(1);
      session.close();
      log.close();
    });
  }

  it('keeps an alert and its acknowledgement across the kill (burn missed on the flop, acknowledged, killed)', async () => {
    const missed = loadScenario(join(SCENARIOS, 'burn-missed-flop.json'));
    const probe = new TableSession({ config: missed.config, log: new MemoryLog(), now: () => BASE });
    let st = probe.snapshot();
    for (const ev of missed.events) st = probe.ingest(input(ev), BASE + ev.t);
    const alert = st.hand.alerts.find((a) => a.code === 'BURN_MISSED');
    expect(alert).toBeDefined();
    const last = missed.events[missed.events.length - 1].t;
    const events: TableEvent[] = [...missed.events, { kind: 'ack', t: last + 1000, alertId: alert?.id ?? -1 }];

    const dir = mkdtempSync(join(tmpdir(), 'feltwire-recover-ack-'));
    const child = startWriter(dir, missed.config);
    const before = await feedUntil(child, events.length - 1, events);
    expect(before.hand.alerts.find((a) => a.id === alert?.id)?.acknowledged).toBe(true);
    await kill(child);
    const log = SqliteEventLog.open(dir, { notify: () => {} });
    const session = TableSession.recover(log, { config: missed.config, now: () => BASE + last + 1000 });
    const after = session.snapshot();
    expect(durable(after)).toEqual(durable(before));
    expect(after.hand.alerts.find((a) => a.id === alert?.id)?.acknowledged).toBe(true);
    session.close();
    log.close();
  });
});
