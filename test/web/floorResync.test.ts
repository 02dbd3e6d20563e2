// The floor page in Debian's chromium: the resync with the readers. The engine missed a fold and a call that the
// readers see; the floor taps "Resync with the readers", the notice says how many differences were replaced, the
// alert log lists them in one alert (English, then French on a second tablet: the same server-side alert).
import { describe, expect, it } from 'vitest';
import { FOLD_AND_CALL, HOLE, type ReadersTable, readersTable } from '../server/resyncTable.js';
import { usePlayedTable } from './floorFixture.js';

let r: ReadersTable;
const t = usePlayedTable((log, clock) => {
  r = readersTable(log, FOLD_AND_CALL, clock, () => () => {});
  return { session: r.session, app: { resync: r.wired.resync } };
});

describe('the floor page resyncs the table with the readers', () => {
  it('one tap: the notice counts the differences, the alert log lists them (EN, FR)', async () => {
    const p = await t.browser.newPage();
    await p.goto(`${t.url}/floor.html?token=${t.tokens.tokenOf('floor')}&lang=en`);
    const button = p.locator('button[data-hand-ruling="resync"]');
    await button.waitFor();
    expect(await button.textContent()).toBe('Resync with the readers (their reading replaces the engine’s)');
    expect(await p.locator('.log-item[data-code="FLOOR_RESYNC"]').count()).toBe(0);
    await button.click();
    await expect
      .poll(() => p.locator('#notice').textContent())
      .toBe('Resynced with the readers: 2 differences replaced, listed in the alert log');
    const item = p.locator('.log-item[data-code="FLOOR_RESYNC"]');
    await item.waitFor();
    const text = (await item.textContent()) ?? '';
    expect(text).toContain('2 differences: 2 cards from seat 1 read on the muck');
    expect(text).toContain("seat 2's betting zone: 50 in the engine, 100 read");
    for (const c of Object.values(HOLE).flat()) expect(text).not.toContain(c);
    // the engine holds the readers' reading: seat 1 folded
    expect(r.session.snapshot().hand.seats.find((x) => x.seat === 1)?.folded).toBe(true);
    await p.close();

    const fr = await t.browser.newPage();
    await fr.goto(`${t.url}/floor.html?token=${t.tokens.tokenOf('floor')}&lang=fr`);
    const frItem = fr.locator('.log-item[data-code="FLOOR_RESYNC"]');
    await frItem.waitFor();
    expect(await frItem.textContent()).toContain(
      'Resynchronisation avec les lecteurs (floor) : 2 différences : 2 cartes du siège 1 lues sur le rebut',
    );
    const frButton = fr.locator('button[data-hand-ruling="resync"]');
    expect(await frButton.textContent()).toBe(
      'Resynchroniser avec les lecteurs (leur lecture remplace celle du moteur)',
    );
    // a second resync finds nothing left to replace
    await frButton.click();
    await expect
      .poll(() => fr.locator('#notice').textContent())
      .toBe('Resynchronisé avec les lecteurs : aucune différence');
    await expect.poll(() => fr.locator('.log-item[data-code="FLOOR_RESYNC"]').count()).toBe(2);
    await fr.close();
  }, 60_000);
});
