// Every tap's answer says what the engine did with it, over a real websocket on the real engine: an action recorded
// (and who is next), a misdeal refused after substantial action with its rule (tda 35, 36), the floor called with a
// seat and a reason, a decision closing a whole incident. A browser's websocket carries its token as a subprotocol.
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/server/app.js';
import type { TapOutcome } from '../../src/server/outcomes.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { FOUR_SEATS } from '../fourSeats.js';

const config = FOUR_SEATS;

type Msg = { type: string; code?: string; ref?: number; role?: string; message?: string; outcome?: TapOutcome };
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function service() {
  const log = new MemoryLog();
  const session = new TableSession({ config, log });
  const tokens = TokenStore.memory();
  const app = await buildApp({ session, log, tokens, webRoot: null, equity: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(async () => {
    await app.close();
    session.close();
  });
  const port = (app.server.address() as { port: number }).port;
  const connect = async (url: string, protocols?: string[]) => {
    const ws = new WebSocket(url, protocols);
    const msgs: Msg[] = [];
    ws.on('message', (d) => msgs.push(JSON.parse(d.toString()) as Msg));
    await new Promise((r) => ws.once('open', r));
    closers.unshift(async () => void ws.terminate());
    let ref = 100;
    const send = async (m: Record<string, unknown>): Promise<Msg> => {
      const r = ++ref;
      ws.send(JSON.stringify({ ...m, ref: r }));
      const answer = () => msgs.find((x) => x.ref === r || (x.type === 'error' && x.ref === undefined));
      const got = await vi.waitFor(
        () => {
          const a = answer();
          if (!a) throw new Error('no answer');
          return a;
        },
        { timeout: 1500, interval: 5 },
      );
      msgs.splice(msgs.indexOf(got), 1);
      return got;
    };
    const hello = async () => {
      await vi.waitFor(() => expect(msgs.some((m) => m.type === 'hello')).toBe(true), { timeout: 1500, interval: 5 });
      return msgs.find((m) => m.type === 'hello');
    };
    return { ws, send, hello };
  };
  return { session, tokens, port, connect };
}

function deal(session: TableSession): void {
  session.ingest({ kind: 'dealer', button: 'shuffle' });
  session.ingest({ kind: 'chips', seat: 1, chips: [25, 25] });
  session.ingest({ kind: 'chips', seat: 2, chips: [100] });
  const cards = ['2c', '4h', '6c', '8h', '3d', '5s', '7d', '9s'];
  cards.forEach((card, i) => {
    session.ingest({ kind: 'cardAt', card, zone: `seat${(i % 4) + 1}` as 'seat1', face: 'down' });
  });
}

describe('tap outcomes', () => {
  it('action recorded and who is next; a misdeal after substantial action refused with tda 35, 36; the floor called', async () => {
    const { session, tokens, port, connect } = await service();
    const dealer = await connect(`ws://127.0.0.1:${port}/ws?token=${tokens.tokenOf('dealer')}`);
    deal(session);
    expect(session.snapshot().hand.next?.toAct).toBe(3);
    const fold = await dealer.send({ type: 'say', seat: 3, say: 'fold', version: session.snapshot().version });
    expect(fold).toMatchObject({ type: 'ok', outcome: { code: 'ACTION', seat: 3, toAct: 4 } });
    expect(fold.outcome?.decision?.kind).toBe('fold');
    // seat 4 calls with chips: two actions, one with chips: substantial action (tda 36)
    session.ingest({ kind: 'chips', seat: 4, chips: [100] });
    session.ingest({ kind: 'tick' });
    const phase = session.snapshot().hand.phase;
    const mis = await dealer.send({ type: 'dealer', button: 'misdeal', version: session.snapshot().version });
    expect(mis.outcome).toMatchObject({
      code: 'MISDEAL_REFUSED',
      refused: true,
      variant: 'substantial',
      rule: [
        { book: 'tda', id: '35' },
        { book: 'tda', id: '36' },
      ],
    });
    expect(session.snapshot().hand.phase).toBe(phase);
    // the floor, with a seat and a reason
    const call = await dealer.send({ type: 'dealer', button: 'floor', seat: 4, reason: 'chips' });
    expect(call.outcome).toMatchObject({ code: 'FLOOR_CALLED', seat: 4, count: 1 });
    const alert = session.snapshot().tableAlerts.find((a) => a.code === 'FLOOR_CALLED');
    expect(alert).toMatchObject({ severity: 'stop', seat: 4, facts: { variant: 'chips' } });
    // a reason not on the list is refused by the schema
    expect((await dealer.send({ type: 'dealer', button: 'floor', reason: 'weather' })).code).toBe('BAD_MESSAGE');
    // the floor decides: closed, the count said
    const floor = await connect(`ws://127.0.0.1:${port}/ws?token=${tokens.tokenOf('floor')}`);
    const d = await floor.send({ type: 'decision', alertId: alert?.id, decision: 'the call stands', by: 'Anne' });
    expect(d.outcome).toMatchObject({ code: 'DECIDED', count: 1 });
  });

  it('a misdeal before substantial action is declared; a misdeal storm decided in one decision names its count', async () => {
    const { session, tokens, port, connect } = await service();
    const dealer = await connect(`ws://127.0.0.1:${port}/ws?token=${tokens.tokenOf('dealer')}`);
    deal(session);
    const mis = await dealer.send({ type: 'dealer', button: 'misdeal', version: session.snapshot().version });
    expect(mis.outcome).toMatchObject({ code: 'MISDEAL_DECLARED' });
    expect(session.snapshot().hand.phase).toBe('misdeal');
    // cards read after the misdeal: their alerts are the misdeal's
    session.ingest({ kind: 'cardAt', card: 'Td', zone: 'seat1', face: 'down' });
    const again = await dealer.send({ type: 'dealer', button: 'misdeal' });
    expect(again.outcome).toMatchObject({ code: 'MISDEAL_REFUSED', variant: 'already' });
    const all = session.snapshot().hand.alerts;
    expect(all.length).toBeGreaterThan(1);
    const floor = await connect(`ws://127.0.0.1:${port}/ws?token=${tokens.tokenOf('floor')}`);
    const misdealAlert = all.find((a) => a.code === 'MISDEAL');
    const d = await floor.send({ type: 'decision', alertId: misdealAlert?.id, decision: 'redeal', by: 'Anne' });
    expect(d.outcome).toMatchObject({ code: 'DECIDED', count: all.length });
    const shuffle = await dealer.send({ type: 'dealer', button: 'shuffle' });
    // the shuffle after a misdeal: the hand dealt again; its alerts are the new deal's, not the misdeal's
    expect(shuffle.outcome).toMatchObject({ code: 'REDEAL', hand: 1 });
    session.ingest({ kind: 'chips', seat: 1, chips: [25, 25] });
    session.ingest({ kind: 'chips', seat: 2, chips: [100] });
    session.ingest({ kind: 'cardAt', card: '2c', zone: 'seat3', face: 'down' });
    const fresh = session.snapshot().hand.alerts.filter((a) => !all.some((b) => b.id === a.id));
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((a) => (a as { incident?: number }).incident !== misdealAlert?.id)).toBe(true);
    expect(fresh.some((a) => !a.decision)).toBe(true);
  });

  it('a websocket token offered as a subprotocol opens the role, with no token in the URL', async () => {
    const { tokens, port, connect } = await service();
    const c = await connect(`ws://127.0.0.1:${port}/ws`, ['feltwire', `fwtoken.${tokens.tokenOf('floor')}`]);
    expect((await c.hello())?.role).toBe('floor');
    expect(c.ws.protocol).toBe('feltwire');
    const wrong = await connect(`ws://127.0.0.1:${port}/ws`, ['feltwire', 'fwtoken.nope']);
    await new Promise((r) => wrong.ws.once('close', r));
    const anon = await connect(`ws://127.0.0.1:${port}/ws`, ['feltwire']);
    expect((await anon.hello())?.role).toBe('public');
  });
});
