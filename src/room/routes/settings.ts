// The room-wide settings the floor staff publish: the level and the breaks, applied by each table at its next
// shuffle.
import { defineRoutes } from '../../http/routeModules.js';
import type { RoomAppContext } from '../roomApp.js';

export const routes = defineRoutes<RoomAppContext>((app, ctx) => {
  const { staff, now, setSettings } = ctx;
  app.post<{ Body: { blinds: [number, number]; bbAnte: number; breaks?: { inMinutes: number; minutes: number }[] } }>(
    '/api/settings',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['blinds', 'bbAnte'],
          properties: {
            blinds: {
              type: 'array',
              minItems: 2,
              maxItems: 2,
              items: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
            },
            bbAnte: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
            breaks: {
              type: 'array',
              maxItems: 20,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['inMinutes', 'minutes'],
                properties: {
                  inMinutes: { type: 'integer', minimum: 0, maximum: 24 * 60 },
                  minutes: { type: 'integer', minimum: 1, maximum: 24 * 60 },
                },
              },
            },
          },
        },
      },
      config: staff,
    },
    async (req, reply) => {
      const [sb, bb] = req.body.blinds;
      if (!(bb > 0 && sb <= bb))
        return reply.code(400).send({ error: 'BAD_LEVEL', message: 'blinds must be SB/BB with 0 <= SB <= BB, BB > 0' });
      const t = now();
      const breaks = (req.body.breaks ?? []).map((b) => ({ fromWall: t + b.inMinutes * 60_000, minutes: b.minutes }));
      return { settings: await setSettings({ blinds: [sb, bb], bbAnte: req.body.bbAnte }, breaks) };
    },
  );
});
