// The floor sets a player's short display name in Debian's chromium: the floor tablet's control goes through the
// floor-only route (a dealer's token is refused by the route's own config), the overlay's plate shows the short name
// while its title keeps the full one, a bad name is refused with its reason, and a restart on the same data folder
// keeps it (it is a logged roster change).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/index.js';
import { useLiveTable } from './floorFixture.js';

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

const FULL = 'Alexandrine Beauchamp-Delacroix';
const t = useLiveTable(config, { broadcastDelayMs: 0, prefix: 'fw-short-' });

const post = (path: string, role: 'floor' | 'dealer', body: unknown) =>
  fetch(`${t.live.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.live.tokens.tokenOf(role)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('short display name', () => {
  it('set on the floor tablet, shown on the overlay plate, refused to the dealer, kept by a restart', {
    timeout: 60_000,
  }, async () => {
    expect((await post('/api/seats/3', 'floor', { name: FULL })).status).toBe(200);
    // an unnamed seat has no player to shorten; the dealer may not set one
    expect((await post('/api/seats/2/short', 'floor', { short: 'Bob' })).status).toBe(409);
    expect((await post('/api/seats/3/short', 'dealer', { short: 'Alex' })).status).toBe(403);

    const floor = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await floor.goto(`${t.live.url}/floor.html?token=${t.live.tokens.tokenOf('floor')}`);
    await floor.locator('#seat-short').waitFor();
    await floor.fill('#seat-no', '3');
    // too long: refused with its reason, nothing changed
    await floor.fill('#seat-short', 'Alexandrine B.');
    await floor.click('#seat-short-go');
    await expect.poll(() => floor.locator('body').textContent()).toMatch(/1 to 12 characters/);
    expect(t.live.session.snapshot().roster?.find((r) => r.seat === 3)?.player.short).toBeUndefined();
    await floor.fill('#seat-short', '  Alex B. ');
    await floor.click('#seat-short-go');
    await floor.locator('.roster li[data-seat="3"]', { hasText: 'on air: Alex B.' }).waitFor({ timeout: 5000 });

    const overlay = await t.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await overlay.goto(`${t.live.url}/overlay.html?token=${t.live.tokens.tokenOf('overlay')}`);
    const plate = overlay.locator('.plate[data-seat="3"]');
    await plate.locator('.plate-name', { hasText: 'Alex B.' }).waitFor({ timeout: 10_000 });
    expect(await plate.getAttribute('title')).toBe(FULL);
    // the lower third, pinned on the player, names them in full
    const pinned = await t.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await pinned.goto(`${t.live.url}/overlay.html?token=${t.live.tokens.tokenOf('overlay')}&lower=3`);
    await pinned.locator('#lower-third', { hasText: FULL }).waitFor({ timeout: 10_000 });
    await pinned.close();

    // a restart on the same data folder and port: the short name is the log's
    await t.restart();
    expect(t.live.session.snapshot().roster?.find((r) => r.seat === 3)?.player).toMatchObject({
      name: FULL,
      short: 'Alex B.',
    });
    await overlay.reload();
    // (20 s: a loaded CI machine once took more than 10 s here, the page reloaded and its socket reconnecting to the
    // restarted service; what the page showed is in the message if it ever fails again)
    await overlay
      .locator('.plate[data-seat="3"] .plate-name', { hasText: 'Alex B.' })
      .waitFor({ timeout: 20_000 })
      .catch(async (err: Error) => {
        const shown = (await overlay.locator('body').textContent()) ?? '';
        throw new Error(
          `${err.message}\noverlay after the restart: ${JSON.stringify(shown.slice(0, 400))}; hub ${JSON.stringify(t.live.hub.stats())}`,
        );
      });

    // cleared: the plate fits the full name's best form again
    expect((await post('/api/seats/3/short', 'floor', { short: '' })).status).toBe(200);
    await expect
      .poll(() => overlay.locator('.plate[data-seat="3"] .plate-name').textContent(), { timeout: 10_000 })
      .not.toBe('Alex B.');
    await floor.close();
    await overlay.close();
  });
});
