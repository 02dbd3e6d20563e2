// The event log under storage faults and damage, on real files: a full file system (a real tmpfs of 1 MiB when this
// process may mount one; else SQLite's own page limit, which fails the same way with SQLITE_FULL), a checkpoint cut
// short with its WAL intact, one corrupt page with every other row counted back, and the files' modes.
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE, LOG_FILE, SqliteEventLog, StoreError } from '../../src/store/index.js';
import type { LogFault } from '../../src/store/sqliteLogShapes.js';
import { TWO_SEATS } from './helpers.js';
import { smallFs } from './smallFs.js';

const quiet = { notify: () => {} };
/** a record padded to a size (a field its kind does not read is kept as written) */
const padded = <T extends object>(record: T, pad: object): T => ({ ...record, ...pad });
const TABLE = TWO_SEATS;
const cleanup: Array<() => void> = [];
afterAll(() => {
  for (const fn of cleanup.reverse()) fn();
});
const dataDir = () => mkdtempSync(join(tmpdir(), 'feltwire-faults-'));
const mode = (p: string) => statSync(p).mode & 0o777;

describe('file modes', () => {
  it('data folder 0700, log, WAL, shared memory and lock 0600, also when found wider', () => {
    const prev = process.umask(0o022);
    try {
      const dir = join(dataDir(), 'data');
      const log = SqliteEventLog.open(dir, quiet);
      log.append('event', 1, { kind: 'tick', t: 0 });
      expect(mode(dir)).toBe(0o700);
      for (const f of [LOG_FILE, `${LOG_FILE}-wal`, `${LOG_FILE}-shm`, LOCK_FILE])
        expect(mode(join(dir, f)), f).toBe(0o600);
      log.close();
      // an older install: folder 755, files 644
      chmodSync(dir, 0o755);
      for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o644);
      const again = SqliteEventLog.open(dir, quiet);
      again.append('event', 1, { kind: 'tick', t: 1 });
      expect(mode(dir)).toBe(0o700);
      for (const f of readdirSync(dir)) expect(mode(join(dir, f)), f).toBe(0o600);
      again.close();
    } finally {
      process.umask(prev);
    }
  });
});

describe('a full disk', () => {
  it('holds every record in memory, says so, and writes them all once space returns', async () => {
    const fs = smallFs(1024 * 1024, cleanup);
    const dir = fs ? join(fs, 'data') : dataDir();
    const filler = fs ? join(fs, 'filler') : '';
    if (fs) {
      mkdirSync(dir);
      // leave ~160 KiB free
      writeFileSync(filler, Buffer.alloc(1024 * 1024 - 160 * 1024));
    }
    const log = SqliteEventLog.open(dir, quiet);
    const raw = (log as unknown as { db: Database.Database }).db;
    if (!fs) raw.pragma(`max_page_count = ${Number(raw.pragma('page_count', { simple: true })) + 30}`);
    const faults: Array<LogFault | null> = [];
    log.onFault((f) => faults.push(f));
    const body = 'x'.repeat(900);
    const written: number[] = [];
    let n = 0;
    while (log.fault() === null && n < 5000)
      written.push(log.append('event', 1, padded({ kind: 'tick', t: n++ }, { body })));
    expect(log.fault(), 'the disk never filled').not.toBeNull();
    const fault = log.fault() as LogFault;
    expect(fault.kind).toBe('full');
    expect(fault.code).toBe('SQLITE_FULL');
    // the table goes on: 100 more records, none refused, all readable in order now
    for (let i = 0; i < 100; i++) written.push(log.append('event', 1, padded({ kind: 'tick', t: n++ }, { body })));
    expect(log.fault()?.pending).toBeGreaterThan(100);
    expect(log.fault()?.refused).toBe(0);
    expect([...log.records()].map((r) => r.seq)).toEqual(written);
    expect(written).toEqual(written.map((_, i) => i + 1));
    // space returns
    if (fs) rmSync(filler);
    else raw.pragma('max_page_count = 1000000');
    // the retry timer (1 s) writes them without a new append
    await vi.waitFor(() => expect(log.fault()).toBeNull(), { timeout: 3000, interval: 20 });
    expect(faults[faults.length - 1]).toBeNull();
    log.append('event', 1, padded({ kind: 'tick', t: n++ }, { body }));
    log.close();
    const back = SqliteEventLog.open(dir, quiet);
    const recs = [...back.records()];
    expect(recs).toHaveLength(written.length + 1);
    expect(recs.map((r) => (r.data as { t: number }).t)).toEqual(recs.map((_, i) => i));
    expect(back.startup.setAside).toBeUndefined();
    back.close();
  });

  it('a log turned read-only under the service: the fault says so, the records wait, and are written back', () => {
    // (a file system cannot be remounted read-only while the log is open for writing, so SQLite's own switch
    // stands for it here: the same SQLITE_READONLY the service would meet)
    const dir = dataDir();
    const log = SqliteEventLog.open(dir, quiet);
    const raw = (log as unknown as { db: Database.Database }).db;
    for (let i = 0; i < 10; i++) log.append('event', 1, { kind: 'tick', t: i });
    raw.pragma('query_only = 1');
    for (let i = 10; i < 40; i++) log.append('event', 1, { kind: 'tick', t: i });
    const f = log.fault();
    expect(f).not.toBeNull();
    expect(['readonly', 'io']).toContain(f?.kind);
    expect(f?.pending).toBe(30);
    raw.pragma('query_only = 0');
    expect(log.flush()).toBe(true);
    expect(log.fault()).toBeNull();
    log.close();
    const back = SqliteEventLog.open(dir, quiet);
    expect([...back.records()].map((r) => (r.data as { t: number }).t)).toEqual(
      Array.from({ length: 40 }, (_, i) => i),
    );
    back.close();
  });

  it('past its bound a record is refused with LOG_STORAGE (the caller holds), the held ones are kept', () => {
    const dir = dataDir();
    const log = SqliteEventLog.open(dir, { ...quiet, maxPendingBytes: 20_000 });
    const raw = (log as unknown as { db: Database.Database }).db;
    raw.pragma(`max_page_count = ${Number(raw.pragma('page_count', { simple: true })) + 2}`);
    const body = 'y'.repeat(1000);
    let refused: unknown = null;
    let held = 0;
    for (let i = 0; i < 200 && !refused; i++) {
      try {
        log.append('event', 1, padded({ kind: 'tick', t: i }, { body }));
        if (log.fault()) held++;
      } catch (err) {
        refused = err;
      }
    }
    expect(refused).toBeInstanceOf(StoreError);
    expect((refused as StoreError).code).toBe('LOG_STORAGE');
    expect(log.fault()?.refused).toBe(1);
    raw.pragma('max_page_count = 1000000');
    expect(log.flush()).toBe(true);
    const count = [...log.records()].length;
    log.close();
    const back = SqliteEventLog.open(dir, quiet);
    expect([...back.records()]).toHaveLength(count);
    expect(held).toBeGreaterThan(5);
    back.close();
  });
});

describe('a damaged log is salvaged row by row', () => {
  function fill(dir: string, hands: number, perHand: number): number {
    const log = SqliteEventLog.open(dir, { ...quiet, synchronous: 'NORMAL' });
    let n = 0;
    for (let h = 1; h <= hands; h++) {
      log.append('hand', h, { config: TABLE });
      n++;
      for (let i = 0; i < perHand; i++) {
        log.append('event', h, padded({ kind: 'chips', t: i * 1000, seat: 1 + (i % 2), chips: [100, 25] }, { n }));
        n++;
      }
    }
    log.checkpoint();
    log.close();
    return n;
  }

  it('one corrupt 4 KiB page loses only its own rows; every other row is kept, the loss is reported', () => {
    const dir = dataDir();
    const total = fill(dir, 80, 140);
    const path = join(dir, LOG_FILE);
    const before = new Database(path, { readonly: true });
    const original = before.prepare('SELECT seq, data FROM log ORDER BY seq').all() as Array<{
      seq: number;
      data: string;
    }>;
    const leaves = before
      .prepare("SELECT pageno, ncell FROM dbstat WHERE name = 'log' AND pagetype = 'leaf' ORDER BY pageno")
      .all() as Array<{ pageno: number; ncell: number }>;
    const pageSize = Number(before.pragma('page_size', { simple: true }));
    before.close();
    expect(original).toHaveLength(total);
    const victim = leaves[Math.floor(leaves.length / 2)];
    const fd = openSync(path, 'r+');
    const junk = Buffer.alloc(pageSize);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) & 0xff;
    writeSync(fd, junk, 0, junk.length, (victim.pageno - 1) * pageSize);
    closeSync(fd);
    const damaged = readFileSync(path);

    const messages: string[] = [];
    const log = SqliteEventLog.open(dir, { notify: (m) => messages.push(m) });
    expect(log.startup.setAside?.kind).toBe('corrupt');
    const s = log.startup.salvage;
    expect(s).toBeDefined();
    expect(s?.lost).toBe(victim.ncell);
    expect(s?.kept).toBe(total - victim.ncell);
    expect(s?.lostSeqs).toHaveLength(1);
    expect(messages[0]).toMatch(
      new RegExp(`with the ${total - victim.ncell} rows that could be read \\(${victim.ncell} lost: seq \\d+-\\d+\\)`),
    );
    expect(messages[0]).toMatch(/lignes lisibles/);
    const kept = new Map([...log.records()].map((r) => [r.seq, JSON.stringify(r.data)]));
    expect(kept.size).toBe(total - victim.ncell);
    const [lo, hi] = s?.lostSeqs[0] ?? [0, 0];
    const want = original
      .filter((row) => row.seq < lo || row.seq > hi)
      .map((row) => [row.seq, JSON.stringify(JSON.parse(row.data))]);
    expect([...kept.entries()]).toEqual(want);
    expect(hi - lo + 1).toBe(victim.ncell);
    // the log goes on after the salvaged rows; the damaged file is kept aside as found
    expect(log.append('event', 81, { kind: 'tick', t: 0 })).toBe(total + 1);
    log.close();
    const aside = readdirSync(dir).find((f) => f.endsWith('.bad.sqlite'));
    expect(readFileSync(join(dir, aside as string))).toEqual(damaged);
  });

  it('a checkpoint cut short by a full disk (header counts pages the file lacks, WAL intact): every record read', () => {
    const dir = dataDir();
    fill(dir, 3, 20);
    const log = SqliteEventLog.open(dir, quiet);
    for (let i = 0; i < 176; i++)
      log.append('event', 4, padded({ kind: 'chips', t: i, seat: 1, chips: [500] }, { pad: 'z'.repeat(300) }));
    const expected = [...log.records()].map((r) => JSON.stringify(r));
    expect(expected).toHaveLength(239);
    // as after a crash with the WAL unmerged; then page 1 of the file claims the size the WAL gives it
    const path = join(dir, LOG_FILE);
    const wal = readFileSync(`${path}-wal`);
    const shm = readFileSync(`${path}-shm`);
    const file = readFileSync(path);
    log.close(); // (closing checkpoints nothing: we put the crash state back below)
    writeFileSync(`${path}-wal`, wal);
    writeFileSync(`${path}-shm`, shm);
    const pages = file.length / 4096;
    file.writeUInt32BE(pages + 12, 28);
    file.writeUInt32BE(file.readUInt32BE(24), 92);
    writeFileSync(path, file);
    const back = SqliteEventLog.open(dir, quiet);
    expect(back.startup.setAside).toBeUndefined();
    expect([...back.records()].map((r) => JSON.stringify(r))).toEqual(expected);
    back.close();
  });
});
