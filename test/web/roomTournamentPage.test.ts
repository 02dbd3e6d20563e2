// The TD's screen served by the room for a tournament it runs on live tables (src/room/roomTournament.ts), in a real
// browser (Debian's chromium through playwright-core): 7 players drawn onto two simulated tables (4 and 3), fast pace,
// the tournament clock run 40 times faster. An English and a French page watch the same tournament: the clock, the
// TD pausing it (the room's clock stops: both pages say so) and the other resuming it, a table broken when the
// players fit at one, the final standings with the winner. Without the room token the state is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimTournament, startSimTournament } from '../../src/simRoom/simTournament.js';
import { TD_STRINGS } from '../../web/src/tournamentStrings.js';
import { CHROMIUM_ARGS, ensureWebBuilt, WEB_ROOT } from './helpers.js';

/** words of the English texts that no French text has (the French page must show none of them) */
function englishOnlyWords(): string[] {
  const words = (s: string) => s.replace(/\{[^{}]*\}/g, ' ').match(/[A-Za-zÀ-ÿ’']{3,}/g) ?? [];
  const strip = (s: string) => s.replace(/\{\w+, plural, one \{([^}]*)\} other \{([^}]*)\}\}/g, '$1 $2');
  const fr = new Set(Object.values(TD_STRINGS.fr).flatMap((s) => words(strip(s)).map((w) => w.toLowerCase())));
  const en = Object.values(TD_STRINGS.en).flatMap((s) => words(strip(s)));
  return [...new Set(en.filter((w) => !fr.has(w.toLowerCase())))];
}

const uiText = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const n of copy.querySelectorAll('[data-name], script, option')) n.remove();
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) parts.push(n.textContent ?? '');
    return parts.join(' ');
  });

/** where each simulated table stands (a hang guard's message: which table waits, and for what) */
function tablesNow(t: SimTournament): string {
  return JSON.stringify(
    t.tables.map(({ tableId, live }) => {
      const s = live.session.snapshot();
      return {
        tableId,
        handNo: s.handNo,
        handOver: s.handOver,
        phase: s.hand.phase,
        street: s.hand.street,
        stacks: s.hand.stacks,
        alerts: s.hand.alerts.map((a) => a.code),
        tableAlerts: s.tableAlerts.filter((a) => !a.decision).map((a) => a.code),
        level: s.level,
        roster: (s.roster ?? []).length,
        pendingSeats: live.session.pendingSeatChanges(),
      };
    }),
  );
}

describe("the room's TD screen of a live tournament in chromium", () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-td-'));
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

  it('English and French: clock, pause and resume on the room clock, a table broken, the winner; no token refused', async () => {
    t = await startSimTournament({
      players: 7,
      dataDir: dir,
      pace: 'fast',
      broadcastDelayMs: 0,
      port: 0,
      host: '127.0.0.1',
      webRoot: WEB_ROOT,
      seed: 3,
      mono: () => performance.now() * 40,
    });
    const base = t.room.url;
    const en = await (await browser.newContext()).newPage();
    const fr = await (await browser.newContext()).newPage();
    await Promise.all([
      en.goto(`${base}/tournament.html?token=${t.room.token}`),
      fr.goto(`${base}/tournament.html?token=${t.room.token}&lang=fr`),
    ]);
    expect(en.url()).not.toContain('token=');
    await en.waitForSelector('[data-field="time-left"]');
    expect(await en.textContent('[data-field="time-left"]')).toMatch(/^\d+:\d\d$/);
    expect(await en.textContent('[data-field="period"]')).toMatch(/^Level \d+$/);
    expect(await en.textContent('[data-field="blinds"]')).toMatch(/^Blinds [\d,]+\/[\d,]+ · /);
    await fr.waitForSelector('[data-field="time-left"]');
    expect(await fr.textContent('[data-field="period"]')).toMatch(/^Niveau \d+$/);

    // the TD stops the room's clock from the English page, resumes it from the French one
    await en.click('#pause');
    await en.waitForFunction(() => document.querySelector('[data-field="state"]')?.textContent === 'paused');
    await fr.waitForFunction(() => document.querySelector('[data-field="state"]')?.textContent === 'arrêtée');
    expect(t.tournament.floor.clock.status().running).toBe(false);
    const frozen = t.tournament.floor.clock.status().remainingMs;
    await fr.waitForTimeout(300);
    expect(t.tournament.floor.clock.status().remainingMs).toBe(frozen);

    // while it stands still, a minute added from the English page and taken off from the French one: the room's
    // clock moves by exactly a minute each time, and both pages show it
    expect(await fr.getAttribute('#add-minute', 'title')).toBe('Ajouter une minute à la période en cours');
    expect(await fr.textContent('#take-minute')).toBe('−1 min');
    const roomClock = async (want: number): Promise<void> => {
      const until = performance.now() + 30_000;
      // to the millisecond: a minute added then taken off is not the same float to the last bit
      while (Math.abs(t.tournament.floor.clock.status().remainingMs - want) >= 1) {
        if (performance.now() > until) throw new Error(`clock ${t.tournament.floor.clock.status().remainingMs}`);
        await en.waitForTimeout(20);
      }
    };
    const mmss = (ms: number): string => {
      const s = Math.ceil(ms / 1000);
      return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    };
    // each tap is a POST the room answers: wait for that answer (not for a time), then for the room's clock
    const tap = async (page: Page, button: string): Promise<void> => {
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/tournament/add-time') && r.request().method() === 'POST', {
          timeout: 30_000,
        }),
        page.click(button),
      ]);
      expect(answer.status(), `${button}: ${await answer.text()}`).toBe(200);
    };
    await tap(en, '#add-minute');
    await roomClock(frozen + 60_000);
    await fr.waitForFunction(
      (want) => document.querySelector('[data-field="time-left"]')?.textContent === want,
      mmss(frozen + 60_000),
    );
    await tap(fr, '#take-minute');
    await roomClock(frozen);
    await en.waitForFunction(
      (want) => document.querySelector('[data-field="time-left"]')?.textContent === want,
      mmss(frozen),
    );
    await fr.click('#pause');
    await en.waitForFunction(() => document.querySelector('[data-field="state"]')?.textContent === 'running');
    expect(t.tournament.floor.clock.status().running).toBe(true);

    // a table broken once the players fit at one, then the winner
    let broken = '';
    const end = performance.now() + 200_000; // a hang guard, not a figure: CI runs files side by side on 2 cores
    for (;;) {
      if (!broken) broken = (await en.textContent('[data-move="broken"]').catch(() => null)) ?? '';
      if (await en.$('[data-field="winner"]')) break;
      if (performance.now() > end)
        throw new Error(`no winner: ${JSON.stringify(t.tournament.view())}; the tables: ${tablesNow(t)}`);
      await en.waitForTimeout(50);
    }
    expect(broken).toMatch(/^Table [12] breaks: \d+ players? to new seats$/);
    const winner = t.tournament.floor.standings.results().find((r) => r.place === 1);
    expect(await en.textContent('[data-field="winner"]')).toBe(`Winner: ${winner?.name}`);
    expect(await en.$$eval('tr[data-place]', (rows) => rows.length)).toBe(7);
    await fr.waitForSelector('[data-field="winner"]');
    expect(await fr.textContent('[data-field="winner"]')).toBe(`Vainqueur : ${winner?.name}`);
    expect(await fr.textContent('[data-field="players-left"]')).toBe('1 joueur restant sur 7');
    const frText = await uiText(fr);
    const leftOver = englishOnlyWords().filter((w) => new RegExp(`(^|[^A-Za-zÀ-ÿ])${w}([^A-Za-zÀ-ÿ]|$)`).test(frText));
    expect(leftOver).toEqual([]);

    // no token: refused (the room's token opens the routes, as its other routes)
    expect((await fetch(`${base}/api/tournament`)).status).toBe(401);
    expect((await fetch(`${base}/api/tournament/pause`, { method: 'POST' })).status).toBe(401);
    expect(
      (
        await fetch(`${base}/api/tournament/add-time`, {
          method: 'POST',
          headers: { authorization: `Bearer ${t.room.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ minutes: 'ten' }),
        })
      ).status,
    ).toBe(400);
  }, 300_000);
});
