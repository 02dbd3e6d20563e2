// The floor's player finder in Debian's chromium, on one live service (no simulator): four named players seated by
// the floor's route; typed in the finder, part of a name with no accent and any case finds them ("jose" finds
// "José Ramón Núñez" and "Joséphine Baker"), the roster marks them, a match picks its seat in the seating form; in
// English and in French.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/index.js';
import { type LiveService, startLive } from '../../src/server/live.js';
import { CHROMIUM_ARGS, ensureWebBuilt, WEB_ROOT } from './helpers.js';

const config = parseScenario({
  name: 'six seats',
  ruleset: 'tda',
  table: {
    seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000, 5: 10000, 6: 10000 },
    button: 6,
    blinds: [50, 100],
    bbAnte: 0,
    absent: [],
  },
  events: [],
} as never).config;

const NAMES: Record<number, string> = {
  1: 'José Ramón Núñez',
  2: 'Joséphine Baker',
  4: 'Marie-Thérèse Lacroix',
  5: 'Zoë Kowalczyk',
};

let live: LiveService;
let browser: Browser;

beforeAll(async () => {
  ensureWebBuilt();
  live = await startLive({
    dataDir: mkdtempSync(join(tmpdir(), 'fw-floor-search-')),
    port: 0,
    host: '127.0.0.1',
    broadcastDelayMs: 60_000,
    webRoot: WEB_ROOT,
    table: config,
    source: null,
    equity: null,
    say: () => {},
  });
  const auth = { authorization: `Bearer ${live.tokens.tokenOf('floor')}`, 'content-type': 'application/json' };
  for (const [seat, name] of Object.entries(NAMES)) {
    const r = await fetch(`${live.url}/api/seats/${seat}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name }),
    });
    expect(r.status, await r.text()).toBe(200);
  }
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await live?.close();
});

/** types `q` in the finder; the count it says and the roster's marked seats */
async function find(page: Page, q: string): Promise<{ said: string; marked: string[]; picks: string[] }> {
  await page.fill('#player-find', q);
  return {
    said: (await page.locator('#player-found').textContent()) ?? '',
    marked: await page
      .locator('.roster li.match')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-seat') ?? '')),
    picks: await page.locator('.player-search button.pick').allTextContents(),
  };
}

describe("the floor's player finder in chromium", () => {
  it('part of a name, accents and case optional, EN and FR; a match picks its seat', { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${live.url}/floor.html?token=${live.tokens.tokenOf('floor')}`);
    await page.locator('#status[data-conn="open"]').waitFor({ timeout: 10_000 });
    await page.locator('.roster li[data-seat="5"]').waitFor({ timeout: 5000 });
    expect(await page.locator('#player-found').textContent()).toBe('');
    expect(await find(page, 'jose')).toEqual({
      said: '2 players found',
      marked: ['1', '2'],
      picks: ['Seat 1 José Ramón Núñez', 'Seat 2 Joséphine Baker'],
    });
    expect((await find(page, 'JOSE r')).marked).toEqual(['1']);
    expect((await find(page, 'nunez')).marked).toEqual(['1']);
    expect((await find(page, 'zoe')).marked).toEqual(['5']);
    expect(await find(page, 'josef')).toEqual({ said: 'no player matches', marked: [], picks: [] });
    // a match picks its seat in the seating form
    await find(page, 'baker');
    await page.locator('.player-search button.pick[data-seat="2"]').click();
    expect(await page.locator('#seat-no').inputValue()).toBe('2');

    // French
    await page.locator('#lang').click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    const fr = await find(page, 'marie therese');
    expect(fr).toEqual({ said: '1 joueur trouvé', marked: ['4'], picks: ['Siège 4 Marie-Thérèse Lacroix'] });
    expect((await find(page, 'JOSÉ')).said).toBe('2 joueurs trouvés');
    expect((await find(page, 'xyz')).said).toBe('aucun joueur trouvé');
    expect(await page.locator('#player-find').getAttribute('placeholder')).toBe(
      'une partie du nom, accents facultatifs',
    );
    await page.close();
  });
});
