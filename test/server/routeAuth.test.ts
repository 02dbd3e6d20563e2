// Authentication on the route that matched, never on the URL's text, for both apps (the table service and the card
// room). Every route fastify registered (seen by an onRoute hook this test adds to each app) is tried under other
// spellings of its path (each character percent-encoded, doubled slashes, trailing dot or slash, other case) with no
// token, a wrong token and every token of a role it does not serve: none of them answers 2xx, no hole card leaves,
// nothing changes. The websocket under the same spellings from a foreign Origin is refused, and a role never gets
// another role's view through it. Every answer of the service (not a page file) says Cache-Control: no-store.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { account, makeAccounts } from '../../src/room/acl.js';
import { RoomArchive } from '../../src/room/archive.js';
import { type InProcessBroker, startInProcessBroker } from '../../src/room/inProcessBroker.js';
import { checkMessage, type HandMessage } from '../../src/room/protocol.js';
import { type RoomService, startRoom } from '../../src/room/roomService.js';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog } from '../../src/session/log.js';
import { TableSession } from '../../src/session/TableSession.js';
import { CONFIG, fakeEngine } from '../session/fakeEngine.js';
import { playSimSession } from '../store/helpers.js';
import { pathVariants, type SeenRoute, tryWs } from './routeVariants.js';

const seen = vi.hoisted(() => [] as SeenRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const { collecting } = await import('./routeVariants.js');
  const factory = collecting(mod.default, seen);
  return { ...mod, default: factory, fastify: factory };
});

/** routes registered since `from` (each app's own) */
const routesSince = (from: number) => seen.slice(from);
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const is2xx = (code: number) => code >= 200 && code < 300;
const FOREIGN = 'http://evil.example';

function webRoot(pages: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'fw-routeauth-web-'));
  for (const p of pages) writeFileSync(join(dir, p), `<!doctype html><title>${p}</title>`);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {};');
  return dir;
}

// ---- the table service ------------------------------------------------------------------------------------------

const ALL = ['public', 'dealer', 'floor', 'commentator', 'overlay'];
const HISTORY = ['floor', 'commentator'];
const FLOOR = ['floor'];
/** what each route of the table serves (a new route must be added here, with its roles) */
const TABLE_ROUTES: Record<string, readonly string[] | 'public'> = {
  'GET /api/health': ALL,
  'GET /api/whoami': ALL,
  'GET /api/state': ALL,
  'GET /api/hands': HISTORY,
  'GET /api/hands/:handNo/steps': HISTORY,
  'GET /api/hands/:handNo/export/:format': HISTORY,
  'POST /api/delay': FLOOR,
  'POST /api/tokens/rotate': FLOOR,
  'POST /api/level': FLOOR,
  'GET /ws': ALL,
  'GET /api/seats': ALL,
  'POST /api/seats/:seat': FLOOR,
  'POST /api/seats/:seat/move': FLOOR,
  'POST /api/seats/:seat/short': FLOOR,
  'POST /api/seats/:seat/sit-out': FLOOR,
  'POST /api/seats/:seat/absent': FLOOR,
  'POST /api/seats/:seat/penalty': FLOOR,
  'DELETE /api/seats/:seat': FLOOR,
  'POST /api/hand/misdeal': FLOOR,
  'POST /api/hand/void': FLOOR,
  'POST /api/hand/stands': FLOOR,
  'POST /api/hand/award': FLOOR,
  'POST /api/hand/resync': FLOOR,
  'GET /*': 'public',
};
const TABLE_BODIES: Record<string, unknown> = {
  'POST /api/delay': { ms: 120_000 },
  'POST /api/tokens/rotate': { role: 'dealer' },
  'POST /api/level': { blinds: [400_000, 800_000] },
  'POST /api/seats/:seat': { name: 'Mallory' },
  'POST /api/seats/:seat/move': { to: 4 },
  'POST /api/seats/:seat/short': { short: 'Mal' },
  'POST /api/seats/:seat/sit-out': { out: true },
  'POST /api/seats/:seat/absent': { absent: true },
  'POST /api/seats/:seat/penalty': { hands: 3 },
  'POST /api/hand/misdeal': { reason: 'a card face up in the deck' },
  'POST /api/hand/void': { reason: 'a card face up in the deck' },
  'POST /api/hand/stands': { reason: 'the card was seen by no one' },
  'POST /api/hand/award': { seats: [1] },
  'POST /api/hand/resync': { by: 'Mallory' },
};
const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_m, p: string) => params[p] ?? '1').replace(/\*$/, params['*'] ?? 'index.html');

describe('table service: authentication on the matched route', () => {
  let app: FastifyInstance;
  let session: TableSession;
  let tokens: TokenStore;
  let routes: SeenRoute[];
  let web: string;
  let before: Record<string, string>;

  beforeAll(async () => {
    const from = seen.length;
    const log = new MemoryLog();
    session = new TableSession({ config: CONFIG, log, engine: fakeEngine() });
    tokens = TokenStore.memory();
    before = Object.fromEntries(
      ['dealer', 'floor', 'commentator', 'overlay'].map((r) => [r, tokens.tokenOf(r as 'floor')]),
    );
    web = webRoot(['index.html', 'dealer.html', 'floor.html']);
    app = await buildApp({
      session,
      log,
      tokens,
      broadcastDelayMs: 60_000,
      webRoot: web,
      wrongTokenLimit: { max: 1_000_000, windowMs: 60_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    routes = routesSince(from);
    session.ingest({ kind: 'dealer', button: 'shuffle' });
    session.ingest({ kind: 'cardAt', card: 'Ah', zone: 'seat2', face: 'down' });
    session.ingest({ kind: 'cardAt', card: 'Kd', zone: 'seat2', face: 'down' });
  });
  afterAll(async () => {
    await app?.close();
    session?.close();
    rmSync(web, { recursive: true, force: true });
  });

  const creds = (): { name: string; role: string | null; headers: Record<string, string>; query?: string }[] => [
    { name: 'no token', role: 'public', headers: {} as Record<string, string> },
    { name: 'wrong token', role: null, headers: { authorization: 'Bearer wrong-token-xxxxxxxxxxxx' } },
    { name: 'wrong query token', role: null, headers: {}, query: 'token=wrong-token-xxxxxxxxxxxx' },
    ...(['dealer', 'floor', 'commentator', 'overlay'] as const).map((r) => ({
      name: r,
      role: r as string | null,
      headers: { authorization: `Bearer ${tokens.tokenOf(r)}` },
    })),
  ];

  it('every route the app registered is known here with the roles it serves', () => {
    const got = new Set(routes.filter((r) => r.method !== 'HEAD').map(key));
    expect([...got].sort()).toEqual(Object.keys(TABLE_ROUTES).sort());
  });

  it('no spelling of any route answers 2xx to a token (or none) its route does not serve; no hole card leaks', async () => {
    let tried = 0;
    const leaks: string[] = [];
    for (const r of routes) {
      const k = key({ method: r.method === 'HEAD' ? 'GET' : r.method, url: r.url });
      const roles = TABLE_ROUTES[k];
      if (roles === undefined || roles === 'public' || r.websocket) continue;
      const path = fill(r.url, { handNo: '1', format: 'phh', seat: '3' });
      for (const variant of [path, ...pathVariants(path)]) {
        for (const c of creds()) {
          const entitled = c.role !== null && roles.includes(c.role);
          if (entitled && r.method !== 'GET') continue; // an entitled change is no leak (and would change the table)
          const url = c.query ? `${variant}?${c.query}` : variant;
          const res = await app.inject({
            method: r.method as 'GET',
            url,
            headers: c.headers,
            ...(TABLE_BODIES[k] ? { payload: TABLE_BODIES[k] as object } : {}),
          });
          tried++;
          if (!entitled && is2xx(res.statusCode)) leaks.push(`${r.method} ${url} as ${c.name}: ${res.statusCode}`);
          if (c.role !== 'commentator' && /Ah|Kd/.test(res.body))
            leaks.push(`${r.method} ${url} as ${c.name}: hole card in ${res.body.slice(0, 80)}`);
          if (k === 'GET /api/whoami' && r.method === 'GET' && is2xx(res.statusCode) && res.json().role !== c.role)
            leaks.push(`${url} as ${c.name}: answered as ${res.json().role}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThan(1000);
    // nothing changed: tokens, delay, level, seats
    for (const [r, t] of Object.entries(before)) expect(tokens.tokenOf(r as 'floor')).toBe(t);
    expect(app.live.broadcastDelayMs).toBe(60_000);
    expect(JSON.stringify(session.snapshot().roster ?? [])).not.toContain('Mallory');
  }, 120_000);

  it('the websocket under every spelling: a foreign Origin is refused; no role gets another role its view', async () => {
    const port = (app.server.address() as { port: number }).port;
    const wsRoute = routes.find((r) => r.websocket && r.method === 'GET');
    expect(wsRoute?.url).toBe('/ws');
    const com = tokens.tokenOf('commentator');
    const leaks: string[] = [];
    for (const variant of ['/ws', ...pathVariants('/ws')]) {
      const url = `ws://127.0.0.1:${port}${variant}?token=${com}`;
      const foreign = await tryWs(url, { origin: FOREIGN });
      const views = foreign.messages.filter((m) => !m.includes('"type":"error"'));
      if (views.length > 0 || foreign.status === 101)
        leaks.push(`${variant} from ${FOREIGN}: ${foreign.status} ${views.join().slice(0, 60)}`);
      // a wrong token never falls back to the public view
      const wrong = await tryWs(`ws://127.0.0.1:${port}${variant}?token=wrong-token-xxxxxxxxxxxx`, {});
      const wrongViews = wrong.messages.filter((m) => !m.includes('"type":"error"'));
      if (wrongViews.length > 0) leaks.push(`${variant} with a wrong token: ${wrongViews.join().slice(0, 60)}`);
      // the commentator's own origin: either its own view or nothing (never the public's in its stead)
      const own = await tryWs(url, {});
      const hello = own.messages.find((m) => m.includes('"type":"hello"'));
      if (hello && !hello.includes('"role":"commentator"')) leaks.push(`${variant}: ${hello}`);
    }
    expect(leaks).toEqual([]);
    // the real one still works, and its handshake says no-store
    const ok = await tryWs(`ws://127.0.0.1:${port}/ws?token=${com}`, {});
    expect(ok.status).toBe(101);
    expect(ok.messages[0]).toContain('"role":"commentator"');
    expect(ok.upgradeHeaders['cache-control']).toBe('no-store');
  }, 120_000);

  it('every answer but a page file carries Cache-Control: no-store (refusals and exports too)', async () => {
    const com = { authorization: `Bearer ${tokens.tokenOf('commentator')}` };
    for (const r of routes) {
      if (r.websocket || r.method === 'HEAD' || TABLE_ROUTES[key(r)] === 'public') continue;
      const url = fill(r.url, { handNo: '1', format: 'phh', seat: '3' });
      for (const headers of [com, {}, { authorization: 'Bearer wrong-token-xxxxxxxxxxxx' }]) {
        const res = await app.inject({ method: r.method as 'GET', url, headers: r.method === 'GET' ? headers : {} });
        expect(res.headers['cache-control'], `${r.method} ${url} ${res.statusCode}`).toBe('no-store');
      }
    }
    // page files are public and may be cached as files are
    const page = await app.inject({ url: '/dealer.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});

// ---- the card room ----------------------------------------------------------------------------------------------

const ROOM = ['room'];
const ROOM_ROUTES: Record<string, readonly string[] | 'public'> = {
  'GET /api/room': ROOM,
  'GET /ws': ROOM,
  'GET /api/archive/hands': ROOM,
  'GET /api/archive/export/:format': ROOM,
  'GET /api/archive/hands/:table/:hand/export/:format': ROOM,
  'POST /api/settings': ROOM,
  'GET /*': 'public',
  'GET /': 'public',
};

describe('card room: authentication on the matched route', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-routeauth-room-'));
  let broker: InProcessBroker;
  let archive: RoomArchive;
  let room: RoomService;
  let routes: SeenRoute[];
  let handId = '';
  let web: string;

  beforeAll(async () => {
    const accounts = makeAccounts(['101']);
    broker = await startInProcessBroker({ accounts });
    archive = await RoomArchive.open({ kind: 'sqlite', path: join(dir, 'archive.sqlite') });
    // two finished hands of the simulator, archived: the exports would hold every hole card
    const sim = await playSimSession(2, 7);
    let prev: number | null = null;
    for (const played of sim.hands.filter((h) => h.complete)) {
      const msg: HandMessage = checkMessage('hand', {
        v: 1,
        kind: 'hand',
        tableId: '101',
        logId: 'log-of-101',
        handId: `101-${played.handNo}`,
        handNo: played.handNo,
        prevHandNo: prev,
        tableName: 'Table 101',
        roomName: 'test room',
        startWall: played.startWall ?? 0,
        endWall: (played.startWall ?? 0) + 60_000,
        sent: Date.now(),
        hand: JSON.parse(JSON.stringify(played)),
      });
      expect((await archive.store(msg)).kind).toBe('stored');
      prev = played.handNo;
      handId = msg.handId;
    }
    rmSync(sim.dir, { recursive: true, force: true });
    web = webRoot(['room.html']);
    const r = account(accounts, 'room');
    const from = seen.length;
    room = await startRoom({
      broker: broker.url,
      username: r.username,
      password: r.password,
      archive,
      port: 0,
      host: '127.0.0.1',
      webRoot: web,
      dataDir: dir,
      exportDelayMs: 0,
      say: () => {},
    });
    routes = routesSince(from);
  }, 60_000);
  afterAll(async () => {
    await room?.close();
    await archive?.close();
    await broker?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(web, { recursive: true, force: true });
  });

  const creds = () => [
    { name: 'no token', headers: {} as Record<string, string>, entitled: false },
    { name: 'wrong token', headers: { authorization: 'Bearer wrong-token-xxxxxxxxxxxx' }, entitled: false },
    { name: 'wrong query token', headers: {}, query: 'token=wrong-token-xxxxxxxxxxxx', entitled: false },
    { name: 'token in another scheme', headers: { authorization: `Basic ${room.token}` }, entitled: false },
    { name: 'the room token', headers: { authorization: `Bearer ${room.token}` }, entitled: true },
  ];

  it('every route the room registered is known here with the roles it serves', () => {
    const got = new Set(routes.filter((r) => r.method !== 'HEAD').map(key));
    expect([...got].sort()).toEqual(Object.keys(ROOM_ROUTES).sort());
  });

  it('no spelling of any route answers 2xx without the room token; no hole card leaves, no setting changes', async () => {
    // the hole cards of the archived hands, as the room's own export (with its token) names them
    const phh = await room.app.inject({
      url: '/api/archive/export/phh',
      headers: { authorization: `Bearer ${room.token}` },
    });
    expect(phh.statusCode).toBe(200);
    const holes = [...phh.body.matchAll(/d dh p\d ([2-9TJQKA][cdhs][2-9TJQKA][cdhs])/g)].map((m) => m[1]);
    expect(holes.length).toBeGreaterThan(2);
    const settingsBefore = JSON.stringify(room.settings());
    let tried = 0;
    const leaks: string[] = [];
    for (const r of routes) {
      const k = key({ method: r.method === 'HEAD' ? 'GET' : r.method, url: r.url });
      const roles = ROOM_ROUTES[k];
      if (roles === undefined || roles === 'public' || r.websocket) continue;
      const path = fill(r.url, { format: 'phh', table: '101', hand: handId });
      for (const variant of [path, ...pathVariants(path)]) {
        for (const c of creds()) {
          if (c.entitled) continue;
          const url = c.query ? `${variant}?${c.query}` : variant;
          const res = await room.app.inject({
            method: r.method as 'GET',
            url,
            headers: c.headers,
            ...(r.method === 'POST' ? { payload: { blinds: [400_000, 800_000], bbAnte: 0 } } : {}),
          });
          tried++;
          if (is2xx(res.statusCode)) leaks.push(`${r.method} ${url} as ${c.name}: ${res.statusCode}`);
          for (const h of holes) if (res.body.includes(h)) leaks.push(`${r.method} ${url} as ${c.name}: ${h}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThan(500);
    expect(JSON.stringify(room.settings())).toBe(settingsBefore);
  }, 120_000);

  it('the websocket under every spelling: refused from a foreign Origin and without the token', async () => {
    const leaks: string[] = [];
    for (const variant of ['/ws', ...pathVariants('/ws')]) {
      const foreign = await tryWs(`${room.url.replace('http', 'ws')}${variant}?token=${room.token}`, {
        origin: FOREIGN,
      });
      if (foreign.status === 101 || foreign.messages.some((m) => m.includes('"type":"room"')))
        leaks.push(`${variant} from ${FOREIGN}: ${foreign.status}`);
      const none = await tryWs(`${room.url.replace('http', 'ws')}${variant}`, {});
      if (none.messages.some((m) => !m.includes('"type":"error"'))) leaks.push(`${variant} without a token`);
    }
    expect(leaks).toEqual([]);
    const ok = await tryWs(`${room.url.replace('http', 'ws')}/ws?token=${room.token}`, {});
    expect(ok.status).toBe(101);
    expect(ok.messages[0]).toContain('"type":"room"');
    expect(ok.upgradeHeaders['cache-control']).toBe('no-store');
  }, 120_000);

  it('every answer but a page file carries Cache-Control: no-store (refusals and exports too)', async () => {
    for (const r of routes) {
      if (r.websocket || r.method === 'HEAD' || ROOM_ROUTES[key(r)] === 'public') continue;
      const url = fill(r.url, { format: 'phh', table: '101', hand: handId });
      for (const headers of [{ authorization: `Bearer ${room.token}` }, {}]) {
        const res = await room.app.inject({
          method: r.method as 'GET',
          url,
          headers,
          ...(r.method === 'POST' ? { payload: { blinds: [100, 50], bbAnte: 0 } } : {}),
        });
        expect(res.headers['cache-control'], `${r.method} ${url} ${res.statusCode}`).toBe('no-store');
      }
    }
    const page = await room.app.inject({ url: '/room.html' });
    expect(page.statusCode).toBe(200);
  });
});

// ---- the plugin itself: a route without roles cannot exist --------------------------------------------------------

describe('a route that declares no roles cannot be registered', () => {
  const make = async () => {
    const { default: Fastify } = await import('fastify');
    const { installRouteAuth } = await import('../../src/http/auth.js');
    const app = Fastify();
    installRouteAuth(app, { roles: ['a', 'b'], anonymous: null, roleOf: () => null });
    return app;
  };

  it('on the app, in a plugin, with an unknown role, public with roles: the app does not start', async () => {
    const { default: fastifyStatic } = await import('@fastify/static');
    const { registerPublicFiles } = await import('../../src/http/auth.js');
    const cases: [string, (app: FastifyInstance) => Promise<unknown> | unknown][] = [
      ['no config', (app) => app.get('/x', async () => 'x')],
      ['empty roles', (app) => app.get('/x', { config: { roles: [] } }, async () => 'x')],
      ['unknown role', (app) => app.get('/x', { config: { roles: ['c'] } }, async () => 'x')],
      ['public and roles', (app) => app.get('/x', { config: { public: true, roles: ['a'] } }, async () => 'x')],
      [
        'in an encapsulated plugin',
        (app) =>
          app.register(async (child) => {
            child.post('/y', async () => 'y');
          }),
      ],
      [
        'roles among public files',
        (app) =>
          registerPublicFiles(
            app,
            async (scope: FastifyInstance) => {
              scope.get('/z', { config: { roles: ['a'] } }, async () => 'z');
            },
            {},
          ),
      ],
    ];
    for (const [name, add] of cases) {
      const app = await make();
      await expect(
        (async () => {
          await add(app);
          await app.ready();
        })(),
        name,
      ).rejects.toThrow(/declares no roles|unknown role|public and also names roles|roles among public files/);
      await app.close().catch(() => {});
    }
    // declared routes start; a static file server in registerPublicFiles is public without naming anything
    const app = await make();
    const web = webRoot(['index.html']);
    app.get('/x', { config: { roles: ['a'] } }, async () => 'x');
    await registerPublicFiles(app, fastifyStatic, { root: web, prefix: '/' });
    await app.ready();
    expect((await app.inject({ url: '/index.html' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/x' })).statusCode).toBe(401);
    expect(app.declaredRoutes().map((r) => `${r.method} ${r.url} ${r.roles}`)).toContain('GET /x a');
    await app.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('the plugin must come before @fastify/websocket', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: fastifyWebsocket } = await import('@fastify/websocket');
    const { installRouteAuth } = await import('../../src/http/auth.js');
    const app = Fastify();
    await app.register(fastifyWebsocket);
    expect(() => installRouteAuth(app, { roles: ['a'], anonymous: null, roleOf: () => null })).toThrow(/before/);
    await app.close();
  });
});
