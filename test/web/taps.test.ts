// The tablet's taps over a real websocket on the real engine: a tap made on the state shown goes through, a tap made
// on an older state (another turn) or an unknown one is refused STALE and logs nothing, a tap during an open STOP
// alert is refused LOCKED until the floor decides. And the delayed broadcast rebuilt from the log at start: an
// overlay connecting to a restarted service gets the table as it was one delay ago at once.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { StartEpoch } from '../../src/clock/index.js';
import { parseScenario } from '../../src/engine/index.js';
import type { TableEvent } from '../../src/engine/types.js';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog, type TableEventInput, TableSession } from '../../src/session/index.js';
import type { RoleView } from '../../src/views/views.js';
import { SCENARIOS } from '../fixtures.js';

const DIR = join(SCENARIOS, 'random');
const strip = (ev: TableEvent): TableEventInput => {
  const { t: _t, ...rest } = ev;
  return rest as TableEventInput;
};

/** a scenario hand with a seat to act after a few events, and that ends */
function scenario() {
  for (const f of readdirSync(DIR).filter((n) => n.endsWith('.json'))) {
    const sc = parseScenario(JSON.parse(readFileSync(join(DIR, f), 'utf8')));
    const s = new TableSession({ config: sc.config, log: new MemoryLog(), now: () => 0 });
    let turnAt = -1;
    sc.events.forEach((ev, i) => {
      s.ingest(strip(ev), ev.t);
      if (turnAt < 0 && s.snapshot().hand.next && s.snapshot().hand.next?.legal.includes('fold')) turnAt = i;
    });
    const over = s.snapshot().handOver;
    s.close();
    if (over && turnAt >= 0) return { sc, turnAt };
  }
  throw new Error('no scenario with a turn');
}

type Msg = { type: string; code?: string; ref?: number; view?: RoleView | null };

async function client(
  url: string,
): Promise<{ ws: WebSocket; msgs: Msg[]; next: (pred: (m: Msg) => boolean) => Promise<Msg> }> {
  const ws = new WebSocket(url);
  const msgs: Msg[] = [];
  ws.on('message', (d) => msgs.push(JSON.parse(d.toString()) as Msg));
  await new Promise((r) => ws.once('open', r));
  // the first message (received so far, or when it comes) that `pred` accepts
  const next = (pred: (m: Msg) => boolean) =>
    new Promise<Msg>((resolve, reject) => {
      const check = (): boolean => {
        const m = msgs.find(pred);
        if (!m) return false;
        clearTimeout(guard);
        ws.off('message', check);
        resolve(m);
        return true;
      };
      // an answer takes milliseconds; seconds on a loaded machine
      const guard = setTimeout(() => {
        ws.off('message', check);
        reject(new Error(`no such message (got ${JSON.stringify(msgs.map((m) => [m.type, m.code, m.ref]))})`));
      }, 15_000);
      // the listener above pushes each message before this one looks
      if (!check()) ws.on('message', check);
    });
  return { ws, msgs, next };
}

describe('tablet taps bound to their state', () => {
  it('current: ok; older turn or unknown version: STALE, nothing logged; open STOP: LOCKED until decided', async () => {
    const { sc, turnAt } = scenario();
    const log = new MemoryLog();
    // the hand's own clock, as scenario() played it (no timer of the machine's moves the turn under the test)
    let wall = 0;
    const session = new TableSession({ config: sc.config, log, now: () => wall, schedule: () => () => {} });
    const play = (ev: TableEvent) => {
      wall = Math.max(wall, ev.t);
      session.ingest(strip(ev), wall);
    };
    for (const ev of sc.events.slice(0, turnAt + 1)) play(ev);
    const tokens = TokenStore.memory();
    const app = await buildApp({ session, log, tokens, webRoot: null, equity: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const dealer = await client(`ws://127.0.0.1:${port}/ws?token=${tokens.tokenOf('dealer')}`);
    try {
      const shown = session.snapshot();
      const seat = shown.hand.next?.toAct as number;
      const says = () => [...log.records()].filter((r) => r.kind === 'event' && (r.data as TableEvent).kind === 'say');

      // an unknown version (never shown) is refused
      dealer.ws.send(JSON.stringify({ type: 'say', seat, say: 'fold', version: shown.version + 1000, ref: 1 }));
      expect((await dealer.next((m) => m.type === 'error' && m.ref === 1)).code).toBe('STALE');
      expect(says()).toHaveLength(0);

      // the turn moves on (the next events of the hand); a tap made on the old turn is refused
      let i = turnAt + 1;
      while (session.snapshot().hand.next?.toAct === seat && i < sc.events.length) play(sc.events[i++]);
      const before = says().length;
      dealer.msgs.length = 0;
      dealer.ws.send(JSON.stringify({ type: 'say', seat, say: 'fold', version: shown.version, ref: 2 }));
      const refused = await dealer.next((m) => m.type === 'error');
      expect(refused.code).toBe('STALE');
      expect(says()).toHaveLength(before);

      // a STOP alert open: refused LOCKED; decided by the floor: the same tap goes through
      const now = session.snapshot();
      expect(now.hand.next, 'a seat to act for the STOP check').not.toBeNull();
      if (now.hand.next) {
        const stop = session.raiseTableAlert({
          code: 'LINK_LOST',
          severity: 'stop',
          recorded: {
            message: 'Reader link lost',
            remedy: 'Stop the hand.',
            messageFr: 'Liaison des lecteurs perdue',
            remedyFr: 'Arrêtez la main.',
          },
        });
        const locked = session.snapshot();
        dealer.msgs.length = 0;
        const tap = (ref: number, version: number) =>
          dealer.ws.send(JSON.stringify({ type: 'say', seat: locked.hand.next?.toAct, say: 'fold', version, ref }));
        tap(3, locked.version);
        expect((await dealer.next((m) => m.type === 'error')).code).toBe('LOCKED');
        expect(says()).toHaveLength(before);
        session.decide(stop.id, 'link back', 'floor:Anne');
        dealer.msgs.length = 0;
        tap(4, session.snapshot().version);
        await dealer.next((m) => m.type === 'ok' && m.ref === 4);
        expect(says()).toHaveLength(before + 1);
      }
      // a tap without a version (the simulator's, scripts) is not bound
      const cur = session.snapshot().hand.next;
      expect(cur, 'a seat to act for the unbound tap').not.toBeNull();
      if (cur) {
        dealer.msgs.length = 0;
        dealer.ws.send(JSON.stringify({ type: 'say', seat: cur.toAct, say: 'fold', ref: 5 }));
        await dealer.next((m) => m.type === 'ok' && m.ref === 5);
      }
    } finally {
      dealer.ws.terminate();
      await app.close();
      session.close();
    }
  });
});

describe('the delayed broadcast after a restart', () => {
  it('an overlay connecting to the restarted service gets the table of one delay ago at once', async () => {
    const { sc } = scenario();
    const base = 1_700_000_000_000;
    const log = new MemoryLog();
    let wall = base;
    const first = new TableSession({ config: sc.config, log, now: () => wall });
    for (const ev of sc.events) {
      wall = base + 1000 + ev.t * 10; // spread the hand over time
      first.ingest(strip(ev));
    }
    first.close();
    const end = wall;
    const delayMs = Math.round((end - base) / 2);
    const now = end + 1000;
    // the service starts again on the same log, "now" being one second after the last event
    const session = TableSession.recover(log, { config: sc.config, now: () => now });
    const tokens = TokenStore.memory();
    // the monotonic clock starts again at every boot; the kernel says the wall clock is synchronised
    let mono = 5000;
    const app = await buildApp({
      session,
      log,
      tokens,
      webRoot: null,
      equity: null,
      broadcastDelayMs: delayMs,
      now: () => now,
      mono: () => mono,
      epoch: new StartEpoch(
        () => now,
        () => mono,
        () => true,
      ),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const ov = await client(`ws://127.0.0.1:${port}/ws?token=${tokens.tokenOf('overlay')}`);
    try {
      const first = await ov.next((m) => m.type === 'view');
      expect(first.view).not.toBeNull();
      const v = first.view as RoleView;
      // the table as it was one delay ago: a state of the logged hand no younger than the delay
      expect(v.handNo).toBe(1);
      expect(v.wall).toBeLessThanOrEqual(now - delayMs);
      expect(v.wall).toBeGreaterThan(base);
      // and not the end of the hand: that is younger than the delay
      expect(v.handOver).toBe(false);
      expect(v.seats.length).toBe(Object.keys(sc.config.seats).length);
    } finally {
      ov.ws.terminate();
      await app.close();
      session.close();
    }
    // the clock not known to be synchronised: the logged states count as made at this start, the delay runs again
    // in full, then the overlay shows the table as it was at the restart (the end of the hand), never sooner
    const unsynced = TableSession.recover(log, { config: sc.config, now: () => now });
    mono = 9000;
    const app3 = await buildApp({
      session: unsynced,
      log,
      tokens,
      webRoot: null,
      equity: null,
      broadcastDelayMs: delayMs,
      now: () => now,
      mono: () => mono,
      epoch: new StartEpoch(
        () => now,
        () => mono,
        () => false,
      ),
    });
    await app3.listen({ port: 0, host: '127.0.0.1' });
    const ov3 = await client(
      `ws://127.0.0.1:${(app3.server.address() as { port: number }).port}/ws?token=${tokens.tokenOf('overlay')}`,
    );
    try {
      expect((await ov3.next((m) => m.type === 'view')).view).toBeNull();
      mono = 9000 + delayMs - 1;
      app3.live.releaseOverlay();
      // a ping's answer comes after anything the hub sent before it: nothing was released a millisecond early
      ov3.ws.send(JSON.stringify({ type: 'ping', ref: 7 }));
      await ov3.next((m) => m.type === 'ok' && m.ref === 7);
      expect(ov3.msgs.filter((m) => m.type === 'view' && m.view)).toEqual([]);
      mono = 9000 + delayMs;
      app3.live.releaseOverlay();
      const shown = (await ov3.next((m) => m.type === 'view' && !!m.view)).view as RoleView;
      expect(shown.handNo).toBe(1);
      expect(shown.handOver).toBe(true);
      expect(shown.delayMs).toBe(delayMs);
    } finally {
      ov3.ws.terminate();
      await app3.close();
      unsynced.close();
    }
    // with nothing in the log there is nothing to show (as before)
    const empty = new MemoryLog();
    const s2 = new TableSession({ config: sc.config, log: empty, now: () => now });
    const app2 = await buildApp({
      session: s2,
      log: empty,
      tokens,
      webRoot: null,
      equity: null,
      broadcastDelayMs: delayMs,
      now: () => now,
    });
    await app2.listen({ port: 0, host: '127.0.0.1' });
    const ov2 = await client(
      `ws://127.0.0.1:${(app2.server.address() as { port: number }).port}/ws?token=${tokens.tokenOf('overlay')}`,
    );
    try {
      expect((await ov2.next((m) => m.type === 'view')).view).toBeNull();
    } finally {
      ov2.ws.terminate();
      await app2.close();
      s2.close();
    }
  });
});
