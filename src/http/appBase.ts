// What the table's app (src/server) and the card room's (src/room) share before their own routes: fastify with strict
// body schemas, the logger that never writes a token, one error answer for every FeltwireError, the one
// authentication (auth.ts, decided on the matched route), the limit on wrong tokens, and the websocket plugin.
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { Ajv } from 'ajv';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { answerFor } from '../errors.js';
import { type RouteAuthOptions, routeAuth } from './auth.js';

/** wrong tokens allowed per address and window before 429 */
export const WRONG_TOKEN_LIMIT = { max: 10, windowMs: 60_000 };

export interface AppBaseOptions<R extends string> {
  logger?: FastifyServerOptions['logger'];
  auth: RouteAuthOptions<R>;
  /** wrong tokens allowed per address per window before 429 (default WRONG_TOKEN_LIMIT) */
  wrongTokenLimit?: { max: number; windowMs: number };
  /** the largest websocket message taken (bytes; default: the websocket plugin's) */
  wsMaxPayload?: number;
}

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

/** the URL with any token parameter's value replaced (for logs: a token is never written down) */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');
}

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

/** A fastify instance with what both apps share registered; the app's own plugin adds its routes. */
export async function appBase<R extends string>(opts: AppBaseOptions<R>): Promise<FastifyInstance> {
  const app = Fastify({ logger: safeLogger(opts.logger ?? false), bodyLimit: 16 * 1024, forceCloseConnections: true });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strictAjv.compile(schema) : textAjv.compile(schema),
  );
  // every error a handler throws: a FeltwireError answers with its own status and code (a storage fault 503),
  // fastify's 4xx as they are, anything else 500 with the detail in the log only (src/errors.ts)
  app.setErrorHandler((err, req, reply) => {
    const answer = answerFor(err);
    if (answer.log) req.log.error({ err }, 'request failed');
    return reply.code(answer.status).send(answer.body);
  });
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('referrer-policy', 'no-referrer');
  });
  // The role comes from the token only, decided on the route that matched (auth.ts): every route names the roles it
  // serves; a wrong token (or credentials in any scheme but Bearer) is refused, no token is the anonymous role. The
  // refusal comes after the rate limiter has counted it, so that wrong tokens are limited per address while right
  // ones never are.
  await app.register(routeAuth<R>, opts.auth);
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
  await app.register(
    fastifyWebsocket,
    opts.wsMaxPayload === undefined ? {} : { options: { maxPayload: opts.wsMaxPayload } },
  );
  return app;
}
