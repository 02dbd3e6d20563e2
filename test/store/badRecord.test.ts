// A record that is not what its kind says is refused, naming its seq and its field: when written (nothing is
// appended), and when read back from SQLite (a valid log, then one record's JSON rewritten with better-sqlite3, its
// append-only trigger lifted for that). The service says so and loses nothing: a start on such a log is refused
// with the record named and the file left as it was (as today's start refuses a record whose JSON does not parse);
// a running service answers the routes that read the record with the code and keeps running.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { TableConfig, TableEvent } from '../../src/engine/types.js';
import { startLive } from '../../src/server/live.js';
import { MemoryLog, SessionError } from '../../src/session/index.js';
import { HandArchive, LOG_FILE, SqliteEventLog, StoreError } from '../../src/store/index.js';
import { LOGS } from '../fixtures.js';
import { TWO_SEATS } from './helpers.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const quiet = { notify: () => {} };
/** seq 189 of the fixture: hand 3's first hole card, `{"kind":"cardAt","card":"7h","zone":"seat4",...}` */
const SEQ = 189;
const GOOD = '{"kind":"cardAt","card":"7h","zone":"seat4","face":"down","t":619}';
const TABLE = TWO_SEATS;

/** a valid log (the one main of 2026-12-02 wrote: 8 hands) in a folder of its own */
function validLog(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feltwire-badrec-'));
  for (const f of [LOG_FILE, 'table.json']) cpSync(join(LOGS, 'main-2026-12-02', f), join(dir, f));
  return dir;
}

/** rewrites one record's JSON as a hand editing the file would (the table refuses updates: its trigger is lifted) */
function rewrite(dir: string, seq: number, data: string): void {
  const db = new Database(join(dir, LOG_FILE));
  try {
    const trigger = db
      .prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'log_no_update'")
      .get();
    if (!trigger) throw new Error('no log_no_update trigger');
    db.exec('DROP TRIGGER log_no_update');
    db.prepare('UPDATE log SET data = ? WHERE seq = ?').run(data, seq);
    db.exec(trigger.sql);
  } finally {
    db.close();
  }
}

/** every row as the file holds it */
function rows(dir: string): unknown[] {
  const db = new Database(join(dir, LOG_FILE), { readonly: true });
  try {
    return db.prepare('SELECT seq, wall, hand, kind, data FROM log ORDER BY seq').all();
  } finally {
    db.close();
  }
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
}

function expectBadRecord(err: unknown, seq: number, field: string): void {
  expect(err).toBeInstanceOf(StoreError);
  const e = err as StoreError;
  expect(e.code).toBe('LOG_BAD_RECORD');
  expect(e.record).toMatchObject({ seq, field });
  expect(e.message).toContain(`record ${seq} `);
  expect(e.message).toContain(field);
}

describe('a record read back from SQLite that is not what its kind says', () => {
  it('is refused with LOG_BAD_RECORD naming its seq and field, by every reader; the row is left as it was', () => {
    const dir = validLog();
    rewrite(dir, SEQ, GOOD.replace('"7h"', '42'));
    const before = rows(dir);
    const log = SqliteEventLog.open(dir, { readonly: true });
    try {
      expectBadRecord(
        thrown(() => [...log.records()]),
        SEQ,
        'data.card',
      );
      expect((thrown(() => [...log.records()]) as StoreError).message).toMatch(/expected a string, got number 42/);
      expectBadRecord(
        thrown(() => log.handRecords(3)),
        SEQ,
        'data.card',
      );
      // the other hands read as before
      expect(log.handRecords(2).length).toBeGreaterThan(50);
      expect([...log.records(SEQ + 1)].length).toBeGreaterThan(500);
      expect(log.latest('handEnd')?.hand).toBe(8);
    } finally {
      log.close();
    }
    expect(rows(dir)).toEqual(before);
  });

  it('names the field for a record of another kind, and `data` for JSON that does not parse', () => {
    const dir = validLog();
    const db = new Database(join(dir, LOG_FILE), { readonly: true });
    const roster = db.prepare<[], { seq: number; data: string }>(
      "SELECT seq, data FROM log WHERE kind = 'config' AND data LIKE '%\"short\"%'",
    );
    const short = roster.get();
    db.close();
    if (!short) throw new Error('the fixture has a short-name record');
    rewrite(dir, short.seq, short.data.replace('"seat":2', '"seat":"two"'));
    rewrite(dir, SEQ, GOOD.slice(0, 40));
    const log = SqliteEventLog.open(dir, { readonly: true });
    try {
      expectBadRecord(
        thrown(() => [...log.records()]),
        short.seq,
        'data.roster.seat',
      );
      expectBadRecord(
        thrown(() => [...log.records(short.seq + 1)]),
        SEQ,
        'data',
      );
      expect((thrown(() => [...log.records(short.seq + 1)]) as StoreError).message).toMatch(/expected JSON text/);
    } finally {
      log.close();
    }
    // the exports say so too (feltwire export reads the log read-only)
    const archive = (() => {
      try {
        return HandArchive.open(dir);
      } catch (err) {
        return err;
      }
    })();
    expectBadRecord(archive, short.seq, 'data.roster.seat');
  });
});

describe('a record written that is not what its kind says', () => {
  it('is refused before it is appended, naming the seq it would have had and its field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-badrec-'));
    const log = SqliteEventLog.open(dir, quiet);
    try {
      log.append('hand', 1, { config: TABLE });
      const bad = { kind: 'cardAt', t: 5, card: 'As', zone: 'table', face: 'down' } as unknown as TableEvent;
      expectBadRecord(
        thrown(() => log.append('event', 1, bad)),
        2,
        'data.zone',
      );
      const noSeats = { config: { ...TABLE, seats: { one: 100 } } } as unknown as { config: TableConfig };
      expectBadRecord(
        thrown(() => log.append('hand', 2, noSeats)),
        2,
        'data.config.seats.one',
      );
      expect(log.append('event', 1, { kind: 'tick', t: 6 })).toBe(2);
      expect([...log.records()].map((r) => r.kind)).toEqual(['hand', 'event']);
    } finally {
      log.close();
    }
    // the memory log (tests, the simulator) refuses it the same way, with the session's error
    const mem = new MemoryLog();
    const err = thrown(() =>
      mem.append('event', 1, { kind: 'say', t: 1, seat: 2, say: 'shove' } as unknown as TableEvent),
    );
    expect(err).toBeInstanceOf(SessionError);
    expect((err as SessionError).code).toBe('LOG_BAD_RECORD');
    expect((err as SessionError).message).toMatch(/record 1 .*data\.say/);
    expect([...mem.records()]).toHaveLength(0);
  });
});

describe('the service on a log holding a bad record', () => {
  const options = (dataDir: string) => ({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    broadcastDelayMs: 0,
    webRoot: null,
    table: TABLE,
    source: null,
    equity: null,
    say: () => {},
  });

  it('refuses to start, naming the record, and loses nothing: the row put back, the same log starts as it was', async () => {
    const dir = validLog();
    rewrite(dir, SEQ, GOOD.replace('"seat4"', '"seat 4"'));
    const before = rows(dir);
    const err = await startLive(options(dir)).then(
      () => null,
      (e: unknown) => e,
    );
    expectBadRecord(err, SEQ, 'data.zone');
    expect(rows(dir)).toEqual(before);
    // the log was let go (its lock too): repaired, it opens in this same process and recovers every hand
    rewrite(dir, SEQ, GOOD);
    const live = await startLive(options(dir));
    try {
      expect(live.session.handNo).toBe(8);
      expect(live.session.snapshot().hand.stacks).toEqual({ 1: 40100, 2: 9200, 3: 675, 4: 3025, 5: 5850, 6: 1150 });
    } finally {
      await live.close();
    }
  });

  it('feltwire start says which record and which field, and exits 1', () => {
    const bin = join(ROOT, 'bin/feltwire.js');
    expect(existsSync(join(ROOT, 'dist/src/cli/main.js')), 'dist/ is missing: run npm run build').toBe(true);
    const dir = validLog();
    rewrite(dir, SEQ, GOOD.replace('"down"', '"sideways"'));
    const run = spawnSync(process.execPath, [bin, 'start', '--data', dir, '--port', '0', '--host', '127.0.0.1'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^feltwire start: the event log's record 189 \('event'\) is not what its kind says: data\.face: expected "up" or "down", got string "sideways"; the log was left as it is/,
    );
  });

  it('running, answers the routes that read it with LOG_BAD_RECORD and goes on serving the table', async () => {
    const dir = validLog();
    const live = await startLive(options(dir));
    try {
      // the file changed under the running service (a hand editing it, a bit flipped in a page that still parses)
      rewrite(dir, SEQ, GOOD.replace('619', '"late"'));
      const floor = { authorization: `Bearer ${live.tokens.tokenOf('floor')}` };
      const bad = await fetch(`${live.url}/api/hands/3/steps`, { headers: floor });
      expect(bad.status).toBe(500);
      const body = (await bad.json()) as { error: string; message: string };
      expect(body.error).toBe('LOG_BAD_RECORD');
      expect(body.message).toMatch(/record 189 \('event'\).*data\.t: expected a finite number, got string "late"/);
      const good = await fetch(`${live.url}/api/hands/2/steps`, { headers: floor });
      expect(good.status, await good.clone().text()).toBe(200);
      expect(((await good.json()) as { steps: unknown[] }).steps).toHaveLength(82);
      // the hand list still answers: the index passes over the record it cannot read
      const list = await fetch(`${live.url}/api/hands`, { headers: floor });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { hands: { handNo: number }[] }).hands.map((h) => h.handNo)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
      expect((await fetch(`${live.url}/api/health`)).status).toBe(200);
      // the table goes on: the next hand is shuffled and logged
      live.session.ingest({ kind: 'dealer', button: 'shuffle' });
      expect(live.session.handNo).toBe(9);
      expect(live.session.snapshot().handStartWall).not.toBeNull();
    } finally {
      await live.close();
    }
  });
});
