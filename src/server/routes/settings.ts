// The floor's settings of the table: the broadcast delay (logged, then applied), the role tokens, the blind level.
import { defineRoutes } from '../../http/routeModules.js';
import { floorDelayRecord } from '../../service/delaySetting.js';
import type { Role } from '../../views/liveState.js';
import type { TableContext } from '../context.js';
import { FLOOR_ONLY, MAX_CHIPS, tokenQuery } from '../httpCommon.js';

export const routes = defineRoutes<TableContext>((app, ctx) => {
  const { session, hub, tokens, log, commandLineDelayMs } = ctx;
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
        log.append('config', session.handNo, floorDelayRecord(req.body.ms, commandLineDelayMs));
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
});
