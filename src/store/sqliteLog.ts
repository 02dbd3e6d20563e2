// The session's write-ahead log on SQLite (better-sqlite3): one row per record, appended and never changed.
//
// Durability: journal_mode=WAL with synchronous=FULL. In WAL mode, synchronous=NORMAL survives a crash of the
// process (SIGKILL) but not a power cut: commits since the last checkpoint may roll back, because the WAL is only
// fsynced at checkpoints. The table's Raspberry Pi loses power (a dip, a pulled plug), and the log's contract is
// "durable when append() returns", so every commit fsyncs the WAL. The cost is one fsync per record; a table
// writes a few records a second at most (measured by test/store and `feltwire bench`).
//
// A corrupt or truncated file found at open is renamed aside (with its -wal and -shm, so it still opens with
// them), never deleted, and a fresh log starts in its place; `startup` says what happened.

import { existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EventLog, LogKind, LogRecord } from '../session/log.js';
import { StoreError } from './errors.js';
import { checkDatabaseFile } from './fileCheck.js';

export const LOG_FILE = 'feltwire-log.sqlite';
/** holds the writer's pid: two services on one data folder would interleave their hands in one log */
export const LOCK_FILE = 'feltwire-log.lock';
/** bumped when the table layout changes; a newer file is refused, never rewritten */
export const LOG_FORMAT = 1;

const KINDS: readonly LogKind[] = ['hand', 'event', 'tableAlert', 'config', 'handEnd'];

export interface LogStartup {
  /** the file was created by this open */
  created: boolean;
  /** set when the file found was unusable and moved aside */
  setAside?: { kind: 'corrupt' | 'truncated' | 'foreign'; reason: string; keptAs: string[] };
  /** one line for the operator, English then French; empty when nothing happened worth saying */
  message: string;
}

export interface OpenOptions {
  /** open for reading only (exports while the service runs): never creates, never moves a file aside */
  readonly?: boolean;
  /** where the startup message goes (default: stderr when a file was set aside) */
  notify?: (message: string) => void;
  /** the clock used to name a file set aside (tests) */
  now?: () => Date;
  /** FULL (default): fsync per record. NORMAL is for bulk loads only (tests, imports): it survives a crash of the
   * process but not a power cut, so the service never sets it. */
  synchronous?: 'FULL' | 'NORMAL';
}

interface Row {
  seq: number;
  wall: number;
  hand: number;
  kind: string;
  data: string;
}

const PAGE = 1000;

export class SqliteEventLog implements EventLog {
  readonly path: string;
  readonly startup: LogStartup;
  private db: Database.Database | null;
  private lock: string | null = null;
  private readonly insert: Database.Statement<[number, number, string, string]> | null;
  private readonly page: Database.Statement<[number, number], Row>;

  private constructor(path: string, db: Database.Database, startup: LogStartup, readonly: boolean) {
    this.path = path;
    this.db = db;
    this.startup = startup;
    this.insert = readonly ? null : db.prepare('INSERT INTO log (wall, hand, kind, data) VALUES (?, ?, ?, ?)');
    this.page = db.prepare<[number, number], Row>(
      'SELECT seq, wall, hand, kind, data FROM log WHERE seq >= ? ORDER BY seq LIMIT ?',
    );
  }

  /** Opens (or creates) the log in the data folder `dir`. */
  static open(dir: string, options: OpenOptions = {}): SqliteEventLog {
    const path = join(dir, LOG_FILE);
    if (options.readonly) {
      if (!existsSync(path)) throw new StoreError('LOG_CORRUPT', `no event log at ${path}`);
      const problem = checkDatabaseFile(path);
      if (problem) throw new StoreError('LOG_CORRUPT', `the event log ${path} is unusable: ${problem.reason}`);
      const db = openChecked(path, true, 'FULL');
      const foreign = schemaProblem(db);
      if (foreign) {
        db.close();
        throw new StoreError('LOG_FOREIGN', `${path} is not a feltwire event log: ${foreign}`);
      }
      return new SqliteEventLog(path, db, { created: false, message: '' }, true);
    }
    mkdirSync(dir, { recursive: true });
    const lock = takeLock(join(dir, LOCK_FILE));
    try {
      return SqliteEventLog.openWriter(path, lock, options);
    } catch (err) {
      releaseLock(lock);
      throw err;
    }
  }

  private static openWriter(path: string, lock: string, options: OpenOptions): SqliteEventLog {
    let setAside: LogStartup['setAside'];
    let db: Database.Database | null = null;
    const existed = existsSync(path);
    if (existed) {
      const problem = checkDatabaseFile(path);
      let kind: 'corrupt' | 'truncated' | 'foreign' | null = problem
        ? problem.kind === 'truncated'
          ? 'truncated'
          : 'corrupt'
        : null;
      let reason = problem?.reason ?? '';
      if (!kind) {
        try {
          db = openChecked(path, false, options.synchronous ?? 'FULL');
          const foreign = schemaProblem(db);
          if (foreign) {
            kind = 'foreign';
            reason = foreign;
          }
        } catch (err) {
          kind = 'corrupt';
          reason = err instanceof StoreError ? err.message : String(err);
        }
        if (kind && db) {
          db.close();
          db = null;
        }
      }
      if (kind) setAside = { kind, reason, keptAs: moveAside(path, (options.now ?? (() => new Date()))()) };
    }
    if (!db) db = openChecked(path, false, options.synchronous ?? 'FULL');
    createSchema(db);
    const message = setAside
      ? `feltwire: the event log ${path} is ${setAside.kind === 'foreign' ? 'not a feltwire log' : setAside.kind} ` +
        `(${setAside.reason}); it was kept as ${setAside.keptAs[0]} and a fresh log was started. / ` +
        `feltwire : le journal ${path} est ${FR_KIND[setAside.kind]} (${setAside.reason}) ; il est conservé sous ` +
        `${setAside.keptAs[0]} et un nouveau journal a été ouvert.`
      : '';
    const log = new SqliteEventLog(path, db, { created: !existed || !!setAside, setAside, message }, false);
    log.lock = lock;
    if (message) (options.notify ?? ((m: string) => process.stderr.write(`${m}\n`)))(message);
    return log;
  }

  append(kind: LogKind, hand: number, data: unknown, wall: number = Date.now()): number {
    const insert = this.insert;
    if (!insert || !this.db)
      throw new StoreError('LOG_CLOSED', `the event log ${this.path} is open read-only or closed`);
    if (!KINDS.includes(kind)) throw new StoreError('LOG_BAD_RECORD', `unknown record kind '${String(kind)}'`);
    if (!Number.isInteger(hand)) throw new StoreError('LOG_BAD_RECORD', `hand number ${hand} is not an integer`);
    let text: string | undefined;
    try {
      text = JSON.stringify(data);
    } catch (err) {
      throw new StoreError('LOG_BAD_RECORD', `a '${kind}' record is not JSON-serialisable`, { cause: err });
    }
    if (text === undefined) throw new StoreError('LOG_BAD_RECORD', `a '${kind}' record has no JSON form`);
    // autocommit: one transaction per record, fsynced (synchronous=FULL) before run() returns
    return Number(insert.run(Math.trunc(wall), hand, kind, text).lastInsertRowid);
  }

  /** Pages through the table so that appending while iterating (the session does) is safe. */
  *records(fromSeq = 0): Iterable<LogRecord> {
    let next = fromSeq;
    for (;;) {
      this.live();
      const rows = this.page.all(next, PAGE);
      for (const r of rows)
        yield { seq: r.seq, wall: r.wall, hand: r.hand, kind: r.kind as LogKind, data: JSON.parse(r.data) };
      if (rows.length < PAGE) return;
      next = rows[rows.length - 1].seq + 1;
    }
  }

  /** the records of one hand, in order */
  handRecords(hand: number): LogRecord[] {
    const rows = this.live()
      .prepare<[number], Row>('SELECT seq, wall, hand, kind, data FROM log WHERE hand = ? ORDER BY seq')
      .all(hand);
    return rows.map((r) => ({
      seq: r.seq,
      wall: r.wall,
      hand: r.hand,
      kind: r.kind as LogKind,
      data: JSON.parse(r.data),
    }));
  }

  /** hand numbers that have a 'hand' record, ascending */
  handNumbers(): number[] {
    return this.live()
      .prepare<[], { hand: number }>("SELECT DISTINCT hand FROM log WHERE kind = 'hand' ORDER BY hand")
      .all()
      .map((r) => r.hand);
  }

  /** the latest record of a kind (e.g. the 'config' in force), or null */
  latest(kind: LogKind): LogRecord | null {
    const r = this.live()
      .prepare<[string], Row>('SELECT seq, wall, hand, kind, data FROM log WHERE kind = ? ORDER BY seq DESC LIMIT 1')
      .get(kind);
    return r ? { seq: r.seq, wall: r.wall, hand: r.hand, kind: r.kind as LogKind, data: JSON.parse(r.data) } : null;
  }

  /** bytes on disk: the database file plus its WAL */
  sizeOnDisk(): { pages: number; pageSize: number; bytes: number } {
    const db = this.live();
    const pages = Number(db.pragma('page_count', { simple: true }));
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    return { pages, pageSize, bytes: pages * pageSize };
  }

  /** folds the WAL into the database file (the service calls it on a clean shutdown) */
  checkpoint(): void {
    this.live().pragma('wal_checkpoint(TRUNCATE)');
  }

  close(): void {
    if (!this.db) return;
    this.db.close();
    this.db = null;
    if (this.lock) releaseLock(this.lock);
    this.lock = null;
  }

  private live(): Database.Database {
    if (!this.db) throw new StoreError('LOG_CLOSED', `the event log ${this.path} is closed`);
    return this.db;
  }
}

const FR_KIND = { corrupt: 'corrompu', truncated: 'tronqué', foreign: "n'est pas un journal feltwire" } as const;

function openChecked(path: string, readonly: boolean, synchronous: 'FULL' | 'NORMAL'): Database.Database {
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
function schemaProblem(db: Database.Database): string | null {
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

function createSchema(db: Database.Database): void {
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

/** renames the file and its -wal/-shm companions aside, keeping SQLite's pairing of names */
function moveAside(path: string, now: Date): string[] {
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

/** writers of this process per lock file (a process may open its own log twice: tests, the archive) */
const heldLocks = new Map<string, number>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data folder's writer lock; a lock left by a dead process (a SIGKILL, a power cut) is taken over. */
function takeLock(file: string): string {
  const held = heldLocks.get(file);
  if (held) {
    heldLocks.set(file, held + 1);
    return file;
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      heldLocks.set(file, 1);
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
      throw new StoreError(
        'LOG_BUSY',
        `the event log in ${file.replace(/\/[^/]*$/, '')} is in use by process ${pid} (another feltwire start?) / ` +
          `le journal est utilisé par le processus ${pid} (un autre feltwire start ?)`,
      );
    }
    unlinkSync(file); // stale: its writer is gone
  }
  throw new StoreError('LOG_BUSY', `could not take the log lock ${file}`);
}

function releaseLock(file: string): void {
  const held = heldLocks.get(file) ?? 0;
  if (held > 1) {
    heldLocks.set(file, held - 1);
    return;
  }
  heldLocks.delete(file);
  try {
    if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) unlinkSync(file);
  } catch {
    // already gone
  }
}
