// Issue 25, the clock on the tables: the room's settings carry its tournament clock (src/room/clockFact.ts); a live
// table on the room's broker (a whole table service, its simulated dealer dealing) takes it from the settings and
// every view of it shows the level or the break, the time left (m:ss) and what comes next: the dealer tablet, the
// floor, the public view and the air (overlay), in English and in French, in Debian's chromium. A paused clock stands
// still; a running one counts down on the page's own clock; a TD's change (a new fact) replaces the time shown.
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomClock } from '../../src/room/protocol.js';
import type { SimTable } from '../../src/simRoom/simTables.js';
import { type RoomRig, startRoomRig, waitFor } from '../room/helpers.js';
import { CHROMIUM_ARGS, ensureWebBuilt, WEB_ROOT } from './helpers.js';

let rig: RoomRig;
let tables: SimTable[] = [];
let browser: Browser;

beforeAll(async () => {
  ensureWebBuilt();
  rig = await startRoomRig({ prefix: 'fw-tourney-clock-', tableIds: ['1'], exportDelayMs: 0 });
  tables = await rig.simTables({
    tableIds: ['1'],
    pace: 'fast',
    broadcastDelayMs: 0,
    logSync: 'NORMAL',
    seed: 5,
    webRoot: WEB_ROOT,
  });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(tables.map((t) => t.live.close()));
  await rig?.close();
});

const PAUSED: RoomClock = {
  level: 3,
  isBreak: false,
  leftMs: 754_000,
  running: false,
  blinds: [100, 200],
  bbAnte: 200,
  next: { isBreak: true, minutes: 15 },
};

describe('the room clock on the table views', () => {
  it('level, time left and what comes next on the dealer, floor, public and overlay views, EN and FR', async () => {
    const table = tables[0];
    await rig.room.setSettings({ blinds: [100, 200], bbAnte: 200 }, [], PAUSED);
    await waitFor('the table holds the clock', () => table.live.app.live.tournamentClock() !== null, 20_000);
    expect(table.live.app.live.tournamentClock()?.fact).toEqual(PAUSED);
    // the overlay is fed once a state has been released to it (the delay is 0: at the next state)
    await waitFor('a hand dealt', () => table.live.session.handNo > 0, 20_000);

    const pages: Array<{ file: string; role: 'dealer' | 'floor' | 'public' | 'overlay' }> = [
      { file: 'dealer.html', role: 'dealer' },
      { file: 'floor.html', role: 'floor' },
      { file: 'public.html', role: 'public' },
      { file: 'overlay.html', role: 'overlay' },
    ];
    const expected = {
      en: { level: 'Level 3', next: 'Next: 15-minute break', paused: 'clock paused' },
      fr: { level: 'Niveau 3', next: 'Ensuite : pause de 15 min', paused: 'horloge arrêtée' },
    };
    for (const lang of ['en', 'fr'] as const) {
      for (const { file, role } of pages) {
        const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
        const token = role === 'public' ? '' : `token=${table.live.tokens.tokenOf(role)}&`;
        await page.goto(`${table.live.url}/${file}?${token}lang=${lang}`);
        const clock = page.locator('#tourney');
        await clock.waitFor({ timeout: 20_000 });
        const what = `${file} ${lang}`;
        expect(await clock.locator('.tourney-level').textContent(), what).toBe(expected[lang].level);
        expect(await clock.locator('.tourney-left').textContent(), what).toBe('12:34');
        expect(await clock.locator('.tourney-next').textContent(), what).toBe(expected[lang].next);
        expect(await clock.locator('.tourney-paused').textContent(), what).toBe(expected[lang].paused);
        expect(await clock.getAttribute('data-running'), what).toBe('false');
        await page.close();
      }
    }

    // the TD resumes with 1:05 left, at the break: every page counts down on its own from what it was given
    const running: RoomClock = {
      level: 3,
      isBreak: true,
      leftMs: 65_000,
      running: true,
      blinds: [150, 300],
      bbAnte: 300,
      next: { isBreak: false, level: 4, blinds: [150, 300], bbAnte: 300 },
    };
    const dealer = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await dealer.goto(`${table.live.url}/dealer.html?token=${table.live.tokens.tokenOf('dealer')}&lang=fr`);
    await dealer.locator('#tourney .tourney-left').waitFor({ timeout: 20_000 });
    await rig.room.setSettings({ blinds: [100, 200], bbAnte: 200 }, [], running);
    const clock = dealer.locator('#tourney');
    await dealer.waitForFunction(
      () => document.querySelector('#tourney')?.getAttribute('data-break') === 'true',
      null,
      {
        timeout: 20_000,
      },
    );
    expect(await clock.locator('.tourney-level').textContent()).toBe('Pause');
    expect(await clock.locator('.tourney-next').textContent()).toBe('Ensuite : niveau 4 150/300 (ante 300)');
    expect(await clock.locator('.tourney-paused').count()).toBe(0);
    const first = await clock.locator('.tourney-left').textContent();
    expect(first).toMatch(/^1:0[0-5]$/);
    // counted down by the page: a second later it shows less, with no new fact from the room
    await dealer.waitForFunction(
      (shown) => {
        const now = document.querySelector('#tourney .tourney-left')?.textContent ?? '';
        return now !== shown && /^(1:0[0-4]|0:5\d)$/.test(now);
      },
      first,
      { timeout: 5_000 },
    );
    await dealer.close();
  }, 120_000);
});
