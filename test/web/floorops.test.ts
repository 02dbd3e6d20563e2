// The floor's operations in Debian's chromium, on one live service driven through its session (no simulator: the
// test is the table), restarted once: "Call the floor" on the dealer tablet opens a FLOOR_CALLED alert on the
// floor's tablet (English, then French on both tablets); a Misdeal after substantial action is refused with its rule
// and a misdeal storm needs one decision (each in English, then in French);
// the floor's history is the service's (a reload and a second tablet see it); an alert of a past hand closed by the
// floor stays closed after a restart.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openStops } from '../../src/server/taps.js';
import type { LiveService } from '../../src/service/live.js';
import { FOUR_SEATS } from '../fourSeats.js';
import { useLiveTable } from './floorFixture.js';
import { REPO } from './helpers.js';

const config = FOUR_SEATS;

const t = useLiveTable(config, { broadcastDelayMs: 60_000, prefix: 'fw-floorops-' });
const pages: Page[] = [];

const missing: string[] = [];
async function open(page: 'dealer' | 'floor'): Promise<Page> {
  const p = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
  p.on('response', (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  p.on('console', (m) => {
    if (m.text().includes(t.live.tokens.tokenOf(page))) missing.push(`token in console: ${m.text()}`);
  });
  await p.goto(`${t.live.url}/${page}.html?token=${t.live.tokens.tokenOf(page)}`);
  await p.locator('#status[data-conn="open"]').waitFor({ timeout: 10_000 });
  pages.push(p);
  return p;
}

const ingest = (...evs: Parameters<LiveService['session']['ingest']>[0][]) => {
  for (const ev of evs) t.live.session.ingest(ev);
};
const blindsAndDeal = (seats = [1, 2, 3, 4, 1, 2, 3, 4]) => {
  ingest(
    { kind: 'dealer', button: 'shuffle' },
    { kind: 'chips', seat: 1, chips: [25, 25] },
    { kind: 'chips', seat: 2, chips: [100] },
  );
  ['2c', '4h', '6c', '8h', '3d', '5s', '7d', '9s'].forEach((card, i) => {
    ingest({ kind: 'cardAt', card, zone: `seat${seats[i]}` as 'seat1', face: 'down' });
  });
};

async function decide(item: ReturnType<Page['locator']>, text: string, by = 'Marie'): Promise<void> {
  await item.locator('.decision-text').fill(text);
  await item.locator('.decision-by').fill(by);
  await item.locator('.record').click();
}

describe('floor operations in chromium', () => {
  let dealer: Page;
  let floor: Page;

  it('"Call the floor" on the dealer tablet opens a FLOOR_CALLED alert on the floor tablet; decided, the tablet unlocks', {
    timeout: 60_000,
  }, async () => {
    blindsAndDeal();
    dealer = await open('dealer');
    floor = await open('floor');
    await dealer.locator('#turn[data-to-act="3"]').waitFor({ timeout: 5000 });
    await dealer.locator('#floor').click();
    // the seat to act is proposed; the dealer picks the reason
    expect(await dealer.locator('#floor-seat').inputValue()).toBe('3');
    await dealer.screenshot({ path: join(REPO, 'docs/screenshots/dealer-call-floor.png') });
    await dealer.locator('button.reason[data-reason="dispute"]').click();
    await expect.poll(() => dealer.locator('#notice').textContent()).toMatch(/Floor called \(Seat 3\): the hand holds/);
    await dealer.locator('#actions[data-locked="true"]').waitFor({ timeout: 5000 });
    const item = floor.locator('.log-item[data-code="FLOOR_CALLED"]');
    await item.waitFor({ timeout: 5000 });
    expect(await item.getAttribute('data-state')).toBe('open');
    expect(await item.textContent()).toMatch(/The dealer calls the floor to seat 3: a player disputes/);
    // the floor's log: the STOP on top
    expect(await floor.locator('.log-item').first().getAttribute('data-code')).toBe('FLOOR_CALLED');
    await decide(item, 'The bet stands, play on');
    await expect.poll(() => floor.locator('#notice').textContent()).toMatch(/Decision recorded: the alert is closed/);
    await floor.locator('.log-item[data-code="FLOOR_CALLED"][data-state="closed"]').waitFor({ timeout: 5000 });
    await dealer.locator('#actions[data-locked="false"]').waitFor({ timeout: 5000 });
    // French: the dealer's answer in French
    await dealer.locator('#lang').click();
    await dealer.locator('#floor').click();
    await dealer.locator('button.reason[data-reason="chips"]').click();
    await expect
      .poll(() => dealer.locator('#notice').textContent())
      .toMatch(/Arbitre appelé \(Siège 3\) : le coup est arrêté/);
    // the floor's tablet in French: the call, its seat and reason, and the decision in French
    await floor.locator('#lang').click();
    const fr = floor.locator('.log-item[data-code="FLOOR_CALLED"][data-state="open"]');
    await fr.waitFor({ timeout: 5000 });
    expect(await fr.textContent()).toMatch(/arbitre au siège 3 : un problème de mise ou de jetons/);
    expect(await fr.textContent()).toMatch(/ouverte/);
    await decide(fr, 'Jetons recomptés');
    await expect
      .poll(() => floor.locator('#notice').textContent())
      .toMatch(/Décision enregistrée : l’alerte est close/);
    const frClosed = floor.locator('.log-item[data-code="FLOOR_CALLED"][data-state="closed"]').first();
    await expect.poll(() => frClosed.textContent()).toMatch(/Décision : Jetons recomptés \(par Marie\)/);
    await dealer.locator('#actions[data-locked="false"]').waitFor({ timeout: 5000 });
    await dealer.locator('#lang').click();
    await floor.locator('#lang').click();
  });

  it('a Misdeal tapped after substantial action is refused with tda 35, 36; a misdeal storm needs one decision (EN, then FR)', {
    timeout: 60_000,
  }, async () => {
    // seat 1 acts out of turn (a warning left open in this hand), seat 3 folds, seat 4 calls: substantial action
    ingest({ kind: 'say', seat: 1, say: 'fold' }, { kind: 'tick' });
    ingest({ kind: 'say', seat: 3, say: 'fold' }, { kind: 'chips', seat: 4, chips: [100] }, { kind: 'tick' });
    await dealer.locator('#misdeal').click();
    await dealer.locator('#confirm-yes').click();
    await expect
      .poll(() => dealer.locator('#notice').textContent())
      .toMatch(/Misdeal refused \(TDA rules 35, 36\): substantial action has taken place, the hand goes on/);
    expect(await dealer.locator('#notice').getAttribute('class')).toMatch(/error/);
    expect(t.live.session.snapshot().hand.phase).not.toBe('misdeal');
    // the same tap in French: the refusal, its rule and the remedy in French; the hand still goes on
    await dealer.locator('#lang').click();
    await dealer.locator('#misdeal').click();
    await dealer.locator('#confirm-yes').click();
    await expect
      .poll(() => dealer.locator('#notice').textContent())
      .toMatch(/Fausse donne refusée \(règles TDA 35, 36\) : il y a eu une action substantielle, la main continue/);
    expect(await dealer.locator('#notice').getAttribute('class')).toMatch(/error/);
    expect(t.live.session.snapshot().hand.phase).not.toBe('misdeal');
    await dealer.locator('#lang').click();
    // the deck gathered early: hand 1 is void; hand 2 is dealt from the wrong seat and on as if nothing happened
    ingest({ kind: 'dealer', button: 'shuffle' });
    expect(t.live.session.handNo).toBe(2);
    blindsAndDeal([2, 1, 3, 4, 1, 2, 3, 4]);
    const raised = t.live.session.snapshot().hand.alerts;
    expect(raised.filter((a) => a.severity === 'stop').length).toBeGreaterThanOrEqual(2);
    const stops = floor.locator('.log-item.stop[data-state="open"]');
    await floor.locator('.log-item[data-code="MISDEAL"]').waitFor({ timeout: 5000 });
    expect(await stops.count()).toBe(1);
    expect(Number(await stops.first().getAttribute('data-count'))).toBe(raised.length);
    expect(await stops.first().textContent()).toContain(`×${raised.length}`);
    await dealer.locator('#lock-note').waitFor({ timeout: 5000 });
    await decide(stops.first(), 'Misdeal: redeal');
    await expect
      .poll(() => floor.locator('#notice').textContent())
      .toMatch(new RegExp(`Decision recorded: ${raised.length} alerts of one incident closed`));
    await expect.poll(() => stops.count()).toBe(0);
    await dealer.locator('#lock-note').waitFor({ state: 'detached', timeout: 5000 });
    expect(openStops(t.live.session.snapshot())).toEqual([]);
    // again in French on the floor's tablet: the redeal dealt from the wrong seat, one stop, one decision in French
    await floor.locator('#lang').click();
    ingest({ kind: 'dealer', button: 'shuffle' });
    const redealNo = t.live.session.handNo;
    blindsAndDeal([2, 1, 3, 4, 1, 2, 3, 4]);
    // the hand's alerts after the ones closed above: this incident's
    const raisedFr = t.live.session.snapshot().hand.alerts.slice(raised.length);
    expect(raisedFr.filter((a) => a.severity === 'stop').length).toBeGreaterThanOrEqual(2);
    await floor
      .locator(`.log-item[data-code="MISDEAL"][data-hand="${redealNo}"][data-state="open"]`)
      .waitFor({ timeout: 5000 });
    await expect.poll(() => stops.count()).toBe(1);
    expect(Number(await stops.first().getAttribute('data-count'))).toBe(raisedFr.length);
    const frText = (await stops.first().textContent()) ?? '';
    expect(frText).toContain(`×${raisedFr.length}`);
    expect(frText).toMatch(/main nº \d+ · MISDEAL · ×\d+ · STOP · Règle : règle TDA 35 · ouverte/);
    expect(frText).not.toMatch(/\bopen\b|Seat \d/);
    await dealer.locator('#lock-note').waitFor({ timeout: 5000 });
    await decide(stops.first(), 'Fausse donne : on redistribue');
    await expect
      .poll(() => floor.locator('#notice').textContent())
      .toMatch(new RegExp(`Décision enregistrée : ${raisedFr.length} alertes d’un même incident closes`));
    await expect.poll(() => stops.count()).toBe(0);
    await dealer.locator('#lock-note').waitFor({ state: 'detached', timeout: 5000 });
    expect(openStops(t.live.session.snapshot())).toEqual([]);
    await floor.locator('#lang').click();
  });

  it('a reload of the floor keeps its history, and a second floor tablet reads the same', {
    timeout: 60_000,
  }, async () => {
    const keys = async (p: Page) =>
      p
        .locator('.log-item')
        .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-key')}:${e.getAttribute('data-state')}`));
    const before = await keys(floor);
    expect(before.length).toBeGreaterThanOrEqual(4);
    await floor.reload();
    await floor.locator('#status[data-conn="open"]').waitFor({ timeout: 10_000 });
    await floor.locator('.log-item').first().waitFor({ timeout: 5000 });
    expect(await keys(floor)).toEqual(before);
    expect(await floor.locator('.log-item[data-code="FLOOR_CALLED"]').first().textContent()).toMatch(/by Marie/);
    const second = await open('floor');
    await second.locator('.log-item').first().waitFor({ timeout: 5000 });
    expect(await keys(second)).toEqual(before);
    await second.close();
  });

  it('an alert of a past hand closed by the floor stays closed after a restart', { timeout: 90_000 }, async () => {
    // hand 1's out-of-turn warning: still open, in the history of hand 2
    const past = floor.locator('.log-item[data-hand="1"][data-state="open"]').first();
    await past.waitFor({ timeout: 5000 });
    const key = (await past.getAttribute('data-key')) as string;
    expect(key).toMatch(/^h:1:/);
    await decide(past, 'Seen: the out-of-turn fold stood');
    const closed = floor.locator(`.log-item[data-key="${key}"][data-state="closed"]`);
    await closed.waitFor({ timeout: 5000 });
    // the service stops and starts again on the same data folder and port
    await t.restart(() => floor.locator('#status[data-conn="closed"]').waitFor({ timeout: 5000 }));
    await floor.locator('#status[data-conn="open"]').waitFor({ timeout: 10_000 });
    // what the page did, said if it never shows the link open
    const seen: string[] = [];
    const t0 = performance.now();
    const note = (s: string) => seen.push(`${Math.round(performance.now() - t0)}ms ${s}`);
    floor.on('console', (m) => note(`console ${m.type()}: ${m.text()}`));
    floor.on('pageerror', (e) => note(`page error: ${e.message}`));
    floor.on('requestfailed', (r) => note(`failed ${r.url()}: ${r.failure()?.errorText}`));
    floor.on('websocket', (ws) => {
      note('ws opened');
      ws.on('close', () => note('ws closed'));
      ws.on('socketerror', (e) => note(`ws error ${e}`));
      ws.on('framereceived', (f) => {
        if (!String(f.payload).startsWith('{"type":"ok","ref":0')) note(`ws frame ${String(f.payload).slice(0, 40)}`);
      });
    });
    await floor.reload();
    note('reloaded');
    await floor
      .locator('#status[data-conn="open"]')
      .waitFor({ timeout: 20_000 })
      .catch(async (err: Error) => {
        const conn = await floor
          .locator('#status')
          .getAttribute('data-conn', { timeout: 1000 })
          .catch(() => null);
        throw new Error(
          `${err.message}; #status data-conn=${conn}; hub ${JSON.stringify(t.live.hub.stats())}; ${seen.join(' | ')}`,
        );
      });
    // the service's own history first (what any floor tablet gets), then the page's
    expect(
      t.live.session
        .snapshot()
        .floorLog?.filter((e) => e.key === key)
        .map((e) => e.state),
    ).toEqual(['closed']);
    await floor
      .locator(`.log-item[data-key="${key}"]`)
      .waitFor({ timeout: 20_000 })
      .catch(async (err: Error) => {
        const shown = await floor.locator('.log-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
        throw new Error(`${err.message}; the page shows ${JSON.stringify(shown)}`);
      });
    expect(await floor.locator(`.log-item[data-key="${key}"]`).getAttribute('data-state')).toBe('closed');
    expect(await floor.locator(`.log-item[data-key="${key}"]`).textContent()).toMatch(/the out-of-turn fold stood/);
    await floor.screenshot({ path: join(REPO, 'docs/screenshots/floor-history.png') });
    // no page asked for a file that is not there; the favicon is served; no token in the console
    for (const f of ['favicon.ico', 'favicon.svg']) {
      const r = await fetch(`${t.live.url}/${f}`);
      expect(r.status, f).toBe(200);
      expect(r.headers.get('content-type'), f).toMatch(/image\//);
    }
    expect(await floor.locator('link[rel="icon"]').getAttribute('href')).toBe('./favicon.svg');
    expect(missing).toEqual([]);
    for (const p of pages) await p.close().catch(() => {});
  });
});
