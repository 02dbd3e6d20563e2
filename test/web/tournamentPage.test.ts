// The TD's screen in a real browser (Debian's chromium through playwright-core), driven as a TD uses it: the built
// `feltwire tournament --sim 27 --serve 0 --hand-ms 15` in a child process, its token read from what it prints; an
// English page and a French page watch the same tournament: the clock, the players left falling, a move, the pause,
// the final standings with the winner the command printed. The French page shows no English UI word; without the
// token the state is refused (401) and the page says so.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TD_STRINGS } from '../../web/src/tournamentStrings.js';
import { ensureBuilt } from '../eval/build.js';
import { CHROMIUM_ARGS, REPO, WEB_ROOT } from './helpers.js';

/** words of the English texts that no French text has (the French page must show none of them) */
function englishOnlyWords(): string[] {
  const words = (s: string) => s.replace(/\{[^{}]*\}/g, ' ').match(/[A-Za-zÀ-ÿ’']{3,}/g) ?? [];
  const strip = (s: string) => s.replace(/\{\w+, plural, one \{([^}]*)\} other \{([^}]*)\}\}/g, '$1 $2');
  const fr = new Set(Object.values(TD_STRINGS.fr).flatMap((s) => words(strip(s)).map((w) => w.toLowerCase())));
  const en = Object.values(TD_STRINGS.en).flatMap((s) => words(strip(s)));
  return [...new Set(en.filter((w) => !fr.has(w.toLowerCase())))];
}

/** the page's text without the players' names (data, not UI: "Player 9") */
const uiText = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const n of copy.querySelectorAll('[data-name], script, option')) n.remove();
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) parts.push(n.textContent ?? '');
    return parts.join(' ');
  });

/**
 * From now on the page notes each players-left count it draws and the first move matching `moveSel` (a mutation
 * observer: no value is missed between two looks of the test, however loaded the machine)
 */
const record = (page: Page, moveSel: string) =>
  page.evaluate((sel) => {
    const rec = { left: [] as number[], move: '' };
    (window as unknown as { rec: typeof rec }).rec = rec;
    const note = () => {
      const el = document.querySelector('[data-left]');
      const v = Number(el?.getAttribute('data-left'));
      if (el && rec.left.at(-1) !== v) rec.left.push(v);
      rec.move ||= document.querySelector(sel)?.textContent ?? '';
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, moveSel);
const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { rec: { left: number[]; move: string } }).rec);

describe.runIf(existsSync('/usr/bin/chromium'))("the TD's screen in chromium", () => {
  let browser: Browser;
  let child: ChildProcess;
  let stdout = '';

  beforeAll(async () => {
    ensureBuilt();
    if (!existsSync(join(WEB_ROOT, 'tournament.html')))
      execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
        cwd: REPO,
        stdio: 'inherit',
      });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    await browser?.close();
  });

  it('English and French: clock, players left falling, a move, pause, final standings; no token refused', async () => {
    expect(englishOnlyWords()).toEqual(expect.arrayContaining(['players', 'left', 'Winner', 'Standings']));
    expect(Object.keys(TD_STRINGS.fr).sort()).toEqual(Object.keys(TD_STRINGS.en).sort());
    child = spawn(
      process.execPath,
      [join(REPO, 'bin/feltwire.js'), 'tournament', '--sim', '27', '--serve', '0', '--hand-ms', '15'],
      { cwd: REPO },
    );
    child.stdout?.on('data', (c) => {
      stdout += String(c);
    });
    const started = await new Promise<RegExpExecArray>((ok, fail) => {
      const t = setInterval(() => {
        const m = /TD screen: (http:\/\/127\.0\.0\.1:\d+)\/tournament\.html\?token=(\S+)\n/.exec(stdout);
        if (m) {
          clearInterval(t);
          ok(m);
        } else if (child.exitCode !== null) {
          clearInterval(t);
          fail(new Error(`exited ${child.exitCode}: ${stdout}`));
        }
      }, 20);
    });
    const [, base, token] = started as unknown as [string, string, string];
    expect(stdout).toContain(`TD token: ${token}\n`);

    // the TD holds the clock at once (the route the pause button posts): the screens then open on a tournament in its
    // first levels however long a loaded machine takes to load them (it plays a hand every 15 ms)
    const hold = await fetch(`${base}/api/tournament/pause`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(hold.ok).toBe(true);
    const en = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const fr = await (await browser.newContext()).newPage();
    await Promise.all([
      en.goto(`${base}/tournament.html?token=${token}`),
      fr.goto(`${base}/tournament.html?token=${token}&lang=fr`),
    ]);
    expect(en.url()).not.toContain('token=');
    // the clock
    await en.waitForSelector('[data-field="time-left"]');
    expect(await en.textContent('[data-field="time-left"]')).toMatch(/^\d+:\d\d$/);
    // the simulation's playback has no room clock to add time to: no such buttons
    expect(await en.$('#add-minute')).toBeNull();
    expect(await en.textContent('[data-field="period"]')).toMatch(/^(Level \d+|Break \(\d+ min\))$/);
    expect(await en.textContent('[data-field="blinds"]')).toMatch(/^Blinds [\d,]+\/[\d,]+ · (no ante|big blind ante)/);
    await fr.waitForSelector('[data-field="time-left"]');
    expect(await fr.textContent('[data-field="period"]')).toMatch(/^(Niveau \d+|Pause \(\d+ min\))$/);

    // held: both screens say so; the pages note what they draw from here; the French screen starts the clock
    const state = (page: Page, text: string) =>
      page.waitForFunction((x) => document.querySelector('[data-field="state"]')?.textContent === x, text);
    await state(en, 'paused');
    await state(fr, 'arrêtée');
    await Promise.all([record(en, '[data-move="balance"], [data-move="broken"]'), record(fr, '[data-move="balance"]')]);
    await fr.click('#pause'); // "Reprendre"
    await state(en, 'running');

    // the TD stops the clock: both screens say so and nobody is knocked out meanwhile
    await en.click('#pause');
    await state(en, 'paused');
    await state(fr, 'arrêtée');
    const leftPaused = await en.getAttribute('[data-left]', 'data-left');
    await fr.waitForTimeout(400);
    expect(await fr.getAttribute('[data-left]', 'data-left')).toBe(leftPaused);
    await fr.click('#pause'); // "Reprendre"
    await state(en, 'running');

    // players left fall, a move shows, until the winner: every value each page draws, noted by the page itself
    await en.waitForSelector('[data-field="winner"]', { timeout: 25_000 });
    const { left: seen, move } = await recorded(en);
    const { move: frMove } = await recorded(fr);
    expect(seen.length, `players left drawn: ${seen.join(', ')}`).toBeGreaterThan(3);
    expect(seen.slice().sort((a, b) => b - a)).toEqual(seen);
    expect(seen.at(-1)).toBe(1);
    expect(move).toMatch(/^(Player \d+: T\d-\d+ → T\d-\d+ \(balancing\)|Table T\d breaks: \d+ players? to new seats)$/);
    expect(frMove).toMatch(/^Player \d+ : T\d-\d+ → T\d-\d+ \(équilibrage\)$/);

    // the final standings: the winner and prizes the command printed
    const first = /^1,p\d+,(Player \d+),\w\w,(\d+),/m.exec(stdout);
    expect(first).not.toBeNull();
    const [, winner, prize] = first as unknown as [string, string, string];
    expect(await en.textContent('[data-field="winner"]')).toBe(`Winner: ${winner}`);
    expect(await en.textContent('[data-place="1"] [data-name]')).toBe(winner);
    expect(await en.getAttribute('[data-place="1"] [data-prize]', 'data-prize')).toBe(prize);
    expect(await en.$$eval('tr[data-place]', (rows) => rows.length)).toBe(27);
    expect(await en.textContent('[data-field="players-left"]')).toBe('1 player left of 27');
    // the README's screenshot of the TD's screen (issue 24: each view's screenshot refreshed by the tests), at the end
    await en.screenshot({ path: join(REPO, 'docs/screenshots/tournament.png') });
    await fr.waitForSelector('[data-field="winner"]');
    expect(await fr.textContent('[data-field="winner"]')).toBe(`Vainqueur : ${winner}`);
    expect(await fr.textContent('[data-field="players-left"]')).toBe('1 joueur restant sur 27');
    expect(await fr.textContent('#standings h2')).toBe('Tournoi terminé');
    const frText = await uiText(fr);
    const leftOver = englishOnlyWords().filter((w) => new RegExp(`(^|[^A-Za-zÀ-ÿ])${w}([^A-Za-zÀ-ÿ]|$)`).test(frText));
    expect(leftOver).toEqual([]);
    expect(frText).toMatch(/Classement|Tournoi terminé/);

    // no token, a wrong token: refused; the page files stay public and the page says why it shows nothing
    expect((await fetch(`${base}/api/tournament`)).status).toBe(401);
    expect((await fetch(`${base}/api/tournament`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await fetch(`${base}/api/tournament/pause`, { method: 'POST' })).status).toBe(401);
    const anon = await (await browser.newContext()).newPage();
    await anon.goto(`${base}/tournament.html?lang=fr`);
    await anon.waitForSelector('#problem');
    expect(await anon.textContent('#problem')).toContain('Le jeton du directeur manque ou est faux');
    expect(await anon.$('[data-left]')).toBeNull();
  }, 30_000);
});
