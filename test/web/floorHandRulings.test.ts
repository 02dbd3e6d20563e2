// The floor page in Debian's chromium on the real engine: the floor's rulings on the whole hand. A showdown the engine
// cannot decide (the board plays, seat 3's second card never read, seat 1 never shows) waits; the floor types the
// seats and awards the pot (a split), the hand ends; a void typed then is refused, the notice says why (English and
// French labels).
import { describe, expect, it } from 'vitest';
import { texts } from '../alertTexts.js';
import { SHOWDOWN } from '../server/floorTables.js';
import { usePlayedTable } from './floorFixture.js';

const t = usePlayedTable({ name: 'showdown', ...SHOWDOWN });

describe('the floor page rules on the hand (LOI 1, LOI 3, tda 35)', () => {
  it('awards the undecided pot to the seats typed (split); a void once the hand is over is refused with its reason', async () => {
    expect(t.session.snapshot()).toMatchObject({ handOver: false, hand: { phase: 'showdown' } });
    const fr = await t.browser.newPage();
    await fr.goto(`${t.url}/floor.html?token=${t.tokens.tokenOf('floor')}&lang=fr`);
    await expect
      .poll(() => fr.locator('.hand-rulings button').allTextContents())
      .toEqual([
        'Déclarer une fausse donne',
        'Annuler le coup (tous les jetons rendus)',
        'Le coup est maintenu (le jeu continue tel quel)',
        'Attribuer le pot',
        'Resynchroniser avec les lecteurs (leur lecture remplace celle du moteur)',
      ]);
    await fr.close();

    const p = await t.browser.newPage();
    await p.goto(`${t.url}/floor.html?token=${t.tokens.tokenOf('floor')}&lang=en`);
    const award = p.locator('button[data-hand-ruling="award"]');
    await award.waitFor();
    // nothing to send until the seats are typed, nor a misdeal or a void without a reason
    expect(await award.isDisabled()).toBe(true);
    expect(await p.locator('button[data-hand-ruling="void"]').isDisabled()).toBe(true);
    await p.fill('.award-seats', '2, 11');
    expect(await award.isDisabled()).toBe(true);
    await p.fill('.award-seats', '3, 2');
    await award.click();
    await expect.poll(() => t.session.snapshot().handOver).toBe(true);
    expect(t.session.snapshot().hand.stacks).toEqual({ 1: 4900, 2: 5050, 3: 5050 });
    expect(texts(t.session.snapshot().hand.alerts.find((a) => a.code === 'FLOOR_RULING'))?.message).toBe(
      'The floor awards the main pot (300) to seats 2, 3, split',
    );
    await p.fill('.ruling-reason', 'a card found face up in the stub');
    await p.click('button[data-hand-ruling="void"]');
    await expect
      .poll(() => p.locator('#notice').textContent())
      .toBe('the ruling does not apply: hand 1 is over: its pots are paid, there is nothing to void');
    expect(t.session.snapshot().hand.stacks).toEqual({ 1: 4900, 2: 5050, 3: 5050 });
    await p.close();
  }, 60_000);
});
