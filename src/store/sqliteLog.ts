// The session's write-ahead log on SQLite (better-sqlite3): one row per record, appended and never changed.
//
// Durability: journal_mode=WAL with synchronous=FULL. In WAL mode, synchronous=NORMAL survives a crash of the
// process (SIGKILL) but not a power cut: commits since the last checkpoint may roll back, because the WAL is only
// fsynced at checkpoints. The table's Raspberry Pi loses power (a dip, a pulled plug), and the log's contract is
// "durable when append() returns", so every commit fsyncs the WAL. The cost is one fsync per record; a table
// writes a few records a second at most (measured by test/store and `feltwire bench`).
//
// A corrupt or truncated file found at open is renamed aside (with its -wal and -shm, so it still opens with
// them), never deleted, and a fresh log starts in its place holding every row that could still be read from it
// (salvaged row by row: a damaged page loses its own rows, not the log); `startup` says what was kept and lost.
// A WAL beside the file is part of it: a file whose header counts more pages than it holds (a checkpoint cut short
// by a full disk) is opened with its WAL and judged by SQLite's integrity check, not set aside on its size.
//
// Storage faults while running (disk full, I/O error, read-only file system) never lose a record silently: the
// record is held in memory (within MAX_PENDING_BYTES), `fault()` says what is wrong, listeners are told (the service
// raises a stop alert on every view and health says so), and the held records are written, in order, as soon as the
// disk takes them again. Past the bound a record is refused with StoreError LOG_STORAGE (the caller does not act on
// it: the dealer holds the table).
//
// Privacy: the log holds every hole card of every hand. The data folder is made 0700 and the log, its WAL and
// shared-memory files 0600 (SQLite creates the -wal and -shm with the database file's mode).
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { EventLog, LogData, LogKind, LogRecord } from '../session/log.js';
import { logRecordProblem } from '../session/logShapes.js';
import { badRecord, StoreError } from './errors.js';
import { checkDatabaseFile } from './fileCheck.js';
import {
  createSchema,
  ensureLogId,
  LOCK_FILE,
  LOG_FILE,
  type LogSalvage,
  moveAside,
  openChecked,
  privatise,
  type Row,
  readLogId,
  releaseLock,
  salvageInto,
  schemaProblem,
  takeLock,
  toRecord,
  walBytes,
} from './sqliteFile.js';
import {
  type LogFault,
  type LogStartup,
  MAX_PENDING_BYTES,
  type OpenOptions,
  startupMessage,
  storageFault,
} from './sqliteLogShapes.js';

export { LOCK_FILE, LOG_FILE, LOG_FORMAT, type LogSalvage } from './sqliteFile.js';

const PAGE = 1000;
const RETRY_MS = 1000;

export class SqliteEventLog implements EventLog {
  readonly path: string;
  readonly startup: LogStartup;
  /** this log's own id: drawn when the log is created (or first opened by a feltwire that knows ids), kept in its
   * meta table. A table id names the table; the log id names this history of it (a fresh SD card is another). */
  readonly logId: string;
  private db: Database.Database | null;
  private lock: string | null = null;
  private readonly insert: Database.Statement<[number, number, number, string, string]> | null;
  private readonly page: Database.Statement<[number, number], Row>;
  private nextSeq: number;
  /** records the disk has not taken yet, in seq order */
  private pending: Row[] = [];
  private pendingBytes = 0;
  private faultState: LogFault | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly faultListeners = new Set<(fault: LogFault | null) => void>();
  private readonly clock: () => number;
  private maxPending = MAX_PENDING_BYTES;

  private constructor(
    path: string,
    db: Database.Database,
    startup: LogStartup,
    readonly: boolean,
    clock: () => number = Date.now,
  ) {
    this.path = path;
    this.db = db;
    this.startup = startup;
    this.clock = clock;
    this.insert = readonly ? null : db.prepare('INSERT INTO log (seq, wall, hand, kind, data) VALUES (?, ?, ?, ?, ?)');
    this.page = db.prepare<[number, number], Row>(
      'SELECT seq, wall, hand, kind, data FROM log WHERE seq >= ? ORDER BY seq LIMIT ?',
    );
    const max = db.prepare<[], { m: number | null }>('SELECT max(seq) AS m FROM log').get();
    this.nextSeq = (max?.m ?? 0) + 1;
    this.logId = readonly ? (readLogId(db) ?? '') : ensureLogId(db);
  }

  /** the storage fault in force (null: the disk takes every record) */
  fault(): LogFault | null {
    return this.faultState ? { ...this.faultState } : null;
  }

  /** told on a fault (and on every change of its backlog) and with null once every held record is on disk */
  onFault(fn: (fault: LogFault | null) => void): () => void {
    this.faultListeners.add(fn);
    return () => this.faultListeners.delete(fn);
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
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
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
      privatise(path);
      let problem = checkDatabaseFile(path);
      // the WAL holds the pages a checkpoint cut short had not written yet: SQLite reads them, the check decides
      if (problem?.kind === 'truncated' && problem.pagesShort && walBytes(path) > 0) problem = null;
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
    if (!db) {
      if (!existsSync(path)) writeFileSync(path, '', { mode: 0o600 });
      privatise(path);
      db = openChecked(path, false, options.synchronous ?? 'FULL');
    }
    createSchema(db);
    let salvage: LogSalvage | undefined;
    if (setAside && setAside.kind !== 'foreign') salvage = salvageInto(setAside.keptAs[0], db);
    privatise(path);
    const message = startupMessage(path, setAside, salvage);
    const startup: LogStartup = { created: !existed || !!setAside, setAside, message };
    if (salvage) startup.salvage = salvage;
    const log = new SqliteEventLog(path, db, startup, false);
    log.lock = lock;
    if (options.maxPendingBytes !== undefined) log.maxPending = options.maxPendingBytes;
    if (message) (options.notify ?? ((m: string) => process.stderr.write(`${m}\n`)))(message);
    return log;
  }

  append<K extends LogKind>(kind: K, hand: number, data: LogData[K], wall: number = Date.now()): number {
    const insert = this.insert;
    if (!insert || !this.db)
      throw new StoreError('LOG_CLOSED', `the event log ${this.path} is open read-only or closed`);
    const seq = this.nextSeq;
    if (!Number.isSafeInteger(hand))
      throw badRecord('write', { seq, kind, field: 'hand', expected: 'an integer', got: String(hand) });
    const problem = logRecordProblem(kind, data);
    if (problem) throw badRecord('write', { seq, kind, ...problem });
    let text: string | undefined;
    try {
      text = JSON.stringify(data);
    } catch (err) {
      throw badRecord(
        'write',
        { seq, kind, field: 'data', expected: 'JSON-serialisable data', got: String(err) },
        { cause: err },
      );
    }
    if (text === undefined)
      throw badRecord('write', { seq, kind, field: 'data', expected: 'data with a JSON form', got: 'nothing' });
    const row: Row = { seq: this.nextSeq, wall: Math.trunc(wall), hand, kind, data: text };
    if (this.pending.length > 0 && !this.flush()) return this.hold(row);
    try {
      // autocommit: one transaction per record, fsynced (synchronous=FULL) before run() returns
      insert.run(row.seq, row.wall, row.hand, row.kind, row.data);
    } catch (err) {
      const kind = storageFault(err);
      if (!kind) throw err;
      this.setFault(err as Error, kind);
      return this.hold(row);
    }
    this.nextSeq++;
    return row.seq;
  }

  /** Writes the held records (one transaction); true when none is left. */
  flush(): boolean {
    const db = this.db;
    const insert = this.insert;
    if (this.pending.length === 0) return true;
    if (!db || !insert) return false;
    try {
      db.transaction((rows: Row[]) => {
        for (const r of rows) insert.run(r.seq, r.wall, r.hand, r.kind, r.data);
      })(this.pending);
    } catch (err) {
      const kind = storageFault(err);
      if (!kind) throw err;
      this.setFault(err as Error, kind);
      return false;
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.faultState = null;
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
    this.tell();
    return true;
  }

  private hold(row: Row): number {
    const bytes = row.data.length + 64;
    const f = this.faultState as LogFault;
    if (this.pendingBytes + bytes > this.maxPending) {
      f.refused++;
      this.tell();
      throw new StoreError(
        'LOG_STORAGE',
        `the event log cannot write (${f.code}: ${f.message}) and ${this.pending.length} records wait in memory; ` +
          'this one is refused: hold the table until the disk is fixed',
      );
    }
    this.pending.push(row);
    this.pendingBytes += bytes;
    this.nextSeq++;
    f.pending = this.pending.length;
    f.pendingBytes = this.pendingBytes;
    this.tell();
    return row.seq;
  }

  private setFault(err: Error, kind: LogFault['kind']): void {
    const code = String((err as { code?: unknown }).code);
    if (!this.faultState) {
      this.faultState = {
        code,
        kind,
        message: err.message,
        since: this.clock(),
        pending: this.pending.length,
        pendingBytes: this.pendingBytes,
        refused: 0,
      };
    } else {
      this.faultState.code = code;
      this.faultState.kind = kind;
      this.faultState.message = err.message;
    }
    if (!this.retryTimer) {
      this.retryTimer = setInterval(() => {
        try {
          this.flush();
        } catch {
          // a non-storage error on retry: kept pending, retried next time
        }
      }, RETRY_MS);
      this.retryTimer.unref();
    }
  }

  private tell(): void {
    const f = this.fault();
    for (const fn of this.faultListeners) fn(f);
  }

  /** Pages through the table so that appending while iterating (the session does) is safe. */
  *records(fromSeq = 0): Iterable<LogRecord> {
    let next = fromSeq;
    for (;;) {
      this.live();
      const rows = this.page.all(next, PAGE);
      for (const r of rows) yield toRecord(r);
      if (rows.length < PAGE) break;
      next = rows[rows.length - 1].seq + 1;
    }
    // records held while the disk refuses them are part of the log (they are written first when it returns)
    for (const r of [...this.pending]) if (r.seq >= next) yield toRecord(r);
  }

  /** the records of one hand, in order */
  handRecords(hand: number): LogRecord[] {
    const rows = this.live()
      .prepare<[number], Row>('SELECT seq, wall, hand, kind, data FROM log WHERE hand = ? ORDER BY seq')
      .all(hand);
    for (const r of this.pending) if (r.hand === hand) rows.push(r);
    return rows.map(toRecord);
  }

  /** hand numbers that have a 'hand' record, ascending */
  handNumbers(): number[] {
    const hands = this.live()
      .prepare<[], { hand: number }>("SELECT DISTINCT hand FROM log WHERE kind = 'hand' ORDER BY hand")
      .all()
      .map((r) => r.hand);
    const extra = this.pending.filter((r) => r.kind === 'hand' && !hands.includes(r.hand)).map((r) => r.hand);
    return extra.length === 0 ? hands : [...new Set([...hands, ...extra])].sort((a, b) => a - b);
  }

  /** the latest record of a kind (e.g. the 'config' in force), or null */
  latest(kind: LogKind): LogRecord | null {
    for (let i = this.pending.length - 1; i >= 0; i--)
      if (this.pending[i].kind === kind) return toRecord(this.pending[i]);
    const r = this.live()
      .prepare<[string], Row>('SELECT seq, wall, hand, kind, data FROM log WHERE kind = ? ORDER BY seq DESC LIMIT 1')
      .get(kind);
    return r ? toRecord(r) : null;
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
    if (this.pending.length > 0) {
      try {
        this.flush();
      } catch {
        // reported below
      }
    }
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
    if (this.pending.length > 0) {
      process.stderr.write(
        `feltwire: closing the event log with ${this.pending.length} records the disk refused (${this.faultState?.code}); ` +
          `they are lost (seq ${this.pending[0].seq}-${this.pending[this.pending.length - 1].seq}) / ` +
          `${this.pending.length} enregistrements refusés par le disque sont perdus\n`,
      );
    }
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
