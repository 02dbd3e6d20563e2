// One authentication for both apps (the table service and the card room), decided on the route that MATCHED, never
// on the URL's text: every route declares in its config the roles it serves (`config: { roles: [...] }`) or that it
// is a public file (`config: { public: true }`); a route that declares neither cannot be registered (the app does not
// start). The router decodes the path before matching (`/%61pi/x` is `/api/x`), so only the matched route's config
// can say what a request may see.
//
// Per request: onRequest reads the credentials (Bearer header or ?token=) into a role, or marks them refused (the
// rate limiter counts those); preParsing then refuses what the route does not serve: 401 (no or wrong credentials),
// 403 (a role the route does not serve). A websocket upgrade is refused before it is upgraded when its Origin is
// foreign or its route is no websocket route; a refused token on a websocket route is told after the upgrade (an
// error message, close 4401), so that the page can say "unauthorized" instead of retrying. Every answer that is not
// a public file carries Cache-Control: no-store (the 101 of a websocket too): any of them may carry a card.

import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { FeltwireError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the roles this route serves (checked on the matched route) */
    roles?: readonly string[];
    /** a public file: no credentials read, no role needed */
    public?: boolean;
    /** set by the plugin on websocket routes */
    websocketRoute?: boolean;
  }
  interface FastifyRequest {
    /** the role the credentials opened (null: none; see authFailed) */
    authRole: string | null;
    /** credentials were given and opened nothing */
    authFailed: boolean;
    /** why the credentials were refused (set with authFailed) */
    authError: string;
  }
}

/** a route declared wrongly (no roles, an unknown role): a fault of ours, found when the app is built */
export class AuthSetupError extends FeltwireError<'AUTH_SETUP'> {
  constructor(message: string) {
    super('AUTH_SETUP', message);
    this.name = 'AuthSetupError';
  }
  get status(): number {
    return 500;
  }
}

export interface RouteAuthOptions<R extends string> {
  /** every role a route may name */
  roles: readonly R[];
  /** the role of a request without credentials (null: none; routes serving no anonymous role answer 401) */
  anonymous: R | null;
  /** the role a token opens, or null */
  roleOf(token: string): R | null;
  /** websocket origins allowed besides the service's own (its Host) */
  allowedOrigins?: readonly string[];
  /** the role accepted is handed to the app (typed as the app's roles) */
  onRole?(req: FastifyRequest, role: R): void;
}

/** what a route registered under the plugin declared */
export interface DeclaredRoute {
  method: string;
  url: string;
  websocket: boolean;
  roles: readonly string[] | 'public';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route registered with its declared roles (the plugin's own list) */
    declaredRoutes(): readonly DeclaredRoute[];
  }
}

/** Reads the credentials of a request: the Authorization header (scheme Bearer only: the scheme is
 * case-insensitive, RFC 9110 11.1), a websocket's `fwtoken.` subprotocol, or the ?token= parameter. `bad` when a header is given that is not a Bearer
 * credential: such a request is refused, never served as the anonymous. */
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
  // a browser's websocket offers its token as a subprotocol (`feltwire`, `fwtoken.TOKEN`): never in a URL that the
  // browser would print when the socket fails
  const proto = req.headers['sec-websocket-protocol'];
  if (typeof proto === 'string') {
    const offered = proto.split(',').map((p) => p.trim());
    const tok = offered.find((p) => p.startsWith(WS_TOKEN_PREFIX));
    if (tok !== undefined) return { token: tok.slice(WS_TOKEN_PREFIX.length) };
  }
  const q = req.query as { token?: unknown } | undefined;
  return typeof q?.token === 'string' ? { token: q.token } : {};
}

/** the subprotocol prefix a browser's websocket carries its token in (web/src/live.ts) */
export const WS_TOKEN_PREFIX = 'fwtoken.';

/** the origins a browser page may open a websocket from: the service's own (its Host), and `allowed` */
export function originAllowed(origin: string, host: string | undefined, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true;
  if (!host) return false;
  return origin === `http://${host}` || origin === `https://${host}`;
}

const kPublicScope = Symbol('feltwire.publicFiles');

/** Registers `plugin` (a static file server) in a scope whose every route is a public file. */
export async function registerPublicFiles<O>(
  app: FastifyInstance,
  plugin: (instance: FastifyInstance, opts: O) => Promise<void> | void,
  opts: O,
): Promise<void> {
  const publicScope: FastifyPluginAsync = async (scope) => {
    (scope as FastifyInstance & { [kPublicScope]?: boolean })[kPublicScope] = true;
    await scope.register(plugin as never, opts as never);
  };
  await app.register(publicScope);
}

class Refusal extends FeltwireError<string> {
  constructor(
    readonly statusCode: number,
    code: string,
    message: string,
  ) {
    super(code, message);
    this.name = 'Refusal';
  }
  get status(): number {
    return this.statusCode;
  }
}

const isUpgrade = (req: FastifyRequest) => (req as FastifyRequest & { ws?: boolean }).ws === true;

type WsHandler = (this: unknown, socket: WsLike, req: FastifyRequest) => unknown;
interface WsLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** The authentication as a fastify plugin, not encapsulated (its hooks see every route of the app): register it on
 * the root instance before any route and before @fastify/websocket (appBase.ts does). */
export function routeAuth<R extends string>(
  app: FastifyInstance,
  opts: RouteAuthOptions<R>,
  done: (err?: Error) => void,
) {
  try {
    installRouteAuth(app, opts);
    done();
  } catch (err) {
    done(err as Error);
  }
}
(routeAuth as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/**
 * Installs the authentication on `app` (the root instance, before any route and before @fastify/websocket).
 * Not encapsulated: its hooks see every route of the app.
 */
export function installRouteAuth<R extends string>(app: FastifyInstance, opts: RouteAuthOptions<R>): void {
  if (app.hasDecorator('websocketServer'))
    throw new AuthSetupError('installRouteAuth must come before @fastify/websocket (it guards the websocket routes)');
  const known = new Set<string>(opts.roles);
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', () => declared);
  app.decorateRequest('authRole', null);
  app.decorateRequest('authFailed', false);
  app.decorateRequest('authError', '');

  app.addHook('onRoute', function declare(this: FastifyInstance, route: RouteOptions & { websocket?: boolean }) {
    // the routes of a plugin registered by registerPublicFiles (a static file server) are public files
    if ((this as FastifyInstance & { [kPublicScope]?: boolean })[kPublicScope] === true) {
      if (route.config?.roles !== undefined || route.websocket === true)
        throw new AuthSetupError(`route ${String(route.method)} ${route.url} names roles among public files`);
      route.config = { ...route.config, public: true };
    }
    if (route.websocket === true) route.config = { ...route.config, websocketRoute: true };
    const cfg = route.config;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const where = `${methods.join(',')} ${route.url}`;
    const roles = cfg?.roles;
    if (cfg?.public === true) {
      if (roles !== undefined) throw new AuthSetupError(`route ${where} is public and also names roles`);
    } else {
      if (!Array.isArray(roles) || roles.length === 0)
        throw new AuthSetupError(`route ${where} declares no roles (config.roles, or config.public for a page file)`);
      for (const r of roles) if (!known.has(r)) throw new AuthSetupError(`route ${where}: unknown role '${r}'`);
    }
    for (const m of methods)
      declared.push({ method: m, url: route.url, websocket: route.websocket === true, roles: roles ?? 'public' });
    if (route.websocket === true && cfg?.public === true)
      throw new AuthSetupError(`websocket route ${where} cannot be public`);
    // a websocket route's handler runs only for a request its route serves: a refused token is told, then closed
    if (route.websocket === true) {
      const handler = route.handler as unknown as WsHandler;
      route.handler = function guarded(this: unknown, socket: WsLike, req: FastifyRequest) {
        const role = req.authRole;
        if (req.authFailed || role === null || !roles?.includes(role)) {
          const message = req.authFailed ? req.authError : 'a token is required';
          socket.send(JSON.stringify({ type: 'error', code: 'UNAUTHORIZED', message }));
          socket.close(4401, message.slice(0, 100));
          return;
        }
        return handler.call(this, socket, req);
      } as unknown as RouteOptions['handler'];
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    const cfg = req.routeOptions.config;
    if (cfg.public === true) return;
    // not a public file: the answer may carry a card
    reply.header('cache-control', 'no-store');
    if (cfg.roles === undefined) return; // no route matched (404)
    const cred = credentialsOf(req);
    if (cred.bad) {
      req.authFailed = true;
      req.authError = cred.bad;
      return;
    }
    if (cred.token === undefined || cred.token === '') {
      if (opts.anonymous !== null) {
        req.authRole = opts.anonymous;
        opts.onRole?.(req, opts.anonymous);
      }
      return;
    }
    const role = opts.roleOf(cred.token);
    if (role === null) {
      req.authFailed = true;
      req.authError = 'unknown token';
      return;
    }
    req.authRole = role;
    opts.onRole?.(req, role);
  });

  // after every onRequest hook (the rate limiter has counted refused credentials; the websocket plugin has marked
  // an upgrade, so that a refusal's answer closes its socket), before the body is read
  app.addHook('preParsing', async (req: FastifyRequest, _reply: FastifyReply) => {
    const cfg = req.routeOptions.config;
    const upgrade = isUpgrade(req);
    if (upgrade) {
      // a browser names the page's origin: a page elsewhere may not open a socket here, on any route
      const origin = req.headers.origin;
      if (origin !== undefined && !originAllowed(origin, req.headers.host, opts.allowedOrigins ?? []))
        throw new Refusal(403, 'ORIGIN_REFUSED', `websocket origin ${origin.slice(0, 100)} is not allowed`);
      if (cfg.websocketRoute !== true) throw new Refusal(404, 'NOT_A_WEBSOCKET', 'no websocket here');
      return; // the guarded handler tells a refused token after the upgrade
    }
    if (cfg.public === true || cfg.roles === undefined) return;
    if (req.authFailed) throw new Refusal(401, 'UNAUTHORIZED', req.authError);
    const role = req.authRole;
    if (role === null) throw new Refusal(401, 'UNAUTHORIZED', 'a token is required');
    if (!cfg.roles.includes(role)) throw new Refusal(403, 'FORBIDDEN', `role ${role} may not do this`);
  });

  // the websocket handshake (101) says no-store too
  app.addHook('onReady', async () => {
    const wss = (app as FastifyInstance & { websocketServer?: { on(ev: 'headers', fn: (h: string[]) => void): void } })
      .websocketServer;
    wss?.on('headers', (headers) => {
      headers.push('Cache-Control: no-store');
    });
  });
}
