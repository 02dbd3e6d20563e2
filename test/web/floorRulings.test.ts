// The floor page in Debian's chromium on the real engine: an undercall facing a raise (seed 002 undercall example 1,
// tda 51) asks the floor to rule; the alert offers Call and Fold (English and French), clicking Call sends the ruling
// over the page's websocket and the engine resolves the alert (seat 3 in for 8000, the turn moves on). The floor's
// house rule (a check out of turn then facing a bet: call or fold) is shown with the table's health; the floor marks a
// player away and penalises another from the players' form.
import { describe, expect, it } from 'vitest';
import { UNDERCALL } from '../server/floorTables.js';
import { usePlayedTable } from './floorFixture.js';

const t = usePlayedTable({ name: 'undercall', ...UNDERCALL });

describe('the floor page rules on an undercall (tda 51)', () => {
  it('offers Call and Fold on the UNDERCALL alert (EN, FR); Call resolves it; the house rule is shown', async () => {
    const undercall = t.session.snapshot().hand.alerts.find((a) => a.code === 'UNDERCALL');
    expect(undercall).toMatchObject({ severity: 'stop', resolved: false, seat: 3 });
    const fr = await t.browser.newPage();
    await fr.goto(`${t.url}/floor.html?token=${t.tokens.tokenOf('floor')}&lang=fr`);
    const frItem = fr.locator(`.log-item[data-code="UNDERCALL"][data-alert="${undercall?.id}"]`);
    await expect
      .poll(() => frItem.locator('button.ruling').allTextContents())
      .toEqual(['Suivre (Siège 3 complète le call)', 'Se coucher (Siège 3 laisse les jetons)']);
    expect(await fr.locator('#house-rules').textContent()).toBe(
      'Règle maison, check hors de tour puis face à une mise : suivre ou se coucher seulement : non (toutes les options, tda 53)',
    );
    await fr.close();

    const p = await t.browser.newPage();
    await p.goto(`${t.url}/floor.html?token=${t.tokens.tokenOf('floor')}&lang=en`);
    const item = p.locator(`.log-item[data-code="UNDERCALL"][data-alert="${undercall?.id}"]`);
    await expect
      .poll(() => item.locator('button.ruling').allTextContents())
      .toEqual(['Call (Seat 3 completes the call)', 'Fold (Seat 3 leaves the chips)']);
    expect(await p.locator('#house-rules').getAttribute('data-check-oot-call-or-fold')).toBe('off');
    // no other open alert offers a ruling
    expect(await p.locator('button.ruling').count()).toBe(2);
    await item.locator('button[data-ruling="call"]').click();
    await expect.poll(() => item.locator('.decision').textContent()).toBe('Decision: call seat 3 (by floor)');
    expect(await item.locator('button.ruling').count()).toBe(0);
    const hand = t.session.snapshot().hand;
    expect(hand.alerts.find((a) => a.id === undercall?.id)).toMatchObject({ resolved: true });
    expect(hand.seats.find((s) => s.seat === 3)).toMatchObject({ committed: 8000 });
    expect(hand.next).toMatchObject({ toAct: 4, toCall: 8000 });

    // the floor marks seat 5 away and penalises seat 6 for 2 hands (LOI 8, tda 71)
    await p.fill('#seat-no', '5');
    await p.click('#seat-away');
    await expect.poll(() => t.session.snapshot().away).toEqual([5]);
    await p.fill('#seat-no', '6');
    await p.fill('#seat-penalty', '2');
    await p.click('#seat-penalise');
    await expect.poll(() => t.session.snapshot().penalties).toEqual({ 6: 2 });
    await p.close();
  }, 60_000);
});
