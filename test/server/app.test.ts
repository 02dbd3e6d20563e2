// The fastify app: routes by inject(), the websocket by injectWS and by a real client on a real port.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog } from '../../src/session/log.js';
import { TableSession } from '../../src/session/TableSession.js';
import { CONFIG, fakeEngine } from '../session/fakeEngine.js';

let app: FastifyInstance;
let session: TableSession;
let log: MemoryLog;
let tokens: TokenStore;

beforeEach(async () => {
  log = new MemoryLog();
  session = new TableSession({ config: CONFIG, log, engine: fakeEngine() });
  tokens = TokenStore.memory();
  app = await buildApp({ session, log, tokens, broadcastDelayMs: 60_000, webRoot: null });
  await app.ready();
  session.ingest({ kind: 'dealer', button: 'shuffle' });
  session.ingest({ kind: 'cardAt', card: 'Ah', zone: 'seat2', face: 'down' });
  session.ingest({ kind: 'cardAt', card: 'Kd', zone: 'seat2', face: 'down' });
});
afterEach(async () => {
  await app.close();
  session.close();
});

const auth = (role: 'dealer' | 'floor' | 'commentator' | 'overlay') => ({
  authorization: `Bearer ${tokens.tokenOf(role)}`,
});

describe('routes', () => {
  it('GET /api/state: the public sees no hole card, the commentator does', async () => {
    const pub = await app.inject({ url: '/api/state' });
    expect(pub.statusCode).toBe(200);
    expect(pub.body).not.toMatch(/Ah|Kd/);
    const com = await app.inject({ url: '/api/state', headers: auth('commentator') });
    expect(com.json().view.seats[1].cards).toEqual(['Ah', 'Kd']);
  });

  it('a wrong token is refused with 401 and a clear error, never downgraded silently', async () => {
    const r = await app.inject({ url: '/api/state?token=not-a-token-at-all' });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ error: 'UNAUTHORIZED', message: 'unknown token' });
  });

  it('overlay state is null before the delay', async () => {
    const r = await app.inject({ url: '/api/state', headers: auth('overlay') });
    expect(r.json().view).toBeNull();
  });

  it('the broadcast delay can grow, never shrink, and only the floor sets it', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/delay', payload: { ms: 1000 }, headers: auth('dealer') }))
        .statusCode,
    ).toBe(403);
    const shorter = await app.inject({
      method: 'POST',
      url: '/api/delay',
      payload: { ms: 1000 },
      headers: auth('floor'),
    });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json().error).toBe('DELAY_SHORTENING_REFUSED');
    const longer = await app.inject({
      method: 'POST',
      url: '/api/delay',
      payload: { ms: 120_000 },
      headers: auth('floor'),
    });
    expect(longer.json()).toEqual({ delayMs: 120_000 });
  });

  it('bad bodies get 400 with a message and the service goes on', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/level',
      payload: { blinds: ['x'] },
      headers: auth('floor'),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBe('BAD_REQUEST');
    const r2 = await app.inject({
      method: 'POST',
      url: '/api/level',
      payload: '{not json',
      headers: { ...auth('floor'), 'content-type': 'application/json' },
    });
    expect(r2.statusCode).toBe(400);
    const r3 = await app.inject({
      method: 'POST',
      url: '/api/level',
      payload: { blinds: [300, 100] },
      headers: auth('floor'),
    });
    expect(r3.statusCode).toBe(409);
    expect(r3.json().error).toBe('BAD_LEVEL');
    const ok = await app.inject({
      method: 'POST',
      url: '/api/level',
      payload: { blinds: [100, 200], bbAnte: 200 },
      headers: auth('floor'),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().level).toEqual({ blinds: [100, 200], bbAnte: 200 });
    expect((await app.inject({ url: '/api/health' })).json().ok).toBe(true);
  });

  it('rotating a token: the new one works, the old one is refused', async () => {
    const old = tokens.tokenOf('dealer');
    const r = await app.inject({
      method: 'POST',
      url: '/api/tokens/rotate',
      payload: { role: 'dealer' },
      headers: auth('floor'),
    });
    expect(r.statusCode).toBe(200);
    const fresh = r.json().token as string;
    expect(fresh).not.toBe(old);
    expect((await app.inject({ url: `/api/whoami?token=${old}` })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/whoami?token=${fresh}` })).json().role).toBe('dealer');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/tokens/rotate',
          payload: { role: 'public' },
          headers: auth('floor'),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('hands: listed for the floor, stepped through with hole cards hidden from it', async () => {
    expect((await app.inject({ url: '/api/hands' })).statusCode).toBe(403);
    const list = await app.inject({ url: '/api/hands', headers: auth('floor') });
    expect(list.json().hands[0]).toMatchObject({ handNo: 1, complete: false, events: 3 });
    const steps = await app.inject({ url: '/api/hands/1/steps', headers: auth('floor') });
    expect(steps.statusCode).toBe(200);
    expect(steps.json().steps).toHaveLength(3);
    expect(steps.body).not.toMatch(/Ah|Kd/);
    const cs = await app.inject({ url: '/api/hands/1/steps', headers: auth('commentator') });
    expect(cs.json().steps[2].view.seats[1].cards).toEqual(['Ah', 'Kd']);
    expect((await app.inject({ url: '/api/hands/99/steps', headers: auth('floor') })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/hands/abc/steps', headers: auth('floor') })).statusCode).toBe(400);
  });

  it('exports: refused while the hand is not over', async () => {
    const r = await app.inject({ url: '/api/hands/1/export/phh', headers: auth('commentator') });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe('HAND_NOT_OVER');
    expect((await app.inject({ url: '/api/hands/1/export/doc', headers: auth('commentator') })).statusCode).toBe(400);
  });
});

describe('websocket (injectWS)', () => {
  function collect(ws: WebSocket): Array<Record<string, unknown>> {
    const got: Array<Record<string, unknown>> = [];
    ws.on('message', (d) => got.push(JSON.parse(d.toString())));
    return got;
  }
  const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true), { timeout: 1000, interval: 5 });

  it('full state on connect, then a view per change; the dealer records a declaration', async () => {
    const ws = await app.injectWS(`/ws?token=${tokens.tokenOf('dealer')}`);
    const got = collect(ws);
    // hello then view were sent before our listener: ask again by a change
    ws.send(JSON.stringify({ type: 'say', seat: 2, say: 'check', ref: 7 }));
    await until(() => got.some((m) => m.type === 'ok'));
    // the answer says what the engine did with the tap
    expect(got.find((m) => m.type === 'ok')).toMatchObject({
      type: 'ok',
      ref: 7,
      outcome: { code: expect.any(String) },
    });
    const last = [...log.records()].at(-1);
    expect(last?.kind).toBe('event');
    expect(last?.data).toMatchObject({ kind: 'say', seat: 2, say: 'check' });
    expect(got.some((m) => m.type === 'view')).toBe(true);
    ws.terminate();
  });

  it('bad input gets an error message, never a crash', async () => {
    const ws = await app.injectWS(`/ws?token=${tokens.tokenOf('dealer')}`);
    const got = collect(ws);
    ws.send('{nope');
    ws.send(JSON.stringify({ type: 'say', seat: 11, say: 'check' }));
    ws.send(JSON.stringify({ type: 'teleport' }));
    ws.send(JSON.stringify([1, 2]));
    ws.send(JSON.stringify({ type: 'ack', alertId: 42 }));
    ws.send(JSON.stringify({ type: 'kill', seat: 2 }));
    await until(() => got.filter((m) => m.type === 'error').length === 6);
    expect(got.filter((m) => m.type === 'error').map((m) => m.code)).toEqual([
      'BAD_JSON',
      'BAD_MESSAGE',
      'UNKNOWN_TYPE',
      'BAD_MESSAGE',
      'UNKNOWN_ALERT',
      'FORBIDDEN',
    ]);
    ws.send(JSON.stringify({ type: 'ping', ref: 'p' }));
    await until(() => got.some((m) => m.type === 'ok' && m.ref === 'p'));
    ws.terminate();
  });

  it('the public may not act', async () => {
    const ws = await app.injectWS('/ws');
    const got = collect(ws);
    ws.send(JSON.stringify({ type: 'dealer', button: 'misdeal' }));
    await until(() => got.some((m) => m.type === 'error'));
    expect(got.find((m) => m.type === 'error')?.code).toBe('FORBIDDEN');
    ws.terminate();
  });

  it('the floor records a decision with who decided', async () => {
    session.ingest({ kind: 'cardAt', card: '7h', zone: 'board', face: 'up' });
    const ws = await app.injectWS(`/ws?token=${tokens.tokenOf('floor')}`);
    const got = collect(ws);
    ws.send(JSON.stringify({ type: 'decision', alertId: 1, decision: 'burn the 7h, deal on', by: 'Anne' }));
    await until(() => got.some((m) => m.type === 'ok'));
    expect(session.snapshot().hand.alerts[0].decision).toMatchObject({ by: 'floor:Anne' });
    ws.terminate();
  });
});

describe('websocket (real client on a port)', () => {
  it('connect gets hello + full view; a wrong token gets an error and nothing else; rotation closes old sockets', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const open = (q: string) => new WebSocket(`ws://127.0.0.1:${port}/ws${q}`);
    const com = open(`?token=${tokens.tokenOf('commentator')}`);
    const msgs: Array<Record<string, unknown>> = [];
    com.on('message', (d) => msgs.push(JSON.parse(d.toString())));
    await new Promise((r) => com.once('open', r));
    await vi.waitFor(() => expect(msgs.length).toBeGreaterThanOrEqual(2), { timeout: 1000, interval: 5 });
    expect(msgs[0]).toEqual({ type: 'hello', role: 'commentator', delayMs: 0 });
    const v = msgs[1].view as { seats: Array<{ cards: string[] }> };
    expect(v.seats[1].cards).toEqual(['Ah', 'Kd']);
    session.ingest({ kind: 'cardAt', card: 'Qs', zone: 'seat3', face: 'down' });
    await vi.waitFor(() => expect(msgs.length).toBeGreaterThanOrEqual(3), { timeout: 1000, interval: 5 });
    expect((msgs[2].view as { seats: Array<{ cards: string[] }> }).seats[2].cards).toEqual(['Qs']);

    const bad = open('?token=wrong-token-xxxxxxxx');
    const badMsgs: string[] = [];
    bad.on('message', (d) => badMsgs.push(d.toString()));
    const badCode = await new Promise<number>((resolve) => bad.once('close', (code) => resolve(code)));
    expect(badCode).toBe(4401);
    expect(badMsgs).toEqual([JSON.stringify({ type: 'error', code: 'UNAUTHORIZED', message: 'unknown token' })]);

    const closed = new Promise<number>((r) => com.once('close', (code) => r(code)));
    tokens.rotate('commentator');
    expect(await closed).toBe(4401);
  });
});

describe('tokens on disk', () => {
  it('are created on first open with mode 600, kept on the next, rotated on demand', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-tokens-'));
    const a = TokenStore.open(dir);
    expect(a.created).toEqual(['dealer', 'floor', 'commentator', 'overlay']);
    const file = join(dir, 'tokens.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const b = TokenStore.open(dir);
    expect(b.created).toEqual([]);
    expect(b.tokenOf('floor')).toBe(a.tokenOf('floor'));
    const t = b.rotate('overlay');
    expect(JSON.parse(readFileSync(file, 'utf8')).overlay).toBe(t);
    expect(b.roleOf(t)).toBe('overlay');
    expect(b.roleOf(a.tokenOf('overlay'))).toBeNull();
    expect(b.roleOf('')).toBeNull();
  });
});
