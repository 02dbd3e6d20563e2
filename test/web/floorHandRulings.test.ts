// The floor page in Debian's chromium on the real engine: the floor's rulings on the whole hand. A showdown the engine
// cannot decide (the board plays, seat 3's second card never read, seat 1 never shows) waits; the floor types the
// seats and awards the pot (a split), the hand ends; a void typed then is refused, the notice says why (English and
// French labels).
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/index.js';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/server/tokens.js';
import { MemoryLog, type TableEventInput, TableSession } from '../../src/session/index.js';
import { playAt } from '../server/floorTables.js';
import { CHROMIUM_ARGS, ensureWebBuilt, WEB_ROOT } from './helpers.js';

const HOLES: Record<number, string[]> = { 1: ['3h', '2h'], 2: ['7c', '2d'], 3: ['3s', '4d'] };
const checks = [2, 3, 1].map((seat) => ({ say: 'check', seat }));
const street = (burn: string, cards: string[]) => [
  { card: burn, at: 'burn' },
  ...cards.map((card) => ({ card, at: 'board' })),
];
const SHOWDOWN = {
  table: { seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 1, blinds: [50, 100] },
  events: [
    { dealer: 'shuffle' },
    { chips: [25, 25], at: 'bet2' },
    { chips: [100], at: 'bet3' },
    ...[0, 1].flatMap((r) => [2, 3, 1].map((seat) => ({ card: HOLES[seat][r], at: `seat${seat}` }))),
    { chips: [100], at: 'bet1' },
    { chips: [25, 25, 25, 25], at: 'bet2' },
    { say: 'check', seat: 3 },
    ...street('5d', ['9c', 'Tc', 'Jd']),
    ...checks,
    ...street('5c', ['Qh']),
    ...checks,
    ...street('5h', ['Kd']),
    ...checks,
    { card: '7c', at: 'seat2', face: 'up' },
    { card: '2d', at: 'seat2', face: 'up' },
    { card: '3s', at: 'seat3', face: 'up' },
  ],
};

let browser: Browser;
let app: FastifyInstance;
let session: TableSession;
let url: string;
const tokens = TokenStore.memory();

beforeAll(async () => {
  ensureWebBuilt();
  const sc = parseScenario({ name: 'showdown', ruleset: 'tda', table: SHOWDOWN.table, events: SHOWDOWN.events });
  const clock = { wall: 1_000_000 };
  const log = new MemoryLog();
  session = new TableSession({ config: sc.config, log, now: () => clock.wall, schedule: () => () => {} });
  playAt(session, sc, clock);
  app = await buildApp({ session, log, tokens, broadcastDelayMs: 60_000, webRoot: WEB_ROOT, now: () => clock.wall });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  session?.close();
});

describe('the floor page rules on the hand (LOI 1, LOI 3, tda 35)', () => {
  it('awards the undecided pot to the seats typed (split); a void once the hand is over is refused with its reason', async () => {
    expect(session.snapshot()).toMatchObject({ handOver: false, hand: { phase: 'showdown' } });
    const fr = await browser.newPage();
    await fr.goto(`${url}/floor.html?token=${tokens.tokenOf('floor')}&lang=fr`);
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

    const p = await browser.newPage();
    await p.goto(`${url}/floor.html?token=${tokens.tokenOf('floor')}&lang=en`);
    const award = p.locator('button[data-hand-ruling="award"]');
    await award.waitFor();
    // nothing to send until the seats are typed, nor a misdeal or a void without a reason
    expect(await award.isDisabled()).toBe(true);
    expect(await p.locator('button[data-hand-ruling="void"]').isDisabled()).toBe(true);
    await p.fill('.award-seats', '2, 11');
    expect(await award.isDisabled()).toBe(true);
    await p.fill('.award-seats', '3, 2');
    await award.click();
    await expect.poll(() => session.snapshot().handOver).toBe(true);
    expect(session.snapshot().hand.stacks).toEqual({ 1: 4900, 2: 5050, 3: 5050 });
    expect(session.snapshot().hand.alerts.find((a) => a.code === 'FLOOR_RULING')?.message).toBe(
      'The floor awards the main pot (300) to seats 2, 3, split',
    );
    await p.fill('.ruling-reason', 'a card found face up in the stub');
    await p.click('button[data-hand-ruling="void"]');
    await expect
      .poll(() => p.locator('#notice').textContent())
      .toBe('the ruling does not apply: hand 1 is over: its pots are paid, there is nothing to void');
    expect(session.snapshot().hand.stacks).toEqual({ 1: 4900, 2: 5050, 3: 5050 });
    await p.close();
  }, 60_000);
});
