// A kill at every event boundary, in-process: a simulated session (the service's own table layer and session, the
// simulator's hands with injected errors) is recorded state by state; then for every record boundary of its log the
// session rebuilt from that prefix (what a SIGKILL right after that record leaves) must be exactly the state the
// service had published at that point: hands, alerts, acknowledgements, decisions, level, clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveService } from '../../src/service/live.js';
import { MemoryLog, type SessionState, TableSession } from '../../src/session/index.js';
import type { Simulator } from '../../src/sim/simulator.js';
import { FAST_SIM, liveOnSimulator } from '../web/helpers.js';

const HANDS = 6;

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

let live: LiveService;
let sim: Simulator;
/** log length -> the state published with exactly that many records in the log */
const published = new Map<number, unknown>();
let records = 0;

beforeAll(async () => {
  ({ live, sim } = await liveOnSimulator({
    ...FAST_SIM,
    delayMs: 60_000,
    overPty: false,
    seed: 77,
    hands: HANDS,
    memoryLog: true,
  }));
  const log = live.log as MemoryLog;
  const count = () => {
    let n = 0;
    for (const _ of log.records()) n++;
    return n;
  };
  live.session.on('state', (s) => {
    records = count();
    published.set(records, JSON.stringify(durable(s)));
  });
  const plan = ['missedBurn', 'exposedCard', 'stringBet', 'crosstalk', 'outOfTurn'] as const;
  await new Promise<void>((resolve) => {
    sim.on('hand', (r) => {
      const next = plan[r.hand - 1];
      if (next) sim.inject(next);
      if (r.hand >= HANDS) resolve();
    });
  });
  await new Promise((r) => setTimeout(r, 200));
}, 180_000);

afterAll(async () => {
  await live?.close();
});

describe('kill at every event boundary (rebuild from each log prefix)', () => {
  it('every prefix rebuilds the state published at that point', () => {
    const all = [...(live.log as MemoryLog).records()];
    expect(all.length).toBeGreaterThan(HANDS * 30);
    const config = live.session.snapshot().config;
    const mismatches: string[] = [];
    let checked = 0;
    // a session replaying record by record: after record k it is the session rebuilt from the first k records
    // (TableSession.recover replays in the same order), checked against a fresh recover at a sample of boundaries
    const boundaries = [...published.keys()].sort((a, b) => a - b);
    for (const k of boundaries) {
      if (k > all.length) continue;
      const prefix = new MemoryLog();
      for (const r of all.slice(0, k)) prefix.append(r.kind, r.hand, r.data, r.wall);
      const rebuilt = TableSession.recover(prefix, { config });
      const got = JSON.stringify(durable(rebuilt.snapshot()));
      rebuilt.close();
      checked++;
      if (got !== published.get(k))
        mismatches.push(`after record ${k} (${all[k - 1].kind} of hand ${all[k - 1].hand})`);
    }
    expect(checked).toBeGreaterThan(HANDS * 20);
    expect(mismatches).toEqual([]);
  });
});
