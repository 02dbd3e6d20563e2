// The floor's resync with the readers: the table layer's reading of every antenna replaces what the engine believes
// (src/service/resume.ts resyncTable, on the path a restart's first inventory takes), the differences listed for the
// floor in one FLOOR_RESYNC alert. Over the websocket (`resync`, floor only) and as POST /api/hand/resync (floor only).
import type { FastifyInstance } from 'fastify';
import { resyncDetail } from '../service/resume.js';
import type { TableSession } from '../session/TableSession.js';
import type { ResyncDifferences } from '../table/index.js';
import { FLOOR_ONLY, HttpError, tokenQuery } from './httpCommon.js';
import type { TapOutcome } from './outcomes.js';

/** the source's resync (a table layer reads the table), absent when no reader feeds the session */
export type Resync = (by: string, wall: number) => ResyncDifferences;

/** Runs the resync and says what it did: how many differences, the alert that lists them. */
export function resyncOutcome(resync: Resync | undefined, session: TableSession, by: string, wall: number): TapOutcome {
  if (!resync) throw new HttpError(409, 'NO_READERS', 'no reader feeds this table: there is nothing to resync with');
  const d = resync(by, wall);
  const alert = [...session.snapshot(wall).tableAlerts].reverse().find((a) => a.code === 'FLOOR_RESYNC');
  return {
    code: 'RESYNCED',
    count: alert?.facts?.amount ?? resyncDetail(d).amount,
    hand: session.handNo,
    ...(alert ? { alertId: alert.id } : {}),
  };
}

export function registerResync(
  app: FastifyInstance,
  resync: Resync | undefined,
  session: TableSession,
  now: () => number,
): void {
  app.post<{ Body: { by?: string } }>(
    '/api/hand/resync',
    {
      schema: {
        querystring: tokenQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { by: { type: 'string', minLength: 1, maxLength: 80 } },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => {
      const by = `floor${req.body?.by ? `:${req.body.by}` : ''}`;
      return { outcome: resyncOutcome(resync, session, by, now()) };
    },
  );
}
