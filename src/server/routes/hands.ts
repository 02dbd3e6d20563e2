// The hand routes: the hand list (a page of the archive index), a hand step by step as the caller's role may see it
// at each point (viewFor), and a finished hand's history (PHH, OHH, PokerStars) once the floor's export delay has
// passed. Autoloaded by the table app (app.ts).
import type { FastifyInstance } from 'fastify';
import type { MonotonicClock, WallClock } from '../../clock/index.js';
import { defineRoutes } from '../../http/routeModules.js';
import type { EventLog, LogRecord } from '../../session/log.js';
import type { TableSession } from '../../session/TableSession.js';
import { type TableAlert, tableAlertFromLog } from '../../session/types.js';
import { type ArchiveIndex, DEFAULT_PAGE, MAX_PAGE } from '../../store/archiveIndex.js';
import type { ExportFormat, HandArchive } from '../../store/index.js';
import type { LiveHub } from '../../views/hub.js';
import { viewFor } from '../../views/views.js';
import type { TableContext } from '../context.js';
import { errorBody, HISTORY_ROLES, HttpError, tokenQuery } from '../httpCommon.js';

export interface HandRoutesDeps {
  log: EventLog;
  session: TableSession;
  archive: HandArchive;
  index: ArchiveIndex;
  hub: LiveHub;
  now: WallClock;
  mono: MonotonicClock;
  /** when (monotonic ms) the hand ended */
  endedAt: (handNo: number, endWall: number) => number;
}

/** the records of one hand (by the log's index when it has one) */
function handRecordsOf(log: EventLog, handNo: number): LogRecord[] {
  if (log.handRecords) return log.handRecords(handNo);
  return [...log.records()].filter((r) => r.hand === handNo);
}

/** a hand's table alerts as they stood just before the record `beforeSeq` */
function tableAlertsAt(recs: LogRecord[], beforeSeq: number): TableAlert[] {
  let out: TableAlert[] = [];
  for (const r of recs) {
    if (r.seq >= beforeSeq) break;
    if (r.kind !== 'tableAlert') continue;
    const d = r.data;
    if (d.op === 'close') continue;
    if (d.op === 'raise') {
      const rep = d.alert.incident === undefined ? undefined : out.find((a) => a.id === d.alert.incident);
      if (rep) out = out.map((a) => (a === rep ? { ...a, count: (a.count ?? 1) + 1, lastWall: r.wall } : a));
      else out.push(tableAlertFromLog(d.alert));
    } else
      out = out.map((a) =>
        a.id !== d.id
          ? a
          : d.op === 'ack'
            ? { ...a, acknowledged: true }
            : { ...a, acknowledged: true, decision: { decision: d.decision, by: d.by, wall: r.wall } },
      );
  }
  return out;
}

export function registerHandRoutes(app: FastifyInstance, deps: HandRoutesDeps): void {
  const { session, archive, index, hub, now, mono, endedAt } = deps;
  // The archive routes answer from the index kept as the log grows (src/store/archiveIndex.ts): the hand list is a
  // page (newest first, `before` for older ones), a hand's steps and exports read that hand's rows only.
  app.get<{ Querystring: { limit?: number; before?: number } }>(
    '/api/hands',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            token: tokenQuery.properties.token,
            limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
            before: { type: 'integer', minimum: 1 },
          },
        },
        response: { 403: errorBody },
      },
      config: { roles: HISTORY_ROLES },
    },
    async (req) => index.page(req.query.limit ?? DEFAULT_PAGE, req.query.before),
  );

  const handParams = {
    type: 'object',
    required: ['handNo'],
    properties: { handNo: { type: 'integer', minimum: 1 } },
  } as const;

  // Step through a hand: each step is what the caller's role may see at that point (viewFor again).
  app.get<{ Params: { handNo: number } }>(
    '/api/hands/:handNo/steps',
    { schema: { params: handParams, querystring: tokenQuery }, config: { roles: HISTORY_ROLES } },
    async (req) => {
      const handNo = req.params.handNo;
      const summary = index.get(handNo);
      if (!summary) throw new HttpError(404, 'NO_SUCH_HAND', `no hand ${handNo}`);
      const cur = session.snapshot(now());
      // the hand's own table alerts as they stood at each step (never the current hand's)
      const alertRecs = handRecordsOf(deps.log, handNo).filter((r) => r.kind === 'tableAlert');
      const steps = archive.steps(handNo).map((step) => {
        const state = {
          session: {
            ...cur,
            handNo,
            hand: step.snapshot,
            handOver: false,
            wall: step.wall,
            clock: null,
            tableAlerts: tableAlertsAt(alertRecs, step.seq),
            // the floor's history is today's, not the hand's: the steps show the hand's own alerts only
            floorLog: undefined,
          },
          at: mono(),
          equity: null,
          broadcastDelayMs: hub.broadcastDelayMs,
        };
        const view = viewFor(req.role, state, mono());
        const event = viewFor(req.role, { kind: 'step', hand: step.snapshot, event: step.event }, mono());
        return { wall: step.wall, event, refused: step.refused, view };
      });
      return { handNo, ended: summary.complete, steps };
    },
  );

  // Hand histories hold every hole card: a hand is exported only once over, and only when viewFor releases it (to
  // the floor once the broadcast delay has passed since it ended, to commentators at once).
  app.get<{ Params: { handNo: number; format: ExportFormat } }>(
    '/api/hands/:handNo/export/:format',
    {
      schema: {
        params: {
          type: 'object',
          required: ['handNo', 'format'],
          properties: { handNo: { type: 'integer', minimum: 1 }, format: { enum: ['phh', 'ohh', 'pokerstars'] } },
        },
        querystring: tokenQuery,
      },
      config: { roles: HISTORY_ROLES },
    },
    async (req, reply) => {
      const { handNo, format } = req.params;
      const summary = index.get(handNo);
      const end = summary?.endWall ?? null;
      // H5: a misdeal has no history: it was dealt again as the next hand (same button, blinds and players)
      if (end === null && summary && archive.get(handNo).final.phase === 'misdeal')
        throw new HttpError(
          409,
          'MISDEAL',
          `hand ${handNo} was a misdeal, dealt again as hand ${handNo + 1}: no history`,
        );
      if (end === null) throw new HttpError(409, 'HAND_NOT_OVER', `hand ${handNo} is not over (or does not exist)`);
      const history = { kind: 'history', endedAt: endedAt(handNo, end), delayMs: hub.broadcastDelayMs } as const;
      if (!viewFor(req.role, history, mono())) {
        throw new HttpError(403, 'DELAYED', 'hand histories reach the floor after the broadcast delay');
      }
      const text = archive.export(handNo, format);
      const type = format === 'ohh' ? 'application/json' : 'text/plain';
      return reply.type(`${type}; charset=utf-8`).send(text);
    },
  );
}

export const routes = defineRoutes<TableContext>((app, ctx) => registerHandRoutes(app, ctx));
