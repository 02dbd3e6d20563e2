// The dealer's tablet and the broadcast overlay laid out in a real browser (Debian's chromium through playwright-core)
// for tables of 6, 9 and 10 named seats with long names, in English and French: the pages are the built views, fed
// over a real websocket with the views the service's own viewFor makes of a hand street by street. Measured: every
// seat's box inside the tablet's screen at 1024x768 and 800x1280, the controls' sizes (44 px) and contrast (4.5:1),
// the figures' size (24 px); the overlay's plates one size through the hand, names not cut, the lower third clear of
// the board and the plates (the winners' at the end of the hand, and the one the producer pins, `lower=`, on every
// street), every winner of a split pot named. Screenshots go to docs/screenshots/.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import type { RoleView } from '../../src/views/views.js';
import { CHROMIUM_ARGS, ensureWebBuilt, REPO, WEB_ROOT } from './helpers.js';
import { LONG_NAMES, STEPS, type Step, viewAt } from './layoutStates.js';

const SHOTS = join(REPO, 'docs/screenshots');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

let server: Server;
let wss: WebSocketServer;
let base = '';
let browser: Browser;
/** the view each role's pages are shown now, and the pages' sockets */
const current = new Map<string, RoleView>();
const sockets = new Map<WebSocket, string>();

function feed(role: string, view: RoleView): void {
  current.set(role, view);
  for (const [ws, r] of sockets) if (r === role) ws.send(JSON.stringify({ type: 'view', view, delayMs: 0 }));
}

beforeAll(async () => {
  ensureWebBuilt();
  server = createServer(async (req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(WEB_ROOT, path === '/' ? 'index.html' : path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  wss = new WebSocketServer({ server, path: '/ws', handleProtocols: (p) => [...p][0] ?? false });
  wss.on('connection', (ws, req) => {
    // the page's token names the role it is for (tok-dealer, tok-overlay), in the URL or as a subprotocol
    const where = `${req.url ?? ''} ${req.headers['sec-websocket-protocol'] ?? ''}`;
    const role = where.includes('tok-overlay') ? 'overlay' : 'dealer';
    sockets.set(ws, role);
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', (m) => {
      if (JSON.parse(String(m)).type === 'ping') ws.send(JSON.stringify({ type: 'ok', ref: 0 }));
    });
    ws.send(JSON.stringify({ type: 'hello', role, delayMs: 0 }));
    const v = current.get(role);
    if (v) ws.send(JSON.stringify({ type: 'view', view: v, delayMs: 0 }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const ws of sockets.keys()) ws.terminate();
  wss?.close();
  await new Promise((r) => server?.close(r));
});

async function open(page: 'dealer' | 'overlay', width: number, height: number, extra: string): Promise<Page> {
  const p = await browser.newPage({ viewport: { width, height } });
  await p.goto(`${base}/${page}.html?token=tok-${page}${extra}`);
  return p;
}

type Box = { l: number; t: number; r: number; b: number; w: number; h: number };
const boxOf = (els: Element[]): Box[] =>
  els.map((e) => {
    const r = e.getBoundingClientRect();
    return { l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height };
  });
const overlaps = (a: Box, b: Box) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;

/** WCAG 2 contrast of each visible enabled control's text against the background painted under it. */
const contrasts = (p: Page, sel: string) =>
  p.evaluate((s) => {
    const rgba = (c: string): number[] => {
      const m = c.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
    };
    const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]));
    const lum = (c: number[]) => {
      const l = c.map((v) => {
        const x = v / 255;
        return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    };
    const bgUnder = (e: Element | null): number[] => {
      // the backgrounds from the page up to the element, composed
      const chain: Element[] = [];
      for (let x = e; x; x = x.parentElement) chain.unshift(x);
      let bg = [255, 255, 255];
      for (const x of chain) bg = over(rgba(getComputedStyle(x).backgroundColor), bg);
      return bg;
    };
    return [...document.querySelectorAll(s)]
      .filter((e) => (e as HTMLElement).offsetParent !== null && !(e as HTMLButtonElement).disabled)
      .map((e) => {
        let opacity = 1;
        for (let x: Element | null = e; x; x = x.parentElement) opacity *= Number(getComputedStyle(x).opacity);
        const bg = bgUnder(e);
        const fg0 = rgba(getComputedStyle(e).color);
        const fg = over([fg0[0], fg0[1], fg0[2], fg0[3] * opacity], bg);
        const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        return { text: (e.textContent ?? '').trim() || e.id, ratio: (a + 0.05) / (b + 0.05) };
      });
  }, sel);

const SIZES = [
  [1024, 768],
  [800, 1280],
] as const;

describe('dealer tablet layout', () => {
  for (const seats of [6, 9, 10]) {
    it(`${seats} named seats with long names: every seat in view at 1024x768 and 800x1280, 44 px controls, 24 px figures, 4.5:1`, {
      timeout: 90_000,
    }, async () => {
      for (const [width, height] of SIZES) {
        for (const lang of ['en', 'fr'] as const) {
          const what = `${seats} seats ${width}x${height} ${lang}`;
          const page = await open('dealer', width, height, `&lang=${lang}`);
          for (const step of ['preflop', 'flop', 'turn'] as Step[]) {
            const v = viewAt('dealer', seats, step);
            feed('dealer', v);
            await page.waitForFunction(
              (ver) => Number(document.querySelector('.dealer')?.getAttribute('data-version')) === ver,
              v.version,
            );
            const toAct = v.next?.toAct;
            const boxes = await page.locator('#seats .seat').evaluateAll(boxOf);
            expect(boxes.length, what).toBe(seats);
            for (const b of boxes) {
              expect(
                b.l >= 0 && b.t >= 0 && b.r <= width && b.b <= height,
                `${what} ${step}: a seat at ${JSON.stringify(b)}`,
              ).toBe(true);
            }
            // no two seats over each other
            for (const [i, a] of boxes.entries())
              for (const b of boxes.slice(i + 1)) expect(overlaps(a, b), `${what} ${step}: seats overlap`).toBe(false);
            // the seat to act is in view, nothing drawn over it, and the page does not scroll sideways
            const turnSeat = page.locator(`#seats .seat.on-turn[data-seat="${toAct}"]`);
            const turn = await turnSeat.evaluateAll(boxOf);
            expect(turn.length, what).toBe(1);
            expect(turn[0].r <= width && turn[0].b <= height, what).toBe(true);
            const onTop = await turnSeat.evaluate((e) => {
              const r = e.getBoundingClientRect();
              return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
            });
            expect(onTop, `${what} ${step}: the seat to act is covered`).toBe(true);
            const scroll = await page.evaluate(() => [
              document.documentElement.scrollWidth,
              document.documentElement.scrollHeight,
            ]);
            expect(scroll[0], `${what}: page width`).toBeLessThanOrEqual(width);
            expect(scroll[1], `${what}: page height`).toBeLessThanOrEqual(height);
            // every control: 44 px at least, and inside the screen
            const controls = await page.locator('.dealer button, .dealer input, .dealer select').evaluateAll(boxOf);
            expect(controls.length, what).toBeGreaterThanOrEqual(10);
            for (const c of controls) {
              expect(Math.min(c.w, c.h), `${what} ${step}: a control ${JSON.stringify(c)}`).toBeGreaterThanOrEqual(44);
              expect(c.r <= width && c.b <= height && c.l >= 0 && c.t >= 0, `${what}: a control off screen`).toBe(true);
            }
            // the figures the dealer reads: to call, the minimum raise, the pots
            for (const id of ['#to-call', '#min-raise']) {
              const px = await page.locator(id).evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
              expect(px, `${what}: ${id}`).toBeGreaterThanOrEqual(24);
            }
            const pots = await page
              .locator('#turn .pot')
              .evaluateAll((els) => els.map((e) => Number.parseFloat(getComputedStyle(e).fontSize)));
            expect(pots.length, what).toBeGreaterThanOrEqual(1);
            for (const px of pots) expect(px, `${what}: a pot`).toBeGreaterThanOrEqual(24);
            // every seat's stack: a figure alone (named "Stack …" for screen readers), 24 px, shown whole in its seat
            const stacks = await page.locator('#seats .seat .stack').evaluateAll((els) =>
              els.map((e) => {
                const r = e.getBoundingClientRect();
                const seat = (e.closest('.seat') as HTMLElement).getBoundingClientRect();
                return {
                  px: Number.parseFloat(getComputedStyle(e).fontSize),
                  text: e.textContent ?? '',
                  label: e.getAttribute('aria-label') ?? '',
                  cut:
                    e.scrollWidth > e.clientWidth + 0.5 || r.bottom > seat.bottom + 0.5 || r.right > seat.right + 0.5,
                };
              }),
            );
            expect(stacks.length, what).toBe(seats);
            for (const [i, st] of stacks.entries()) {
              expect(st.px, `${what} ${step}: the stack of seat ${i + 1}`).toBeGreaterThanOrEqual(24);
              expect(st.text, `${what}: the stack of seat ${i + 1}`).toMatch(/^\d[\d,\s\u202f\u00a0]*$/);
              expect(st.label, `${what}: the stack's name`).toContain(st.text);
              expect(st.label, `${what}: the stack's name`).toMatch(lang === 'fr' ? /^Jetons / : /^Stack /);
              expect(st.cut, `${what} ${step}: the stack of seat ${i + 1} cut`).toBe(false);
            }
            // the first open alert (the most severe) shown whole: its message and remedy not cut by the list
            const cut = await page.locator('#alerts .alert').evaluateAll((els) =>
              els.slice(0, 1).flatMap((e) => {
                const list = (e.closest('.alert-items') as HTMLElement).getBoundingClientRect();
                return [...e.querySelectorAll<HTMLElement>('.alert-message, .alert-remedy')]
                  .filter((x) => x.getBoundingClientRect().bottom > list.bottom + 0.5)
                  .map((x) => x.textContent ?? '');
              }),
            );
            expect(cut, `${what} ${step}: alert text cut`).toEqual([]);
            // the controls, and the figures the dealer reads (to call, minimum raise, stacks, pot), 4.5:1 at least
            const read = '.dealer .figure, .dealer .seat .stack, .dealer .pot';
            expect(await page.locator(read).count(), what).toBeGreaterThanOrEqual(seats + 2);
            for (const c of await contrasts(
              page,
              `.dealer button, .dealer input, .dealer select, .dealer .status, ${read}`,
            ))
              expect(c.ratio, `${what}: contrast of "${c.text}"`).toBeGreaterThanOrEqual(4.5);
            // cards in the alert texts as ranks and suits
            if (step === 'flop') {
              const alerts = await page.locator('#alerts').textContent();
              expect(alerts, what).toContain('10♦ 7♣');
              expect(alerts, what).not.toMatch(/\bTd\b|\b7c\b/);
            }
          }
          // the confirmations of Call the floor (its seat picker and reasons) and of Misdeal: their controls too
          for (const [open, n] of [
            ['#floor', 8],
            ['#misdeal', 2],
          ] as const) {
            await page.locator(open).click();
            const sel = '#confirm button, #confirm select';
            const boxes = await page.locator(sel).evaluateAll(boxOf);
            expect(boxes.length, `${what} ${open}`).toBe(n);
            for (const c of boxes) {
              expect(Math.min(c.w, c.h), `${what} ${open}: ${JSON.stringify(c)}`).toBeGreaterThanOrEqual(44);
              expect(c.r <= width && c.b <= height && c.l >= 0 && c.t >= 0, `${what} ${open}: off screen`).toBe(true);
            }
            for (const c of await contrasts(page, sel))
              expect(c.ratio, `${what}: contrast of "${c.text}"`).toBeGreaterThanOrEqual(4.5);
            await page.locator('#confirm-no').click();
          }
          if (seats === 10 && lang === 'en' && width === 1024)
            await page.screenshot({ path: join(SHOTS, 'dealer-1024x768-10-seats.png') });
          if (seats === 9 && lang === 'fr' && width === 800)
            await page.screenshot({ path: join(SHOTS, 'dealer-800x1280-9-seats-fr.png') });
          await page.close();
        }
      }
    });
  }
});

describe('overlay layout', () => {
  for (const seats of [6, 9, 10]) {
    for (const layout of ['bottom', 'left'] as const) {
      it(`${seats} named seats, layout=${layout}: plates of one size through the hand, names whole, lower third clear`, {
        timeout: 90_000,
      }, async () => {
        // English, French, and the lower third pinned by the producer on the last seat (a long name) all hand long
        const passes = [
          ['en', null],
          ['fr', null],
          [layout === 'bottom' ? 'fr' : 'en', seats],
        ] as const;
        for (const [lang, pin] of passes) {
          const what = `${seats} seats ${layout} ${lang}${pin ? ` lower=${pin}` : ''}`;
          const page = await open('overlay', 1920, 1080, `&lang=${lang}&layout=${layout}${pin ? `&lower=${pin}` : ''}`);
          const sizes = new Set<string>();
          let potW = new Set<number>();
          for (const step of STEPS) {
            const v = viewAt('overlay', seats, step);
            feed('overlay', v);
            await page.waitForFunction(
              (ver) => Number(document.querySelector('#air')?.getAttribute('data-version')) === ver,
              v.version,
            );
            const plates = await page.locator('.plate').evaluateAll(boxOf);
            expect(plates.length, what).toBe(seats);
            for (const p of plates) sizes.add(`${p.w}x${p.h}`);
            potW.add((await page.locator('#pot-box').evaluateAll(boxOf))[0].w);
            // everything on air inside title-safe (96 px / 54 px margins)
            for (const b of await page.locator('#air *').evaluateAll(boxOf)) {
              if (b.w === 0 || b.h === 0) continue;
              expect(
                b.l >= 95.5 && b.t >= 53.5 && b.r <= 1824.5 && b.b <= 1026.5,
                `${what} ${step}: ${JSON.stringify(b)}`,
              ).toBe(true);
            }
            // plates never overlap each other, nor the board
            const board = await page.locator('#air-board').evaluateAll(boxOf);
            for (const [i, a] of plates.entries()) {
              for (const b of [...plates.slice(i + 1), ...board])
                expect(overlaps(a, b), `${what} ${step}: overlap`).toBe(false);
            }
            // names: the whole name when it fits, else a short form (never "Alex…"); not cut by the plate
            const names = await page
              .locator('.plate-name')
              .evaluateAll((els) =>
                els.map((e) => ({ text: e.textContent ?? '', cut: e.scrollWidth > e.clientWidth + 0.5 })),
              );
            for (const n of names) {
              expect(n.text, what).not.toMatch(/…$/);
              expect(n.cut, `${what}: ${n.text} cut`).toBe(false);
            }
            // the overlay's style is its own: the plate on turn is drawn like the others (no tablet style)
            const fonts = await page
              .locator('.plate')
              .evaluateAll((els) => els.map((e) => getComputedStyle(e).fontSize));
            expect(new Set(fonts).size, `${what}: plates' font`).toBe(1);
            if (step !== 'showdown')
              expect(await page.locator(`.plate.on-turn[data-seat="${v.next?.toAct}"]`).count(), what).toBe(1);
            if (pin) {
              // the pinned player's lower third, on every street: the full name, clear of the board and the plates
              const lt = page.locator('#lower-third');
              await lt.waitFor();
              expect(await lt.getAttribute('data-seat'), what).toBe(String(pin));
              expect(await lt.textContent(), what).toContain(LONG_NAMES[pin - 1]);
              const ltBox = (await lt.evaluateAll(boxOf))[0];
              for (const b of [...plates, ...board])
                expect(overlaps(ltBox, b), `${what} ${step}: lower third over ${JSON.stringify(b)}`).toBe(false);
            } else if (step === 'showdown') {
              // a split pot: both winners in the lower third, by their full names; the lower third clear of all
              const lt = page.locator('#lower-third');
              await lt.waitFor();
              const text = (await lt.textContent()) ?? '';
              expect(await lt.getAttribute('data-winners'), what).toBe('2');
              expect(text, what).toContain(LONG_NAMES[0]);
              expect(text, what).toContain(LONG_NAMES[1]);
              const ltBox = (await lt.evaluateAll(boxOf))[0];
              for (const b of [...plates, ...board])
                expect(overlaps(ltBox, b), `${what}: lower third over ${JSON.stringify(b)}`).toBe(false);
              if (seats === 9 && layout === 'bottom')
                await page.screenshot({
                  path: join(SHOTS, `overlay-9-seats-split${lang === 'fr' ? '-fr' : ''}.png`),
                  omitBackground: false,
                });
              if (seats === 10 && layout === 'left' && lang === 'en')
                await page.screenshot({ path: join(SHOTS, 'overlay-left-10-seats.png') });
            }
            if (seats === 10 && layout === 'bottom' && step === 'turn' && lang === 'en' && !pin)
              await page.screenshot({ path: join(SHOTS, 'overlay-10-seats-turn.png') });
          }
          expect([...sizes], `${what}: plate sizes through the hand`).toHaveLength(1);
          expect([...potW], `${what}: the pot box's width through the hand`).toHaveLength(1);
          potW = new Set();
          await page.close();
        }
      });
    }
  }
});
