// A tournament the room runs against live tables (src/room/roomTournament.ts), played to the winner: 12 players
// drawn onto two simulated tables (whole table services, each its own SQLite log and simulated dealer), the room and
// its archive on the real in-process broker, fast pace, broadcast delay 0, the tournament clock run 40 times faster
// (an injected monotonic clock). The room is restarted in the middle: the tournament comes back from its journal
// and clock. At the end: every place 12..1 given once, the prizes pay the whole pool, the moves (balancing and the
// broken table) carried out at both tables (left with N chips, seated with the same N, a table alert EN/FR at each),
// the levels taken by the tables at their shuffles, and every chip accounted for.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JOURNAL_FILE } from '../../src/room/roomTournament.js';
import { type SimTournament, simTournamentStructure, startSimTournament } from '../../src/simRoom/simTournament.js';
import { texts } from '../alertTexts.js';

const PLAYERS = 12;
const CLOCK_SPEED = 40;
const STACK = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, ms: number, t: SimTournament): Promise<void> {
  const end = performance.now() + ms;
  while (!ok()) {
    if (performance.now() > end)
      throw new Error(
        `${what}: not after ${ms} ms (${JSON.stringify(t.tournament.view().tables)}, left ${t.tournament.floor.standings.left})`,
      );
    await sleep(25);
  }
}

describe('a tournament the room runs on live tables', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-tourney-'));
  let t: SimTournament;
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('12 players on 2 tables to the winner, a room restart in the middle: places, prizes, moves, levels, chips', async () => {
    const said: string[] = [];
    const structure = simTournamentStructure(STACK);
    const startedAt = performance.now();
    t = await startSimTournament({
      players: PLAYERS,
      dataDir: dir,
      pace: 'fast',
      broadcastDelayMs: 0,
      port: 0,
      host: '127.0.0.1',
      webRoot: null,
      seed: 7,
      structure,
      mono: () => performance.now() * CLOCK_SPEED,
      say: (l) => said.push(l),
    });
    expect(t.tables.map((x) => x.tableId)).toEqual(['1', '2']);
    // the blinds each table dealt, hand by hand
    const blinds = new Map<string, string[]>();
    for (const x of t.tables)
      x.live.session.on('handEnd', (h) =>
        blinds.set(x.tableId, [...(blinds.get(x.tableId) ?? []), h.config.blinds.join('/')]),
      );
    // the draw's names reach both tables
    await until(
      'names seated',
      () => t.tables.every((x) => (x.live.session.snapshot().roster ?? []).length === 6),
      20_000,
      t,
    );

    // the room restarts once the first player is out
    await until('a first bust', () => t.tournament.floor.standings.left < PLAYERS, 120_000, t);
    const before = t.tournament.floor.clock.status();
    const { closed, replayed } = await t.restartRoom();
    expect(said.some((l) => /journal records replayed/.test(l))).toBe(true);
    // the journal gave the book back as it was (its hands, its players left), the clock at its level
    expect(replayed).toEqual(closed);
    expect(closed.left).toBeLessThan(PLAYERS);
    expect(t.tournament.floor.clock.status().period).toBeGreaterThanOrEqual(before.period);

    await Promise.race([t.tournament.finished, until('the winner', () => t.tournament.isFinished(), 200_000, t)]);
    const ms = performance.now() - startedAt;
    const floor = t.tournament.floor;
    const results = floor.standings.results();
    expect(results.map((r) => r.place).sort((a, b) => a - b)).toEqual(Array.from({ length: PLAYERS }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.id)).size).toBe(PLAYERS);
    expect(results.reduce((a, r) => a + r.prize, 0)).toBe(floor.standings.prizePool);
    expect(floor.standings.prizePool).toBe(PLAYERS * 100);

    // two out in one hand: the bigger stack at its start finishes higher (equal stacks share the place)
    const busts = floor.log.flatMap((e) => (e.kind === 'bust' ? [e.finish] : []));
    for (const a of busts)
      for (const b of busts)
        if (a.hand === b.hand && a.stackAtStart > b.stackAtStart) expect(a.place).toBeLessThan(b.place);
    // every move carried out at both tables: left with N chips, seated with the same N
    const steps = t.tournament.moveSteps;
    const seated = steps.filter((s) => s.kind === 'seated');
    expect(seated.length).toBeGreaterThan(0);
    for (const s of seated) {
      const left = steps.find((x) => x.kind === 'left' && x.player === s.player && x.stack === s.stack);
      expect(left, `${s.player} seated without leaving`).toBeDefined();
      expect(left?.table).not.toBe(s.table);
    }
    expect(floor.log.some((e) => e.kind === 'tableBroken')).toBe(true);
    // both dealers were told (a table alert in English and French at each table)
    for (const x of t.tables) {
      const alerts = x.live.session.snapshot().tableAlerts.filter((a) => a.code === 'ROOM_SEATING');
      expect(
        alerts.some((a) => /^Move \(/.test(texts(a)?.message) && /^Déplacement \(/.test(texts(a)?.messageFr)),
      ).toBe(true);
    }
    // every move journaled
    const journal = readFileSync(join(dir, JOURNAL_FILE), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(journal.filter((r) => r.r === 'answer').length).toBeGreaterThanOrEqual(seated.length * 2);

    // the levels: each table dealt the structure's blinds, more than one level, never a level out of order
    const levels = structure.periods.flatMap((p) => (p.kind === 'level' ? [`${p.sb}/${p.bb}`] : []));
    for (const [, list] of blinds) {
      for (const b of list) expect(levels).toContain(b);
      const idx = list.map((b) => levels.indexOf(b));
      expect(idx).toEqual([...idx].sort((a, b) => a - b));
    }
    expect(new Set([...blinds.values()].flat()).size).toBeGreaterThan(1);

    // every chip accounted for: the book, and the winner's chips at the table of the last hand
    expect(floor.chipBook()).toEqual({ issued: PLAYERS * STACK, held: PLAYERS * STACK });
    const winnerRow = results.find((r) => r.place === 1);
    const lastTable = t.tables.find((x) =>
      Object.values(x.live.session.snapshot().hand.stacks).some((v) => v === PLAYERS * STACK),
    );
    expect(lastTable, `no table holds all ${PLAYERS * STACK} chips`).toBeDefined();
    expect(t.tournament.view().winner).toBe(winnerRow?.name);
    expect(t.tournament.problems).toEqual([]);
    console.log(`room tournament: ${t.tournament.view().hands} hands, ${seated.length} moves, ${Math.round(ms)} ms`);
  }, 360_000);
});
