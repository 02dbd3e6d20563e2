// The live table's app: a fastify plugin (tableApp) over the app base both apps share (src/http/appBase.ts: strict
// schemas, one error answer, the one authentication, the wrong-token limit, websockets). Its routes are the modules of
// routes/, autoloaded with the table's context (context.ts); every view comes from viewFor. buildApp(options)
// returns the app ready for inject() in tests; tableWeb is that app as the service's web side (src/service/live.ts
// TableWeb), which live.ts gives the service as startLive.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import { type MonotonicClock, monotonicNow, StartEpoch, type WallClock, wallNow } from '../clock/index.js';
import { appBase } from '../http/appBase.js';
import { registerPublicFiles } from '../http/auth.js';
import { autoloadRoutes } from '../http/routeModules.js';
import { type EquityComputer, EquityTracker } from '../service/equity.js';
import type { TableWeb } from '../service/live.js';
import type { TokenStore } from '../service/tokens.js';
import type { EventLog } from '../session/log.js';
import type { TableSession } from '../session/TableSession.js';
import type { TableEventInput } from '../session/types.js';
import { ArchiveIndex } from '../store/archiveIndex.js';
import { HandArchive } from '../store/index.js';
import type { LogFault } from '../store/sqliteLogShapes.js';
import { LiveHub } from '../views/hub.js';
import { DEFAULT_BROADCAST_DELAY_MS, ROLES, type Role } from '../views/liveState.js';
import type { TableContext } from './context.js';
import { HttpError } from './httpCommon.js';
import { overlayHistory } from './overlayRebuild.js';
import type { Resync } from './resync.js';
import { TapGuard } from './taps.js';

export { WRONG_TOKEN_LIMIT } from '../http/appBase.js';
export { MAX_CHIPS } from './httpCommon.js';

export interface AppOptions {
  session: TableSession;
  /** the session's log (hand list and step-through) */
  log: EventLog;
  tokens: TokenStore;
  broadcastDelayMs?: number;
  /** the delay the command line named (default broadcastDelayMs): the floor's changes are logged under it */
  commandLineDelayMs?: number;
  /** dist/web; null serves no pages */
  webRoot?: string | null;
  /** the hand archive (default: a HandArchive over `log`, running the session's engine) */
  archive?: HandArchive;
  equity?: EquityComputer | null;
  logger?: FastifyServerOptions['logger'];
  /** the wall clock: what is written down and the time a view shows (default Date.now) */
  now?: WallClock;
  /** the clock of every age (the broadcast delay, the floor's export delay): monotonic (default performance.now) */
  mono?: MonotonicClock;
  /** this start's clocks, for the ages of what was logged before it (default: taken now, the kernel's sync flag) */
  epoch?: StartEpoch;
  /** overlay release period (ms) */
  overlayStepMs?: number;
  /** where the tablet's and the floor's table events go (default: straight to the session; with a table layer,
   * through it, so that they keep their place among the sensors' events) */
  tablet?: (ev: TableEventInput) => void;
  /** the floor's resync with the readers (the table source's; absent: no reader feeds the session, refused 409) */
  resync?: Resync;
  /** hub thresholds for slow clients */
  skipBufferedBytes?: number;
  dropBufferedBytes?: number;
  /** origins besides the service's own from which a browser page may open /ws (e.g. 'https://table.example') */
  allowedOrigins?: readonly string[];
  /** wrong tokens allowed per address per window before 429 (default WRONG_TOKEN_LIMIT, src/http/appBase.ts) */
  wrongTokenLimit?: { max: number; windowMs: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
  interface FastifyRequest {
    /** the role the route's authentication accepted (src/http/auth.ts) */
    role: Role;
  }
}

export { HttpError };

/** the folder of the table app's route modules */
const ROUTES = new URL('./routes/', import.meta.url);

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { tokens } = opts;
  const app = await appBase<Role>({
    logger: opts.logger,
    auth: {
      roles: ROLES,
      anonymous: 'public',
      roleOf: (token) => tokens.roleOf(token),
      allowedOrigins: opts.allowedOrigins ?? [],
      onRole: (req, role) => {
        req.role = role;
      },
    },
    wrongTokenLimit: opts.wrongTokenLimit,
    wsMaxPayload: 16 * 1024,
  });
  await app.register(tableApp, opts);
  return app;
}

/** The table app as the service's web side (startService, src/service/live.ts): built over its parts. */
export const tableWeb: TableWeb = async (parts) => {
  const app = await buildApp(parts);
  return { app, hub: app.live };
};

/** The table's service over HTTP and websockets, on an app base (not encapsulated: `app.live` is the hub). */
export const tableApp: FastifyPluginAsync<AppOptions> = async (app, opts) => {
  const now = opts.now ?? wallNow;
  const mono = opts.mono ?? monotonicNow;
  const epoch = opts.epoch ?? new StartEpoch(now, mono);
  const hub = new LiveHub({
    broadcastDelayMs: opts.broadcastDelayMs ?? DEFAULT_BROADCAST_DELAY_MS,
    mono,
    wall: now,
    overlayStepMs: opts.overlayStepMs,
    skipBufferedBytes: opts.skipBufferedBytes,
    dropBufferedBytes: opts.dropBufferedBytes,
  });
  app.decorate('live', hub);
  const underMs = opts.commandLineDelayMs ?? hub.broadcastDelayMs;
  app.decorateRequest('role', 'public');

  const { session, tokens } = opts;
  const tablet = opts.tablet ?? ((ev: TableEventInput) => void session.ingest(ev));
  const archive = opts.archive ?? new HandArchive(opts.log, { engine: session.rulesEngine });
  const index = new ArchiveIndex(opts.log);
  const tracker = opts.equity
    ? new EquityTracker(
        opts.equity,
        (track) => hub.setEquity(track),
        (err) => app.log.warn({ err }, 'equity computation failed'),
      )
    : null;
  // H6: taps carry the version the tablet showed; a stale one is refused (taps.ts)
  const taps = new TapGuard();
  const onState = (s: ReturnType<TableSession['snapshot']>) => {
    taps.observe(s);
    hub.update(s);
    tracker?.observe(s.handNo, s.hand);
  };
  session.on('state', onState);
  // when each hand ended, on the monotonic clock (the floor's export delay); hands ended before this start count from
  // their logged wall time only when the clock is synchronised (StartEpoch)
  const endedAt = new Map<number, number>();
  const onHandEnd = (e: { handNo: number }) => void endedAt.set(e.handNo, mono());
  session.on('handEnd', onHandEnd);
  const endedAtOf = (handNo: number, endWall: number) => endedAt.get(handNo) ?? epoch.monoOf(endWall);
  session.on('rejected', (err) => app.log.warn({ code: err.code }, err.message));
  // H6: the delayed broadcast survives a restart: the last delay of states rebuilt from the log (overlayRebuild.ts)
  // (their ages from the logged wall times only while the clock is synchronised: else the delay runs again in full)
  for (const s of overlayHistory(opts.log, archive, session.snapshot(now()), hub.broadcastDelayMs, now()))
    hub.update(s, epoch.monoOf(s.wall));
  hub.releaseOverlay();
  onState(session.snapshot(now()));
  // the equity chart of the hand in play, street by street, rebuilt at once after a restart
  if (tracker) {
    const s0 = session.snapshot(now());
    void tracker.rebuild(s0.handNo, s0.hand);
  }
  const unRotate = tokens.onRotate((role) => hub.dropRole(role, 'token rotated'));
  hub.start();

  app.addHook('onClose', async () => {
    session.off('state', onState);
    session.off('handEnd', onHandEnd);
    unRotate();
    tracker?.close();
    hub.stop();
    await opts.equity?.close?.();
  });

  const logFault = () => (opts.log as { fault?: () => LogFault | null }).fault?.() ?? null;
  const ctx: TableContext = {
    session,
    log: opts.log,
    tokens,
    hub,
    archive,
    index,
    now,
    mono,
    endedAt: endedAtOf,
    tablet,
    resync: opts.resync,
    taps,
    commandLineDelayMs: underMs,
    logFault,
  };
  await autoloadRoutes(app, ROUTES, ctx);

  if (opts.webRoot && existsSync(opts.webRoot)) {
    // page files are public: the token in their URL is for the page's script, checked by /api and /ws
    await registerPublicFiles(app, fastifyStatic, { root: opts.webRoot, prefix: '/', index: ['index.html'] });
  }
};
(tableApp as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
