// The types of a tournament the room runs (roomTournament.ts): its options, its journal's records (one JSON line
// each in the room's data folder), the seats' occupants, the moves under way and the TD's live view; and the
// journal's and the clock's files.
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MonotonicClock, type WallClock, wallNow } from '../clock/index.js';
import type { Move } from '../tournament/balancing.js';
import type { ClockState } from '../tournament/clock.js';
import type { PenaltyGiven } from '../tournament/penalties.js';
import type { Player } from '../tournament/registration.js';
import type { Structure } from '../tournament/structure.js';
import type { TdView } from '../tournament/tdView.js';
import type { HandMessage, SeatingResult } from './protocol.js';
import type { TdRosterRow } from './tdRoster.js';

export const JOURNAL_FILE = 'tournament-journal.jsonl';
export const CLOCK_FILE = 'tournament-clock.json';

export interface RoomTournamentOptions {
  /** the room's data folder: the journal and the clock are kept there */
  dataDir: string;
  structure: Structure;
  players: Player[];
  tableIds: string[];
  maxSeats: number;
  buyIn: number;
  seed: number;
  /** the tournament clock's monotonic time (default performance.now; tests run it faster) */
  mono?: MonotonicClock;
  /** the wall clock: only what is written down */
  now?: WallClock;
  say?: (line: string) => void;
  /** a test's crash point: called before each record is appended; a throw leaves it unwritten, as a room that died
   * there would (test/room/handReconcile.test.ts) */
  beforeJournal?: (rec: Journal) => void;
}

export type Journal =
  | {
      r: 'start';
      seed: number;
      tableIds: string[];
      maxSeats: number;
      buyIn: number;
      structure: Structure;
      players: Player[];
      wall: number;
    }
  | {
      r: 'hand';
      table: string;
      logId: string;
      handNo: number;
      start: Record<number, number>;
      end: Record<number, number>;
      button: number;
      sb: number | null;
      bb: number;
      wall: number;
    }
  | { r: 'answer'; table: string; result: SeatingResult; wall: number }
  | { r: 'clock'; op: string; wall: number }
  | { r: 'penalty'; given: PenaltyGiven; wall: number }
  /** a penalty of minutes or levels served: the table lets the player play again */
  | { r: 'lift'; penalty: number; wall: number }
  /** club 3-1, 3-2: a player registered late */
  | { r: 'register'; player: Player; wall: number }
  /** club 3-1, 3-2: a player not at their seat, or arrived */
  | { r: 'absent'; player: string; absent: boolean; wall: number }
  /** seed 003 regulation 10: the players who never came are out */
  | { r: 'noShows'; wall: number }
  /** each table's last hand in the room's archive (its table_seq) when the tournament first attached: hands stored
   * after it belong to the tournament (a restart reads them by this, never by the wall clock) */
  | { r: 'archiveMarks'; after: Record<string, number>; wall: number };

export interface Occupant {
  player: string;
  /** the first hand number they play at this seat (null: not yet answered) */
  from: number | null;
  /** the last hand they played at it (null: still there) */
  until: number | null;
}

export interface Transit {
  move: Move;
  leaveOrder: number;
  arriveOrder: number | null;
  stack: number | null;
}

/** one step of a move as it happened at the tables (the TD's screen and the test read them) */
export interface MoveStep {
  player: string;
  kind: 'left' | 'seated';
  table: string;
  seat: number;
  stack: number;
  handNo: number;
  reason: Move['reason'];
}

export interface LiveTdView extends TdView {
  live: true;
  step: number;
  steps: number;
  /** moves under way: the player is between the two tables */
  inTransit: { player: string; from: string; to: string }[];
  steps_: MoveStep[];
  problems: string[];
  /** the players still in: seat, absent, penalties running (the TD's floor controls) */
  roster: TdRosterRow[];
}

export function readJournal(path: string): Journal[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      try {
        return JSON.parse(l) as Journal;
      } catch (err) {
        throw new Error(`${path} line ${i + 1}: ${(err as Error).message}`);
      }
    });
}

export function appendJournal(path: string, rec: Journal): void {
  appendFileSync(path, `${JSON.stringify(rec)}\n`);
}

export function readClock(path: string): ClockState | undefined {
  if (!existsSync(path)) return undefined;
  return (JSON.parse(readFileSync(path, 'utf8')) as { clock: ClockState }).clock;
}

/** the clock's state, and the wall time it was written (for the record: a restart keeps the time left, not the wall) */
export function writeClock(path: string, clock: ClockState, wall: number): void {
  writeFileSync(`${path}.tmp`, `${JSON.stringify({ clock, wall })}\n`);
  renameSync(`${path}.tmp`, path);
}

/** The journal of the room's data folder (a restart's), its draw (or a new one from the options) and the saved clock. */
export function journalStart(o: RoomTournamentOptions): {
  lines: Journal[];
  start: Extract<Journal, { r: 'start' }>;
  saved: ClockState | undefined;
} {
  const path = join(o.dataDir, JOURNAL_FILE);
  const lines = readJournal(path);
  const first = lines[0];
  if (first && first.r !== 'start') throw new Error(`${path}: the journal does not begin with the draw`);
  const { seed, tableIds, maxSeats, buyIn, structure, players } = o;
  const start: Extract<Journal, { r: 'start' }> = first ?? {
    r: 'start',
    seed,
    tableIds,
    maxSeats,
    buyIn,
    structure,
    players,
    wall: (o.now ?? wallNow)(),
  };
  return { lines, start, saved: first ? readClock(join(o.dataDir, CLOCK_FILE)) : undefined };
}

/** A finished hand the archive stored, as the journal books it: each seat's stack at its start and end. */
export function handRecord(msg: HandMessage, wall: number): Extract<Journal, { r: 'hand' }> {
  const h = msg.hand;
  const start: Record<number, number> = {};
  const end: Record<number, number> = {};
  for (const [k, v] of Object.entries(h.config.seats)) start[Number(k)] = v;
  for (const [k, v] of Object.entries(h.final.stacks)) if (start[Number(k)] !== undefined) end[Number(k)] = v;
  const { button, sb, bb } = h.final;
  return { r: 'hand', table: msg.tableId, logId: msg.logId, handNo: msg.handNo, start, end, button, sb, bb, wall };
}
