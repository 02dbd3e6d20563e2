// The live service assembled: the log (SQLite in the data folder), the session recovered from it, the role tokens,
// the hand archive, a web side listening, and a table source (the reader bridge and dealer panel, or the simulator)
// feeding the session through the table layer (source.ts). The web side is given (TableWeb): this folder does not
// know the table app; src/server/live.ts puts the table app (src/server/app.ts, a fastify plugin) on it as startLive,
// which `feltwire start`, the end-to-end tests, the live bench and the room's simulated tables call.
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
import { HttpError } from '../http/httpError.js';
import type { RoomLink, RoomLinkOptions } from '../room/publisher.js';
import { type EventLog, MemoryLog, TableSession } from '../session/index.js';
import type { TableEventInput } from '../session/types.js';
import { HandArchive, SqliteEventLog } from '../store/index.js';
import {
  defaultIdentity,
  type IdentityOverrides,
  loadTableIdentity,
  type TableIdentity,
} from '../store/tableIdentity.js';
import type { ResyncDifferences } from '../table/index.js';
import type { LiveHub } from '../views/hub.js';
import type { TokenRole } from '../views/liveState.js';
import { delayAtStart } from './delaySetting.js';
import { type EquityComputer, serviceEquity } from './equity.js';
import type { TableSource, TableSourceFactory } from './source.js';
import { watchStorage } from './storageAlerts.js';
import { TokenStore } from './tokens.js';

export type { TableSource, TableSourceFactory } from './source.js';

/** What the service gives its web side: the session and its log, the tokens, the archive, the clocks, the delay, and
 * where the tablet's events and the floor's resync go (through the table source once it runs). */
export interface ServiceParts {
  session: TableSession;
  log: EventLog;
  tokens: TokenStore;
  archive: HandArchive;
  /** the broadcast delay at start (the floor's logged setting over the command line's) */
  broadcastDelayMs: number;
  /** the delay the command line named: the floor's changes are logged under it */
  commandLineDelayMs: number;
  tablet: (ev: TableEventInput) => void;
  /** the floor's resync with the readers (HttpError 409 NO_READERS when no reader feeds the table) */
  resync: (by: string, wall: number) => ResyncDifferences;
  equity: EquityComputer | null;
  now?: WallClock;
  mono?: MonotonicClock;
  epoch: StartEpoch;
  /** the web side's own settings, from the start options */
  webRoot: string | null;
  logger: FastifyServerOptions['logger'];
  overlayStepMs?: number;
  allowedOrigins?: readonly string[];
}

/** The table's web side over the service's parts: a fastify app, not yet listening, and its hub of views
 * (src/server/app.ts tableWeb). */
export type TableWeb = (parts: ServiceParts) => Promise<{ app: FastifyInstance; hub: LiveHub }>;

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
  /** the app's hub of views */
  hub: LiveHub;
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

/** The service with `web` as its HTTP and websocket side (src/server/live.ts startLive gives the table app). */
export async function startService(opts: LiveOptions, web: TableWeb): Promise<LiveService> {
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
  let session: TableSession;
  try {
    session = TableSession.recover(log, { config: opts.table, now: opts.now, mono: opts.mono, game: identity.game });
  } catch (err) {
    // a log that cannot be replayed (a record that is not what its kind says: StoreError LOG_BAD_RECORD, naming it)
    // is left as it is, and let go: the start says why, a later start may open it
    log.close();
    throw err;
  }
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
  const { app, hub } = await web({
    archive,
    session,
    tablet: (ev) => (source?.tablet ? source.tablet(ev) : void session.ingest(ev)),
    resync: (by, wall) => {
      if (!source?.resync)
        throw new HttpError(409, 'NO_READERS', 'no reader feeds this table: there is nothing to resync with');
      return source.resync(by, wall);
    },
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
      ? watchStorage(log, session, hub, (err) => say(`storage alert failed: ${(err as Error).message}`))
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
        broadcastDelayMs: () => hub.broadcastDelayMs,
        now: opts.now,
        mono: opts.mono,
        epoch,
        say,
        // the room's tournament clock on the table's own views (dealer, floor, public, overlay)
        onClock: (fact) => hub.setTournamentClock(fact),
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
      hub.stop();
      await source?.close().catch(() => {});
      await room?.close().catch(() => {});
      unwatch();
      await app.close();
      session.close();
      log.close();
    })();
    return closing;
  };
  return { app, hub, session, log, tokens, source, room, identity, url, close };
}

function defaultEquity(say: (line: string) => void): EquityComputer | null {
  try {
    return serviceEquity(new EquityService());
  } catch (err) {
    say(`commentators get no equities: ${(err as Error).message}`);
    return null;
  }
}
