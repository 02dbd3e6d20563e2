// The live service on a full disk (a real 1 MiB tmpfs when this process may mount one, else SQLite's page limit,
// which fails the same way): a stop alert for the dealer and the floor, a banner on every view, /api/health not ok,
// the table's inputs kept in memory; once space returns every one of them is on disk and the health is ok again.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { TableConfig } from '../../src/engine/types.js';
import { startLive } from '../../src/server/live.js';
import { SqliteEventLog } from '../../src/store/index.js';
import type { RoleView } from '../../src/views/views.js';
import { smallFs } from '../store/smallFs.js';
import { CHROMIUM_ARGS, ensureWebBuilt, WEB_ROOT } from '../web/helpers.js';

const cleanup: Array<() => void> = [];
afterAll(() => {
  for (const fn of cleanup.reverse()) fn();
});

const TABLE: TableConfig = {
  ruleset: 'tda',
  seats: { 1: 10000, 2: 10000, 3: 10000 },
  button: 1,
  blinds: [50, 100],
  bbAnte: 0,
  absent: [],
  chips: [25, 100, 500],
  motionMs: 700,
  orderKnown: true,
};

describe('the live service on a full disk', () => {
  it('says so on every view and in health, loses nothing, and recovers when space returns', async () => {
    ensureWebBuilt();
    const fs = smallFs(1024 * 1024, cleanup);
    const dataDir = fs ? join(fs, 'data') : mkdtempSync(join(tmpdir(), 'fw-full-'));
    if (fs) {
      mkdirSync(dataDir);
      writeFileSync(join(fs, 'filler'), Buffer.alloc(1024 * 1024 - 320 * 1024));
    }
    const live = await startLive({
      dataDir,
      port: 0,
      host: '127.0.0.1',
      broadcastDelayMs: 60_000,
      webRoot: WEB_ROOT,
      table: TABLE,
      source: null,
      equity: null,
      say: () => {},
    });
    const raw = (live.log as unknown as { db: Database.Database }).db;
    if (!fs) raw.pragma(`max_page_count = ${Number(raw.pragma('page_count', { simple: true })) + 40}`);
    const views: Record<string, RoleView[]> = { dealer: [], floor: [], public: [] };
    const sockets = await Promise.all(
      Object.keys(views).map(
        (role) =>
          new Promise<WebSocket>((resolve) => {
            const q = role === 'public' ? '' : `?token=${live.tokens.tokenOf(role as 'dealer' | 'floor')}`;
            const ws = new WebSocket(`${live.url.replace('http', 'ws')}/ws${q}`);
            ws.on('message', (d) => {
              const m = JSON.parse(d.toString());
              if (m.type === 'view' && m.view) views[role].push(m.view);
            });
            ws.once('open', () => resolve(ws));
          }),
      ),
    );
    live.session.ingest({ kind: 'dealer', button: 'shuffle' });
    const log = live.log as SqliteEventLog;
    let ingested = 0;
    const pad = 'q'.repeat(400);
    while (log.fault() === null && ingested < 20_000) {
      live.session.raiseTableAlert({
        code: 'CARD_UNKNOWN',
        severity: 'info',
        rule: { book: 'own', id: 'table' },
        recorded: {
          message: pad,
          remedy: '',
          messageFr: pad,
          remedyFr: '',
        },
        antenna: null,
      });
      ingested++;
    }
    expect(log.fault(), 'the disk never filled').not.toBeNull();
    // the table goes on: its inputs are held
    for (let i = 0; i < 50; i++) live.session.ingest({ kind: 'tick' });
    const health = await (await fetch(`${live.url}/api/health`)).json();
    expect(health.ok).toBe(false);
    expect(health.storage).toMatchObject({ state: 'fault', kind: 'full', code: 'SQLITE_FULL' });
    expect(health.storage.pending).toBeGreaterThan(50);
    // every role's view says it, once the broadcast reached its socket
    await vi.waitFor(
      () => {
        for (const role of ['dealer', 'floor', 'public']) {
          const last = views[role][views[role].length - 1];
          expect(last.storage, role).toMatchObject({ state: 'fault', kind: 'full' });
          expect(last.storage?.message).toMatch(/Hold the table/);
          expect(last.storage?.messageFr).toMatch(/Suspendez la table/);
        }
      },
      { timeout: 5000, interval: 10 },
    );
    for (const role of ['dealer', 'floor']) {
      const last = views[role][views[role].length - 1];
      const stop = last.alerts.find((a) => a.code === 'LOG_STORAGE_FAULT');
      expect(stop, role).toMatchObject({ severity: 'stop' });
    }
    // the pages say it, in the reader's language: the public view in French, the floor's in English
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    cleanup.push(() => void browser.close());
    const pub = await browser.newPage();
    await pub.goto(`${live.url}/public.html?lang=fr`);
    await pub.locator('#storage-banner').waitFor({ timeout: 10_000 });
    expect(await pub.locator('#storage-banner').textContent()).toMatch(/Suspendez la table/);
    const floor = await browser.newPage();
    await floor.goto(`${live.url}/floor.html?token=${live.tokens.tokenOf('floor')}&lang=en`);
    await floor.locator('#storage-banner').waitFor({ timeout: 10_000 });
    expect(await floor.locator('#storage-banner').textContent()).toMatch(/disk is full.*Hold the table/);
    const expected = [...log.records()].length;
    // space returns
    if (fs) rmSync(join(fs, 'filler'));
    else raw.pragma('max_page_count = 1000000');
    // the log writes again at its next retry: the health and the dealer's view say so
    await vi.waitFor(
      async () => {
        const after = await (await fetch(`${live.url}/api/health`)).json();
        expect(after.ok).toBe(true);
        expect(after.storage).toEqual({ state: 'ok' });
        expect(views.dealer[views.dealer.length - 1].storage).toBeNull();
      },
      { timeout: 10_000, interval: 50 },
    );
    const dealer = views.dealer[views.dealer.length - 1];
    // and the banner goes once every held record is on disk
    await pub.locator('#storage-banner').waitFor({ state: 'detached', timeout: 10_000 });
    await floor.locator('#storage-banner').waitFor({ state: 'detached', timeout: 10_000 });
    await browser.close();
    expect(dealer.alerts.some((a) => a.code === 'LOG_STORAGE_RESTORED')).toBe(true);
    // the stop alert stays until the floor decides it
    expect(dealer.alerts.find((a) => a.code === 'LOG_STORAGE_FAULT')?.severity).toBe('stop');
    for (const ws of sockets) ws.terminate();
    await live.close();
    expect(ingested).toBeGreaterThan(10);
    const back = SqliteEventLog.open(dataDir, { notify: () => {} });
    const recs = [...back.records()];
    // every record the service wrote or held, plus the restored alert
    expect(recs.length).toBeGreaterThanOrEqual(expected + 1);
    expect(recs.filter((r) => r.kind === 'event' && (r.data as { kind: string }).kind === 'tick')).toHaveLength(50);
    expect(recs.map((r) => r.seq)).toEqual(recs.map((_, i) => i + 1));
    back.close();
  }, 60_000);
});
