// The TD's routes of a tournament the room runs (roomTournament.ts), on the room's app behind the room token (the
// route config, src/http/auth.ts): the TD's view, the clock's pause, resume and added (or taken) time, and a
// penalty the floor gives (sent to the player's table). The TD's
// page is web/tournament.html, served with the room's other pages.
import type { FastifyInstance } from 'fastify';
import type { PenaltyKind } from '../tournament/penalties.js';
import type { RoomTournament } from './roomTournament.js';

const PENALTY_KINDS: readonly PenaltyKind[] = [
  'warning',
  'hands',
  'rounds',
  'minutes',
  'levels',
  'deadHand',
  'elimination',
  'disqualification',
];

export function registerTournamentRoutes(
  app: FastifyInstance,
  staff: { roles: readonly ['room'] },
  t: RoomTournament,
): void {
  app.get('/api/tournament', { config: staff }, async () => t.view());
  app.post('/api/tournament/pause', { config: staff }, async () => {
    t.clockOp('pause');
    return t.view();
  });
  app.post('/api/tournament/resume', { config: staff }, async () => {
    t.clockOp('resume');
    return t.view();
  });
  app.post<{ Body: { minutes: number } }>(
    '/api/tournament/add-time',
    {
      config: staff,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['minutes'],
          // minutes added to the period in play; negative takes time off (never below zero)
          properties: { minutes: { type: 'integer', minimum: -120, maximum: 120, not: { const: 0 } } },
        },
      },
    },
    async (req) => {
      t.clockOp({ addMs: req.body.minutes * 60_000 });
      return t.view();
    },
  );
  // LOI 7 (a reason), LOI 33, tda 71, seed 003 regulation 6: the floor records a penalty; it goes to the table
  app.post<{ Body: { player: string; kind: PenaltyKind; count?: number; reason: string } }>(
    '/api/tournament/penalty',
    {
      config: staff,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['player', 'kind', 'reason'],
          properties: {
            player: { type: 'string', minLength: 1, maxLength: 64 },
            kind: { enum: [...PENALTY_KINDS] },
            count: { type: 'integer', minimum: 1, maximum: 100 },
            reason: { type: 'string', minLength: 1, maxLength: 300 },
          },
        },
      },
    },
    async (req) => ({ penalty: t.penalise(req.body), view: t.view() }),
  );
  // club 3-1, 3-2, seed 003 regulation 10: a late registration (until the end of the structure's level) and a player
  // not at their seat (dealt in, the blinds taken) or arrived
  app.post<{ Body: { id: string; name: string; country: string } }>(
    '/api/tournament/register',
    {
      config: staff,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'name', 'country'],
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 64 },
            name: { type: 'string', minLength: 1, maxLength: 40 },
            country: { type: 'string', minLength: 2, maxLength: 3 },
          },
        },
      },
    },
    async (req) => ({ seated: t.register(req.body), view: t.view() }),
  );
  app.post<{ Body: { player: string; absent: boolean } }>(
    '/api/tournament/absent',
    {
      config: staff,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['player', 'absent'],
          properties: { player: { type: 'string', minLength: 1, maxLength: 64 }, absent: { type: 'boolean' } },
        },
      },
    },
    async (req) => {
      t.absent(req.body.player, req.body.absent);
      return t.view();
    },
  );
  app.get('/api/tournament/standings.csv', { config: staff }, async (_req, reply) => {
    const { standingsCsv } = await import('../tournament/standings.js');
    return reply.type('text/csv; charset=utf-8').send(standingsCsv(t.floor.standings.results()));
  });
}
