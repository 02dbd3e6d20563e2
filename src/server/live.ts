// The live service assembled: the log (SQLite in the data folder), the session recovered from it, the role tokens,
// the fastify app listening, and a table source (the reader bridge and dealer panel, or the simulator) feeding the
// session through the table layer. `feltwire start`, the end-to-end tests and the live bench all start it here.
import { mkdirSync } from 'node:fs';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import {
  type MonotonicClock,
  monotonicNow,
  StartEpoch,
  type SyncProbe,
  type WallClock,
  wallNow,
} from '../clock/index.js';
import { EquityService } from '../engine/equity/index.js';
import type { TableConfig } from '../engine/types.js';
import type { RoomLink, RoomLinkOptions } from '../room/publisher.js';
import { type EventLog, MemoryLog, type TableEventInput, TableSession } from '../session/index.js';
import type { TableAlertInput } from '../session/types.js';
import { HandArchive, SqliteEventLog } from '../store/index.js';
import {
  defaultIdentity,
  type IdentityOverrides,
  loadTableIdentity,
  type TableIdentity,
} from '../store/tableIdentity.js';
import type { LiveTableEvent, TableLayer } from '../table/index.js';
import { buildApp } from './app.js';
import { delayAtStart } from './delaySetting.js';
import { type EquityComputer, serviceEquity } from './equity.js';
import type { TokenRole } from './liveState.js';
import { DealOrder, ResumeHold, ResumeReading, reconcileResume } from './resume.js';
import { watchStorage } from './storageAlerts.js';
import { TokenStore } from './tokens.js';

/** Something that feeds the session (hardware, simulator); closed on shutdown. */
export interface TableSource {
  readonly name: string;
  /** the tablet's table events, in order with the sensors' (the table layer's ingestTablet) */
  tablet?(ev: TableEventInput): void;
  close(): Promise<void>;
}

/** Starts a table source on the session. `table`, when given, is the table this source plays (the simulator's):
 * the session starts a new table with it instead of resuming the logged one. */
export interface TableSourceFactory {
  table?: TableConfig;
  /** `table`: what the service knows of the table (its identity: cash or tournament) */
  start(session: TableSession, say: (line: string) => void, table?: { identity: TableIdentity }): Promise<TableSource>;
}

export interface LiveOptions {
  dataDir: string;
  port: number;
  host: string;
  broadcastDelayMs: number;
  webRoot: string | null;
  /** the first hand's table when the log is empty */
  table: TableConfig;
  source: TableSourceFactory | null;
  /** keep the log in memory (benches, throwaway runs) */
  memoryLog?: boolean;
  rotate?: TokenRole[];
  equity?: EquityComputer | null;
  logger?: FastifyServerOptions['logger'];
  /** live equities for commentators (default: the equity worker; null: none) */
  /** where operator messages go (tokens printed once, startup notes) */
  say?: (line: string) => void;
  overlayStepMs?: number;
  /** the service's wall clock, for what is written down (benches replay hands faster than real time) */
  now?: WallClock;
  /** the clock of every age (the delay, holds, timers): monotonic (default performance.now) */
  mono?: MonotonicClock;
  /** whether the wall clock is synchronised, asked once at start (default: the kernel's flag via timedatectl):
   * hands logged before the start count their age from their wall time only when it is */
  clockSynchronised?: SyncProbe;
  /** H5: the table's identity in its hand histories (card room, table name and id, cash or tournament), over
   * DATA/table.json (which keeps it; written on the first start) */
  identity?: IdentityOverrides;
  /** SQLite durability: FULL (default, the service) or NORMAL (bulk benches only) */
  logSync?: 'FULL' | 'NORMAL';
  /** origins besides the service's own from which browser pages may open /ws */
  allowedOrigins?: readonly string[];
  /** publish to a card room's broker (src/room/publisher.ts); the table never waits for it */
  room?: RoomLinkOptions;
}

export interface LiveService {
  app: FastifyInstance;
  session: TableSession;
  log: EventLog;
  tokens: TokenStore;
  source: TableSource | null;
  /** the link to the card room, when `room` was given */
  room: RoomLink | null;
  /** H5: the table's identity (DATA/table.json) */
  identity: TableIdentity;
  url: string;
  close(): Promise<void>;
}

export async function startLive(opts: LiveOptions): Promise<LiveService> {
  const say = opts.say ?? ((line: string) => process.stdout.write(`${line}\n`));
  // this start's clocks: the ages of what was logged before it (src/clock)
  const epoch = new StartEpoch(opts.now ?? wallNow, opts.mono ?? monotonicNow, opts.clockSynchronised);
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  // H5: the table identity (DATA/table.json, the start options over it; a memory log writes nothing)
  const identity: TableIdentity = opts.memoryLog
    ? defaultIdentity(opts.identity)
    : loadTableIdentity(opts.dataDir, opts.identity);
  const log: EventLog = opts.memoryLog
    ? new MemoryLog()
    : SqliteEventLog.open(opts.dataDir, { notify: say, synchronous: opts.logSync ?? 'FULL' });
  // a tournament's table is finished when one seat is left with chips (TABLE_FINISHED); a cash table waits for players
  const session = TableSession.recover(log, {
    config: opts.table,
    now: opts.now,
    mono: opts.mono,
    game: identity.game,
  });
  // the delay is a logged setting: a restart with the same command line keeps the longest the floor set
  const delayMs = delayAtStart(log, opts.broadcastDelayMs);
  const tokens = TokenStore.open(opts.dataDir);
  for (const role of opts.rotate ?? []) tokens.rotate(role);
  const fresh = [...new Set([...tokens.created, ...(opts.rotate ?? [])])];
  if (fresh.length > 0) {
    say('Role tokens (shown once; kept in tokens.json in the data folder, mode 600):');
    for (const role of fresh) say(`  ${role.padEnd(12)} ${tokens.tokenOf(role)}`);
  }
  let source: TableSource | null = null;
  // one archive for the table's own exports and the room's copy: the room gets exactly what the table exports
  const archive = new HandArchive(log, { engine: session.rulesEngine, identity });
  const app = await buildApp({
    archive,
    session,
    tablet: (ev) => (source?.tablet ? source.tablet(ev) : void session.ingest(ev)),
    log,
    tokens,
    broadcastDelayMs: delayMs,
    commandLineDelayMs: opts.broadcastDelayMs,
    webRoot: opts.webRoot,
    equity: opts.equity === undefined ? defaultEquity(say) : opts.equity,
    logger: opts.logger ?? false,
    overlayStepMs: opts.overlayStepMs,
    now: opts.now,
    mono: opts.mono,
    epoch,
    allowedOrigins: opts.allowedOrigins,
  });
  // the log's storage faults and a salvage at start: alerts on every view (storageAlerts.ts)
  const unwatch =
    log instanceof SqliteEventLog
      ? watchStorage(log, session, app.live, (err) => say(`storage alert failed: ${(err as Error).message}`))
      : () => {};
  let room: RoomLink | null = null;
  try {
    await app.listen({ port: opts.port, host: opts.host });
    if (opts.source?.table) session.restartTable(opts.source.table);
    source = opts.source ? await opts.source.start(session, say, { identity }) : null;
    if (opts.room) {
      const { startRoomLink } = await import('../room/publisher.js');
      // the room knows the table by its identity (DATA/table.json) unless told otherwise
      const link = {
        ...opts.room,
        tableId: opts.room.tableId || identity.tableId,
        tableName: opts.room.tableName ?? identity.table,
        roomName: opts.room.roomName ?? identity.room,
      };
      room = startRoomLink(link, {
        session,
        log,
        archive,
        broadcastDelayMs: () => app.live.broadcastDelayMs,
        now: opts.now,
        mono: opts.mono,
        epoch,
        say,
      });
    }
  } catch (err) {
    await app.close();
    session.close();
    log.close();
    throw err;
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  const url = `http://${opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host}:${port}`;
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // every view first (1001, going away): each says "disconnected" now, whatever the rest of the stop takes
      app.live.stop();
      await source?.close().catch(() => {});
      await room?.close().catch(() => {});
      unwatch();
      await app.close();
      session.close();
      log.close();
    })();
    return closing;
  };
  return { app, session, log, tokens, source, room, identity, url, close };
}

function defaultEquity(say: (line: string) => void): EquityComputer | null {
  try {
    return serviceEquity(new EquityService());
  } catch (err) {
    say(`commentators get no equities: ${(err as Error).message}`);
    return null;
  }
}

/** Feeds the table layer's events, alerts and health into the session; returns the unwiring function. */
export function wireTableLayer(
  layer: TableLayer,
  session: TableSession,
  sourceName: string,
  onError: (err: unknown) => void,
): () => void {
  // unwired (the source closing): the layer's last words (the link closed, the table emptied) are not the table's
  let wired = true;
  // hole cards read without their order (inventories) go to the engine in the deal's order (resume.ts)
  // a hand stopped after a restart (a card the log placed gone from the table) gets no event until the floor decides
  const hold = new ResumeHold(session, (ev: LiveTableEvent) => {
    if (!wired) return;
    const { wall, orderKnown: _orderKnown, ...rest } = ev;
    try {
      session.ingest(rest, wall);
    } catch (err) {
      onError(err);
    }
  });
  const dealOrder = new DealOrder(session, (ev: LiveTableEvent) => hold.push(ev));
  // after a restart, what the readers' first inventory finds is read in betting order (resume.ts ResumeReading)
  const reading = new ResumeReading(session, layer, (ev: LiveTableEvent) => dealOrder.push(ev));
  // after a restart, the readers' first inventory against the log: cards gone from the table are told, never kept;
  // the actions taken while down are read in turn, the floor told once what was read
  layer.on('resumed', (r) => {
    if (!wired) return;
    try {
      const plan = reading.release(r.wall);
      dealOrder.flush();
      reconcileResume(session, r.missing, r.wall, plan);
    } catch (err) {
      onError(err);
    }
  });
  layer.on('event', (ev) => {
    if (!wired) return;
    try {
      reading.push(ev);
    } catch (err) {
      onError(err);
    }
  });
  layer.on('alert', (a) => {
    if (!wired) return;
    try {
      const facts = (a as { facts?: TableAlertInput['facts'] }).facts;
      session.raiseTableAlert(
        {
          code: a.code,
          severity: a.severity,
          rule: a.rule,
          message: a.message,
          remedy: a.remedy,
          messageFr: a.messageFr,
          remedyFr: a.remedyFr,
          antenna: a.antenna ?? null,
          // the cards the alert names, as facts: the views mask them on the alert's own hand (views.ts)
          ...(facts ? { facts } : {}),
        },
        a.wall,
      );
    } catch (err) {
      onError(err);
    }
  });
  // health: on the layer's word, and once a second (link and reader states change without table events)
  let last = '';
  const refresh = () => {
    if (!wired) return;
    const h = { ...layer.sessionHealth(), source: sourceName };
    const text = JSON.stringify(h);
    if (text === last) return;
    last = text;
    try {
      session.setHealth(h);
    } catch (err) {
      onError(err);
    }
  };
  layer.on('health', refresh);
  const timer = setInterval(refresh, 1000);
  timer.unref();
  refresh();
  return () => {
    wired = false;
    reading.close();
    dealOrder.close();
    hold.close();
    clearInterval(timer);
  };
}
