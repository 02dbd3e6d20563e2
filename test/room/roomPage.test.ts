// The room view in a real browser (Debian's chromium through playwright-core) on the room with two simulated tables
// (the embedded default: in-process broker, SQLite archive): a card per table with hand, level, players and stacks,
// health and last hand; the token leaves the address bar; French; the level form reaches the tables; the archive
// search lists the hands and a PokerStars export downloads.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RoomService } from '../../src/room/roomService.js';
import type { SimTable } from '../../src/room/simTables.js';
import { CHROMIUM_ARGS } from '../web/helpers.js';
import { type RoomRig, startRoomRig } from './helpers.js';

const REPO = resolve(import.meta.dirname, '../..');
const WEB = join(REPO, 'dist/web');

describe.runIf(existsSync('/usr/bin/chromium'))('room view in chromium', () => {
  let rig: RoomRig;
  let room: RoomService;
  let tables: SimTable[] = [];
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(join(WEB, 'room.html')))
      execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
        cwd: REPO,
        stdio: 'inherit',
      });
    rig = await startRoomRig({ prefix: 'fw-room-page-', tableIds: ['1', '2'], exportDelayMs: 0, webRoot: WEB });
    room = rig.room;
    tables = await rig.simTables({
      tableIds: ['1', '2'],
      pace: 'fast',
      broadcastDelayMs: 0,
      logSync: 'NORMAL',
      seed: 5,
    });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(tables.map((t) => t.live.close()));
    await rig?.close();
  });

  it('shows every table, in English and French; pushes a level; searches and exports the archive', async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${room.url}/room.html?token=${room.token}`);
    expect(page.url()).not.toContain('token=');
    await page.waitForFunction(
      () => document.querySelectorAll('article.table [data-field="seats"]').length === 2,
      null,
      {
        timeout: 30_000,
      },
    );
    const card = page.locator('article.table[data-table="1"]');
    expect(await card.locator('h2').textContent()).toContain('Table 1 (1)');
    expect(await card.locator('[data-field="hand"]').textContent()).toMatch(/^Hand \d+/);
    expect(await card.locator('[data-field="level"]').textContent()).toContain('Level 50/100');
    expect(await card.locator('[data-field="seats"] span').count()).toBeGreaterThanOrEqual(4);
    expect(await card.locator('[data-field="health"]').textContent()).toMatch(/Readers: all \d+ ok · Reader link: up/);
    expect(await page.locator('#conn').textContent()).toBe('live');

    // French
    await page.selectOption('#lang', 'fr');
    expect(await page.locator('#title').textContent()).toBe('Salle de jeu');
    expect(await card.locator('[data-field="hand"]').textContent()).toMatch(/^Main \d+/);
    expect(await card.locator('[data-field="level"]').textContent()).toContain('Niveau 50/100');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    // the level form: published, taken by the tables at their next shuffle (the next level shows on each card)
    await page.fill('#sb', '100');
    await page.fill('#bb', '200');
    await page.click('#level-send');
    await page.waitForFunction(() => document.querySelector('#level-msg')?.textContent?.includes('niveau 1 envoyé'));
    expect(room.settings()?.level).toEqual({ blinds: [100, 200], bbAnte: 0 });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('article.table [data-field="level"]')].every((e) =>
          /suivant 100\/200|Niveau 100\/200/.test(e.textContent ?? ''),
        ),
      null,
      { timeout: 30_000 },
    );

    // the archive: a hand of table 1, its PokerStars export downloaded
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('article.table[data-table="1"] [data-field="last-hand"]')].some((e) =>
          /[1-9]\d* archivées/.test(e.textContent ?? ''),
        ),
      null,
      { timeout: 60_000 },
    );
    await page.fill('#q-table', '1');
    await page.click('#search-send');
    await page.waitForFunction(() => document.querySelectorAll('#hands tr').length > 0);
    expect(await page.locator('#search-msg').textContent()).toMatch(/^\d+ mains$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#hands tr').first().locator('button', { hasText: 'PokerStars' }).click(),
    ]);
    const text = readFileSync((await download.path()) as string, 'utf8');
    expect(text).toMatch(/^PokerStars Hand #/);
    await context.close();
  }, 120_000);

  it('the room view socket: refused without the token, or from another site with it', async () => {
    // the handshake's status, and for an upgraded socket its first message and close code
    const status = (headers: Record<string, string>, token: string) =>
      new Promise<number | { first: string; code: number }>((resolveStatus) => {
        const ws = new WebSocket(`${room.url.replace('http', 'ws')}/ws?token=${token}`, { headers });
        let first = '';
        ws.on('message', (d) => {
          first ||= d.toString();
          if (first.includes('"type":"room"')) {
            ws.close();
            resolveStatus(101);
          }
        });
        ws.on('close', (code) => resolveStatus({ first, code }));
        ws.on('unexpected-response', (_req, res) => resolveStatus(res.statusCode ?? 0));
        ws.on('error', () => {});
      });
    expect(await status({}, room.token)).toBe(101);
    // a wrong token is told why, then closed (4401: the page says "unauthorized" and does not retry); no room view
    const wrong = await status({}, 'wrong');
    expect(wrong).toEqual({
      first: JSON.stringify({ type: 'error', code: 'UNAUTHORIZED', message: 'unknown token' }),
      code: 4401,
    });
    expect(await status({ origin: 'http://elsewhere.example' }, room.token)).toBe(403);
  });
});
