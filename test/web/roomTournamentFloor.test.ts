// The TD's floor controls on the room's tournament page, in a real browser (Debian's chromium through playwright-core):
// 7 players on two simulated tables, the late registration open for the first level (club 3-1), the clock paused
// while the floor works. From the English page and then from the French one: a penalty recorded (LOI 7: without a
// reason the room refuses it and the page says so; with one, the player's penalty is listed with its rule, reason
// and hands left), a late registrant listed with their seat (club 3-1, 3-2), a player marked absent and shown so
// (club 3-2), then arrived. Each is checked on the room's book too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimTournament, simTournamentStructure, startSimTournament } from '../../src/simRoom/simTournament.js';
import { CHROMIUM_ARGS, ensureWebBuilt, WEB_ROOT } from './helpers.js';

const rowOf = (_page: Page, id: string) => `tr[data-player="${id}"]`;

async function waitText(page: Page, selector: string, re: RegExp): Promise<string> {
  const until = performance.now() + 15_000;
  for (;;) {
    const text = (await page.textContent(selector).catch(() => null)) ?? '';
    if (re.test(text)) return text;
    if (performance.now() > until) throw new Error(`${selector}: "${text}" does not match ${re}`);
    await page.waitForTimeout(30);
  }
}

describe("the floor controls of the room's TD screen in chromium", () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-floor-'));
  let browser: Browser;
  let t: SimTournament;

  beforeAll(async () => {
    ensureWebBuilt();
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('English and French: a penalty (refused without its reason), a late registration, a player absent then arrived', async () => {
    t = await startSimTournament({
      players: 7,
      dataDir: dir,
      pace: 'fast',
      broadcastDelayMs: 0,
      port: 0,
      host: '127.0.0.1',
      webRoot: WEB_ROOT,
      seed: 5,
      // club 3-1: late registration open until the end of level 1
      structure: { ...simTournamentStructure(), lateRegistrationLevels: 1 },
    });
    t.tournament.clockOp('pause');
    const en = await (await browser.newContext()).newPage();
    const fr = await (await browser.newContext()).newPage();
    await en.goto(`${t.room.url}/tournament.html?token=${t.room.token}`);
    await fr.goto(`${t.room.url}/tournament.html?token=${t.room.token}&lang=fr`);
    await en.waitForSelector('#penalty-form');
    await fr.waitForSelector('#penalty-form');
    expect(await en.textContent('#floor h2')).toBe('Floor');
    expect(await fr.textContent('#floor h2')).toBe('Arbitrage');
    expect(await fr.textContent('#give-penalty')).toBe('Donner la pénalité');

    // LOI 7: no reason, no penalty; the page tells the refusal
    await en.selectOption('#penalty-form [name=player]', 'p002');
    await en.selectOption('#penalty-form [name=kind]', 'hands');
    await en.fill('#penalty-form [name=count]', '3');
    await en.click('#give-penalty');
    await waitText(en, '#floor-outcome', /^Refused: /);
    expect(t.tournament.floor.penalties.of('p002')).toEqual([]);
    // with the reason: recorded, listed on both pages with the rule, the reason and the hands left
    await en.fill('#penalty-form [name=reason]', 'card exposed');
    await en.click('#give-penalty');
    await waitText(en, '#floor-outcome', /^Player 2: Hands away recorded$/);
    expect(t.tournament.floor.penalties.of('p002')).toMatchObject([
      { kind: 'hands', count: 3, reason: 'card exposed' },
    ]);
    await waitText(
      en,
      `${rowOf(en, 'p002')} [data-penalty="hands"]`,
      /^Hands away · \d hands? left · TDA rule 71 · card exposed$/,
    );
    await waitText(
      fr,
      `${rowOf(fr, 'p002')} [data-penalty="hands"]`,
      /^Mains hors de la table · \d mains? restantes? · règle TDA 71 · card exposed$/,
    );

    // from the French page: a warning (no count), shown on the English one
    await fr.selectOption('#penalty-form [name=player]', 'p003');
    await fr.selectOption('#penalty-form [name=kind]', 'warning');
    await fr.fill('#penalty-form [name=reason]', 'langage');
    await fr.click('#give-penalty');
    await waitText(fr, '#floor-outcome', /^Player 3 : Avertissement enregistrée$/);
    expect(t.tournament.floor.penalties.of('p003')).toMatchObject([
      { kind: 'warning', rule: [{ book: 'LOI', id: '33' }] },
    ]);

    // late registration from the English page, then from the French one: listed with their seat
    await en.fill('#late-form [name=name]', 'Ada Late');
    await en.fill('#late-form [name=country]', 'fr');
    await en.fill('#late-form [name=id]', 'late1');
    await en.click('#register');
    const told = await waitText(en, '#floor-outcome', /^Ada Late registered late, seat [12]-\d+$/);
    const seat = told.replace(/^.* seat /, '');
    await waitText(fr, `${rowOf(fr, 'late1')} td:nth-child(2)`, new RegExp(`^${seat}$`));
    expect(t.tournament.players.some((p) => p.id === 'late1' && p.country === 'FR')).toBe(true);
    await fr.fill('#late-form [name=name]', 'Béa Tard');
    await fr.fill('#late-form [name=country]', 'BE');
    await fr.fill('#late-form [name=id]', 'late2');
    await fr.click('#register');
    await waitText(fr, '#floor-outcome', /^Béa Tard inscrit en retard, siège [12]-\d+$/);
    await waitText(en, `${rowOf(en, 'late2')} [data-name]`, /^Béa Tard$/);
    // the same id again: refused, told in French
    await fr.click('#register');
    await waitText(fr, '#floor-outcome', /^Refusé : /);

    // a player not at their seat (club 3-2): marked absent from the English page, arrived from the French one
    await en.click(`${rowOf(en, 'p004')} button.mark-absent`);
    await waitText(en, '#floor-outcome', /^Player 4 marked absent$/);
    await fr.waitForSelector(`${rowOf(fr, 'p004')}[data-absent]`);
    expect(await fr.textContent(`${rowOf(fr, 'p004')} .absent`)).toBe(' · absent');
    expect(await en.textContent(`${rowOf(en, 'p004')} button`)).toBe('Arrived');
    expect(t.tournament.floor.absentPlayers()).toEqual(['p004']);
    await fr.click(`${rowOf(fr, 'p004')} button.arrived`);
    await waitText(fr, '#floor-outcome', /^Player 4 est arrivé$/);
    await en.waitForSelector(`${rowOf(en, 'p004')}:not([data-absent])`);
    expect(t.tournament.floor.absentPlayers()).toEqual([]);
  }, 120_000);
});
