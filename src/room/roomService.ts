import type { FastifyInstance } from 'fastify';
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
import { viewFor } from '../views/views.js';
import { problemLine, type RoomArchive } from './archive.js';
import {
  type AckMessage,
  decodeMessage,
  encodeMessage,
  type HandMessage,
  type LinkMessage,
  PROTOCOL_VERSION,
  parseTableTopic,
  type RoomBreak,
  type RoomClock,
  type SettingsMessage,
  topics,
} from './protocol.js';
import { buildRoomApp, ROOM_ROLES_HTTP, ROOM_TOKEN_FILE, roomToken } from './roomApp.js';
import type { RoomAttachment, RoomContext } from './roomAttach.js';
import { blankRow, type RoomTableRow, refusedAlert, replacedAlert } from './roomRows.js';

export type { RoomFloorAlert, RoomTableRow } from './roomRows.js';

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
  setSettings(
    level: { blinds: [number, number]; bbAnte: number },
    breaks?: RoomBreak[],
    clock?: RoomClock,
  ): Promise<SettingsMessage>;
  /** resolves when every hand received so far is stored and acknowledged */
  idle(): Promise<void>;
  close(): Promise<void>;
}

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

  // one chain of stores per table: its hands are stored in the order they arrive, tables in parallel; none before the
  // attached part has been given the hands it missed (`reconcile`, below)
  const chains = new Map<string, Promise<void>>();
  let openGate!: () => void;
  const gate = new Promise<void>((r) => {
    openGate = r;
  });
  const onHand = (msg: HandMessage) => {
    const prev = chains.get(msg.tableId) ?? gate;
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
            r2.roomAlerts.push(refusedAlert(msg.tableId, msg.handNo, out.problem, now()));
            broadcast({ type: 'table', table: r2 });
          }
          say(`room: hand ${msg.handNo} of table ${msg.tableId} refused: ${problemLine(out.problem)}`);
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
    clock?: RoomClock,
  ): Promise<SettingsMessage> => {
    const msg: SettingsMessage = {
      v: PROTOCOL_VERSION,
      kind: 'settings',
      version: (settings?.version ?? 0) + 1,
      level,
      breaks,
      sent: now(),
      ...(clock ? { clock } : {}),
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

  // the hands stored that the attached part may not have heard of (a crash between the store and onHandStored)
  try {
    const want = attached?.reconcile?.();
    if (want && attached) {
      const stored = want.after
        ? await archive.storedAfter(want.after)
        : await archive.storedSince(want.tableIds, want.sinceWall);
      for (const msg of stored) attached.onHandStored(msg);
      if (!want.after) want.mark(await archive.lastTableSeqs(want.tableIds));
    }
  } catch (err) {
    say(`room: the stored hands not given again: ${(err as Error).message}`);
  } finally {
    openGate();
  }

  // The export delay is an age on this room's monotonic clock, counted from when the room received the hand: the
  // table's end time is another machine's clock, and the room's own wall clock may jump. A hand stored before this
  // start counts from its received wall time only when the clock is synchronised (else from the start: the delay
  // runs again in full, late, never early).
  const released = (h: { tableId: string; logId: string; handId: string; receivedWall: number }) => {
    const endedAt = receivedAt.get(handKey(h.tableId, h.logId, h.handId)) ?? epoch.monoOf(h.receivedWall);
    return viewFor('room', { kind: 'history', endedAt, delayMs: opts.exportDelayMs }, mono());
  };
  const app = await buildRoomApp({
    token,
    webRoot: opts.webRoot,
    attached,
    ctx: {
      staff: { roles: ROOM_ROLES_HTTP },
      archive,
      tablesView: () => ({
        now: now(),
        settings,
        tables: [...rows.values()].sort((a, b) => a.tableId.localeCompare(b.tableId)),
      }),
      sockets,
      setSettings,
      released,
      now,
      say,
    },
  });
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
