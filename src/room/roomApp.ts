// The card room's app: a fastify plugin (roomApp) over the app base it shares with the table's (src/http/appBase.ts:
// strict schemas, one error answer, the one authentication on the matched route, the wrong-token limit). The room
// token opens the role 'room' (the floor staff's room view, archive and settings); without it nothing but the page
// files. Its routes are the modules of routes/, autoloaded with the room's context, and those of a part attached
// to the room (a tournament: roomAttach.ts).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { WallClock } from '../clock/index.js';
import { appBase } from '../http/appBase.js';
import { registerPublicFiles } from '../http/auth.js';
import { autoloadRoutes } from '../http/routeModules.js';
import type { RoomArchive } from './archive.js';
import type { RoomBreak, SettingsMessage } from './protocol.js';
import type { RoomAttachment } from './roomAttach.js';
import type { RoomTableRow } from './roomRows.js';

/** the room's HTTP roles: its token opens 'room' (the floor staff's room view, archive and settings) */
export const ROOM_ROLES_HTTP = ['room'] as const;
export type RoomRole = (typeof ROOM_ROLES_HTTP)[number];

/** the room view: every table's row and the settings in force */
export interface RoomView {
  now: number;
  settings: SettingsMessage | null;
  tables: RoomTableRow[];
}

/** What the room's route modules (routes/) are given. */
export interface RoomAppContext {
  /** the routes' config: the room token's role */
  staff: { roles: typeof ROOM_ROLES_HTTP };
  archive: RoomArchive;
  tablesView(): RoomView;
  /** the room view's websockets (the room sends each change to them) */
  sockets: Set<WebSocket>;
  setSettings(level: { blinds: [number, number]; bbAnte: number }, breaks?: RoomBreak[]): Promise<SettingsMessage>;
  /** whether a stored hand may leave the room yet (viewFor, on the room's export delay) */
  released(h: { tableId: string; logId: string; handId: string; receivedWall: number }): boolean;
  now: WallClock;
  say(line: string): void;
}

export interface RoomAppOptions {
  token: string;
  /** dist/web (room.html); null serves no page */
  webRoot: string | null;
  ctx: RoomAppContext;
  attached: RoomAttachment | null;
}

export const ROOM_TOKEN_FILE = 'room-token.json';

/** the room's token (DATA/room-token.json, mode 600; made on the first start) */
export function roomToken(dir: string): { token: string; created: boolean } {
  const path = join(dir, ROOM_TOKEN_FILE);
  if (existsSync(path)) {
    const t = (JSON.parse(readFileSync(path, 'utf8')) as { token?: unknown }).token;
    if (typeof t === 'string' && t.length >= 16) return { token: t, created: false };
  }
  const token = randomBytes(24).toString('base64url');
  writeFileSync(path, `${JSON.stringify({ token })}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return { token, created: true };
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** the folder of the room's route modules */
const ROUTES = new URL('./routes/', import.meta.url);

export async function buildRoomApp(opts: RoomAppOptions): Promise<FastifyInstance> {
  // no request log: the room view's websocket carries its token in the URL
  const app = await appBase<RoomRole>({
    logger: false,
    auth: {
      roles: ROOM_ROLES_HTTP,
      anonymous: null,
      roleOf: (given) => (sameToken(given, opts.token) ? 'room' : null),
    },
    wsMaxPayload: 16 * 1024,
  });
  await app.register(roomApp, opts);
  return app;
}

export const roomApp: FastifyPluginAsync<RoomAppOptions> = async (app, opts) => {
  await autoloadRoutes(app, ROUTES, opts.ctx);
  opts.attached?.routes(app, opts.ctx.staff);
  if (opts.webRoot) {
    await registerPublicFiles(app, fastifyStatic, { root: opts.webRoot, index: false });
    app.get('/', { config: { public: true } }, async (_req, reply) => reply.redirect('/room.html'));
  }
};
(roomApp as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
