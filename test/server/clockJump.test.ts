// A wall clock that jumps mid-hand (NTP moving a Pi that booted on its saved time an hour later, then back; the
// system time zone changed) moves nothing early: the overlay on the real app's websocket gets no state younger than
// the broadcast delay, and the floor no hand history before the delay has passed since the hand ended. Every age
// is on the monotonic clock (injected here, as the Pi's clock that never jumps); Date.now itself is moved.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { StartEpoch } from '../../src/clock/index.js';
import { parseScenario } from '../../src/engine/index.js';
import type { TableEvent } from '../../src/engine/types.js';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog, type TableEventInput, TableSession } from '../../src/session/index.js';
import type { RoleView } from '../../src/views/views.js';

const DIR = join(import.meta.dirname, '../scenarios/issue11');
const HOUR = 3_600_000;
const DELAY = 60_000;
const strip = (ev: TableEvent): TableEventInput => {
  const { t: _t, ...rest } = ev;
  return rest as TableEventInput;
};

/** a scenario hand that deals hole cards and ends */
function aHand() {
  for (const f of readdirSync(DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const sc = parseScenario(JSON.parse(readFileSync(join(DIR, f), 'utf8')));
    const s = new TableSession({ config: sc.config, log: new MemoryLog(), now: () => 0 });
    for (const ev of sc.events) s.ingest(strip(ev), ev.t);
    const snap = s.snapshot();
    s.close();
    if (snap.handOver && snap.hand.seats.some((x) => x.cards.length === 2) && sc.events.length >= 12) return sc;
  }
  throw new Error('no scenario hand with hole cards that ends');
}

type Msg = { type: string; ref?: number; view?: RoleView | null };

async function client(url: string) {
  const ws = new WebSocket(url);
  const msgs: Msg[] = [];
  ws.on('message', (d) => msgs.push(JSON.parse(d.toString()) as Msg));
  await new Promise((r) => ws.once('open', r));
  let ref = 0;
  /** every message the hub sent before now has arrived (a ping's answer comes after them) */
  const sync = () =>
    new Promise<void>((resolve) => {
      const mine = ++ref;
      const answered = (d: WebSocket.RawData) => {
        const m = JSON.parse(d.toString()) as Msg;
        if (m.type !== 'ok' || m.ref !== mine) return;
        ws.off('message', answered);
        resolve();
      };
      ws.on('message', answered);
      ws.send(JSON.stringify({ type: 'ping', ref: mine }));
    });
  return { ws, msgs, sync };
}

const savedTz = process.env.TZ;
afterEach(() => {
  vi.restoreAllMocks();
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('a wall clock that jumps mid-hand', () => {
  it('opens neither the overlay delay nor the floor export delay, forward or back, whatever the time zone', async () => {
    const sc = aHand();
    let wall = Date.UTC(2026, 11, 1, 20, 0, 0);
    vi.spyOn(Date, 'now').mockImplementation(() => wall);
    let mono = 10_000;
    const log = new MemoryLog();
    // the session and the app on the wall clock Date.now gives, and one monotonic clock
    const session = new TableSession({ config: sc.config, log, mono: () => mono });
    const tokens = TokenStore.memory();
    const app = await buildApp({
      session,
      log,
      tokens,
      webRoot: null,
      equity: null,
      broadcastDelayMs: DELAY,
      overlayStepMs: 100,
      mono: () => mono,
      epoch: new StartEpoch(
        () => Date.now(),
        () => mono,
        () => true,
      ),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const overlay = await client(`ws://${base}/ws?token=${tokens.tokenOf('overlay')}`);
    // when (monotonic) each state version happened
    const happened = new Map<number, number>();
    session.on('state', (s) => happened.set(s.version, mono));
    const floorExport = () =>
      fetch(`http://${base}/api/hands/1/export/phh`, {
        headers: { authorization: `Bearer ${tokens.tokenOf('floor')}` },
      });
    /** the overlay's views so far: each no younger than the delay when sent */
    const checkOverlay = async () => {
      app.live.releaseOverlay();
      await overlay.sync();
      for (const m of overlay.msgs) {
        if (m.type !== 'view' || !m.view) continue;
        const at = happened.get(m.view.version);
        expect(at, `version ${m.view.version}`).toBeDefined();
        expect(m.view.delayMs).toBeGreaterThanOrEqual(DELAY);
        expect(mono - (at as number)).toBeGreaterThanOrEqual(DELAY);
      }
    };
    try {
      const jumpAt = Math.floor(sc.events.length / 3);
      const backAt = Math.floor((2 * sc.events.length) / 3);
      let firstMono: number | null = null;
      for (const [i, ev] of sc.events.entries()) {
        mono += 500;
        wall += 500;
        if (i === jumpAt) {
          wall += HOUR; // NTP: an hour later
          process.env.TZ = 'Pacific/Kiritimati';
        }
        if (i === backAt) {
          wall -= 2 * HOUR; // and back, past where it started
          process.env.TZ = 'America/Los_Angeles';
        }
        session.ingest(strip(ev));
        firstMono ??= mono;
        await checkOverlay();
      }
      expect(session.snapshot().handOver).toBe(true);
      const endMono = mono;
      // the hand played in well under the delay: nothing reached the overlay yet, though the wall clock said an
      // hour had passed since its first states
      expect(mono - (firstMono as number)).toBeLessThan(DELAY);
      expect(overlay.msgs.filter((m) => m.type === 'view' && m.view)).toEqual([]);
      // the floor asks for the history: refused until the delay has passed since the end (monotonic)
      wall += HOUR;
      expect((await floorExport()).status).toBe(403);
      mono = endMono + DELAY - 1;
      expect((await floorExport()).status).toBe(403);
      await checkOverlay();
      mono = endMono + DELAY;
      expect((await floorExport()).status).toBe(200);
      // the overlay has, by now, released the hand in order, each state once it was the delay old
      await checkOverlay();
      const shown = overlay.msgs.filter((m) => m.type === 'view' && m.view);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.at(-1)?.view?.handOver).toBe(true);
    } finally {
      overlay.ws.terminate();
      await app.close();
      session.close();
    }
  });

  it('after a restart, hands logged before it are held the full delay from the restart unless the clock is synchronised', async () => {
    const sc = aHand();
    let wall = Date.UTC(2026, 11, 1, 20, 0, 0);
    vi.spyOn(Date, 'now').mockImplementation(() => wall);
    const log = new MemoryLog();
    const first = new TableSession({ config: sc.config, log, mono: () => 0 });
    for (const ev of sc.events) {
      wall += 500;
      first.ingest(strip(ev));
    }
    first.close();
    // the service starts again: by the wall clock the hand ended two delays ago
    wall += 2 * DELAY;
    for (const synchronised of [true, false]) {
      let mono = 50;
      const session = TableSession.recover(log, { config: sc.config, mono: () => mono });
      const tokens = TokenStore.memory();
      const app = await buildApp({
        session,
        log,
        tokens,
        webRoot: null,
        equity: null,
        broadcastDelayMs: DELAY,
        mono: () => mono,
        epoch: new StartEpoch(
          () => Date.now(),
          () => mono,
          () => synchronised,
        ),
      });
      const status = async () =>
        (
          await app.inject({
            url: '/api/hands/1/export/ohh',
            headers: { authorization: `Bearer ${tokens.tokenOf('floor')}` },
          })
        ).statusCode;
      try {
        if (synchronised) expect(await status()).toBe(200);
        else {
          expect(await status()).toBe(403);
          mono = 50 + DELAY - 1;
          expect(await status()).toBe(403);
          mono = 50 + DELAY;
          expect(await status()).toBe(200);
        }
      } finally {
        await app.close();
        session.close();
      }
    }
  });
});
