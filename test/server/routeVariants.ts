// Test helpers for the authentication tests of both apps (table and room): every route fastify registers, collected
// by an onRoute hook the test adds to each app (not the app's own list), and the spellings of a path that a router
// may take for the same route: each character percent-encoded, doubled slashes, trailing dot or slash, other case.
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export interface SeenRoute {
  method: string;
  url: string;
  websocket: boolean;
  config: { roles?: readonly string[]; public?: boolean } | undefined;
}

/** Wraps a fastify factory so that every app it makes reports each route registered on it to `seen`. */
export function collecting<F extends (...args: never[]) => FastifyInstance>(factory: F, seen: SeenRoute[]): F {
  return ((...args: Parameters<F>) => {
    const app = factory(...args);
    app.addHook('onRoute', (r) => {
      for (const method of Array.isArray(r.method) ? r.method : [r.method])
        seen.push({
          method,
          url: r.url ?? '',
          websocket: Boolean((r as { websocket?: boolean }).websocket),
          config: r.config as SeenRoute['config'],
        });
    });
    return app;
  }) as F;
}

const enc = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** Other spellings of `path` (no query): none of them is `path` itself. */
export function pathVariants(path: string): string[] {
  const out = new Set<string>();
  const at = (i: number, s: string) => path.slice(0, i) + s + path.slice(i + 1);
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (/[A-Za-z0-9._~-]/.test(c)) {
      out.add(at(i, enc(c)));
      if (/[a-z]/.test(c)) out.add(at(i, enc(c).toUpperCase()));
    }
    if (c === '/') {
      out.add(at(i, '//'));
      if (i > 0) out.add(at(i, '%2f'));
      if (i > 0) out.add(at(i, '\\'));
    }
  }
  out.add(path.replace(/[A-Za-z]/g, enc));
  out.add(path.replace(/\//g, '//'));
  for (const tail of ['/', '.', '/.', '%2e', '%2E', '/%2e', '%20', ';', ';x', '%00', '/..', '~']) out.add(path + tail);
  out.add(`/.${path}`);
  out.add(path.replace(/^\/([^/]+)\//, '/$1/x/../'));
  out.add(path.replace(/^\/([^/]+)\//, '/$1/./'));
  out.add(path.toUpperCase());
  out.add(path.replace(/\/([a-z])/g, (_m, c: string) => `/${c.toUpperCase()}`));
  out.add(path.replace(/[a-z]$/, (c) => c.toUpperCase()));
  out.delete(path);
  return [...out];
}

export interface WsOutcome {
  /** the HTTP status when the handshake was refused, 101 when it went through */
  status: number;
  messages: string[];
  closeCode: number | null;
}

/** Opens a real websocket and reports what came back within `ms` (handshake status, messages, close code). */
export function tryWs(url: string, opts: { origin?: string; headers?: Record<string, string> }, ms = 1500) {
  return new Promise<WsOutcome & { upgradeHeaders: Record<string, string | string[] | undefined> }>((resolve) => {
    const ws = new WebSocket(url, { ...(opts.origin ? { origin: opts.origin } : {}), headers: opts.headers ?? {} });
    const out = {
      status: 0,
      messages: [] as string[],
      closeCode: null as number | null,
      upgradeHeaders: {} as Record<string, string | string[] | undefined>,
    };
    const done = () => {
      clearTimeout(timer);
      resolve(out);
    };
    const timer = setTimeout(() => {
      ws.terminate();
      done();
    }, ms);
    ws.on('upgrade', (res) => {
      out.status = res.statusCode ?? 0;
      out.upgradeHeaders = res.headers;
    });
    ws.on('unexpected-response', (_req, res) => {
      out.status = res.statusCode ?? 0;
      res.resume();
      ws.terminate();
      done();
    });
    ws.on('message', (d) => {
      out.messages.push(d.toString());
      // anything but a refusal is already an answer: no need to wait for more
      if (!d.toString().includes('"type":"error"')) {
        ws.terminate();
        done();
      }
    });
    ws.on('close', (code) => {
      out.closeCode = code;
      done();
    });
    ws.on('error', () => {});
  });
}
