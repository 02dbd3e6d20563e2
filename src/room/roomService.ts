// `feltwire room`: subscribes to every table on the broker, stores each finished hand once in the archive and
// acknowledges it to its table, keeps the room view (a row per table) and serves it with the archive's search and
// exports, and publishes the room-wide settings (levels, breaks) that each table applies at its next shuffle.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { WebSocket } from 'ws';
import {
  type MonotonicClock,
  monotonicNow,
  StartEpoch,
  type SyncProbe,
  type WallClock,
  wallNow,
} from '../clock/index.js';
import { answerFor } from '../errors.js';
import { installRouteAuth, registerPublicFiles } from '../http/auth.js';
import type { RoomArchive } from './archive.js';
import { registerArchiveRoutes } from './archiveRoutes.js';
import {
  type AckMessage,
  decodeMessage,
  encodeMessage,
  type HandMessage,
  type LinkMessage,
  PROTOCOL_VERSION,
  parseTableTopic,
  type RoomBreak,
  type SettingsMessage,
  type StatusMessage,
  topics,
} from './protocol.js';
import type { RoomAttachment, RoomContext } from './roomAttach.js';

export interface RoomOptions {
  broker: string;
  username: string;
  password: string;
  archive: RoomArchive;
  port: number;
  host: string;
  /** dist/web (room.html); null serves no page */
  webRoot: string | null;
  /** the room's data folder (its token) */
  dataDir: string;
  /** hand histories leave the room no sooner than this after the room received them (the broadcast delay; a hand
   * ends before the room has it, so never early, whatever the tables' clocks say) */
  exportDelayMs: number;
  /** the level the room starts with (published when no settings are retained) */
  level?: { blinds: [number, number]; bbAnte: number };
  /** the wall clock: what is written down (messages' `sent`, rows' walls, breaks' start) (default Date.now) */
  now?: WallClock;
  /** the clock of every age (the export delay, the resend throttle): monotonic (default performance.now) */
  mono?: MonotonicClock;
  /** whether the wall clock is synchronised, asked once at start (default: the kernel's flag via timedatectl): hands
   * stored before the start count their age from their received wall time only when it is; else the export delay
   * runs again in full from the start */
  clockSynchronised?: SyncProbe;
  say?: (line: string) => void;
  /** a part of the room beside the archive (a tournament: roomTournament.ts), given the room's connection */
  attach?: (ctx: RoomContext) => RoomAttachment;
}

/** an alert of the room itself about a table (not the table's own: those are in its status) */
export interface RoomFloorAlert {
  code: 'ROOM_TABLE_REPLACED' | 'ROOM_HAND_REFUSED';
  severity: 'warn' | 'stop';
  message: string;
  messageFr: string;
  /** wall ms when the room raised it */
  wall: number;
  /** ROOM_HAND_REFUSED: the hand refused */
  handNo?: number;
}

export interface RoomTableRow {
  tableId: string;
  /** the event log the table sends from now (its current history); '' before its first hand */
  logId: string;
  /** the histories (event logs) of this table id in the archive */
  logs: number;
  /** the room's own alerts about this table, for the floor */
  roomAlerts: RoomFloorAlert[];
  tableName: string;
  roomName: string;
  /** the table's last status (null until one arrived) */
  status: StatusMessage | null;
  /** wall ms the room received it */
  statusWall: number | null;
  /** the table's link to the broker (its last will says when it dropped) */
  online: boolean;
  linkWall: number | null;
  /** finished hands the table still has to send, as it last said */
  backlog: number;
  /** the table's clock when it said so (a last will published later was written at connect: older) */
  backlogSent: number;
  archived: number;
  lastArchivedHandNo: number;
  lastArchivedWall: number | null;
}

export interface RoomStats {
  connected: boolean;
  stored: number;
  duplicates: number;
  gaps: number;
  refused: number;
  statusReceived: number;
}

export interface RoomService {
  app: FastifyInstance;
  url: string;
  token: string;
  tables(): RoomTableRow[];
  stats(): RoomStats;
  settings(): SettingsMessage | null;
  setSettings(level: { blinds: [number, number]; bbAnte: number }, breaks?: RoomBreak[]): Promise<SettingsMessage>;
  /** resolves when every hand received so far is stored and acknowledged */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export const ROOM_TOKEN_FILE = 'room-token.json';

/** the room's HTTP roles: its token opens 'room' (the floor staff's room view, archive and settings) */
export const ROOM_ROLES_HTTP = ['room'] as const;
export type RoomRole = (typeof ROOM_ROLES_HTTP)[number];

function roomToken(dir: string): { token: string; created: boolean } {
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

export async function startRoom(opts: RoomOptions): Promise<RoomService> {
  const now = opts.now ?? wallNow;
  const mono = opts.mono ?? monotonicNow;
  const epoch = new StartEpoch(now, mono, opts.clockSynchronised);
  const say = opts.say ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { archive } = opts;
  const { token, created } = roomToken(opts.dataDir);
  if (created) say(`Room token (shown once; kept in ${ROOM_TOKEN_FILE} in the room's data folder, mode 600): ${token}`);
  const rows = new Map<string, RoomTableRow>();
  for (const [tableId, cur] of await archive.current()) {
    const r = blankRow(tableId, cur.lastHandNo);
    r.logId = cur.logId;
    rows.set(tableId, r);
  }
  for (const [tableId, logs] of await archive.logs()) {
    const r = rows.get(tableId);
    if (!r) continue;
    r.logs = logs.length;
    // a table id with more than one history: the floor is told again after a room restart
    if (logs.length > 1)
      r.roomAlerts.push(replacedAlert(tableId, logs.length, logs[logs.length - 1].firstReceivedWall));
  }
  const counts = await archive.db
    .selectFrom('archive_tables')
    .select(['table_id', 'hands', 'last_end_wall', 'table_name', 'room_name'])
    .execute();
  for (const c of counts) {
    const r = rows.get(c.table_id);
    if (!r) continue;
    r.archived = Number(c.hands);
    r.lastArchivedWall = Number(c.last_end_wall);
    r.tableName = c.table_name;
    r.roomName = c.room_name;
  }
  const stats = { stored: 0, duplicates: 0, gaps: 0, refused: 0, statusReceived: 0 };
  let settings: SettingsMessage | null = null;
  const sockets = new Set<WebSocket>();
  const broadcast = (msg: unknown) => {
    const text = JSON.stringify(msg);
    for (const ws of sockets) {
      if (ws.readyState !== 1) sockets.delete(ws);
      else if (ws.bufferedAmount < 1 << 20) ws.send(text);
    }
  };
  const row = (tableId: string): RoomTableRow => {
    let r = rows.get(tableId);
    if (!r) {
      r = blankRow(tableId, 0);
      rows.set(tableId, r);
    }
    return r;
  };

  const client: MqttClient = mqtt.connect(opts.broker, {
    // the broker ties a client id to its account (Mosquitto use_username_as_clientid; the in-process broker checks)
    clientId: opts.username,
    username: opts.username,
    password: opts.password,
    // a persistent session: hands published while the room is away wait for it at the broker (QoS 1)
    clean: false,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
    keepalive: 10,
  });

  const ack = (tableId: string, logId: string, handNo: number, resend: boolean) => {
    const msg: AckMessage = { v: PROTOCOL_VERSION, kind: 'ack', tableId, logId, handNo, resend, sent: now() };
    client.publish(topics.table(tableId, 'ack'), encodeMessage('ack', msg), { qos: 1, retain: !resend });
  };
  /** monotonic ms of the last resend asked of each table */
  const lastResend = new Map<string, number>();
  /** monotonic ms each hand stored by this run was received (the start of its export delay) */
  const receivedAt = new Map<string, number>();
  const handKey = (tableId: string, logId: string, handId: string) => `${tableId}\u0000${logId}\u0000${handId}`;

  // one chain of stores per table: its hands are stored in the order they arrive, tables in parallel
  const chains = new Map<string, Promise<void>>();
  const onHand = (msg: HandMessage) => {
    const prev = chains.get(msg.tableId) ?? Promise.resolve();
    const next = prev.then(async () => {
      try {
        const received = mono();
        const out = await archive.store(msg, now());
        const r = row(msg.tableId);
        if (out.kind === 'stored') {
          receivedAt.set(handKey(msg.tableId, msg.logId, msg.handId), received);
          stats.stored++;
          r.archived++;
          r.logId = msg.logId;
          if (r.logs === 0) r.logs = 1;
          if (out.replaced) {
            r.logs++;
            r.roomAlerts = r.roomAlerts.filter((a) => a.code !== 'ROOM_TABLE_REPLACED');
            r.roomAlerts.push(replacedAlert(msg.tableId, r.logs, now()));
            say(
              `room: table ${msg.tableId} sends from another event log (${msg.logId}, was ${out.replaced.previousLogId || 'one without an id'}): both histories are kept`,
            );
          }
          r.lastArchivedHandNo = out.lastHandNo;
          r.lastArchivedWall = msg.endWall;
          r.tableName = msg.tableName;
          r.roomName = msg.roomName;
          ack(msg.tableId, msg.logId, out.lastHandNo, false);
          broadcast({ type: 'table', table: r });
          try {
            attached?.onHandStored(msg);
          } catch (err) {
            say(`room: hand ${msg.handNo} of ${msg.tableId}: ${(err as Error).message}`);
          }
        } else if (out.kind === 'refused') {
          // nothing stored, nothing acknowledged: the hand stays in the table's log; the floor is told which table
          stats.refused++;
          const r2 = row(msg.tableId);
          const known = r2.roomAlerts.find((a) => a.code === 'ROOM_HAND_REFUSED');
          if (!known || known.handNo !== msg.handNo) {
            r2.roomAlerts = r2.roomAlerts.filter((a) => a.code !== 'ROOM_HAND_REFUSED');
            r2.roomAlerts.push(refusedAlert(msg.tableId, msg.handNo, out.reason, now()));
            broadcast({ type: 'table', table: r2 });
          }
          say(`room: hand ${msg.handNo} of table ${msg.tableId} refused: ${out.reason}`);
        } else if (out.kind === 'duplicate') {
          stats.duplicates++;
          ack(msg.tableId, msg.logId, out.lastHandNo, false);
        } else {
          stats.gaps++;
          const t = mono();
          const k = `${msg.tableId}/${msg.logId}`;
          const last = lastResend.get(k);
          if (last === undefined || t - last > 1000) {
            lastResend.set(k, t);
            ack(msg.tableId, msg.logId, out.lastHandNo, true);
          }
        }
      } catch (err) {
        stats.refused++;
        say(`room: hand ${msg.handId} of ${msg.tableId} not stored: ${(err as Error).message}`);
      }
    });
    chains.set(msg.tableId, next);
  };

  client.on('connect', () => {
    client.subscribe(
      [
        topics.allTables('status'),
        topics.allTables('link'),
        topics.allTables('hands'),
        topics.settings,
        ...(attached?.topics ?? []),
      ],
      { qos: 1 },
    );
    attached?.onConnect();
    // the acks again (a broker restarted from an old save may have lost them), and the settings in force
    for (const r of rows.values())
      if (r.lastArchivedHandNo > 0 && r.logId !== '') ack(r.tableId, r.logId, r.lastArchivedHandNo, false);
    if (settings) client.publish(topics.settings, encodeMessage('settings', settings), { qos: 1, retain: true });
  });
  client.on('error', (err) => say(`room broker: ${err.message}`));
  client.on('message', (topic, payload) => {
    try {
      if (topic === topics.settings) {
        const s = decodeMessage('settings', payload);
        if (!settings || s.version > settings.version) settings = s;
        return;
      }
      const t = parseTableTopic(topic);
      if (!t) return;
      if (attached && (t.stream === 'seated' || t.stream === 'seating')) {
        attached.onMessage(topic, payload);
        return;
      }
      if (t.stream === 'status') {
        const s = decodeMessage('status', payload);
        if (s.tableId !== t.tableId) throw new Error(`status of ${s.tableId} on ${t.tableId}'s topic`);
        const r = row(t.tableId);
        r.status = s;
        r.statusWall = now();
        r.tableName = s.tableName;
        r.roomName = s.roomName;
        stats.statusReceived++;
        broadcast({ type: 'table', table: r });
      } else if (t.stream === 'link') {
        const l: LinkMessage = decodeMessage('link', payload);
        const r = row(t.tableId);
        r.online = l.online;
        r.linkWall = l.sent;
        // a last will carries the backlog of its connect: a later figure the table said stands
        if (l.sent >= r.backlogSent) {
          r.backlog = l.backlog;
          r.backlogSent = l.sent;
        }
        broadcast({ type: 'table', table: r });
      } else if (t.stream === 'hands') {
        const h = decodeMessage('hand', payload);
        if (h.tableId !== t.tableId) throw new Error(`hand of ${h.tableId} on ${t.tableId}'s topic`);
        onHand(h);
      }
    } catch (err) {
      stats.refused++;
      say(`room: ${topic}: ${(err as Error).message}`);
    }
  });

  const setSettings = async (
    level: { blinds: [number, number]; bbAnte: number },
    breaks: RoomBreak[] = [],
  ): Promise<SettingsMessage> => {
    const msg: SettingsMessage = {
      v: PROTOCOL_VERSION,
      kind: 'settings',
      version: (settings?.version ?? 0) + 1,
      level,
      breaks,
      sent: now(),
    };
    const payload = encodeMessage('settings', msg);
    settings = msg;
    await client.publishAsync(topics.settings, payload, { qos: 1, retain: true });
    broadcast({ type: 'settings', settings: msg });
    return msg;
  };

  const attached: RoomAttachment | null = opts.attach
    ? opts.attach({
        publish: async (topic, payload, retain) => {
          await client.publishAsync(topic, payload, { qos: 1, retain });
        },
        connected: () => client.connected,
        settings: () => settings,
        setSettings,
        say,
      })
    : null;

  // ---- HTTP: the room view, the archive ---------------------------------------------------------------------
  // no request log: the room view's websocket carries its token in the URL
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024, forceCloseConnections: true });
  // one authentication with the table service (src/http/auth.ts), on the matched route: the room token opens the
  // role 'room'; without it nothing but the page files
  installRouteAuth<RoomRole>(app, {
    roles: ROOM_ROLES_HTTP,
    anonymous: null,
    roleOf: (given) => (sameToken(given, token) ? 'room' : null),
  });
  // the same answers as the table's app (src/errors.ts): a FeltwireError with its status and code
  app.setErrorHandler((err, _req, reply) => {
    const answer = answerFor(err);
    return reply.code(answer.status).send(answer.body);
  });
  await app.register(fastifyWebsocket);
  const staff = { roles: ROOM_ROLES_HTTP };
  const tablesView = () => ({
    now: now(),
    settings,
    tables: [...rows.values()].sort((a, b) => a.tableId.localeCompare(b.tableId)),
  });
  app.get('/api/room', { config: staff }, async () => tablesView());
  app.get('/ws', { websocket: true, config: staff }, (socket) => {
    sockets.add(socket);
    socket.send(JSON.stringify({ type: 'room', ...tablesView() }));
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
  });
  // The export delay is an age on this room's monotonic clock, counted from when the room received the hand: the
  // table's end time is another machine's clock, and the room's own wall clock may jump. A hand stored before this
  // start counts from its received wall time only when the clock is synchronised (else from the start: the delay
  // runs again in full, late, never early).
  const released = (h: { tableId: string; logId: string; handId: string; receivedWall: number }) =>
    mono() - (receivedAt.get(handKey(h.tableId, h.logId, h.handId)) ?? epoch.monoOf(h.receivedWall)) >=
    opts.exportDelayMs;
  registerArchiveRoutes(app, { archive, staff, released, say });
  attached?.routes(app, staff);
  app.post<{ Body: { blinds: [number, number]; bbAnte: number; breaks?: { inMinutes: number; minutes: number }[] } }>(
    '/api/settings',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['blinds', 'bbAnte'],
          properties: {
            blinds: {
              type: 'array',
              minItems: 2,
              maxItems: 2,
              items: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
            },
            bbAnte: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
            breaks: {
              type: 'array',
              maxItems: 20,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['inMinutes', 'minutes'],
                properties: {
                  inMinutes: { type: 'integer', minimum: 0, maximum: 24 * 60 },
                  minutes: { type: 'integer', minimum: 1, maximum: 24 * 60 },
                },
              },
            },
          },
        },
      },
      config: staff,
    },
    async (req, reply) => {
      const [sb, bb] = req.body.blinds;
      if (!(bb > 0 && sb <= bb))
        return reply.code(400).send({ error: 'BAD_LEVEL', message: 'blinds must be SB/BB with 0 <= SB <= BB, BB > 0' });
      const t = now();
      const breaks = (req.body.breaks ?? []).map((b) => ({ fromWall: t + b.inMinutes * 60_000, minutes: b.minutes }));
      return { settings: await setSettings({ blinds: [sb, bb], bbAnte: req.body.bbAnte }, breaks) };
    },
  );
  if (opts.webRoot) {
    await registerPublicFiles(app, fastifyStatic, { root: opts.webRoot, index: false });
    app.get('/', { config: { public: true } }, async (_req, reply) => reply.redirect('/room.html'));
  }
  try {
    await app.listen({ port: opts.port, host: opts.host });
  } catch (err) {
    client.end(true);
    throw err;
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  const url = `http://${opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host}:${port}`;

  // the first level, when the broker holds none (a retained settings message arrives right after subscribing)
  if (opts.level) {
    const level = opts.level;
    const first = () =>
      setTimeout(() => {
        if (!settings) void setSettings(level).catch(() => {});
      }, 500).unref();
    if (client.connected) first();
    else client.once('connect', first);
  }

  let closing: Promise<void> | null = null;
  return {
    app,
    url,
    token,
    tables: () => [...rows.values()],
    stats: () => ({ connected: client.connected, ...stats }),
    settings: () => settings,
    setSettings,
    async idle() {
      for (;;) {
        const pending = [...chains.values()];
        await Promise.all(pending);
        if ([...chains.values()].every((p, i) => p === pending[i])) return;
      }
    },
    close() {
      closing ??= (async () => {
        for (const ws of sockets) ws.close(1001, 'room shutting down');
        await attached?.close();
        await app.close();
        await Promise.all([...chains.values()]);
        await client.endAsync().catch(() => {});
      })();
      return closing;
    },
  };
}

function replacedAlert(tableId: string, logs: number, wall: number): RoomFloorAlert {
  return {
    code: 'ROOM_TABLE_REPLACED',
    severity: 'warn',
    message:
      `Table ${tableId} now sends from another event log (a new data folder or SD card under the same table id): ` +
      `its ${logs} histories are all kept in the archive. Check that only one table runs as ${tableId}.`,
    messageFr:
      `La table ${tableId} envoie désormais depuis un autre journal (un nouveau dossier de données ou une nouvelle ` +
      `carte SD sous le même identifiant) : ses ${logs} historiques sont tous conservés dans l’archive. Vérifiez ` +
      `qu’une seule table tourne sous l’identifiant ${tableId}.`,
    wall,
  };
}

function refusedAlert(tableId: string, handNo: number, reason: string, wall: number): RoomFloorAlert {
  return {
    code: 'ROOM_HAND_REFUSED',
    severity: 'stop',
    handNo,
    message:
      `Table ${tableId}: hand ${handNo} was refused by the archive (${reason}). It stays in the table's log and ` +
      `the table's later hands wait behind it: check the table's software and its player names.`,
    messageFr:
      `Table ${tableId} : la main ${handNo} est refusée par l’archive (${reason}). Elle reste dans le journal de ` +
      `la table et les mains suivantes attendent derrière elle : vérifiez le logiciel de la table et les noms des joueurs.`,
    wall,
  };
}

function blankRow(tableId: string, last: number): RoomTableRow {
  return {
    tableId,
    logId: '',
    logs: 0,
    roomAlerts: [],
    backlogSent: 0,
    tableName: tableId,
    roomName: '',
    status: null,
    statusWall: null,
    online: false,
    linkWall: null,
    backlog: 0,
    archived: 0,
    lastArchivedHandNo: last,
    lastArchivedWall: null,
  };
}
