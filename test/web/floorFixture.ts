// The floor page tests' table and browser, set up once per file: a table the test plays itself (a session on a memory
// log, its hand played from scenario events at their times) or a whole live service on a data folder (restartable),
// with Debian's chromium beside it. Each `use…` registers the file's beforeAll/afterAll and returns an object whose
// fields are filled when the tests run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { TableConfig } from '../../src/engine/index.js';
import { parseScenario } from '../../src/engine/index.js';
import { type AppOptions, buildApp } from '../../src/server/app.js';
import { type LiveService, startLive } from '../../src/server/live.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { playAt } from '../server/floorTables.js';
import { CHROMIUM_ARGS, ensureWebBuilt, WEB_ROOT } from './helpers.js';

export interface PlayedTable {
  browser: Browser;
  app: FastifyInstance;
  session: TableSession;
  url: string;
  tokens: TokenStore;
}

/** A table whose session the test holds, on a memory log, served by the table's app (broadcast delay 60 s). `setup`
 * makes the session (and may add app options); by default the scenario's hand is played at the table. */
export function usePlayedTable(
  setup:
    | { name: string; table: Record<string, unknown>; events: Record<string, unknown>[] }
    | ((log: MemoryLog, clock: { wall: number }) => { session: TableSession; app?: Partial<AppOptions> }),
): PlayedTable {
  const t = { tokens: TokenStore.memory() } as PlayedTable;
  beforeAll(async () => {
    ensureWebBuilt();
    const clock = { wall: 1_000_000 };
    const log = new MemoryLog();
    let extra: Partial<AppOptions> = {};
    if (typeof setup === 'function') {
      const made = setup(log, clock);
      t.session = made.session;
      extra = made.app ?? {};
    } else {
      const sc = parseScenario({ name: setup.name, ruleset: 'tda', table: setup.table, events: setup.events });
      t.session = new TableSession({ config: sc.config, log, now: () => clock.wall, schedule: () => () => {} });
      playAt(t.session, sc, clock);
    }
    t.app = await buildApp({
      session: t.session,
      log,
      tokens: t.tokens,
      broadcastDelayMs: 60_000,
      webRoot: WEB_ROOT,
      now: () => clock.wall,
      ...extra,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    t.browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 120_000);
  afterAll(async () => {
    await t.browser?.close();
    await t.app?.close();
    t.session?.close();
  });
  return t;
}

export interface LiveTable {
  browser: Browser;
  live: LiveService;
  /** stop the service and start it again on the same data folder and port (`between`: what to wait for while it is
   * down) */
  restart(between?: () => Promise<unknown>): Promise<void>;
}

/** A whole live service with no hardware source (the test is the table) on a fresh data folder. */
export function useLiveTable(config: TableConfig, o: { broadcastDelayMs: number; prefix: string }): LiveTable {
  const dataDir = mkdtempSync(join(tmpdir(), o.prefix));
  const start = (port = 0) =>
    startLive({
      dataDir,
      port,
      host: '127.0.0.1',
      broadcastDelayMs: o.broadcastDelayMs,
      webRoot: WEB_ROOT,
      table: config,
      source: null,
      equity: null,
      say: () => {},
      overlayStepMs: 100,
    });
  const t: LiveTable = {
    browser: undefined as unknown as Browser,
    live: undefined as unknown as LiveService,
    async restart(between) {
      const port = Number(new URL(t.live.url).port);
      await t.live.close();
      await between?.();
      t.live = await start(port);
    },
  };
  beforeAll(async () => {
    ensureWebBuilt();
    t.live = await start();
    t.browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await t.browser?.close();
    await t.live?.close();
  });
  return t;
}
