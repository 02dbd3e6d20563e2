// The live service as a fastify app: buildApp(options) returns it ready for inject() in tests; the start command
// listens. Every route and inbound websocket message has a schema; every view comes from viewFor.
import { existsSync } from 'node:fs';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { Ajv } from 'ajv';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { WebSocket } from 'ws';
import { type MonotonicClock, monotonicNow, StartEpoch, type WallClock, wallNow } from '../clock/index.js';
import { answerFor, FeltwireError } from '../errors.js';
import { installRouteAuth, registerPublicFiles } from '../http/auth.js';
import { floorDelayRecord } from '../service/delaySetting.js';
import { type EquityComputer, EquityTracker } from '../service/equity.js';
import { storageView } from '../service/storageAlerts.js';
import type { TokenStore } from '../service/tokens.js';
import type { EventLog } from '../session/log.js';
import type { TableSession } from '../session/TableSession.js';
import { type SessionState, TABLE_ALERT_ID_BASE, type TableEventInput } from '../session/types.js';
import { ArchiveIndex } from '../store/archiveIndex.js';
import { HandArchive } from '../store/index.js';
import type { LogFault } from '../store/sqliteLog.js';
import { LiveHub } from '../views/hub.js';
import { DEFAULT_BROADCAST_DELAY_MS, ROLES, type Role } from '../views/liveState.js';
import { viewFor } from '../views/views.js';
import { floorRuling, registerFloorRulings, rulingEvent } from './floorRulings.js';
import { registerHandRoutes } from './handRoutes.js';
import { FLOOR_ONLY, HttpError, redactUrl, tokenQuery } from './httpCommon.js';
import { type InboundMessage, MessageError, parseInbound } from './messages.js';
import { type TapOutcome, tapOutcome } from './outcomes.js';
import { overlayHistory } from './overlayRebuild.js';
import { type Resync, registerResync, resyncOutcome } from './resync.js';
import { registerSeating } from './seating.js';
import { TapGuard } from './taps.js';

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
  /** wrong tokens allowed per address per window before 429 (default WRONG_TOKEN_LIMIT) */
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

/** the alerts an acknowledgement or a decision closed: its incident's count in the floor's history */
function incidentCount(s: SessionState, alertId: number, hand?: number): number {
  const key = alertId >= TABLE_ALERT_ID_BASE ? `t:${alertId}` : `h:${hand ?? s.handNo}:${alertId}`;
  const direct = s.floorLog?.find((e) => e.key === key);
  if (direct) return direct.count;
  // a repeat: the incident it belongs to
  const a = s.hand.alerts.find((x) => x.id === alertId) as { incident?: number } | undefined;
  const rep = a?.incident === undefined ? undefined : s.floorLog?.find((e) => e.key === `h:${s.handNo}:${a.incident}`);
  return rep?.count ?? 1;
}

/** the largest amount a body may name: far below 2^53, so that a number is never rounded on the way in */
export const MAX_CHIPS = 1_000_000_000;

/** wrong tokens allowed per address and window before 429 */
export const WRONG_TOKEN_LIMIT = { max: 10, windowMs: 60_000 };

/** Strict bodies: no type coercion, unknown fields refused (not dropped), no default filled in silently beyond the
 * schema's own. Querystrings and path parameters are text by nature and keep fastify's coercion of digits. */
const strictAjv = new Ajv({
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: true,
  allErrors: false,
  strict: true,
});
const textAjv = new Ajv({
  coerceTypes: true,
  removeAdditional: false,
  useDefaults: true,
  allErrors: false,
  strict: true,
  allowUnionTypes: true,
});

/** fastify's logger options with request URLs redacted: tokens are never logged */
function safeLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? { level: 'info' } : logger;
  return {
    ...base,
    serializers: {
      ...(base as { serializers?: Record<string, unknown> }).serializers,
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        remoteAddress: req.ip,
      }),
    },
  } as FastifyServerOptions['logger'];
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const now = opts.now ?? wallNow;
  const mono = opts.mono ?? monotonicNow;
  const epoch = opts.epoch ?? new StartEpoch(now, mono);
  const app = Fastify({ logger: safeLogger(opts.logger ?? false), bodyLimit: 16 * 1024, forceCloseConnections: true });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strictAjv.compile(schema) : textAjv.compile(schema),
  );
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

  // every error a handler throws: a FeltwireError answers with its own status and code (a storage fault 503),
  // fastify's 4xx as they are, anything else 500 with the detail in the log only (src/errors.ts)
  app.setErrorHandler((err, req, reply) => {
    const answer = answerFor(err);
    if (answer.log) req.log.error({ err }, 'request failed');
    return reply.code(answer.status).send(answer.body);
  });

  // The role comes from the token only, decided on the route that matched (src/http/auth.ts): every route names
  // the roles it serves; a wrong token (or credentials in any scheme but Bearer) is refused, no token is the public.
  // The refusal comes after the rate limiter has counted it, so that wrong tokens are limited per address while
  // right ones never are.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('referrer-policy', 'no-referrer');
  });
  installRouteAuth<Role>(app, {
    roles: ROLES,
    anonymous: 'public',
    roleOf: (token) => tokens.roleOf(token),
    allowedOrigins: opts.allowedOrigins ?? [],
    onRole: (req, role) => {
      req.role = role;
    },
  });

  const limit = opts.wrongTokenLimit ?? WRONG_TOKEN_LIMIT;
  await app.register(fastifyRateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.windowMs,
    // only refused credentials count: the table's own tabs are never slowed
    allowList: (req) => !req.authFailed,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 'TOO_MANY_WRONG_TOKENS',
      message: `too many wrong tokens from this address; retry in ${ctx.after}`,
    }),
  });

  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });

  // health says what is wrong: the event log's storage (a fault: not ok), the link's counters (bad bytes, frames
  // rejected by cause), the hub's clients
  const logFault = () => (opts.log as { fault?: () => LogFault | null }).fault?.() ?? null;
  app.get('/api/health', { schema: { querystring: tokenQuery }, config: { roles: ROLES } }, async () => {
    const fault = logFault();
    return {
      ok: fault === null,
      hand: session.handNo,
      clients: hub.stats().clients,
      storage: fault ? storageView(fault) : { state: 'ok' },
      counters: session.snapshot(now()).health.counters,
    };
  });

  app.get('/api/whoami', { schema: { querystring: tokenQuery }, config: { roles: ROLES } }, async (req) => ({
    role: req.role,
    delayMs: req.role === 'overlay' ? hub.broadcastDelayMs : 0,
  }));

  app.get('/api/state', { schema: { querystring: tokenQuery }, config: { roles: ROLES } }, async (req) => {
    const live = hub.current();
    return { view: live ? viewFor(req.role, live, mono()) : null };
  });

  registerHandRoutes(app, { log: opts.log, session, archive, index, hub, now, mono, endedAt: endedAtOf });

  app.post<{ Body: { ms: number } }>(
    '/api/delay',
    {
      schema: {
        querystring: tokenQuery,
        body: {
          type: 'object',
          required: ['ms'],
          additionalProperties: false,
          properties: { ms: { type: 'integer', minimum: 0, maximum: 24 * 3600_000 } },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => {
      hub.checkBroadcastDelay(req.body.ms);
      // logged, then applied (like the level): a restart replays it (delaySetting.ts)
      if (req.body.ms !== hub.broadcastDelayMs)
        opts.log.append('config', session.handNo, floorDelayRecord(req.body.ms, underMs));
      hub.setBroadcastDelay(req.body.ms);
      return { delayMs: hub.broadcastDelayMs };
    },
  );

  app.post<{ Body: { role: Role } }>(
    '/api/tokens/rotate',
    {
      schema: {
        querystring: tokenQuery,
        body: {
          type: 'object',
          required: ['role'],
          additionalProperties: false,
          properties: { role: { enum: ['dealer', 'floor', 'commentator', 'overlay'] } },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => ({ role: req.body.role, token: tokens.rotate(req.body.role) }),
  );

  app.post<{ Body: { blinds: [number, number]; bbAnte: number } }>(
    '/api/level',
    {
      schema: {
        querystring: tokenQuery,
        body: {
          type: 'object',
          required: ['blinds'],
          additionalProperties: false,
          properties: {
            blinds: {
              type: 'array',
              items: { type: 'integer', minimum: 0, maximum: MAX_CHIPS },
              minItems: 2,
              maxItems: 2,
            },
            bbAnte: { type: 'integer', minimum: 0, maximum: MAX_CHIPS, default: 0 },
          },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => {
      const s = session.setLevel({ blinds: [req.body.blinds[0], req.body.blinds[1]], bbAnte: req.body.bbAnte });
      return { level: s.level, appliesFromHand: s.handOver ? s.handNo + 1 : s.handStartWall ? s.handNo + 1 : s.handNo };
    },
  );

  app.get(
    '/ws',
    { websocket: true, schema: { querystring: tokenQuery }, config: { roles: ROLES } },
    (socket: WebSocket, req) => {
      const role = req.role;
      hub.add(socket, role);
      socket.on('message', (data, isBinary) => {
        const raw = isBinary ? '' : data.toString();
        let ref: string | number | undefined;
        try {
          const msg = parseInbound(raw, role);
          ref = msg.ref;
          const outcome = act(msg, role);
          hub.sendTo(socket, outcome ? { type: 'ok', ref: msg.ref, outcome } : { type: 'ok', ref: msg.ref });
        } catch (err) {
          if (err instanceof MessageError)
            hub.sendTo(socket, { type: 'error', code: err.code, message: err.message, ref: err.ref });
          else if (err instanceof FeltwireError) {
            // a refusal of the hand (SessionError, TapError) or a fault of the storage (StoreError): said by its code
            if (err.status >= 500) req.log.error({ err }, 'websocket message failed');
            hub.sendTo(socket, { type: 'error', code: err.code, message: err.message, ref });
          } else {
            req.log.error({ err }, 'websocket message failed');
            hub.sendTo(socket, { type: 'error', code: 'INTERNAL', message: 'internal error' });
          }
        }
      });
      socket.on('close', () => hub.remove(socket));
      socket.on('error', () => hub.remove(socket));
    },
  );

  /** Inbound actions become session inputs: declarations and buttons are TableEvents, logged by the session. The
   * answer says what the engine did with each (outcomes.ts). */
  function act(msg: InboundMessage, role: Role): TapOutcome | null {
    const before = session.snapshot(now());
    const after = () => session.snapshot(now());
    switch (msg.type) {
      case 'say':
        taps.check(msg.version, 'say');
        tablet(
          msg.to === undefined
            ? { kind: 'say', seat: msg.seat, say: msg.say }
            : { kind: 'say', seat: msg.seat, say: msg.say, to: msg.to },
        );
        return tapOutcome(msg, before, after());
      case 'dealer': {
        taps.check(msg.version, 'dealer');
        if (msg.button === 'floor') {
          // an event of the session (a FLOOR_CALLED stop, logged), not of the engine: the engine has no floor
          const a = session.callFloor({ seat: msg.seat ?? null, reason: msg.reason ?? 'other' });
          return { code: 'FLOOR_CALLED', alertId: a.id, count: a.count ?? 1, seat: msg.seat ?? null };
        }
        tablet({ kind: 'dealer', button: msg.button });
        return tapOutcome(msg, before, after());
      }
      case 'clock':
        taps.check(msg.version, 'clock');
        tablet({ kind: 'clock', seat: msg.seat });
        return tapOutcome(msg, before, after());
      case 'ack': {
        const s = session.acknowledge(msg.alertId, role);
        return { code: 'ACKNOWLEDGED', alertId: msg.alertId, count: incidentCount(s, msg.alertId) };
      }
      case 'decision': {
        const s = session.decide(msg.alertId, msg.decision, `${role}:${msg.by}`, now(), msg.hand);
        return {
          code: 'DECIDED',
          alertId: msg.alertId,
          hand: msg.hand ?? s.handNo,
          count: incidentCount(s, msg.alertId, msg.hand),
        };
      }
      case 'kill':
        tablet({ kind: 'floorKill', seat: msg.seat });
        return tapOutcome(msg, before, after());
      case 'ruling':
        tablet(rulingEvent(session.snapshot().hand, msg.ruling, msg.seat, msg.ref));
        return tapOutcome(msg, before, after());
      case 'absent':
        session.setAbsent(msg.seat, msg.absent);
        return tapOutcome(msg, before, after());
      case 'penalty':
        session.penalise(msg.seat, msg.hands);
        return tapOutcome(msg, before, after());
      case 'misdeal':
      case 'void':
      case 'stands':
      case 'award':
        return floorRuling(session, msg, `${role}${msg.by ? `:${msg.by}` : ''}`, now());
      case 'resync':
        return resyncOutcome(opts.resync, session, `${role}${msg.by ? `:${msg.by}` : ''}`, now());
      case 'ping':
        return null;
      default: {
        const never: never = msg;
        throw new MessageError('UNKNOWN_TYPE', `unhandled ${JSON.stringify(never)}`);
      }
    }
  }

  // H6: the floor's seating routes (seat, move, remove, sit out); names are public
  registerSeating(app, session);
  // the floor's rulings on the hand (misdeal, void, the hand stands, award) as routes too
  registerFloorRulings(app, session, now);
  // the floor's resync with the readers as a route too
  registerResync(app, opts.resync, session, now);

  if (opts.webRoot && existsSync(opts.webRoot)) {
    // page files are public: the token in their URL is for the page's script, checked by /api and /ws
    await registerPublicFiles(app, fastifyStatic, { root: opts.webRoot, prefix: '/', index: ['index.html'] });
  }

  return app;
}
