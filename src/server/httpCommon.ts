// What every route module of the app shares: the error a handler throws for a status, the role guard, and the
// schemas every route takes. Route modules (seating, room publish, ...) import these and register on the app.
import type { FastifyRequest } from 'fastify';
import type { Role } from './liveState.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** a preHandler refusing (403) every role not listed */
export const need =
  (...roles: Role[]) =>
  async (req: FastifyRequest): Promise<void> => {
    if (!roles.includes(req.role)) throw new HttpError(403, 'FORBIDDEN', `role ${req.role} may not do this`);
  };

/** the querystring every route accepts: the token, nothing else */
export const tokenQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;

export const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' } },
} as const;

/** the URL with any token parameter's value replaced (for logs: a token is never written down) */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');
}

/** Reads the credentials of a request: the Authorization header (scheme Bearer only: the scheme is
 * case-insensitive, RFC 9110 11.1) or the ?token= parameter. `bad` when a header is given that is not a Bearer
 * credential: such a request is refused, never served as the public. */
export function credentialsOf(req: FastifyRequest): { token?: string; bad?: string } {
  const h = req.headers.authorization;
  if (h !== undefined) {
    const m = /^bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(h);
    if (!m) {
      const scheme = /^\S*/.exec(h)?.[0] ?? '';
      return {
        bad:
          scheme && !/^bearer$/i.test(scheme)
            ? `authorization scheme '${scheme.slice(0, 20)}' is not Bearer`
            : 'malformed Bearer credentials',
      };
    }
    return { token: m[1] };
  }
  const q = req.query as { token?: unknown } | undefined;
  return typeof q?.token === 'string' ? { token: q.token } : {};
}
