// Numbers and percentages by locale, and the commentators' booth at 9 seats, in a real browser (Debian's chromium
// through playwright-core): the built commentator and overlay pages fed over a real websocket with the views the
// service's own viewFor makes of a 9-seat hand (test/web/layoutStates.ts). Checked: equities written "11.1%" in
// English and "11,1 %" in French (a no-break space before the sign, as Intl gives it: CLDR has U+00A0 there, U+202F between thousands), chips "10 000" in French; the equity
// chart's nine names readable (no two overlapping, all inside the chart) when every line ends at the same height;
// the action log opening with the blinds the rules posted. On the commentators', the overlay's and the dealer's pages
// every figure shown is scanned: no English-style number in French (12.38, 1,234,500, 1234500), nor the reverse.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import type { RoleView } from '../../src/views/views.js';
import { CHROMIUM_ARGS, ensureWebBuilt, WEB_ROOT } from './helpers.js';
import { viewAt } from './layoutStates.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

let server: Server;
let wss: WebSocketServer;
let base = '';
let browser: Browser;
const views = new Map<string, RoleView>();

beforeAll(async () => {
  ensureWebBuilt();
  // the chart's worst case: nine lines that all end at the same equity (11.1 %), street by street
  const com = viewAt('commentator', 9, 'turn');
  const even = Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((s) => [s, 11.1]));
  const points = [0, 3, 4].map((boardLen) => ({ boardLen, board: com.board.slice(0, boardLen), equity: even }));
  views.set('commentator', { ...com, equity: { ...(com.equity ?? { handNo: com.handNo, outs: {} }), points } });
  views.set('overlay', viewAt('overlay', 9, 'turn'));
  views.set('dealer', viewAt('dealer', 9, 'turn'));
  server = createServer(async (req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(WEB_ROOT, path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  wss = new WebSocketServer({ server, path: '/ws', handleProtocols: (p) => [...p][0] ?? false });
  wss.on('connection', (ws: WebSocket, req) => {
    const where = `${req.url ?? ''} ${req.headers['sec-websocket-protocol'] ?? ''}`;
    const role = where.includes('tok-overlay') ? 'overlay' : where.includes('tok-dealer') ? 'dealer' : 'commentator';
    ws.on('message', (m) => {
      if (JSON.parse(String(m)).type === 'ping') ws.send(JSON.stringify({ type: 'ok', ref: 0 }));
    });
    ws.send(JSON.stringify({ type: 'hello', role, delayMs: 0 }));
    ws.send(JSON.stringify({ type: 'view', view: views.get(role), delayMs: 0 }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  wss?.close();
  await new Promise((r) => server?.close(r));
});

/**
 * Every figure a page shows written by its locale: in French no English decimal point (12.38), no English thousands
 * (1,234,500), no long figure left ungrouped (1234500); in English no French decimal comma (12,4) nor spaced groups.
 */
async function numbersByLocale(page: Page, lang: 'en' | 'fr', what: string): Promise<void> {
  // biome-ignore lint/performance/useDomNodeTextContent: the text shown to the user (innerText), not the DOM's
  const text = await page.locator('body').innerText();
  const wrong =
    lang === 'fr'
      ? [/\d\.\d/, /\d,\d{3}(?!\d)/, /\d{5,}/]
      : [/\d[\u00a0\u202f ]\d{3}(?!\d)/, /\d,\d{1,2}(?!\d)/, /\d{5,}/];
  for (const re of wrong) expect(re.exec(text)?.[0], `${what} ${lang}: ${re}`).toBeUndefined();
  // and the page does show big figures (stacks of 1.2 million), so the check has something to bite on
  expect(text, `${what} ${lang}`).toMatch(lang === 'fr' ? /\d\u202f\d{3}\u202f\d{3}/ : /\d,\d{3},\d{3}/);
}

describe('locale and the commentators at 9 seats', () => {
  it('percentages and chips by locale; chart names apart; blinds in the action log', { timeout: 60_000 }, async () => {
    const v = views.get('commentator') as RoleView;
    expect(v.posts.map((p) => [p.kind, p.seat, p.amount])).toEqual([
      ['sb', v.sb, v.blinds[0]],
      ['bb', v.bb, v.blinds[1]],
    ]);
    for (const lang of ['en', 'fr'] as const) {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
      await page.goto(`${base}/commentator.html?token=tok-commentator&lang=${lang}`);
      await page.locator('#booth .pct').first().waitFor({ timeout: 15_000 });
      const pcts = await page.locator('#booth .pct').allTextContents();
      expect(pcts.length).toBeGreaterThanOrEqual(2);
      for (const p of pcts) expect(p).toMatch(lang === 'fr' ? /^\d+,\d[\u00a0\u202f]%$/ : /^\d+\.\d%$/);

      // the blinds open the action log, in the page's language, amounts by locale
      const log = await page.locator('#action-log li.post').allTextContents();
      const [sb, bb] = lang === 'fr' ? ['Petite blinde', 'Grosse blinde'] : ['Small blind', 'Big blind'];
      const n = (x: number) => x.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB');
      expect(log).toHaveLength(2);
      expect(log[0]).toContain(`${sb} ${n(v.blinds[0])}`);
      expect(log[1]).toContain(`${bb} ${n(v.blinds[1])}`);
      if (lang === 'fr') expect(log[1]).toMatch(/\d\u202f\d{3}/);

      // nine names on the chart: every line ends at the same equity, yet no two labels overlap, all inside the chart
      const boxes = await page.evaluate(() => {
        const svg = document.querySelector('.equity-chart') as SVGSVGElement;
        const r = svg.getBoundingClientRect();
        return {
          svg: { l: r.left, t: r.top, r: r.right, b: r.bottom },
          labels: [...svg.querySelectorAll('.seat-label')].map((e) => {
            const b = e.getBoundingClientRect();
            return { l: b.left, t: b.top, r: b.right, b: b.bottom, text: e.textContent ?? '' };
          }),
        };
      });
      expect(boxes.labels).toHaveLength(9);
      for (const [i, a] of boxes.labels.entries()) {
        expect(a.l, a.text).toBeGreaterThanOrEqual(boxes.svg.l);
        expect(a.r, a.text).toBeLessThanOrEqual(boxes.svg.r + 0.5);
        expect(a.t, a.text).toBeGreaterThanOrEqual(boxes.svg.t);
        expect(a.b, a.text).toBeLessThanOrEqual(boxes.svg.b);
        expect(a.text).toMatch(lang === 'fr' ? /\d+[\u00a0\u202f]%$/ : /\d+%$/);
        for (const b of boxes.labels.slice(i + 1))
          expect(a.b <= b.t || b.b <= a.t || a.r <= b.l || b.r <= a.l, `${a.text} / ${b.text}`).toBe(true);
      }
      await numbersByLocale(page, lang, 'commentator');
      await page.close();

      const ov = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await ov.goto(`${base}/overlay.html?token=tok-overlay&lang=${lang}`);
      await ov.locator('.plate-eq-pct').first().waitFor({ timeout: 15_000 });
      for (const p of await ov.locator('.plate-eq-pct').allTextContents())
        expect(p).toMatch(lang === 'fr' ? /^\d+[\u00a0\u202f]%$/ : /^\d+%$/);
      await numbersByLocale(ov, lang, 'overlay');
      await ov.close();

      // the dealer's tablet: to call, minimum raise, the buttons' amounts, stacks and pot
      const dealer = await browser.newPage({ viewport: { width: 1024, height: 768 } });
      await dealer.goto(`${base}/dealer.html?token=tok-dealer&lang=${lang}`);
      await dealer.locator('#to-call').waitFor({ timeout: 15_000 });
      const d = views.get('dealer') as RoleView;
      expect(await dealer.locator('#to-call').textContent()).toContain(
        (d.next?.toCall ?? 0).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB'),
      );
      await numbersByLocale(dealer, lang, 'dealer');
      await dealer.close();
    }
  });
});
