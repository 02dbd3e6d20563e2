// The one error base (src/errors.ts) as a client meets it: every error a route throws answers with its own status
// and code. A storage fault of the real SQLite log (the disk full, past what the log may hold in memory) reaches the
// floor as 503 LOG_STORAGE with what to do, not as a bare 500; a fault of ours is still a 500 without detail.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/options.js';
import { EquityError } from '../../src/engine/equity/errors.js';
import { answerFor, FeltwireError } from '../../src/errors.js';
import { BridgeError } from '../../src/hardware/bridge/errors.js';
import { PhhError } from '../../src/phh/parse.js';
import { buildApp } from '../../src/server/app.js';
import { HttpError } from '../../src/server/httpCommon.js';
import { TokenStore } from '../../src/service/tokens.js';
import { SessionError } from '../../src/session/errors.js';
import { TableSession } from '../../src/session/TableSession.js';
import { SqliteEventLog, StoreError } from '../../src/store/index.js';
import { TableError } from '../../src/table/errors.js';
import { CONFIG, fakeEngine } from '../session/fakeEngine.js';

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

describe('a storage fault reaching a route', () => {
  it('answers 503 with the StoreError code and its message (it was a bare 500 INTERNAL)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'fw-errors-')), 'data');
    // nothing may wait in memory: the first record the disk refuses is refused to the caller
    const log = SqliteEventLog.open(dir, { notify: () => {}, maxPendingBytes: 0 });
    closers.push(() => log.close());
    const session = new TableSession({ config: CONFIG, log, engine: fakeEngine() });
    closers.push(() => session.close());
    const tokens = TokenStore.memory();
    const app = await buildApp({ session, log, tokens, broadcastDelayMs: 60_000, webRoot: null });
    closers.push(() => app.close());
    await app.ready();
    const floor = { authorization: `Bearer ${tokens.tokenOf('floor')}` };
    const level = () =>
      app.inject({ method: 'POST', url: '/api/level', headers: floor, payload: { blinds: [100, 200], bbAnte: 0 } });
    expect((await level()).statusCode).toBe(200);
    // the disk is full: SQLite's page limit fails the same way a full file system does (SQLITE_FULL)
    const raw = (log as unknown as { db: Database.Database }).db;
    raw.pragma(`max_page_count = ${Number(raw.pragma('page_count', { simple: true }))}`);
    let r = await level();
    for (let i = 0; i < 200 && r.statusCode === 200; i++) r = await level();
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ error: 'LOG_STORAGE', message: expect.stringMatching(/hold the table/) });
    expect(log.fault()?.kind).toBe('full');
  });
});

describe('answerFor (both apps: the table and the room)', () => {
  it('each class answers with its own status and code', () => {
    const cases: Array<[FeltwireError, number]> = [
      [new StoreError('LOG_STORAGE', 'disk full'), 503],
      [new StoreError('LOG_CORRUPT', 'bad'), 503],
      [new StoreError('HAND_NOT_FOUND', 'no hand 3'), 404],
      [new StoreError('EXPORT_FORMAT', 'no'), 400],
      [new StoreError('HAND_REPLAY_FAILED', 'ours'), 500],
      [new SessionError('ENGINE_REJECTED', 'no'), 409],
      [new SessionError('SESSION_CLOSED', 'closed'), 503],
      [new HttpError(403, 'DELAYED', 'later'), 403],
      [new BridgeError('CLOSED', 'unplugged'), 503],
      [new TableError('TAG_CONFLICT', 'taken'), 409],
      [new TableError('HARDWARE_FILE_INVALID', 'bad', ['seats: missing']), 400],
      [new EquityError('HAND_COUNT', 'two hands'), 400],
      [new PhhError('UNSUPPORTED', 'stud'), 422],
      [new UsageError('--x'), 400],
    ];
    for (const [err, status] of cases) {
      expect(err).toBeInstanceOf(FeltwireError);
      expect(err).toBeInstanceOf(Error);
      const a = answerFor(err);
      expect({ name: err.name, status: a.status, body: a.body }).toEqual({
        name: err.name,
        status,
        body: { error: err.code, message: err.message },
      });
      expect(a.log).toBe(status >= 500);
    }
    // not one of ours: 500 without detail; fastify's own 4xx as they are
    expect(answerFor(new Error('secret /path'))).toEqual({
      status: 500,
      body: { error: 'INTERNAL', message: 'internal error' },
      log: true,
    });
    expect(
      answerFor(Object.assign(new Error('too big'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' })),
    ).toEqual({ status: 413, body: { error: 'FST_ERR_CTP_BODY_TOO_LARGE', message: 'too big' }, log: false });
  });

  it('a plain fastify app with the handler: inject sees the status and the code', async () => {
    const app = Fastify({ logger: false });
    closers.push(() => app.close());
    app.setErrorHandler((err, _req, reply) => {
      const a = answerFor(err);
      return reply.code(a.status).send(a.body);
    });
    app.get('/store', async () => {
      throw new StoreError('LOG_BUSY', 'another feltwire writes this log');
    });
    app.get('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    app.post('/body', { schema: { body: { type: 'object', required: ['n'] } } }, async () => ({}));
    const store = await app.inject({ url: '/store' });
    expect([store.statusCode, store.json()]).toEqual([
      503,
      { error: 'LOG_BUSY', message: 'another feltwire writes this log' },
    ]);
    const bug = await app.inject({ url: '/bug' });
    expect([bug.statusCode, bug.json()]).toEqual([500, { error: 'INTERNAL', message: 'internal error' }]);
    const body = await app.inject({ method: 'POST', url: '/body', payload: {} });
    expect(body.statusCode).toBe(400);
    expect(body.json().error).toBe('BAD_REQUEST');
  });
});
