// The archive routes answer from an index kept as the log grows: the work per request is the records appended since
// the last one (counted here through the log's own iterator), whatever the length of the log; the index says what a
// full re-read (HandArchive.list) says.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableConfig } from '../../src/engine/types.js';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import type { EventLog, LogRecord } from '../../src/session/log.js';
import { TableSession } from '../../src/session/TableSession.js';
import { ArchiveIndex } from '../../src/store/archiveIndex.js';
import { HandArchive, SqliteEventLog } from '../../src/store/index.js';
import { CONFIG, fakeEngine } from '../session/fakeEngine.js';

/** the SQLite log, counting the records its iterator hands out (a full re-read shows as the log's length) */
class CountingLog implements EventLog {
  read = 0;
  constructor(readonly inner: SqliteEventLog) {}
  append(...a: Parameters<EventLog['append']>): number {
    return this.inner.append(...a);
  }
  *records(fromSeq?: number): Iterable<LogRecord> {
    for (const r of this.inner.records(fromSeq)) {
      this.read++;
      yield r;
    }
  }
  handRecords(hand: number): LogRecord[] {
    return this.inner.handRecords(hand);
  }
  handNumbers(): number[] {
    return this.inner.handNumbers();
  }
  close(): void {
    this.inner.close();
  }
}

function fill(log: EventLog, hands: number, first = 1): void {
  const cfg: TableConfig = { ...CONFIG, button: 1 };
  for (let h = first; h < first + hands; h++) {
    const wall = 1_000_000 + h * 10_000;
    log.append('hand', h, { config: cfg }, wall);
    if (h % 7 === 0) log.append('hand', h, { config: { ...cfg, blinds: [100, 200] } }, wall + 1); // a level change
    if (h % 11 === 0) continue; // never dealt
    log.append('event', h, { kind: 'dealer', button: 'shuffle', t: 0 }, wall + 5);
    for (let i = 1; i <= 6; i++) log.append('event', h, { kind: 'tick', t: i * 100 }, wall + 5 + i * 100);
    if (h % 5 !== 0) log.append('handEnd', h, { stacks: {}, pots: [], phase: 'complete', board: [] }, wall + 900);
  }
}

let app: FastifyInstance | null = null;
let session: TableSession | null = null;
afterEach(async () => {
  await app?.close();
  session?.close();
  app = session = null;
});

describe('archive index', () => {
  it('lists what a full re-read lists, newest first by pages', () => {
    const log = SqliteEventLog.open(mkdtempSync(join(tmpdir(), 'fw-index-')), { synchronous: 'NORMAL' });
    fill(log, 500);
    const full = new HandArchive(log).list();
    const index = new ArchiveIndex(log);
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = index.page(64, before);
      expect(page.total).toBe(full.length);
      seen.unshift(...page.hands.map((h) => h.handNo));
      for (const h of page.hands) expect(h).toEqual(full.find((f) => f.handNo === h.handNo));
      if (page.next === null) break;
      before = page.next;
    }
    expect(seen).toEqual(full.map((h) => h.handNo));
    // more hands later: the index follows
    fill(log, 20, 501);
    expect(index.page(1000).hands).toEqual(new HandArchive(log).list().slice(-1000));
    log.close();
  });

  it('GET /api/hands, /steps and /export read only the new records, whatever the log length', async () => {
    const inner = SqliteEventLog.open(mkdtempSync(join(tmpdir(), 'fw-index-')), { synchronous: 'NORMAL' });
    const log = new CountingLog(inner);
    fill(log, 2000);
    session = TableSession.recover(log, { config: CONFIG, engine: fakeEngine() });
    const tokens = TokenStore.memory();
    app = await buildApp({ session, log, tokens, broadcastDelayMs: 0, webRoot: null });
    const floor = { authorization: `Bearer ${tokens.tokenOf('floor')}` };
    const first = await app.inject({ url: '/api/hands?limit=5', headers: floor });
    expect(first.statusCode).toBe(200);
    expect(first.json().hands.map((h: { handNo: number }) => h.handNo)).toEqual([1996, 1997, 1998, 1999, 2000]);
    const cost = async (url: string, status: number | null = 200): Promise<number> => {
      const before = log.read;
      const r = await app?.inject({ url, headers: floor });
      if (status !== null) expect(r?.statusCode, `${url}: ${r?.body.slice(0, 200)}`).toBe(status);
      return log.read - before;
    };
    expect(await cost('/api/hands')).toBe(0);
    expect(await cost('/api/hands?before=100&limit=10')).toBe(0);
    expect(await cost('/api/hands/3/steps')).toBe(0);
    expect(await cost('/api/hands/1999/steps')).toBe(0);
    expect(await cost('/api/hands/5/export/phh', 409)).toBe(0); // not over
    // an export reads that hand's rows only (synthetic hands: the exporter may refuse them; what counts is that
    // nothing re-reads the log), the first export of a hand as the next ones
    expect(await cost('/api/hands/3/export/phh', null)).toBe(0);
    expect(await cost('/api/hands/1999/export/ohh', null)).toBe(0);
    // five records later, a request reads those five
    fill(log, 1, 2001);
    expect(await cost('/api/hands?limit=1')).toBe(9);
  });
});
