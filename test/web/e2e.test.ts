// The views in a real browser (Debian's chromium through playwright-core), on the live service fed by the
// simulator over real ptys (socat). Screenshots of each view go to docs/screenshots/.
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveService } from '../../src/server/live.js';
import type { Simulator } from '../../src/sim/simulator.js';
import { CHROMIUM_ARGS, ensureWebBuilt, liveOnSimulator, REPO } from './helpers.js';

const SHOTS = join(REPO, 'docs/screenshots');
let live: LiveService;
let sim: Simulator;
let browser: Browser;

beforeAll(async () => {
  ensureWebBuilt();
  ({ live, sim } = await liveOnSimulator({ delayMs: 4000, pace: 2, overPty: true }));
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await live?.close();
});

async function open(
  page: string,
  role: 'dealer' | 'floor' | 'commentator' | 'overlay' | null,
  extra = '',
): Promise<Page> {
  const p = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const token = role ? `?token=${live.tokens.tokenOf(role)}` : '?';
  await p.goto(`${live.url}/${page}.html${token}${extra}`);
  return p;
}

describe('views in chromium', () => {
  it('the dealer view shows the missed-burn alert the simulator injected, with remedy and rule', async () => {
    const page = await open('dealer', 'dealer');
    sim.inject('missedBurn');
    const alert = page.locator('#alert[data-code="BURN_MISSED"]');
    await alert.waitFor({ timeout: 45_000 });
    const text = await alert.textContent();
    expect(text).toMatch(/BURN_MISSED/);
    expect(text).toMatch(/Remedy/);
    expect(text).toMatch(/Rule: (tda|club|LOI)/);
    // the dealer reads which card to move: a board card the table saw is named, never masked
    expect(text).toMatch(/Move [2-9TJQKA][shdc] to the burn/);
    await page.screenshot({ path: join(SHOTS, 'dealer-missed-burn.png') });
    // acknowledging it on the tablet is recorded in the log and in the hand, and clears it from the tablet
    const id = Number(await alert.getAttribute('data-alert-id'));
    const hand = live.session.handNo;
    await page.locator('#ack').click();
    await page.locator(`#alert[data-alert-id="${id}"]`).waitFor({ state: 'detached', timeout: 10_000 });
    const acks = [...live.log.records()].filter(
      (r) => r.kind === 'event' && r.hand === hand && (r.data as { kind: string; alertId?: number }).kind === 'ack',
    );
    expect(acks.map((r) => (r.data as { alertId: number }).alertId)).toContain(id);
    await page.close();
  });

  it('the dealer taps a declaration for the seat to act and it takes effect', async () => {
    const page = await open('dealer', 'dealer');
    // a seat to act: the simulated players think for 6 s during this test, so that the dealer's tap comes first;
    // catch the moment the turn moves to a seat and tap
    const thinking = sim.pace.actionMs;
    sim.pace.actionMs = 6000;
    const turn = page.locator('#turn[data-to-act]');
    await turn.waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(SHOTS, 'dealer.png') });
    const first = await turn.getAttribute('data-to-act');
    await page.waitForFunction(
      (prev) => {
        const el = document.querySelector('#turn[data-to-act]');
        const fold = document.querySelector('button[data-action="fold"]');
        return (
          el !== null && el.getAttribute('data-to-act') !== prev && fold !== null && !fold.hasAttribute('disabled')
        );
      },
      first,
      { timeout: 30_000, polling: 50 },
    );
    const seat = Number(await turn.getAttribute('data-to-act'));
    const hand = live.session.handNo;
    const before = [...live.log.records()].length;
    await page.locator('button[data-action="fold"]').click();
    // the declaration went to the log as a say event for that seat, and the engine folded the seat
    await expect
      .poll(
        () =>
          [...live.log.records()]
            .slice(before)
            .some(
              (r) =>
                r.kind === 'event' &&
                (r.data as { kind: string; seat?: number }).kind === 'say' &&
                (r.data as { seat: number }).seat === seat,
            ),
        { timeout: 5000 },
      )
      .toBe(true);
    await expect
      .poll(
        () => {
          const s = live.session.snapshot();
          const folded = s.hand.seats.find((x) => x.seat === seat)?.folded;
          return s.handNo !== hand || folded === true;
        },
        { timeout: 5000 },
      )
      .toBe(true);
    if (live.session.handNo === hand)
      await page.locator(`.seat.folded[data-seat="${seat}"]`).waitFor({ timeout: 5000 });
    sim.pace.actionMs = thinking;
    // the shot clock: called on request, shown as a countdown
    await page.locator('#turn[data-to-act]').waitFor({ timeout: 30_000 });
    await page.locator('#clock-btn').click();
    await expect
      .poll(async () => page.locator('#clock').textContent(), { timeout: 5000 })
      .toMatch(/Clock on seat \d+: [01]:\d\d/);
    await page.close();
  });

  it('floor, commentator, public and overlay views render, in English and French', async () => {
    const floor = await open('floor', 'floor');
    await floor.locator('#health').waitFor();
    await floor.locator('.open-hand').first().waitFor({ timeout: 20_000 });
    await floor.locator('.open-hand').first().click();
    await floor.locator('#stepper').waitFor();
    await floor.locator('#step-prev').click();
    await floor.screenshot({ path: join(SHOTS, 'floor.png'), fullPage: true });
    await floor.close();

    const com = await open('commentator', 'commentator');
    await com.locator('#booth').waitFor();
    await com.waitForFunction(() => document.querySelectorAll('#booth .card:not(.back)').length >= 4, undefined, {
      timeout: 20_000,
    });
    // exact equities from the engine's EquityService arrive for the seats still in
    await com.locator('#booth .bar .fill').first().waitFor({ timeout: 20_000 });
    await com.waitForFunction(() => document.querySelectorAll('.equity-chart polyline').length >= 2, undefined, {
      timeout: 20_000,
    });
    await com.screenshot({ path: join(SHOTS, 'commentator.png'), fullPage: true });
    await com.close();

    const pub = await open('public', null);
    await pub.locator('.seats').waitFor();
    await pub.screenshot({ path: join(SHOTS, 'public.png') });
    await pub.locator('#lang').click();
    await expect.poll(async () => pub.locator('header').textContent()).toMatch(/Main #/);
    await pub.screenshot({ path: join(SHOTS, 'public-fr.png') });
    await pub.close();

    const ov = await open('overlay', 'overlay');
    await ov.locator('.ov-seats').waitFor({ timeout: 20_000 });
    const bg = await ov.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgba(0, 0, 0, 0)');
    await ov.screenshot({ path: join(SHOTS, 'overlay.png'), omitBackground: true });
    await ov.close();
  });

  it('a page opened with a wrong token says so and shows nothing private', async () => {
    const p = await browser.newPage();
    await p.goto(`${live.url}/commentator.html?token=wrong-token-0000000000`);
    await p.locator('#banner').waitFor({ timeout: 5000 });
    expect(await p.locator('#banner').textContent()).toMatch(/Unknown or missing token/);
    expect(await p.locator('#booth').count()).toBe(0);
    await p.close();
  });
});
