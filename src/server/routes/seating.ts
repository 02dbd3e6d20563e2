// The floor's seating routes: seat a named player, move one, remove one, mark a seat sitting out for the next hand,
// mark a player away or back, penalise a seat for N hands.
// Each becomes a roster change of the session (src/session/roster.ts), logged before it is acted on. Names are
// public: GET /api/seats answers every role.
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../http/routeModules.js';
import type { TableSession } from '../../session/TableSession.js';
import { ROLES } from '../../views/liveState.js';
import type { TableContext } from '../context.js';
import { FLOOR_ONLY, tokenQuery } from '../httpCommon.js';

const seatParams = {
  type: 'object',
  required: ['seat'],
  additionalProperties: false,
  properties: { seat: { type: 'integer', minimum: 1, maximum: 10 } },
} as const;

export function registerSeating(app: FastifyInstance, session: TableSession): void {
  const roster = () => ({ roster: session.snapshot().roster ?? [] });

  app.get('/api/seats', { schema: { querystring: tokenQuery }, config: { roles: ROLES } }, async () => roster());

  app.post<{ Params: { seat: number }; Body: { name: string; country?: string; photoUrl?: string; stack?: number } }>(
    '/api/seats/:seat',
    {
      schema: {
        params: seatParams,
        querystring: tokenQuery,
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 40 },
            country: { type: 'string', maxLength: 3 },
            photoUrl: { type: 'string', maxLength: 500 },
            stack: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
          },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => {
      const { name, country, photoUrl, stack } = req.body;
      const player = { name, ...(country ? { country } : {}), ...(photoUrl ? { photoUrl } : {}) };
      session.changeRoster({ op: 'seat', seat: req.params.seat, player, ...(stack ? { stack } : {}) });
      return roster();
    },
  );

  app.post<{ Params: { seat: number }; Body: { to: number } }>(
    '/api/seats/:seat/move',
    {
      schema: {
        params: seatParams,
        querystring: tokenQuery,
        body: {
          type: 'object',
          required: ['to'],
          additionalProperties: false,
          properties: { to: { type: 'integer', minimum: 1, maximum: 10 } },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => {
      session.changeRoster({ op: 'move', from: req.params.seat, to: req.body.to });
      return roster();
    },
  );

  // the short display name of a seated player (the overlay's plates, the buttons); '' clears it. Logged as a roster
  // change, so a restart keeps it; floor only (the route's config, checked by src/http/auth.ts)
  app.post<{ Params: { seat: number }; Body: { short: string } }>(
    '/api/seats/:seat/short',
    {
      schema: {
        params: seatParams,
        querystring: tokenQuery,
        body: {
          type: 'object',
          required: ['short'],
          additionalProperties: false,
          properties: { short: { type: 'string', maxLength: 40 } },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => {
      session.changeRoster({ op: 'short', seat: req.params.seat, short: req.body.short });
      return roster();
    },
  );

  app.post<{ Params: { seat: number }; Body: { out: boolean } }>(
    '/api/seats/:seat/sit-out',
    {
      schema: {
        params: seatParams,
        querystring: tokenQuery,
        body: {
          type: 'object',
          required: ['out'],
          additionalProperties: false,
          properties: { out: { type: 'boolean' } },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => {
      session.changeRoster({ op: 'sitOut', seat: req.params.seat, out: req.body.out });
      return roster();
    },
  );

  // a player away from the table or back (LOI 8), a penalty of N hands (tda 71): logged settings of the session
  app.post<{ Params: { seat: number }; Body: { absent: boolean } }>(
    '/api/seats/:seat/absent',
    {
      schema: {
        params: seatParams,
        querystring: tokenQuery,
        body: {
          type: 'object',
          required: ['absent'],
          additionalProperties: false,
          properties: { absent: { type: 'boolean' } },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => {
      const s = session.setAbsent(req.params.seat, req.body.absent);
      return { away: s.away ?? [] };
    },
  );

  app.post<{ Params: { seat: number }; Body: { hands: number } }>(
    '/api/seats/:seat/penalty',
    {
      schema: {
        params: seatParams,
        querystring: tokenQuery,
        body: {
          type: 'object',
          required: ['hands'],
          additionalProperties: false,
          properties: { hands: { type: 'integer', minimum: 0, maximum: 1000 } },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => {
      const s = session.penalise(req.params.seat, req.body.hands);
      return { penalties: s.penalties ?? {} };
    },
  );

  app.delete<{ Params: { seat: number } }>(
    '/api/seats/:seat',
    { schema: { params: seatParams, querystring: tokenQuery }, config: { roles: FLOOR_ONLY } },
    async (req) => {
      session.changeRoster({ op: 'remove', seat: req.params.seat });
      return roster();
    },
  );
}

export const routes = defineRoutes<TableContext>((app, ctx) => registerSeating(app, ctx.session));
