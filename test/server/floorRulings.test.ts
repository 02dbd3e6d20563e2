// The floor's rulings over a real websocket (a real port, the floor's token, the real engine): each ruling the engine
// takes (kill, fold, call, act) changes the hand as the rules say, a player away or back and a penalty change the
// session; every other role is refused and nothing changes; a ruling that answers no open question is refused with a
// clear error; a restart (the SQLite log replayed by TableSession.recover, as `feltwire start` does) keeps them all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/index.js';
import type { TableConfig } from '../../src/engine/types.js';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { TableSession } from '../../src/session/index.js';
import type { EventLog } from '../../src/session/log.js';
import { SqliteEventLog } from '../../src/store/sqliteLog.js';
import { FORGOTTEN, playAt, refClient, UNDERCALL } from './floorTables.js';

type Raw = Record<string, unknown>;

interface Table {
  app: FastifyInstance;
  session: TableSession;
  log: EventLog;
  tokens: TokenStore;
  port: number;
  config: TableConfig;
  clock: { wall: number };
}

const open: Table[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) {
    await t.app.close();
    t.session.close();
    t.log.close?.();
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A table service on a real port over `log`, the session recovered from it (a fresh log: a new table). */
async function serve(log: EventLog, config: TableConfig, clock: { wall: number }, tokens: TokenStore) {
  const session = TableSession.recover(log, { config, now: () => clock.wall, schedule: () => () => {} });
  const app = await buildApp({ session, log, tokens, broadcastDelayMs: 60_000, webRoot: null, now: () => clock.wall });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const t: Table = { app, session, log, tokens, port: (app.server.address() as { port: number }).port, config, clock };
  open.push(t);
  return t;
}

/** The hand of `sc` played at the table as the sensors would report it, each event at its time. */
async function table(sc: { table: Raw; events: Raw[] }, dir = mkdtempSync(join(tmpdir(), 'fw-floorrulings-'))) {
  dirs.push(dir);
  const scenario = parseScenario({ name: 'floor rulings', ruleset: 'tda', table: sc.table, events: sc.events });
  const clock = { wall: 1_000_000 };
  const t = await serve(
    SqliteEventLog.open(dir, { synchronous: 'NORMAL' }),
    scenario.config,
    clock,
    TokenStore.memory(),
  );
  playAt(t.session, scenario, clock);
  return { ...t, dir };
}

const client = (t: Table, role: 'dealer' | 'floor' | 'commentator' | 'overlay' | 'public') =>
  refClient(t.port, t.tokens, role);

const alertOf = (t: Table, code: string) => t.session.snapshot().hand.alerts.find((a) => a.code === code);
const seatOf = (t: Table, n: number) => t.session.snapshot().hand.seats.find((s) => s.seat === n);
const loggedKinds = (t: Table) =>
  [...t.log.records()].filter((r) => r.kind === 'event').map((r) => (r.data as { kind: string }).kind);

describe('floor rulings over the websocket (tda 51B undercall facing a raise)', () => {
  it('tda 51: only the floor rules; the floor holds seat 3 to the call: in for 8000, the turn moves on', async () => {
    const t = await table(UNDERCALL);
    expect(alertOf(t, 'UNDERCALL')).toMatchObject({ severity: 'stop', resolved: false, seat: 3 });
    expect(t.session.snapshot().hand.next).toBeNull();
    const before = [...t.log.records()].length;
    for (const role of ['dealer', 'commentator', 'overlay', 'public'] as const) {
      const c = await client(t, role);
      expect(await c.send({ type: 'ruling', ruling: 'call', seat: 3 })).toMatchObject({
        type: 'error',
        code: 'FORBIDDEN',
      });
      expect(await c.send({ type: 'absent', seat: 4, absent: true })).toMatchObject({ code: 'FORBIDDEN' });
      expect(await c.send({ type: 'penalty', seat: 4, hands: 2 })).toMatchObject({ code: 'FORBIDDEN' });
      c.close();
    }
    expect([...t.log.records()].length).toBe(before);
    expect(alertOf(t, 'UNDERCALL')?.resolved).toBe(false);

    const floor = await client(t, 'floor');
    // bad rulings: a clear error, nothing logged
    expect(await floor.send({ type: 'ruling', ruling: 'stand', seat: 3 })).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await floor.send({ type: 'ruling', ruling: 'call', seat: 11 })).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await floor.send({ type: 'ruling', ruling: 'call', seat: 4 })).toMatchObject({
      code: 'NO_RULING_PENDING',
      message: 'no undercall of seat 4 waits for the floor (tda 51)',
    });
    expect(await floor.send({ type: 'ruling', ruling: 'act', seat: 3 })).toMatchObject({ code: 'NO_RULING_PENDING' });
    expect([...t.log.records()].length).toBe(before);

    expect(await floor.send({ type: 'ruling', ruling: 'call', seat: 3 })).toMatchObject({ type: 'ok' });
    expect(seatOf(t, 3)).toMatchObject({ committed: 8000, stack: 50000 - 2000 - 8000 });
    expect(alertOf(t, 'UNDERCALL')).toMatchObject({
      resolved: true,
      decision: { decision: 'call seat 3', by: 'floor' },
    });
    expect(t.session.snapshot().hand.next).toMatchObject({ toAct: 4, toCall: 8000 });
    expect(loggedKinds(t).at(-1)).toBe('floorCall');
    // answered: the same ruling again answers nothing
    expect(await floor.send({ type: 'ruling', ruling: 'call', seat: 3 })).toMatchObject({ code: 'NO_RULING_PENDING' });
    floor.close();
  });

  it('tda 51: the floor lets seat 3 fold: the 2000 stays in the pot; a restart keeps the ruling', async () => {
    const t = await table(UNDERCALL);
    const floor = await client(t, 'floor');
    expect(await floor.send({ type: 'ruling', ruling: 'fold', seat: 3 })).toMatchObject({ type: 'ok' });
    expect(seatOf(t, 3)).toMatchObject({ folded: true, committed: 2000, stack: 50000 - 2000 - 2000 });
    expect(t.session.snapshot().hand.next).toMatchObject({ toAct: 4, toCall: 8000 });
    floor.close();
    const after = t.session.snapshot().hand;

    // the service stops; a new one starts on the same data folder and replays the log
    open.splice(open.indexOf(t), 1);
    await t.app.close();
    t.session.close();
    t.log.close?.();
    const again = await serve(SqliteEventLog.open(t.dir), t.config, t.clock, t.tokens);
    const hand = again.session.snapshot().hand;
    expect(hand.seats.find((s) => s.seat === 3)).toMatchObject({ folded: true, committed: 2000 });
    expect(hand.alerts.find((a) => a.code === 'UNDERCALL')).toMatchObject({
      resolved: true,
      decision: { decision: 'fold seat 3' },
    });
    expect(hand.next).toEqual(after.next);
    expect(hand.stacks).toEqual(after.stacks);
  });
});

describe('floor rulings over the websocket (tda 53 forgotten player)', () => {
  it('tda 53: the floor lets skipped seat 4 act: it faces the 600 with every option', async () => {
    const t = await table(FORGOTTEN);
    const stop = t.session.snapshot().hand.alerts.find((a) => a.facts?.variant === 'substantial');
    expect(stop).toMatchObject({ severity: 'stop', resolved: false });
    expect(t.session.snapshot().hand.next).toBeNull();
    const dealer = await client(t, 'dealer');
    expect(await dealer.send({ type: 'ruling', ruling: 'act', seat: 4 })).toMatchObject({ code: 'FORBIDDEN' });
    expect(await dealer.send({ type: 'kill', seat: 4 })).toMatchObject({ code: 'FORBIDDEN' });
    dealer.close();
    const floor = await client(t, 'floor');
    expect(await floor.send({ type: 'ruling', ruling: 'act', seat: 5 })).toMatchObject({ code: 'NO_RULING_PENDING' });
    expect(await floor.send({ type: 'ruling', ruling: 'act', seat: 4 })).toMatchObject({ type: 'ok' });
    expect(t.session.snapshot().hand.next).toMatchObject({ toAct: 4, toCall: 600, canRaise: true });
    expect(t.session.snapshot().hand.alerts.find((a) => a.id === stop?.id)).toMatchObject({
      resolved: true,
      decision: { decision: 'act seat 4' },
    });
    expect(loggedKinds(t).at(-1)).toBe('floorAct');
    floor.close();
  });

  it('tda 53: the floor kills the forgotten hand: seat 4 dead, the turn goes to the small blind', async () => {
    const t = await table(FORGOTTEN);
    const floor = await client(t, 'floor');
    expect(await floor.send({ type: 'ruling', ruling: 'kill', seat: 4 })).toMatchObject({ type: 'ok' });
    expect(seatOf(t, 4)).toMatchObject({ folded: true, dead: true });
    expect(t.session.snapshot().hand.next).toMatchObject({ toAct: 1, toCall: 500 });
    expect(loggedKinds(t).at(-1)).toBe('floorKill');
    floor.close();
  });
});

describe('a player away and a penalty from the floor (LOI 8, tda 71)', () => {
  it('the floor marks seat 4 away and seat 5 penalised for 2 hands, by websocket and by route; a restart keeps them', async () => {
    const t = await table(FORGOTTEN);
    const floor = await client(t, 'floor');
    expect(await floor.send({ type: 'absent', seat: 4, absent: true })).toMatchObject({ type: 'ok' });
    expect(await floor.send({ type: 'penalty', seat: 5, hands: 2 })).toMatchObject({ type: 'ok' });
    expect(await floor.send({ type: 'penalty', seat: 5, hands: 1001 })).toMatchObject({ code: 'BAD_MESSAGE' });
    floor.close();
    expect(t.session.snapshot()).toMatchObject({ away: [4], penalties: { 5: 2 } });

    const base = `http://127.0.0.1:${t.port}/api/seats`;
    const post = (role: 'floor' | 'dealer', path: string, body: unknown) =>
      fetch(`${base}/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.tokens.tokenOf(role)}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('dealer', '2/absent', { absent: true })).status).toBe(403);
    expect((await post('dealer', '2/penalty', { hands: 3 })).status).toBe(403);
    expect((await post('floor', '2/penalty', { hands: -1 })).status).toBe(400);
    const away = await post('floor', '2/absent', { absent: true });
    expect(await away.json()).toEqual({ away: [2, 4] });
    const pen = await post('floor', '6/penalty', { hands: 3 });
    expect(await pen.json()).toEqual({ penalties: { 5: 2, 6: 3 } });
    expect((await post('floor', '4/absent', { absent: false })).status).toBe(200);

    // the floor's view shows them
    const view = (await (
      await fetch(`http://127.0.0.1:${t.port}/api/state`, {
        headers: { authorization: `Bearer ${t.tokens.tokenOf('floor')}` },
      })
    ).json()) as { view: { away: number[]; penalties: Record<string, number> } };
    expect(view.view).toMatchObject({ away: [2], penalties: { 5: 2, 6: 3 } });

    open.splice(open.indexOf(t), 1);
    await t.app.close();
    t.session.close();
    t.log.close?.();
    const again = await serve(SqliteEventLog.open(t.dir), t.config, t.clock, t.tokens);
    expect(again.session.snapshot()).toMatchObject({ away: [2], penalties: { 5: 2, 6: 3 } });
  });
});
