// The tournament director's screen served for a simulated tournament (`feltwire tournament --sim N --serve PORT`):
// the views the floor gave at each step (src/tournament/tdView.ts), played back one every `stepMs` so that the page
// can watch the tournament unfold. A small fastify app on 127.0.0.1 behind the one authentication (src/http/auth.ts):
// the token printed at start opens the role 'td'; without it nothing but the page files.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { answerFor } from '../errors.js';
import type { TdView } from '../tournament/tdView.js';
import { installRouteAuth, registerPublicFiles } from './auth.js';

export interface TdStep {
  view: TdView;
  /** how many progress lines were said up to this step */
  lines: number;
}

export interface TdScreenOptions {
  steps: readonly TdStep[];
  /** ms between two steps (one hand, or a break) */
  stepMs: number;
  port: number;
  host?: string;
  webRoot: string | null;
  /** each step's new progress lines are handed on as it is shown */
  onStep?: (step: TdStep, index: number) => void;
  token?: string;
}

export interface TdScreen {
  app: FastifyInstance;
  url: string;
  token: string;
  /** starts the playback at the first step */
  play(): void;
  /** resolves when the last step is shown */
  finished: Promise<void>;
  close(): Promise<void>;
}

const TD_ROLES = ['td'] as const;

const sameToken = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export async function startTdScreen(o: TdScreenOptions): Promise<TdScreen> {
  if (o.steps.length === 0) throw new Error('no step to show');
  const token = o.token ?? randomBytes(24).toString('base64url');
  let at = 0;
  let paused = false;
  let timer: NodeJS.Timeout | null = null;
  let done!: () => void;
  const finished = new Promise<void>((r) => {
    done = r;
  });
  const show = (i: number): void => {
    at = i;
    o.onStep?.(o.steps[i] as TdStep, i);
    if (i === o.steps.length - 1) done();
  };
  const tick = (): void => {
    timer = null;
    if (paused || at >= o.steps.length - 1) return;
    show(at + 1);
    schedule();
  };
  const schedule = (): void => {
    if (timer === null && !paused && at < o.steps.length - 1) timer = setTimeout(tick, o.stepMs);
  };

  const app = Fastify({ logger: false, bodyLimit: 1024, forceCloseConnections: true });
  installRouteAuth(app, {
    roles: TD_ROLES,
    anonymous: null,
    roleOf: (given) => (sameToken(given, token) ? 'td' : null),
  });
  app.setErrorHandler((err, _req, reply) => {
    const answer = answerFor(err);
    return reply.code(answer.status).send(answer.body);
  });
  const td = { roles: TD_ROLES };
  const current = () => {
    const v = (o.steps[at] as TdStep).view;
    return { ...v, step: at, steps: o.steps.length, clock: { ...v.clock, running: v.clock.running && !paused } };
  };
  app.get('/api/tournament', { config: td }, async () => current());
  // the TD stops the clock (the playback) and starts it again
  app.post('/api/tournament/pause', { config: td }, async () => {
    paused = true;
    if (timer) clearTimeout(timer);
    timer = null;
    return current();
  });
  app.post('/api/tournament/resume', { config: td }, async () => {
    paused = false;
    schedule();
    return current();
  });
  if (o.webRoot) {
    await registerPublicFiles(app, fastifyStatic, { root: o.webRoot, index: false });
    app.get('/', { config: { public: true } }, async (_req, reply) => reply.redirect('/tournament.html'));
  }
  await app.listen({ port: o.port, host: o.host ?? '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : o.port;
  return {
    app,
    play() {
      show(0);
      schedule();
    },
    url: `http://${o.host ?? '127.0.0.1'}:${port}`,
    token,
    finished,
    async close() {
      if (timer) clearTimeout(timer);
      await app.close();
    },
  };
}
