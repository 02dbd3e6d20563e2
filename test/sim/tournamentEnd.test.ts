// Issue 14: a tournament's busted player does not come back. The live simulated table (simSource under startLive,
// in-process at fast pace) whose identity says 'tournament' plays until one seat holds every chip: no busted seat is
// dealt in again, the last hand ends, and the session deals no next hand and says so (TABLE_FINISHED, EN/FR), with
// nothing thrown and no loop. A shuffle pressed on the finished table deals nothing and raises nothing new.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LiveService, startLive } from '../../src/server/live.js';
import { simSource } from '../../src/service/simSource.js';
import type { HandEndInfo, TableAlert } from '../../src/session/index.js';
import type { Simulator } from '../../src/sim/index.js';
import { texts } from '../alertTexts.js';
import { simHardware } from '../table/helpers.js';
import { FAST, total } from './fastPace.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('tournament end (issue 14: a busted player does not come back)', () => {
  let live: LiveService | null = null;
  afterEach(async () => {
    await live?.close();
    live = null;
  });

  it("the table identity's tournament plays to one player left, then the session stops dealing with TABLE_FINISHED", async () => {
    let sim: Simulator | null = null;
    const said: string[] = [];
    const source = simSource({
      hardwareFile: simHardware(),
      pace: 'fast',
      overPty: false,
      seed: 5,
      simPace: FAST,
      eager: true,
      table: { seats: { 1: 600, 2: 1200, 3: 1800, 4: 900 }, button: 4, blinds: [100, 200] },
      hands: 400,
      onSimulator: (s) => {
        sim = s;
      },
    });
    live = await startLive({
      dataDir: '/nonexistent-memory-log',
      port: 0,
      host: '127.0.0.1',
      broadcastDelayMs: 0,
      webRoot: null,
      table: source.table as NonNullable<typeof source.table>,
      source,
      memoryLog: true,
      equity: null,
      identity: { game: 'tournament', tournamentId: '4242', table: 'Final table' },
      say: (l) => said.push(l),
    });
    const session = live.session;
    const s = sim as Simulator | null;
    if (!s) throw new Error('no simulator');
    const ends: HandEndInfo[] = [];
    const rejected: string[] = [];
    session.on('handEnd', (e) => ends.push(e));
    session.on('rejected', (e) => rejected.push(e.message));
    const finished = new Promise<{ hand: number; seats: Record<number, number> }>((res) => s.on('finished', res));
    const reports: { hand: number; complete: boolean }[] = [];
    s.on('hand', (r) => reports.push(r));
    const done = await Promise.race([finished, sleep(150_000).then(() => null)]);
    expect(done, `finished after ${reports.length} hands`).not.toBeNull();
    // the session and the simulator agree: it deals nothing more (once the last hand's end and the finished table
    // reached the session)
    await vi.waitFor(
      () => {
        expect(ends.length).toBe(reports.length);
        expect(session.snapshot().tableAlerts.some((a) => a.code === 'TABLE_FINISHED')).toBe(true);
      },
      { timeout: 10_000, interval: 20 },
    );
    const handNo = session.handNo;
    const state = session.snapshot();
    expect(state.handOver).toBe(true);
    expect(reports.every((r) => r.complete)).toBe(true);
    expect(ends.map((e) => e.handNo)).toEqual(Array.from({ length: ends.length }, (_, i) => i + 1));
    expect(ends.length).toBe(reports.length);
    // chips conserved, and a busted seat is never dealt in again
    const start = total({ 1: 600, 2: 1200, 3: 1800, 4: 900 });
    const busted = new Set<number>();
    for (const e of ends) {
      for (const seat of Object.keys(e.config.seats).map(Number))
        expect(busted.has(seat), `seat ${seat} dealt in hand ${e.handNo} after busting`).toBe(false);
      expect(total(e.config.seats), `hand ${e.handNo}`).toBe(start);
      expect(total(e.final.stacks), `hand ${e.handNo}`).toBe(start);
      for (const [seat, stack] of Object.entries(e.final.stacks)) if (stack === 0) busted.add(Number(seat));
    }
    expect(busted.size).toBe(3);
    const last = ends[ends.length - 1];
    const winners = Object.entries(last.final.stacks).filter(([, v]) => v > 0);
    expect(winners).toEqual([[String(Object.keys(done?.seats ?? {})[0]), start]]);
    // the table alert the dealer and floor see, in both languages, once
    const fin = state.tableAlerts.filter((a: TableAlert) => a.code === 'TABLE_FINISHED');
    expect(fin.length).toBe(1);
    expect(fin[0]).toMatchObject({ hand: last.handNo, seat: Number(winners[0][0]), severity: 'info' });
    expect(texts(fin[0])?.message).toMatch(new RegExp(`only seat ${winners[0][0]} has chips \\(${start}\\)`));
    expect(texts(fin[0])?.remedy).toMatch(/Tournament over/);
    expect(texts(fin[0])?.messageFr).toMatch(/Table terminée/);
    expect(texts(fin[0])?.remedyFr).toMatch(/Tournoi terminé/);
    // the dealer shuffles anyway: no hand is dealt, no second alert, nothing thrown
    session.ingest({ kind: 'dealer', button: 'shuffle' });
    session.ingest({ kind: 'dealer', button: 'shuffle' });
    const after = session.snapshot();
    expect(session.handNo).toBe(handNo);
    expect(after.handOver).toBe(true);
    expect(after.tableAlerts.filter((a) => a.code === 'TABLE_FINISHED').length).toBe(1);
    expect(rejected).toEqual([]);
    expect(said.filter((l) => /simulator stopped|refused/.test(l))).toEqual([]);
    expect(said.some((l) => /simulated table finished/.test(l))).toBe(true);
  }, 200_000);
});
