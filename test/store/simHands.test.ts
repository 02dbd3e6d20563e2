// Hands played by E's simulator (its dealer and players, mistakes injected), logged on SQLite hand by hand as the
// session logs them, then read back read-only by the archive: the PHH export is accepted by `feltwire replay`, the
// OHH validates, and the PokerStars-style text of the session is read back by @poker-apprentice/hand-history-parser.
// The events are the simulator's own (what its shadow engine applied, tapped in this test); the hardware path from
// the simulator to the service is covered by E's and F's tests and by serviceKill.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/engine/types.js';
import { type Pace, type SimHandReport, Simulator, TABLE_PACE } from '../../src/sim/index.js';
import {
  HandArchive,
  LOG_FILE,
  type PlayedHand,
  SqliteEventLog,
  toOhh,
  toPhh,
  toPokerStars,
  validateOhh,
} from '../../src/store/index.js';
import { validateHardwareFile } from '../../src/table/index.js';
import { expectIgnitionParse } from './helpers.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const HANDS = 40;
/** no waiting at all: every pause of the simulator's pace set to 0 */
const ZERO = Object.fromEntries(Object.keys(TABLE_PACE).map((k) => [k, 0])) as Partial<Pace>;

let dir = '';
let reports: SimHandReport[] = [];
let hands: PlayedHand[] = [];

beforeAll(async () => {
  const hardware = validateHardwareFile(JSON.parse(readFileSync(join(ROOT, 'hardware/tables/sim-table.json'), 'utf8')));
  const sim = new Simulator({ hardware, seed: 99, pace: ZERO, floorDecision: () => {} });
  sim.offline();
  // tap the events the simulator applies to its shadow engine (its private `apply`), with their hand-relative t
  const events: TableEvent[] = [];
  const apply = Reflect.get(sim, 'apply') as (ev: Omit<TableEvent, 't'>, dt?: number) => void;
  Reflect.set(sim, 'apply', (ev: Omit<TableEvent, 't'>, dt?: number) => {
    apply.call(sim, ev, dt);
    events.push({ ...ev, t: Reflect.get(sim, 't') as number } as TableEvent);
  });
  dir = mkdtempSync(join(tmpdir(), 'feltwire-simhands-'));
  const log = SqliteEventLog.open(dir, { synchronous: 'NORMAL' });
  const wall0 = Date.UTC(2026, 10, 30, 19, 0, 0);
  sim.on('hand', (r) => {
    const wall = wall0 + r.hand * 90_000;
    log.append('hand', r.hand, { config: r.config }, wall);
    for (const ev of events.splice(0)) log.append('event', r.hand, ev, wall + ev.t);
  });
  sim.on('hand', (r) => {
    if (r.hand === 2) sim.inject('missedBurn');
    if (r.hand === 5) sim.inject('exposedCard');
  });
  reports = await sim.run(HANDS);
  await sim.close();
  log.checkpoint();
  const logged = [...log.records()].filter((r) => r.kind === 'event').length;
  log.close();
  const bytes = statSync(join(dir, LOG_FILE)).size;
  process.stdout.write(
    `simulated session log: ${HANDS} hands, ${logged} events, ${bytes} bytes, ${Math.round(bytes / HANDS)} bytes/hand\n`,
  );
  const archive = HandArchive.open(dir);
  hands = archive.list().map((h) => archive.get(h.handNo));
  archive.close();
});

describe('hands played by the simulator, logged and exported', () => {
  it('re-run from the log, every hand ends as the simulator saw it', () => {
    expect(reports).toHaveLength(HANDS);
    expect(hands).toHaveLength(HANDS);
    for (const r of reports) {
      const h = hands[r.hand - 1];
      expect(h.complete, `hand ${r.hand}`).toBe(r.complete);
      expect(h.final.stacks, `hand ${r.hand}`).toEqual(r.stacks);
    }
    expect(hands.some((h) => h.final.alerts.some((a) => a.code === 'BURN_MISSED'))).toBe(true);
    expect(hands.some((h) => h.final.alerts.some((a) => a.code === 'CARD_EXPOSED'))).toBe(true);
  });

  it('export to PHH that feltwire replay accepts, the mistakes written as comments', () => {
    expect(existsSync(join(ROOT, 'dist/src/cli/main.js')), 'run npm run build').toBe(true);
    const out = join(dir, 'phh');
    mkdirSync(out);
    const done = hands.filter((h) => h.complete);
    expect(done).toHaveLength(HANDS);
    for (const h of done) writeFileSync(join(out, `hand-${h.handNo}.phh`), toPhh(h));
    const missed = done.find((h) => h.final.alerts.some((a) => a.code === 'BURN_MISSED'));
    expect(missed && toPhh(missed)).toMatch(/# alert: BURN_MISSED \(/);
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/feltwire.js'), 'replay', out], { encoding: 'utf8' });
    expect(r.stdout.trim().split('\n').pop()).toBe(`${done.length} passed, 0 failed`);
    expect(r.status).toBe(0);
  });

  it('export to OHH that validates against the OHH 1.4 schema', () => {
    for (const h of hands) expect(validateOhh(toOhh(h)), `hand ${h.handNo}`).toEqual([]);
  });

  it('export to PokerStars-style text; the Ignition dialect is read back by @poker-apprentice/hand-history-parser', async () => {
    for (const h of hands) await expectIgnitionParse(h);
    const session = hands.map((h) => toPokerStars(h)).join('\n\n\n');
    expect([...session.matchAll(/^PokerStars Hand #\d+:/gm)]).toHaveLength(hands.length);
  });
});
