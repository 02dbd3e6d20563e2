// The room view with 20 tables at 1366x768 (Debian's chromium through playwright-core): a compact row per table,
// every row inside the viewport without scrolling, in English and in French (figures by locale), its text at 12 px or more, each table's
// name, hand and level shown whole; the finder picks out one player among the 20 tables by part of the name, accents
// optional. Twenty live simulated tables are too heavy for this machine (2 cores shared): instead each table's account
// publishes a retained status and link message through the room's real broker, payloads checked by the room's wire
// schema (encodeMessage), as the tables' publisher sends them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import mqtt from 'mqtt';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../src/room/acl.js';
import { encodeMessage, type LinkMessage, type StatusMessage, topics } from '../../src/room/protocol.js';
import { CHROMIUM_ARGS } from '../web/helpers.js';
import { type RoomRig, startRoomRig } from './helpers.js';

const REPO = resolve(import.meta.dirname, '../..');
const WEB = join(REPO, 'dist/web');
const IDS = Array.from({ length: 20 }, (_, i) => String(i + 1));
const VIEW = { width: 1366, height: 768 };

const NAMES = [
  'Alexandre Dubois-Lefèvre',
  'Siobhán Ní Bhriain',
  'Maximilian Oberhuber',
  'Zoë Kowalczyk',
  'Bartholomew Nakamura',
  'Inès Benali',
  'Grzegorz Brzęczyszczykiewicz',
  'Marie-Thérèse Lacroix',
  'Ólafur Guðmundsson',
  'Priya Raghunathan',
  'Jean-Baptiste Moreau',
  'Chloé Vandenberghe',
];

/** table k's status: 9 or 10 named seats, big stacks, a board, some alerts, a next level on some */
function status(k: number): StatusMessage {
  const id = IDS[k];
  const n = k % 2 === 0 ? 10 : 9;
  const now = Date.now();
  return {
    v: 1,
    kind: 'status',
    tableId: id,
    tableName: `Table ${id}`,
    roomName: 'feltwire room',
    sent: now,
    version: 40 + k,
    handNo: 100 + k * 7,
    phase: k % 3 === 0 ? 'showdown' : 'betting',
    handOver: false,
    blinds: [2000, 4000],
    bbAnte: 4000,
    level: k % 4 === 0 ? { blinds: [3000, 6000], bbAnte: 6000 } : { blinds: [2000, 4000], bbAnte: 4000 },
    board: k % 3 === 2 ? [] : ['Ts', '7c', 'Ah', '7d', 'Qh'].slice(0, 3 + (k % 3)),
    seats: Array.from({ length: n }, (_, i) => ({
      seat: i + 1,
      // one player to find: José Ramón Ortega, seat 4 of table 13
      name: id === '13' && i === 3 ? 'José Ramón Ortega' : NAMES[(k * 3 + i) % NAMES.length],
      stack: 1_250_000 - i * 97_531 - k * 1013,
      folded: i % 3 === 1,
      allIn: i === 5,
    })),
    openAlerts:
      k % 5 === 2
        ? [
            {
              id: 1,
              code: 'CARD_EXPOSED',
              severity: k % 2 ? 'stop' : 'warn',
              message: 'A card was exposed during the deal at seat 3: the floor decides whether it is a misdeal',
              messageFr: 'Une carte a été exposée pendant la donne au siège 3 : l’arbitre décide de la fausse donne',
              wall: now - 42_000,
              source: 'hand',
            },
          ]
        : [],
    health: {
      link: 'up',
      panel: 'ok',
      readers: Object.fromEntries(Array.from({ length: 12 }, (_, r) => [String(r), 'ok'])),
      source: 'sim',
    },
    lastHandWall: now - 95_000,
    settingsVersion: 0,
  };
}

/** what the page shows of the grid at this size: every row's box, the smallest text, what is cut */
function measure(page: Page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('article.table')].map((a) => {
      const r = a.getBoundingClientRect();
      // the name, the hand and the level now are never cut (the next level may be, its whole text in the title)
      const cut = [...a.querySelectorAll<HTMLElement>('h2, [data-field="hand"]')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent);
      const level = a.querySelector('[data-field="level"]')?.getBoundingClientRect();
      const now = a.querySelector('[data-field="level"] .now')?.getBoundingClientRect();
      if (!level || !now || now.right > level.right + 1)
        cut.push(a.querySelector('[data-field="level"]')?.textContent ?? 'level');
      const names = [...a.querySelectorAll<HTMLElement>('.seat > span:first-child')];
      return {
        id: a.dataset.table,
        box: { top: r.top, bottom: r.bottom, left: r.left, right: r.right },
        cut,
        seats: names.length,
        // each seat's name: its visible width, and inside the row
        narrowest: Math.min(...names.map((e) => e.getBoundingClientRect().width)),
        namesInside: names.every((e) => {
          const b = e.getBoundingClientRect();
          return b.top >= r.top && b.bottom <= r.bottom && b.left >= r.left && b.right <= r.right;
        }),
      };
    });
    // the smallest font of any element holding text in the grid
    const sizes = [...document.querySelectorAll<HTMLElement>('#tables *')]
      .filter((e) => [...e.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent?.trim()))
      .map((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    return {
      rows,
      minFont: Math.min(...sizes),
      scrollY: window.scrollY,
      compact: document.querySelector('#tables')?.classList.contains('compact'),
    };
  });
}

describe.runIf(existsSync('/usr/bin/chromium'))('the room view, 20 tables at 1366x768, in chromium', () => {
  let rig: RoomRig;
  let browser: Browser;
  const clients: mqtt.MqttClient[] = [];

  beforeAll(async () => {
    if (!existsSync(join(WEB, 'room.html')))
      execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
        cwd: REPO,
        stdio: 'inherit',
      });
    rig = await startRoomRig({ prefix: 'fw-room-grid-', tableIds: IDS, exportDelayMs: 0, webRoot: WEB });
    // each table's own account publishes its retained status and link, as its publisher does
    for (const [k, id] of IDS.entries()) {
      const a = account(rig.accounts, `table-${id}`);
      const c = await mqtt.connectAsync(rig.broker.url, {
        username: a.username,
        password: a.password,
        clientId: a.username,
        reconnectPeriod: 0,
      });
      clients.push(c);
      await c.publishAsync(topics.table(id, 'status'), encodeMessage('status', status(k)), { qos: 1, retain: true });
      const link: LinkMessage = { v: 1, kind: 'link', tableId: id, online: true, sent: Date.now(), backlog: 0 };
      await c.publishAsync(topics.table(id, 'link'), encodeMessage('link', link), { qos: 1, retain: true });
    }
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(clients.map((c) => c.endAsync()));
    await rig?.close();
  });

  it('a compact row per table, all 20 in view, text 12 px or more, EN and FR; the finder among them', async () => {
    const page = await browser.newPage({ viewport: VIEW });
    await page.goto(`${rig.room.url}/room.html?lang=fr&token=${rig.room.token}`);
    await page.waitForFunction(
      () =>
        document.querySelectorAll('article.table .seats').length === 20 &&
        document.querySelectorAll('article.table .badge.bad').length === 0,
      null,
      { timeout: 30_000 },
    );
    for (const lang of ['fr', 'en'] as const) {
      if (lang === 'en') await page.selectOption('#lang', 'en');
      expect(await page.locator('article.table[data-table="7"] h2').textContent()).toBe(
        `Table 7 (7)${lang === 'fr' ? 'en ligne' : 'online'}`,
      );
      const m = await measure(page);
      if (lang === 'fr') await page.screenshot({ path: join(REPO, 'docs/screenshots/room-20-tables-fr.png') });
      expect(m.compact).toBe(true);
      expect(m.scrollY).toBe(0);
      expect(m.rows.map((r) => r.id)).toEqual(IDS);
      for (const [k, r] of m.rows.entries()) {
        const where = `${lang} table ${r.id}: ${JSON.stringify(r)}`;
        expect(r.box.top, where).toBeGreaterThanOrEqual(0);
        expect(r.box.left, where).toBeGreaterThanOrEqual(0);
        expect(r.box.bottom, where).toBeLessThanOrEqual(VIEW.height);
        expect(r.box.right, where).toBeLessThanOrEqual(VIEW.width);
        expect(r.seats, where).toBe(k % 2 === 0 ? 10 : 9);
        expect(r.namesInside, where).toBe(true);
        // a seat's number and the start of the name at least (the whole name in its title)
        expect(r.narrowest, where).toBeGreaterThanOrEqual(60);
        expect(r.cut, where).toEqual([]);
      }
      expect(m.minFont).toBeGreaterThanOrEqual(12);
      // figures by locale: stacks in three figures (1,25 M / 1.25M), blinds grouped (2 000 / 2,000), never the other's
      const grid = await page.locator('#tables').evaluate((e) => (e as HTMLElement).innerText);
      if (lang === 'fr') {
        expect(grid).toMatch(/\d,\d{1,2}[\u00a0\u202f]M/);
        expect(grid).toMatch(/\d\u202f000\/\d\u202f000/);
        expect(/\d\.\d|\d,\d{3}(?!\d)|\d{5,}/.exec(grid)?.[0], 'an English figure in French').toBeUndefined();
      } else {
        expect(grid).toMatch(/\d\.\d{1,2}[Mm]/);
        expect(grid).toMatch(/\d,000\/\d,000/);
        expect(
          /\d[\u00a0\u202f]\d|\d,\d{1,2}(?!\d)|\d{5,}/.exec(grid)?.[0],
          'a French figure in English',
        ).toBeUndefined();
      }
    }

    // the finder: "jose" (no accent, lower case) finds José Ramón Ortega at table 13 only
    await page.fill('#find', 'jose');
    await page.waitForFunction(() => document.querySelectorAll('article.table.found').length === 1);
    expect(await page.locator('article.table.found').getAttribute('data-table')).toBe('13');
    expect(await page.locator('article.table.found .seats .match').textContent()).toBe('4. José Ramón Ortega');
    expect(await page.locator('#find-msg').textContent()).toBe('at 1 table');
    await page.selectOption('#lang', 'fr');
    expect(await page.locator('#find-msg').textContent()).toBe('à 1 table');
    await page.fill('#find', 'RAMON ort');
    expect(await page.locator('article.table.found').getAttribute('data-table')).toBe('13');
    await page.fill('#find', 'ramona');
    await page.waitForFunction(() => document.querySelectorAll('article.table.found').length === 0);
    expect(await page.locator('#find-msg').textContent()).toBe('à aucune table');
    await page.close();
  }, 60_000);
});
