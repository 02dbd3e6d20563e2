import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { HandEndRecord } from '../../src/session/types.js';
import { LOCK_FILE, LOG_FILE, SqliteEventLog, StoreError } from '../../src/store/index.js';
import { TWO_SEATS } from './helpers.js';

const require = createRequire(import.meta.url);
const dirs: string[] = [];
function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'feltwire-log-'));
  dirs.push(d);
  return d;
}
const quiet = { notify: () => {} };
const TABLE = TWO_SEATS;
/** a hand's end record */
const END: HandEndRecord = { stacks: {}, pots: [], phase: 'complete', board: [] };

/** a log with `hands` hands of `perHand` events each, checkpointed and closed */
function filledLog(dir: string, hands = 20, perHand = 40): number {
  const log = SqliteEventLog.open(dir, quiet);
  for (let h = 1; h <= hands; h++) {
    log.append('hand', h, { config: TABLE });
    for (let i = 0; i < perHand; i++)
      log.append('event', h, { kind: 'chips', t: i * 1000, seat: 1 + (i % 2), chips: [100, 25] });
  }
  const n = hands * (perHand + 1);
  log.checkpoint();
  log.close();
  return n;
}

afterEach(() => {
  dirs.length = 0;
});

describe('SqliteEventLog: append and read', () => {
  it('returns increasing seqs and reads records back in order, from a seq on', () => {
    const log = SqliteEventLog.open(dataDir(), quiet);
    const a = log.append('config', 0, { level: { blinds: [50, 100], bbAnte: 0 } }, 1000);
    const b = log.append('hand', 1, { config: { ...TABLE, button: 3 } }, 2000);
    const c = log.append('event', 1, { kind: 'say', t: 5, seat: 2, say: 'fold' }, 3000);
    expect([b - a, c - b]).toEqual([1, 1]);
    const all = [...log.records()];
    expect(all.map((r) => r.kind)).toEqual(['config', 'hand', 'event']);
    expect(all[2]).toEqual({
      seq: c,
      wall: 3000,
      hand: 1,
      kind: 'event',
      data: { kind: 'say', t: 5, seat: 2, say: 'fold' },
    });
    expect([...log.records(b)].map((r) => r.seq)).toEqual([b, c]);
    expect(log.handRecords(1).map((r) => r.seq)).toEqual([b, c]);
    expect(log.handNumbers()).toEqual([1]);
    expect(log.latest('config')?.data).toEqual({ level: { blinds: [50, 100], bbAnte: 0 } });
    log.close();
  });

  it('keeps what was written across close and reopen, and goes on numbering after it', () => {
    const dir = dataDir();
    const n = filledLog(dir, 3, 5);
    const log = SqliteEventLog.open(dir, quiet);
    expect(log.startup.created).toBe(false);
    expect([...log.records()]).toHaveLength(n);
    expect(log.append('handEnd', 3, END)).toBe(n + 1);
    log.close();
  });

  it('lets a reader append while it iterates (the iterator pages instead of holding the connection)', () => {
    const log = SqliteEventLog.open(dataDir(), quiet);
    for (let i = 0; i < 2500; i++) log.append('event', 1, { kind: 'tick', t: i });
    let seen = 0;
    for (const r of log.records()) {
      seen++;
      if (r.seq === 10) log.append('event', 1, { kind: 'tick', t: 9999 });
    }
    expect(seen).toBe(2501);
    log.close();
  });

  it('lets a read-only reader (feltwire export) read while the service writes, and see later records', () => {
    const dir = dataDir();
    const writer = SqliteEventLog.open(dir, quiet);
    writer.append('hand', 1, { config: TABLE });
    const reader = SqliteEventLog.open(dir, { readonly: true });
    expect([...reader.records()]).toHaveLength(1);
    writer.append('event', 1, { kind: 'tick', t: 5 });
    expect(reader.handRecords(1)).toHaveLength(2);
    expect(() => reader.append('event', 1, { kind: 'tick', t: 6 })).toThrow(StoreError);
    reader.close();
    writer.close();
  });

  it('refuses a second writer process on the same data folder, and takes over the lock of a dead one', async () => {
    const dir = dataDir();
    // another process holding SQLite's exclusive lock on the lock file, as a live writer does
    const holder = `const D = require(${JSON.stringify(require.resolve('better-sqlite3'))});
      const db = new D(${JSON.stringify(join(dir, LOCK_FILE))}, { timeout: 0 });
      db.pragma('locking_mode = EXCLUSIVE'); db.exec('BEGIN EXCLUSIVE; COMMIT');
      process.stdout.write('held'); setInterval(() => {}, 1000);`;
    const other = spawn(process.execPath, ['-e', holder], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => other.stdout?.once('data', () => resolve()));
    const busy = (() => {
      try {
        SqliteEventLog.open(dir, quiet);
      } catch (e) {
        return e;
      }
    })();
    expect(busy).toBeInstanceOf(StoreError);
    expect((busy as StoreError).code).toBe('LOG_BUSY');
    expect((busy as StoreError).message).toContain('in use by another live process');
    await new Promise<void>((resolve) => {
      other.on('exit', () => resolve());
      other.kill('SIGKILL');
    });
    // the writer died (as a service killed with SIGKILL): the kernel dropped its lock
    const log = SqliteEventLog.open(dir, quiet);
    const again = SqliteEventLog.open(dir, quiet); // the same process may open its own log twice
    again.close();
    // still held after one of the two closed: another connection cannot take it
    const probe = new Database(join(dir, LOCK_FILE), { timeout: 0 });
    probe.pragma('locking_mode = EXCLUSIVE');
    expect(() => probe.exec('BEGIN EXCLUSIVE; COMMIT')).toThrow(/locked/);
    log.close();
    // released with the last writer
    probe.exec('BEGIN EXCLUSIVE; COMMIT');
    probe.close();
    // a pid left in the lock file (an older feltwire's lock, a live process on it since) keeps nobody out
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`);
    SqliteEventLog.open(dir, quiet).close();
  });

  it('runs in WAL mode with synchronous=FULL, and the table refuses updates and deletes', () => {
    const dir = dataDir();
    const log = SqliteEventLog.open(dir, quiet);
    log.append('event', 1, { kind: 'tick', t: 1 });
    const other = new Database(join(dir, LOG_FILE));
    expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(() => other.prepare('UPDATE log SET data = ?').run('{}')).toThrow(/append-only/);
    expect(() => other.prepare('DELETE FROM log').run()).toThrow(/append-only/);
    other.close();
    // synchronous is per connection: read ours through the private handle's pragma
    const db = (log as unknown as { db: Database.Database }).db;
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    log.close();
  });

  it('refuses a record with no JSON form with a coded error, and keeps working', () => {
    const log = SqliteEventLog.open(dataDir(), quiet);
    const err = (() => {
      try {
        const big = { kind: 'tick' as const, t: 1, big: 1n };
        log.append('event', 1, big);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe('LOG_BAD_RECORD');
    // @ts-expect-error: a record with no data
    expect(() => log.append('event', 1, undefined)).toThrow(StoreError);
    expect(log.append('event', 1, { kind: 'tick', t: 2 })).toBe(1);
    log.close();
    expect(() => log.append('event', 1, { kind: 'tick', t: 3 })).toThrow(StoreError);
  });

  it('is durable when append returns: a writer killed with SIGKILL loses no acknowledged record', async () => {
    const dir = dataDir();
    const distFile = new URL('../../dist/src/store/index.js', import.meta.url);
    // the writer runs the built store in a child process (npm test builds first)
    expect(existsSync(distFile), 'dist/ is missing: run npm run build').toBe(true);
    const dist = distFile.href;
    const script = `
      const { SqliteEventLog } = await import(${JSON.stringify(dist)});
      const log = SqliteEventLog.open(${JSON.stringify(dir)});
      for (let i = 1; ; i++) { const seq = log.append('event', 1, { kind: 'tick', t: i }); process.stdout.write(seq + '\\n'); }
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let acknowledged = 0;
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const lines = chunk.toString().trim().split('\n');
        acknowledged = Math.max(acknowledged, Number(lines[lines.length - 1]));
        if (acknowledged >= 200 && !child.killed) child.kill('SIGKILL');
      });
      child.on('exit', () => resolve());
    });
    expect(acknowledged).toBeGreaterThanOrEqual(200);
    const log = SqliteEventLog.open(dir, quiet);
    const rows = [...log.records()];
    // every acknowledged record is there, once, in order (at most the one in flight beyond it)
    expect(rows.length).toBeGreaterThanOrEqual(acknowledged);
    expect(rows.length - acknowledged).toBeLessThanOrEqual(1);
    expect(rows.map((r) => r.kind === 'event' && r.data.t)).toEqual(rows.map((_, k) => k + 1));
    log.close();
  });
});

describe('SqliteEventLog: a damaged file at start', () => {
  function keptFiles(dir: string): string[] {
    return readdirSync(dir).filter((f) => f.includes('.bad.sqlite'));
  }

  it('detects a truncated file, keeps it aside untouched, and starts a fresh log', () => {
    const dir = dataDir();
    filledLog(dir, 30, 40);
    const path = join(dir, LOG_FILE);
    const half = Math.floor(statSync(path).size / 2 / 4096) * 4096;
    truncateSync(path, half);
    const messages: string[] = [];
    const log = SqliteEventLog.open(dir, {
      notify: (m) => messages.push(m),
      now: () => new Date('2026-11-30T16:00:00Z'),
    });
    expect(log.startup.setAside?.kind).toBe('truncated');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/truncated.*kept as .*2026-11-30T16-00-00-000Z\.bad\.sqlite.*fresh log/);
    expect(messages[0]).toMatch(/tronqué/);
    const kept = keptFiles(dir);
    expect(kept).toContain('feltwire-log.2026-11-30T16-00-00-000Z.bad.sqlite');
    expect(statSync(join(dir, 'feltwire-log.2026-11-30T16-00-00-000Z.bad.sqlite')).size).toBe(half);
    expect([...log.records()]).toHaveLength(0);
    expect(log.append('event', 1, { kind: 'tick', t: 0 })).toBe(1);
    log.close();
  });

  it('detects a file cut inside its header', () => {
    const dir = dataDir();
    filledLog(dir, 1, 1);
    truncateSync(join(dir, LOG_FILE), 40);
    const log = SqliteEventLog.open(dir, quiet);
    expect(log.startup.setAside?.kind).toBe('truncated');
    expect(log.startup.setAside?.reason).toMatch(/inside the SQLite header/);
    log.close();
  });

  it('detects pages overwritten with garbage (integrity check) and keeps the damaged file', () => {
    const dir = dataDir();
    filledLog(dir, 30, 40);
    const path = join(dir, LOG_FILE);
    const size = statSync(path).size;
    const fd = openSync(path, 'r+');
    const junk = Buffer.alloc(4096 * 3);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) & 0xff;
    writeSync(fd, junk, 0, junk.length, 4096); // pages 2-4: the schema's and the table's first pages
    closeSync(fd);
    const log = SqliteEventLog.open(dir, quiet);
    expect(log.startup.setAside?.kind).toBe('corrupt');
    expect(log.startup.message).toMatch(/corrupt/);
    const kept = keptFiles(dir);
    expect(kept).toHaveLength(1);
    expect(statSync(join(dir, kept[0])).size).toBe(size);
    expect(log.append('event', 1, { kind: 'tick', t: 0 })).toBe(1);
    log.close();
  });

  it('detects a file that is not SQLite, and an SQLite file that is not a feltwire log', () => {
    const dir = dataDir();
    writeFileSync(join(dir, LOG_FILE), 'this is not a database\n'.repeat(400));
    const a = SqliteEventLog.open(dir, quiet);
    expect(a.startup.setAside?.kind).toBe('corrupt');
    expect(a.startup.setAside?.reason).toMatch(/SQLite header/);
    a.close();

    const dir2 = dataDir();
    const other = new Database(join(dir2, LOG_FILE));
    other.exec('CREATE TABLE songs (title TEXT)');
    other.close();
    const b = SqliteEventLog.open(dir2, quiet);
    expect(b.startup.setAside?.kind).toBe('foreign');
    expect(b.startup.setAside?.reason).toMatch(/songs/);
    b.close();
  });

  it('keeps the WAL of a file set aside beside it', () => {
    const dir = dataDir();
    const log = SqliteEventLog.open(dir, quiet);
    for (let i = 0; i < 50; i++) log.append('event', 1, { kind: 'tick', t: i });
    // no checkpoint, no close: the records live in the WAL, as after a crash
    const path = join(dir, LOG_FILE);
    expect(existsSync(`${path}-wal`)).toBe(true);
    writeFileSync(path, Buffer.alloc(8192, 0x55));
    const reopened = SqliteEventLog.open(dir, quiet);
    expect(reopened.startup.setAside?.keptAs.some((f) => f.endsWith('.bad.sqlite-wal'))).toBe(true);
    reopened.close();
    log.close();
  });

  it('read-only opening (an export while the table runs) reports a damaged file and moves nothing', () => {
    const dir = dataDir();
    filledLog(dir, 2, 2);
    truncateSync(join(dir, LOG_FILE), 1000);
    expect(() => SqliteEventLog.open(dir, { readonly: true })).toThrow(/unusable/);
    expect(keptFiles(dir)).toHaveLength(0);
  });
});
