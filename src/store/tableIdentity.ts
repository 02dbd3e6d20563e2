// The table's identity in its hand histories: the card room, the table's name and id, cash or tournament, the
// time zone the room keeps its clocks in. Kept in DATA/table.json (written on the first start, then read back), so
// that every export of that data folder -- live, `feltwire export` later, the room's archive -- names the table the
// same way, and a hand id stays the same across restarts.
//
// A hand id is the table id on nine digits followed by the hand number on seven digits: unique across tables (each data
// folder draws its own nine-digit table id, or is given one) and across days (hand numbers only grow within a data
// folder), and all digits, as the PokerStars and Ignition texts need their hand numbers.
import { randomInt } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StoreError } from './errors.js';

export const IDENTITY_FILE = 'table.json';

export type GameKind = 'cash' | 'tournament';

export interface TableIdentity {
  /** the card room (PokerStars/OHH site, PHH venue) */
  room: string;
  /** the table's name (PokerStars "Table '...'", OHH table_name, PHH table) */
  table: string;
  /** digits, 1 to 9 of them: the first part of every hand id (and the room's MQTT table id) */
  tableId: string;
  game: GameKind;
  /** tournament number (digits), for game 'tournament' */
  tournamentId: string;
  /** IANA time zone of the room's clocks (PHH time/time_zone); the texts write UTC */
  timeZone: string;
  /** seats the table has (PHH seat_count, OHH table_size, PokerStars "6-max"); unset: the exports say 10 */
  seatCount?: number;
}

export type IdentityOverrides = Partial<TableIdentity>;

const DIGITS = /^[0-9]{1,9}$/;

/** the defaults; a table's name defaults to `Table <its id>` (every table of a room is not "Table 1") */
export const DEFAULT_IDENTITY: Omit<TableIdentity, 'tableId' | 'tournamentId' | 'table'> = {
  room: 'feltwire',
  game: 'cash',
  timeZone: 'UTC',
};

/** what is wrong with an identity (empty when it is fine) */
export function identityProblems(id: Partial<TableIdentity>): string[] {
  const out: string[] = [];
  if (id.room !== undefined && (typeof id.room !== 'string' || id.room.trim() === '' || id.room.length > 64))
    out.push('room name: 1 to 64 characters');
  if (id.table !== undefined && (typeof id.table !== 'string' || id.table.trim() === '' || id.table.length > 64))
    out.push('table name: 1 to 64 characters');
  for (const [k, v] of [
    ['table id', id.tableId],
    ['tournament id', id.tournamentId],
  ] as const)
    if (v !== undefined && !(typeof v === 'string' && DIGITS.test(v))) out.push(`${k}: 1 to 9 digits, not '${v}'`);
  if (id.game !== undefined && id.game !== 'cash' && id.game !== 'tournament')
    out.push(`game: cash or tournament, not '${id.game}'`);
  if (id.timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: id.timeZone });
    } catch {
      out.push(`time zone: an IANA zone such as Europe/Paris, not '${id.timeZone}'`);
    }
  }
  if (id.seatCount !== undefined && !(Number.isInteger(id.seatCount) && id.seatCount >= 2 && id.seatCount <= 10))
    out.push(`seat count: 2 to 10, not ${id.seatCount}`);
  for (const name of ['room', 'table'] as const) {
    const v = id[name];
    // the texts put the names inside quotes and brackets on one line
    if (typeof v === 'string' && /[\r\n'[\]]/.test(v)) out.push(`${name} name: no quotes, brackets or line breaks`);
  }
  return out;
}

function check(id: Partial<TableIdentity>, where: string): void {
  const problems = identityProblems(id);
  if (problems.length > 0) throw new StoreError('BAD_IDENTITY', `${where}: ${problems.join('; ')}`);
}

function complete(base: Partial<TableIdentity>, fallbackId: () => string): TableIdentity {
  const tableId = base.tableId ?? fallbackId();
  return {
    room: base.room ?? DEFAULT_IDENTITY.room,
    table: base.table ?? `Table ${tableId}`,
    tableId,
    game: base.game ?? DEFAULT_IDENTITY.game,
    tournamentId: base.tournamentId ?? tableId,
    timeZone: base.timeZone ?? DEFAULT_IDENTITY.timeZone,
    ...(base.seatCount !== undefined ? { seatCount: base.seatCount } : {}),
  };
}

/** a fresh nine-digit table id (never starting with 0, so that it keeps its digits as a number) */
export function newTableId(): string {
  return String(randomInt(100_000_000, 1_000_000_000));
}

function readFile(dir: string): Partial<TableIdentity> | null {
  const file = join(dir, IDENTITY_FILE);
  if (!existsSync(file)) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new StoreError('BAD_IDENTITY', `${file}: not JSON (${(err as Error).message})`);
  }
  if (!doc || typeof doc !== 'object') throw new StoreError('BAD_IDENTITY', `${file}: not an object`);
  const d = doc as Record<string, unknown>;
  const out: Partial<TableIdentity> = {};
  for (const k of ['room', 'table', 'tableId', 'game', 'tournamentId', 'timeZone', 'seatCount'] as const)
    if (d[k] !== undefined) (out as Record<string, unknown>)[k] = d[k];
  check(out, file);
  return out;
}

/**
 * The data folder's identity: DATA/table.json with `overrides` on top (the start options); written back when it
 * was missing or an override changed it. A missing table id is drawn at random once, then kept.
 */
export function loadTableIdentity(dir: string, overrides: IdentityOverrides = {}): TableIdentity {
  check(overrides, 'table identity');
  const stored = readFile(dir);
  const merged = { ...(stored ?? {}), ...strip(overrides) };
  const identity = complete(merged, newTableId);
  const changed = !stored || JSON.stringify(complete(stored, () => identity.tableId)) !== JSON.stringify(identity);
  if (changed) {
    const file = join(dir, IDENTITY_FILE);
    writeFileSync(`${file}.tmp`, `${JSON.stringify(identity, null, 2)}\n`, { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }
  return identity;
}

/**
 * The identity of a data folder read without writing (exports of a folder the service may be running on). A folder
 * without table.json (made before it existed) gets a table id derived from its log's first record, so that its
 * exports stay the same from one run to the next.
 */
export function readTableIdentity(
  dir: string,
  firstWall: number | null,
  overrides: IdentityOverrides = {},
): TableIdentity {
  check(overrides, 'table identity');
  const stored = readFile(dir) ?? {};
  return complete({ ...stored, ...strip(overrides) }, () => derivedTableId(firstWall));
}

/** a table id for a log without table.json: nine digits from the wall time of its first record */
export function derivedTableId(firstWall: number | null): string {
  const n = Math.abs(Math.floor((firstWall ?? 0) / 1000)) % 900_000_000;
  return String(100_000_000 + n);
}

/** the identity used when none is configured (tests, in-memory logs) */
export function defaultIdentity(overrides: IdentityOverrides = {}): TableIdentity {
  check(overrides, 'table identity');
  return complete(strip(overrides), () => '1');
}

function strip(o: IdentityOverrides): Partial<TableIdentity> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<TableIdentity>;
}

/** the hand's id: the table id on nine digits, then the hand number on seven (hand 12 of table 483920117:
 * "4839201170000012"). Sixteen digits: a string everywhere (more than a JavaScript number holds exactly). */
export function handId(identity: Pick<TableIdentity, 'tableId'>, handNo: number): string {
  if (!Number.isInteger(handNo) || handNo < 1 || handNo > 9_999_999)
    throw new StoreError('BAD_IDENTITY', `hand number ${handNo} out of range (1 to 9,999,999)`);
  return `${identity.tableId.padStart(9, '0')}${String(handNo).padStart(7, '0')}`;
}

export interface ZonedTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** the zone's abbreviation at that instant ("CET", "UTC", "GMT+1" where the zone has none) */
  abbreviation: string;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** the wall clock of `timeZone` at instant `wall` (ms) */
export function zonedTime(wall: number, timeZone: string): ZonedTime {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      timeZoneName: 'short',
    });
    zoneFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(wall)).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    abbreviation: p.timeZoneName ?? timeZone,
  };
}
