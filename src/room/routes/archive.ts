// The room's archive routes: the search (each hand with whether it may leave yet), the room-wide export of what the
// search finds and one hand's export, every history only once the room's export delay has passed since the room
// received it (`released`: viewFor on the room's monotonic clock, roomService.ts).
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../http/routeModules.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../store/archive.js';
import type { HandQuery, RoomArchive } from '../archive.js';
import type { RoomAppContext } from '../roomApp.js';

export interface ArchiveRoutesDeps {
  archive: RoomArchive;
  /** the routes' config: the roles they serve */
  staff: { roles: readonly string[] };
  /** whether a stored hand may leave (the export delay has passed since the room received it) */
  released: (h: { tableId: string; logId: string; handId: string; receivedWall: number }) => boolean;
  say: (line: string) => void;
}

export function registerArchiveRoutes(app: FastifyInstance, deps: ArchiveRoutesDeps): void {
  const { archive, staff, released, say } = deps;
  const queryString = {
    type: 'object',
    additionalProperties: false,
    properties: {
      token: { type: 'string' },
      table: { type: 'string', maxLength: 64 },
      player: { type: 'string', maxLength: 120 },
      day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      limit: { type: 'integer', minimum: 1, maximum: 100000 },
    },
  } as const;
  app.get<{ Querystring: HandQuery }>(
    '/api/archive/hands',
    { schema: { querystring: queryString }, config: staff },
    async (req) => {
      const hands = await archive.search(req.query);
      return { hands: hands.map((h) => ({ ...h, exportable: released(h) })) };
    },
  );
  app.get<{ Params: { format: ExportFormat }; Querystring: HandQuery }>(
    '/api/archive/export/:format',
    {
      schema: {
        params: {
          type: 'object',
          required: ['format'],
          properties: { format: { enum: [...EXPORT_FORMATS] } },
        },
        querystring: queryString,
      },
      config: staff,
    },
    async (req, reply) => {
      const { format } = req.params;
      const found = (await archive.search(req.query)).filter((h) => released(h));
      const texts: string[] = [];
      let k = 0;
      let skipped = 0;
      for (const h of found) {
        let text: string | null;
        try {
          text = await archive.exportOne(h.tableId, h.handId, format, h.logId);
        } catch (err) {
          // an archive written before the exports were checked may hold one: said, left out, the rest answers
          skipped++;
          say(
            `room: hand ${h.handNo} of table ${h.tableId} left out of the ${format} export: ${(err as Error).message}`,
          );
          continue;
        }
        if (text === null) continue;
        k++;
        texts.push(format === 'phh' ? `[${k}]\n${text}` : text);
      }
      const type = format === 'ohh' ? 'application/json' : 'text/plain';
      return reply
        .header('x-feltwire-hands', String(k))
        .header('x-feltwire-skipped', String(skipped))
        .type(`${type}; charset=utf-8`)
        .send(texts.join('\n\n'));
    },
  );
  app.get<{ Params: { table: string; hand: string; format: ExportFormat }; Querystring: { log?: string } }>(
    '/api/archive/hands/:table/:hand/export/:format',
    {
      schema: {
        params: {
          type: 'object',
          required: ['table', 'hand', 'format'],
          properties: {
            table: { type: 'string', maxLength: 64 },
            hand: { type: 'string', maxLength: 80 },
            format: { enum: [...EXPORT_FORMATS] },
          },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { token: { type: 'string' }, log: { type: 'string', maxLength: 64 } },
        },
      },
      config: staff,
    },
    async (req, reply) => {
      const { table, hand, format } = req.params;
      const log = req.query.log;
      const matches = (await archive.search({ table })).filter(
        (h) => h.handId === hand && (log === undefined || h.logId === log),
      );
      const found = matches[0];
      if (!found) return reply.code(404).send({ error: 'HAND_NOT_FOUND', message: `no hand ${hand} of ${table}` });
      // a table id with two histories (a replaced log) may have the hand id twice: the log says which
      if (matches.length > 1)
        return reply.code(409).send({
          error: 'HAND_AMBIGUOUS',
          message: `table ${table} has hand ${hand} in ${matches.length} event logs: give ?log=`,
          logs: matches.map((h) => h.logId),
        });
      if (!released(found))
        return reply.code(403).send({ error: 'DELAYED', message: 'hand histories leave after the broadcast delay' });
      const text = (await archive.exportOne(table, hand, format, found.logId)) ?? '';
      return reply.type(`${format === 'ohh' ? 'application/json' : 'text/plain'}; charset=utf-8`).send(text);
    },
  );
}

export const routes = defineRoutes<RoomAppContext>((app, ctx) => registerArchiveRoutes(app, ctx));
