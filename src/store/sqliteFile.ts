// The event log's SQLite file (sqliteLog.ts): opened and checked (a corrupt, truncated or foreign file refused with
// its reason), its schema and log id, a damaged file moved aside and salvaged row by row, the lock that keeps a
// second service off the same log, its files kept private (0600).
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync, truncateSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { LogRecord } from '../session/log.js';
import { checkedRecord, LOG_KINDS, logRecordProblem } from '../session/logShapes.js';
import { describe, type ShapeProblem } from '../shape.js';
import { badRecord, StoreError } from './errors.js';

export const LOG_FILE = 'feltwire-log.sqlite';
/** the writer's lock (SQLite's exclusive lock on this small database): two services on one data folder would
 * interleave their hands in one log */
export const LOCK_FILE = 'feltwire-log.lock';
/** bumped when the table layout changes; a newer file is refused, never rewritten */
export const LOG_FORMAT = 1;

export const KINDS = LOG_KINDS;

/** what was kept of a damaged log */
export interface LogSalvage {
  /** rows read from the damaged file and written to the fresh log (seq kept) */
  kept: number;
  /** rows that could not be read (their seq ranges in `lostSeqs`) */
  lost: number;
  lostSeqs: Array<[number, number]>;
  /** set when not even the table could be found (the schema page is unreadable) */
  note?: string;
}

export interface Row {
  seq: number;
  wall: number;
  hand: number;
  kind: string;
  data: string;
}

export const FR_KIND = { corrupt: 'corrompu', truncated: 'tronqué', foreign: "n'est pas un journal feltwire" } as const;

export function openChecked(path: string, readonly: boolean, synchronous: 'FULL' | 'NORMAL'): Database.Database {
  let db: Database.Database;
  try {
    db = new Database(path, readonly ? { readonly: true, fileMustExist: true } : {});
  } catch (err) {
    throw new StoreError('LOG_CORRUPT', `SQLite cannot open it: ${(err as Error).message}`, { cause: err });
  }
  try {
    if (!readonly) {
      const mode = db.pragma('journal_mode = WAL', { simple: true });
      if (mode !== 'wal') throw new Error(`journal_mode is ${String(mode)}, not wal`);
      db.pragma(`synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
    }
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`integrity check: ${String(result)}`);
  } catch (err) {
    db.close();
    throw new StoreError('LOG_CORRUPT', (err as Error).message, { cause: err });
  }
  return db;
}

/** null when the file holds our schema (or nothing yet); otherwise why it is not ours */
export function schemaProblem(db: Database.Database): string | null {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
    .map((r) => r.name);
  if (tables.length === 0) return null;
  if (!tables.includes('log') || !tables.includes('meta')) return `it holds tables ${tables.join(', ')}`;
  const row = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'format'").get();
  if (!row) return 'its meta table has no format';
  if (Number(row.value) > LOG_FORMAT) return `its format ${row.value} is newer than this feltwire's (${LOG_FORMAT})`;
  return null;
}

export function createSchema(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
    CREATE TABLE IF NOT EXISTS log (
      seq INTEGER PRIMARY KEY,
      wall INTEGER NOT NULL,
      hand INTEGER NOT NULL,
      kind TEXT NOT NULL,
      data TEXT NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS log_by_hand ON log (hand, seq);
    CREATE TRIGGER IF NOT EXISTS log_no_update BEFORE UPDATE ON log
      BEGIN SELECT RAISE(ABORT, 'the feltwire log is append-only'); END;
    CREATE TRIGGER IF NOT EXISTS log_no_delete BEFORE DELETE ON log
      BEGIN SELECT RAISE(ABORT, 'the feltwire log is append-only'); END;
    INSERT OR IGNORE INTO meta (key, value) VALUES ('format', '${LOG_FORMAT}');
  `);
}

export const LOG_ID = /^[0-9a-f]{32}$/;

/** the log's id from its meta table (null: none yet, or unreadable) */
export function readLogId(db: Database.Database): string | null {
  try {
    const row = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'log_id'").get();
    return row && LOG_ID.test(row.value) ? row.value : null;
  } catch {
    return null;
  }
}

/** the log's id, drawn and kept now when it has none (a log written before ids: assigned on its first open) */
export function ensureLogId(db: Database.Database): string {
  const have = readLogId(db);
  if (have) return have;
  const id = randomBytes(16).toString('hex');
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('log_id', ?)").run(id);
  return id;
}

/** renames the file and its -wal/-shm companions aside, keeping SQLite's pairing of names */
export function moveAside(path: string, now: Date): string[] {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const base = path.replace(/\.sqlite$/, '');
  let target = `${base}.${stamp}.bad.sqlite`;
  for (let n = 2; existsSync(target); n++) target = `${base}.${stamp}-${n}.bad.sqlite`;
  const kept: string[] = [];
  renameSync(path, target);
  kept.push(target);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(path + suffix)) {
      renameSync(path + suffix, target + suffix);
      kept.push(target + suffix);
    }
  }
  return kept;
}

/** the lock of each data folder this process writes, and how many of its writers hold it (a process may open its
 * own log twice: tests, the archive) */
export const heldLocks = new Map<string, { db: Database.Database; count: number }>();

export const busyMessage = (file: string): string =>
  `the event log in ${file.replace(/\/[^/]*$/, '')} is in use by another live process (another feltwire start?) / ` +
  `le journal est utilisé par un autre processus vivant (un autre feltwire start ?)`;

/**
 * Takes the data folder's writer lock: SQLite's own exclusive lock on the lock file (a small database of its own,
 * so that the log itself stays readable by `feltwire export` while the service writes it). The lock is the kernel's
 * (a POSIX record lock): it goes with its holder, whatever killed it (SIGKILL, a power cut), and nothing on disk
 * (no pid that another process may carry after a reboot) can keep a restart out. A file there that is not a
 * database (a pid written by an older feltwire) holds no lock: it is emptied in place (the same file, so that two
 * starts doing it at once still meet on one lock) and taken.
 */
export function takeLock(file: string): string {
  const held = heldLocks.get(file);
  if (held) {
    held.count++;
    return file;
  }
  for (let attempt = 0; ; attempt++) {
    let db: Database.Database | null = null;
    try {
      db = new Database(file, { timeout: 0 });
      chmodSync(file, 0o600);
      db.pragma('locking_mode = EXCLUSIVE');
      // no journal file beside it (a page less on a full disk): nothing is ever written here but the lock
      db.pragma('journal_mode = MEMORY');
      // the first write takes SQLite's EXCLUSIVE lock; in exclusive locking mode it is kept until close
      db.exec('BEGIN EXCLUSIVE; COMMIT');
      heldLocks.set(file, { db, count: 1 });
      return file;
    } catch (err) {
      db?.close();
      const code = (err as { code?: string }).code ?? '';
      if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
        throw new StoreError('LOG_BUSY', busyMessage(file), { cause: err });
      if (code === 'SQLITE_NOTADB' && attempt === 0) {
        truncateSync(file, 0);
        continue;
      }
      throw new StoreError('LOG_BUSY', `could not take the log lock ${file}: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }
}

export function releaseLock(file: string): void {
  const held = heldLocks.get(file);
  if (!held) return;
  if (--held.count > 0) return;
  heldLocks.delete(file);
  // closing the connection releases the kernel's lock; the file stays (removing it could let a second writer lock
  // a new file while a third still holds the old one)
  held.db.close();
}

/** what is wrong with a row of the log table (null: it reads back as a record of its kind) */
export function rowProblem(r: Row): ShapeProblem | null {
  if (!Number.isSafeInteger(r.hand)) return { field: 'hand', expected: 'an integer', got: describe(r.hand) };
  if (!Number.isSafeInteger(r.wall)) return { field: 'wall', expected: 'an integer', got: describe(r.wall) };
  let data: unknown;
  try {
    data = JSON.parse(r.data);
  } catch {
    return { field: 'data', expected: 'JSON text', got: describe(r.data) };
  }
  return logRecordProblem(r.kind, data);
}

/** A row read back as a record typed by its kind; StoreError LOG_BAD_RECORD naming its seq and field if it is not
 * one (the row is left as it is). */
export function toRecord(r: Row): LogRecord {
  let data: unknown;
  try {
    data = JSON.parse(r.data);
  } catch (err) {
    throw badRecord(
      'read',
      { seq: r.seq, kind: r.kind, field: 'data', expected: 'JSON text', got: describe(r.data) },
      { cause: err },
    );
  }
  const checked = Number.isSafeInteger(r.hand) && Number.isSafeInteger(r.wall) ? checkedRecord(r.kind, data) : null;
  if (!checked) {
    const p = rowProblem(r) ?? { field: 'data', expected: `a '${r.kind}' record`, got: describe(data) };
    throw badRecord('read', { seq: r.seq, kind: r.kind, ...p });
  }
  return { seq: r.seq, wall: r.wall, hand: r.hand, ...checked };
}

/** the log and its companions readable by the service's user only (it holds every hole card) */
export function privatise(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      chmodSync(f, 0o600);
    } catch {
      // not there (yet)
    }
  }
}

export function walBytes(path: string): number {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

export function lostText(s: LogSalvage): string {
  if (s.note) return `: ${s.note}`;
  if (s.lostSeqs.length === 0) return '';
  const ranges = s.lostSeqs.slice(0, 5).map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`));
  return `: seq ${ranges.join(', ')}${s.lostSeqs.length > 5 ? ', ...' : ''}`;
}

export const SALVAGE_CHUNK = 256;

/**
 * Copies every readable row of a damaged log (the file set aside, with its WAL) into `into`, seq kept. The damaged
 * file is read through a scratch copy, so that what was set aside stays byte for byte as it was found. Ranges of
 * rows are read by rowid; a range that fails is halved until single rows: a damaged page loses its own rows only.
 */
export function salvageInto(damaged: string, into: Database.Database): LogSalvage {
  const scratch = `${damaged}.salvage`;
  const out: LogSalvage = { kept: 0, lost: 0, lostSeqs: [] };
  let src: Database.Database | null = null;
  try {
    copyFileSync(damaged, scratch);
    if (existsSync(`${damaged}-wal`)) copyFileSync(`${damaged}-wal`, `${scratch}-wal`);
    privatise(scratch);
    try {
      src = new Database(scratch, { fileMustExist: true });
      src.prepare('SELECT 1 FROM log LIMIT 0').all();
    } catch (err) {
      out.note = `no table could be read (${(err as Error).message})`;
      return out;
    }
    const db = src;
    try {
      const id = readLogId(db);
      if (id) into.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('log_id', ?)").run(id);
    } catch {
      // the meta page is gone: the fresh log draws its own id
    }
    let max = 0;
    for (const sql of ['SELECT max(seq) AS m FROM log', 'SELECT max(seq) AS m FROM log INDEXED BY log_by_hand']) {
      try {
        max = Math.max(max, db.prepare<[], { m: number | null }>(sql).get()?.m ?? 0);
        break;
      } catch {
        // try the next way
      }
    }
    if (max === 0) {
      // neither the table's right edge nor the index can be read: bound the rows by the file's pages
      try {
        const pages = Number(db.pragma('page_count', { simple: true }));
        const size = Number(db.pragma('page_size', { simple: true }));
        max = Math.ceil((pages * size) / 16);
      } catch {
        max = 0;
      }
    }
    const range = db.prepare<[number, number], Row>(
      'SELECT seq, wall, hand, kind, data FROM log WHERE seq BETWEEN ? AND ? ORDER BY seq',
    );
    const one = db.prepare<[number], Row>('SELECT seq, wall, hand, kind, data FROM log WHERE seq = ?');
    const insert = into.prepare('INSERT INTO log (seq, wall, hand, kind, data) VALUES (?, ?, ?, ?, ?)');
    const lost = (seq: number) => {
      out.lost++;
      const last = out.lostSeqs[out.lostSeqs.length - 1];
      if (last && last[1] === seq - 1) last[1] = seq;
      else out.lostSeqs.push([seq, seq]);
    };
    const keep = (rows: Row[]) => {
      for (const r of rows) {
        // a row that would not read back as a record of its kind is lost here (the file set aside keeps it)
        const ok = rowProblem(r) === null;
        if (!ok) {
          lost(r.seq);
          continue;
        }
        insert.run(r.seq, r.wall, r.hand, r.kind, r.data);
        out.kept++;
      }
    };
    const read = (lo: number, hi: number): void => {
      if (lo === hi) {
        try {
          const r = one.get(lo);
          if (r) keep([r]);
        } catch {
          lost(lo);
        }
        return;
      }
      try {
        keep(range.all(lo, hi));
      } catch {
        const mid = Math.floor((lo + hi) / 2);
        read(lo, mid);
        read(mid + 1, hi);
      }
    };
    into.transaction(() => {
      for (let lo = 1; lo <= max; lo += SALVAGE_CHUNK) read(lo, Math.min(max, lo + SALVAGE_CHUNK - 1));
    })();
    return out;
  } finally {
    src?.close();
    for (const f of [scratch, `${scratch}-wal`, `${scratch}-shm`]) rmSync(f, { force: true });
  }
}
