// HTTP hardening: credentials only as Bearer, wrong tokens limited per address, websocket origins checked, tokens
// never logged, no Referer leaking the page URL, strict bodies (no coercion, no unknown field, bounded numbers).
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type AppOptions, buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog } from '../../src/session/log.js';
import { TableSession } from '../../src/session/TableSession.js';
import { CONFIG, fakeEngine } from '../session/fakeEngine.js';

let app: FastifyInstance | null = null;
let session: TableSession | null = null;

async function start(extra: Partial<AppOptions> = {}) {
  const log = new MemoryLog();
  session = new TableSession({ config: CONFIG, log, engine: fakeEngine() });
  const tokens = TokenStore.memory();
  app = await buildApp({ session, log, tokens, broadcastDelayMs: 60_000, webRoot: null, ...extra });
  await app.ready();
  return { app, tokens, session };
}

afterEach(async () => {
  await app?.close();
  session?.close();
  app = null;
  session = null;
});

describe('credentials', () => {
  it('any Authorization scheme other than Bearer is refused (401), never served as the public', async () => {
    const { app, tokens } = await start();
    const floor = tokens.tokenOf('floor');
    for (const h of [
      `Basic ${Buffer.from(`x:${floor}`).toString('base64')}`,
      `Token ${floor}`,
      'Bearer',
      '',
      'Digest x=y',
    ]) {
      const r = await app.inject({ url: '/api/state', headers: { authorization: h } });
      expect(r.statusCode, h).toBe(401);
      expect(r.json().error).toBe('UNAUTHORIZED');
    }
    // the scheme name is case-insensitive (RFC 9110 11.1): a right token in 'bearer' opens its role, a wrong one is 401
    expect((await app.inject({ url: '/api/whoami', headers: { authorization: `bearer ${floor}` } })).json().role).toBe(
      'floor',
    );
    expect(
      (await app.inject({ url: '/api/whoami', headers: { authorization: 'bearer nope-nope-nope' } })).statusCode,
    ).toBe(401);
    // no credentials at all: the public
    expect((await app.inject({ url: '/api/whoami' })).json().role).toBe('public');
  });

  it('wrong tokens are rate-limited per address; right tokens and the public are not', async () => {
    const { app, tokens } = await start({ wrongTokenLimit: { max: 5, windowMs: 60_000 } });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      codes.push(
        (await app.inject({ url: '/api/state', headers: { authorization: `Bearer wrong-${i}-xxxxxxxx` } })).statusCode,
      );
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual([429, 429, 429]);
    const limited = await app.inject({ url: '/api/state?token=still-wrong-xxxxxxxx' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('TOO_MANY_WRONG_TOKENS');
    // another address is not limited
    const other = await app.inject({ url: '/api/state?token=wrong', remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(401);
    // the limited address still gets in with a right token, and as the public
    for (let i = 0; i < 20; i++) {
      const ok = await app.inject({
        url: '/api/whoami',
        headers: { authorization: `Bearer ${tokens.tokenOf('dealer')}` },
      });
      expect(ok.statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/api/state' })).statusCode).toBe(200);
  });

  it('every response says Referrer-Policy: no-referrer (page assets never carry the token in a Referer)', async () => {
    const { app } = await start();
    for (const url of ['/api/state', '/api/health', '/index.html', '/api/hands']) {
      expect((await app.inject({ url })).headers['referrer-policy'], url).toBe('no-referrer');
    }
  });
});

describe('websocket origin', () => {
  const open = (url: string, origin?: string) =>
    new Promise<{ status: number; first?: string }>((resolve) => {
      const ws = new WebSocket(url, origin ? { origin } : {});
      ws.on('unexpected-response', (req, res) => {
        resolve({ status: res.statusCode ?? 0 });
        res.resume();
        req.destroy();
      });
      ws.on('message', (d) => {
        resolve({ status: 101, first: d.toString() });
        ws.close();
      });
      ws.on('error', () => resolve({ status: -1 }));
    });

  it('a page on another origin cannot open a view; the service own origin and the configured ones can', async () => {
    const { app, tokens } = await start({ allowedOrigins: ['https://broadcast.example'] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const url = `ws://127.0.0.1:${port}/ws?token=${tokens.tokenOf('commentator')}`;
    expect((await open(url, 'https://evil.example')).status).toBe(403);
    expect((await open(url, `http://localhost:${port}`)).status).toBe(403);
    const own = await open(url, `http://127.0.0.1:${port}`);
    expect(own.status).toBe(101);
    expect(JSON.parse(own.first ?? '{}')).toMatchObject({ type: 'hello', role: 'commentator' });
    expect((await open(url, 'https://broadcast.example')).status).toBe(101);
    // no Origin (not a browser): origin checks protect browsers only; the token still decides
    expect((await open(url)).status).toBe(101);
  });
});

describe('logs', () => {
  it('tokens are never logged, even with request logging on (--verbose)', async () => {
    let text = '';
    const stream = new Writable({
      write(chunk, _enc, cb) {
        text += chunk.toString();
        cb();
      },
    });
    const { app, tokens } = await start({ logger: { level: 'info', stream } as never });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const secret = tokens.tokenOf('commentator');
    await app.inject({ url: `/api/state?token=${secret}` });
    await app.inject({ url: `/api/state?x=1&token=${secret}` });
    await app.inject({ url: '/api/state', headers: { authorization: `Bearer ${secret}` } });
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${secret}`);
      ws.on('message', () => {
        ws.close();
        resolve();
      });
    });
    expect(text).toMatch(/\/ws\?token=\[redacted\]/);
    expect(text).toMatch(/incoming request/);
    expect(text).not.toContain(secret);
  });
});

describe('strict bodies', () => {
  it('POST /api/level: integers only, bounded, never coerced or rounded, unknown fields refused', async () => {
    const { app, tokens, session } = await start();
    const h = { authorization: `Bearer ${tokens.tokenOf('floor')}` };
    const bad: unknown[] = [
      '{"blinds":[9007199254740993,9007199254740995]}',
      { blinds: [50, 1e12] },
      { blinds: ['50', '100'] },
      { blinds: [50.5, 100] },
      { blinds: [50, 100], bbAnte: '100' },
      { blinds: [50, 100], extra: 1 },
      { blinds: [50, 100, 200] },
      { blinds: [true, 100] },
    ];
    for (const payload of bad) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/level',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { ...h, 'content-type': 'application/json' },
      });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().error).toBe('BAD_REQUEST');
    }
    expect(session.snapshot().level).toEqual({ blinds: [50, 100], bbAnte: 0 });
    const ok = await app.inject({ method: 'POST', url: '/api/level', payload: { blinds: [100, 200] }, headers: h });
    expect(ok.statusCode).toBe(200);
    expect(session.snapshot().level).toEqual({ blinds: [100, 200], bbAnte: 0 });
  });

  it('POST /api/delay and /api/tokens/rotate: no coercion, unknown fields refused', async () => {
    const { app, tokens } = await start();
    const h = { authorization: `Bearer ${tokens.tokenOf('floor')}` };
    for (const payload of [{ ms: '60000' }, { ms: 120000, why: 'x' }, { ms: 1e15 }, { ms: 120000.5 }, { ms: null }]) {
      const r = await app.inject({ method: 'POST', url: '/api/delay', payload: payload as object, headers: h });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(app.live.broadcastDelayMs).toBe(60_000);
    const rot = await app.inject({
      method: 'POST',
      url: '/api/tokens/rotate',
      payload: { role: 'dealer', x: 1 },
      headers: h,
    });
    expect(rot.statusCode).toBe(400);
    // path parameters are text and still read as numbers
    expect((await app.inject({ url: '/api/hands/1/steps', headers: h })).statusCode).not.toBe(400);
  });
});
