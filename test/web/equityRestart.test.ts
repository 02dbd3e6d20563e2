// The commentators' equity chart across a real restart, in Debian's chromium: a live service with its equity worker
// (no simulator: the test is the table) plays a three-way hand to the turn; the chart shows preflop, flop and turn.
// The service stops and starts again on the same data folder and port; the open page reconnects by itself and its
// chart shows the same points for the hand in play, rebuilt by the new service (a page opened after the restart,
// which never saw the first service, shows them too).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/index.js';
import type { TableEvent } from '../../src/engine/types.js';
import { type LiveService, startLive } from '../../src/server/live.js';
import type { TableEventInput } from '../../src/session/index.js';
import { CHROMIUM_ARGS, ensureWebBuilt, WEB_ROOT } from './helpers.js';

/** seat 1 AA, seat 2 KK, seat 3 72 to the turn: blinds, deal, calls, flop and turn checked through */
const scenario = parseScenario({
  name: 'three-way to the turn',
  ruleset: 'tda',
  table: { seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, blinds: [50, 100], bbAnte: 0, absent: [] },
  events: [
    { dealer: 'shuffle' },
    { chips: [50], at: 'bet1' },
    { chips: [100], at: 'bet2' },
    ...['As', 'Kh', '7c', 'Ad', 'Kd', '2s'].map((card, i) => ({ card, at: `seat${(i % 3) + 1}` })),
    { chips: [100], at: 'bet3' },
    { chips: [50, 50], at: 'bet1' },
    { say: 'check', seat: 2 },
    ...[1, 2, 3].map((s) => ({ chips: [], at: `bet${s}` })),
    { card: '3c', at: 'burn' },
    ...['Qh', '8d', '4s'].map((card) => ({ card, at: 'board' })),
    ...[1, 2, 3].map((seat) => ({ say: 'check', seat })),
    { card: '5c', at: 'burn' },
    { card: 'Jh', at: 'board' },
  ],
} as never);

const dataDir = mkdtempSync(join(tmpdir(), 'fw-equity-restart-'));
let live: LiveService;
let browser: Browser;

const start = (port = 0) =>
  startLive({
    dataDir,
    port,
    host: '127.0.0.1',
    broadcastDelayMs: 60_000,
    webRoot: WEB_ROOT,
    table: scenario.config,
    source: null,
    // equity left to the service's default: its equity worker
    say: () => {},
  });

beforeAll(async () => {
  ensureWebBuilt();
  live = await start();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await live?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** the chart as drawn: each seat's line (its points) and its label */
const chart = (page: Page) =>
  page.evaluate(() => ({
    lines: [...document.querySelectorAll('svg.equity-chart polyline[data-seat]')].map(
      (p) => `${p.getAttribute('data-seat')}: ${p.getAttribute('points')}`,
    ),
    dots: document.querySelectorAll('svg.equity-chart circle').length,
    labels: [...document.querySelectorAll('svg.equity-chart .seat-label')].map((e) => e.textContent),
  }));

async function openCommentator(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${live.url}/commentator.html?token=${live.tokens.tokenOf('commentator')}`);
  await page.locator('#status[data-conn="open"]').waitFor({ timeout: 10_000 });
  return page;
}

describe("the commentators' equity chart across a restart", () => {
  it('the same points for the hand in play after the service restarts', { timeout: 90_000 }, async () => {
    const page = await openCommentator();
    // dealt street by street as a dealer does, each street's point drawn before the next cards: the hole cards
    // (the sixth card, event 8), the flop (event 18), the turn (the last)
    let at = 0;
    for (const [upTo, dots] of [
      [9, 3],
      [19, 6],
      [scenario.events.length, 9],
    ]) {
      for (; at < upTo; at++) {
        const { t: _t, ...input } = scenario.events[at] as TableEvent;
        live.session.ingest(input as TableEventInput);
      }
      await expect.poll(async () => (await chart(page)).dots, { timeout: 30_000 }).toBe(dots);
    }
    expect(live.session.snapshot().hand.board).toEqual(['Qh', '8d', '4s', 'Jh']);
    const before = await chart(page);
    expect(before.lines).toHaveLength(3);
    expect(before.labels).toHaveLength(3);
    for (const l of before.lines) expect(l.split(' ').length - 1).toBe(3);

    // the service stops: the page says so; started again on the same data folder and port, it reconnects
    const port = Number(new URL(live.url).port);
    await live.close();
    await page.locator('#status[data-conn="closed"]').waitFor({ timeout: 10_000 });
    live = await start(port);
    expect(live.session.snapshot().hand.board).toEqual(['Qh', '8d', '4s', 'Jh']);
    await page.locator('#status[data-conn="open"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => chart(page), { timeout: 30_000 }).toEqual(before);
    // a page that never saw the first service draws the same chart: the new service rebuilt it
    const fresh = await openCommentator();
    await expect.poll(() => chart(fresh), { timeout: 30_000 }).toEqual(before);
    await fresh.close();
    await page.close();
  });
});
