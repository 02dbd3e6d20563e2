// `systemctl restart` sends SIGTERM: `feltwire start --sim` (the built CLI, in a child process) closes every
// websocket with 1001 (going away) before anything else, so that each view says "disconnected" within a second, and
// the process is gone within 3 s. A view that reconnects while the service stops is told the same, never served.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { CHROMIUM_ARGS, ensureWebBuilt } from '../web/helpers.js';
import { tryWs } from './routeVariants.js';
import { startCli } from './startProcess.js';

const REPO = resolve(import.meta.dirname, '../..');
const built = existsSync(join(REPO, 'dist/src/cli/commands/start.js'));

interface Watched {
  ws: WebSocket;
  closed: Promise<{ code: number; at: number }>;
  /** the hand number of the last view received */
  handNo(): number;
}

function watch(url: string): Promise<Watched> {
  return new Promise((resolveOpen, reject) => {
    const ws = new WebSocket(url);
    const closed = new Promise<{ code: number; at: number }>((r) =>
      ws.once('close', (code) => r({ code, at: performance.now() })),
    );
    let handNo = 0;
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { type?: string; view?: { handNo?: number } };
      if (m.type === 'view' && typeof m.view?.handNo === 'number') handNo = m.view.handNo;
    });
    ws.once('message', () => resolveOpen({ ws, closed, handNo: () => handNo }));
    ws.once('error', reject);
  });
}

describe.runIf(built)('SIGTERM: every view told first, the service gone in 3 s', () => {
  it('closes each websocket with 1001 within 1 s and exits 0 within 3 s', async () => {
    const data = mkdtempSync(join(tmpdir(), 'fw-stop-'));
    const cli = startCli(['--sim', '--pace', 'table', '--data', data]);
    try {
      const url = (await cli.url).replace('http', 'ws');
      // three public views, and the dealer's (no broadcast delay) to see the table
      const dealerToken = JSON.parse(readFileSync(join(data, 'tokens.json'), 'utf8')).dealer as string;
      const views = await Promise.all([
        watch(`${url}/ws`),
        watch(`${url}/ws`),
        watch(`${url}/ws`),
        watch(`${url}/ws?token=${dealerToken}`),
      ]);
      // the simulator has a hand going (the dealer's view shows its shuffle): the table is busy when it is stopped
      await vi.waitFor(() => expect(views[3].handNo()).toBeGreaterThanOrEqual(1), { timeout: 30_000, interval: 20 });
      const exited = new Promise<{ code: number | null; at: number }>((r) =>
        cli.child.once('exit', (code) => r({ code, at: performance.now() })),
      );
      const t0 = performance.now();
      cli.child.kill('SIGTERM');
      const closes = await Promise.all(views.map((v) => v.closed));
      // a view that reconnects at once (the pages retry after 300 ms) is told the same, never served a view
      const again = await tryWs(`${url}/ws`, {}, 1000);
      const exit = await exited;
      const lastClose = Math.max(...closes.map((c) => c.at - t0));
      console.log(
        `SIGTERM: close codes ${closes.map((c) => c.code)} after ${lastClose.toFixed(0)} ms, exit ${exit.code} after ${(exit.at - t0).toFixed(0)} ms`,
      );
      if (exit.code !== 0) console.log(cli.out());
      for (const c of closes) expect(c.code).toBe(1001);
      expect(again.messages.filter((m) => m.includes('"type":"view"'))).toEqual([]);
      if (again.status === 101) expect(again.closeCode).toBe(1001);
      expect(lastClose).toBeLessThan(1000);
      expect(exit.code).toBe(0);
      expect(exit.at - t0).toBeLessThan(3000);
    } finally {
      cli.child.kill('SIGKILL');
      rmSync(data, { recursive: true, force: true });
    }
  }, 60_000);

  it('the pages say "disconnected" within 1 s of SIGTERM (chromium)', async () => {
    ensureWebBuilt();
    const data = mkdtempSync(join(tmpdir(), 'fw-stop-web-'));
    const cli = startCli(['--sim', '--pace', 'table', '--data', data]);
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const url = await cli.url;
      const dealer = JSON.parse(readFileSync(join(data, 'tokens.json'), 'utf8')).dealer as string;
      const pages = await Promise.all(
        [`${url}/public.html`, `${url}/dealer.html?token=${dealer}`].map(async (u) => {
          const p = await browser.newPage();
          await p.goto(u);
          await p.waitForSelector('#status[data-conn="open"]', { timeout: 15_000 });
          return p;
        }),
      );
      const t0 = performance.now();
      cli.child.kill('SIGTERM');
      const said = await Promise.all(
        pages.map(async (p) => {
          // polled (a page in a background tab gets no animation frames to poll on)
          await p.waitForFunction(
            () => document.querySelector('#status')?.getAttribute('data-conn') === 'closed',
            null,
            {
              polling: 20,
              timeout: 3000,
            },
          );
          return { at: performance.now() - t0, text: await p.textContent('#status') };
        }),
      );
      console.log(`SIGTERM: pages said ${said.map((s) => `"${s.text}" after ${s.at.toFixed(0)} ms`).join(', ')}`);
      for (const s of said) {
        expect(s.text).toMatch(/Disconnected|Déconnecté/);
        expect(s.at).toBeLessThan(1000);
      }
    } finally {
      await browser.close();
      cli.child.kill('SIGKILL');
      rmSync(data, { recursive: true, force: true });
    }
  }, 60_000);
});
