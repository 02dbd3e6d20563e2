// A room that dies between storing a table's hand in the archive and booking it in the tournament's journal: the
// restarted room gives the tournament every hand of its tables the archive stored since the draw, in the order
// stored, and the tournament books the ones its journal lacks, each once (by the hand's id: table, log, number).
//
// The crash is injected where it happens: the journal's write of a hand record (RoomTournamentOptions.beforeJournal
// throws from then on, and the archive stores nothing more: the room is dead while the tables play on). The run
// without the crash is the journal of every record the tournament was given up to the crash, the lost ones included,
// replayed: the restarted room's book (stacks, busts, places) must equal it. Then the tournament plays on to the
// winner: each place once, every chip accounted for, each hand in the journal once.
//
// The room's wall clock is set back a day once the crash is armed (the hands stored from then on carry a received
// time before the draw): the restarted room finds the lost hands by each table's archive sequence journaled at the
// first start (archiveMarks), which a clock does not move; a window on the wall clock would miss them.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HandMessage } from '../../src/room/protocol.js';
import { CLOCK_FILE, JOURNAL_FILE, RoomTournament } from '../../src/room/roomTournament.js';
import type { Journal } from '../../src/room/tournamentJournal.js';
import {
  type SimTournament,
  simPlayers,
  simTournamentStructure,
  startSimTournament,
} from '../../src/simRoom/simTournament.js';

const PLAYERS = 8;
const STACK = 1000;
const CLOCK_SPEED = 40;
const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (!ok()) {
    if (performance.now() > end) throw new Error(`${what}: not after ${ms} ms`);
    await sleep(25);
  }
}

const journalOf = (dir: string): Journal[] =>
  readFileSync(join(dir, JOURNAL_FILE), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Journal);
const handIds = (j: Journal[]) => j.flatMap((r) => (r.r === 'hand' ? [`${r.table}/${r.logId}/${r.handNo}`] : []));
const bookOf = (t: RoomTournament) => ({
  hands: t.view().hands,
  stacks: [...t.floor.stacks.entries()].sort(([a], [b]) => a.localeCompare(b)),
  results: t.floor.standings.results(),
  left: t.floor.standings.left,
  chips: t.floor.chipBook(),
});

describe('a room crash between storing a hand and journaling it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-reconcile-'));
  const twinDir = join(dir, 'twin');
  let t: SimTournament;
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the restarted room books the hands the journal lacks, each once, in order: the book of the run without the crash', async () => {
    const structure = simTournamentStructure(STACK);
    /** every record the tournament was given, written or not: the run without the crash */
    const given: Journal[] = [];
    let armed = false;
    let dead = false;
    const lost: Journal[] = [];
    t = await startSimTournament({
      players: PLAYERS,
      dataDir: dir,
      pace: 'fast',
      broadcastDelayMs: 0,
      port: 0,
      host: '127.0.0.1',
      webRoot: null,
      seed: 11,
      structure,
      mono: () => performance.now() * CLOCK_SPEED,
      beforeJournal: (rec) => {
        given.push(structuredClone(rec));
        if (armed && !dead && rec.r === 'hand') dead = true;
        if (dead) {
          lost.push(rec);
          throw new Error('the room died here (test crash point)');
        }
      },
    });
    // a dead room stores nothing either: the tables keep their hands and send them again to the restarted room
    const store = t.archive.store.bind(t.archive);
    t.archive.store = async (msg: HandMessage, wall?: number) => {
      if (dead) throw new Error('the room is dead (test)');
      // the room's clock set back a day after the draw
      return store(msg, armed ? (wall ?? Date.now()) - DAY : wall);
    };
    // the first start journaled each table's archive sequence (no hand of this tournament stored yet)
    expect(t.tournament.archiveMarks).toEqual({ '1': 0, '2': 0 });
    expect(journalOf(dir).filter((r) => r.r === 'archiveMarks')).toHaveLength(1);

    await until('a first bust', () => t.tournament.floor.standings.left < PLAYERS, 120_000);
    armed = true;
    await until('the crash', () => dead, 60_000);
    await t.room.idle();
    const crashed = t.tournament;
    const journaled = journalOf(dir);
    const lostHands = lost.filter((r) => r.r === 'hand');
    expect(lostHands.length).toBeGreaterThan(0);
    // the lost hands are in the archive, not in the journal; stored with the clock set back, they are before the
    // draw by the wall clock, after each table's mark by the archive's sequence
    const marks = crashed.archiveMarks ?? {};
    const stored = await t.archive.storedAfter(marks);
    const storedIds = stored.map((m) => `${m.tableId}/${m.logId}/${m.handNo}`);
    const byWall = (await t.archive.storedSince(crashed.tableIds, crashed.startWall)).map(
      (m) => `${m.tableId}/${m.logId}/${m.handNo}`,
    );
    for (const id of handIds(lostHands)) {
      expect(storedIds).toContain(id);
      expect(byWall).not.toContain(id);
      expect(handIds(journaled)).not.toContain(id);
    }

    // the run without the crash: every record given, replayed from a journal of its own
    mkdirSync(twinDir);
    writeFileSync(join(twinDir, JOURNAL_FILE), given.map((r) => `${JSON.stringify(r)}\n`).join(''));
    copyFileSync(join(dir, CLOCK_FILE), join(twinDir, CLOCK_FILE));
    const twin = RoomTournament.open({
      dataDir: twinDir,
      structure,
      players: simPlayers(PLAYERS),
      tableIds: crashed.tableIds,
      maxSeats: 6,
      buyIn: 100,
      seed: 11,
    });
    const expected = bookOf(twin);
    expect(expected.hands).toBe(crashed.view().hands + lostHands.length);

    // the restart: the journal replayed, then the archive's hands it lacks booked
    dead = false;
    armed = false;
    await t.restartRoom();
    expect(bookOf(t.tournament)).toEqual(expected);
    const after = journalOf(dir);
    // each lost hand journaled now, once, in the order the archive stored them (after every hand journaled before)
    expect(handIds(after).slice(handIds(journaled).length)).toEqual(
      storedIds.filter((id) => handIds(lostHands).includes(id)),
    );
    expect(new Set(handIds(after)).size).toBe(handIds(after).length);

    // booking twice is impossible: every stored hand given again books nothing, writes nothing
    const lines = after.length;
    for (const m of await t.archive.storedAfter(marks)) expect(t.tournament.onHand(m)).toBe(false);
    // the marks are kept, not taken again
    expect(t.tournament.archiveMarks).toEqual(marks);
    expect(journalOf(dir).filter((r) => r.r === 'archiveMarks')).toHaveLength(1);
    expect(journalOf(dir).length).toBe(lines);
    expect(bookOf(t.tournament).hands).toBe(expected.hands);

    // and on to the winner: each place once, every chip accounted for, each hand journaled once
    await Promise.race([t.tournament.finished, until('the winner', () => t.tournament.isFinished(), 240_000)]);
    const results = t.tournament.floor.standings.results();
    expect(results.map((r) => r.place).sort((a, b) => a - b)).toEqual(Array.from({ length: PLAYERS }, (_, i) => i + 1));
    expect(t.tournament.floor.chipBook()).toEqual({ issued: PLAYERS * STACK, held: PLAYERS * STACK });
    const final = handIds(journalOf(dir));
    expect(new Set(final).size).toBe(final.length);
    expect(t.tournament.problems).toEqual([]);
  }, 360_000);
});
