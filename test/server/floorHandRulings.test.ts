// The floor's rulings on the whole hand over a real websocket and the floor's routes (a real port, the tokens, the
// real engine, the SQLite log): a misdeal after substantial action (tda 35), the hand voided, the hand stands, a pot awarded at a
// showdown the engine cannot decide. Every other role is refused (the ws message's role, the matched route's roles)
// and nothing changes; a ruling that does not apply is refused with its reason; a restart (the log replayed as
// `feltwire start` does) keeps each ruling.
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
import { playAt, refClient, SHOWDOWN } from './floorTables.js';

type Raw = Record<string, unknown>;
type Msg = Record<string, unknown>;
type Role = 'dealer' | 'floor' | 'commentator' | 'overlay' | 'public';

const HOLES: Record<number, string[]> = { 1: ['3h', '2h'], 2: ['7c', '2d'], 3: ['3s', '4d'], 4: ['9h', '8h'] };
const deal = (order: number[]): Raw[] => [
  { dealer: 'shuffle' },
  { chips: [25, 25], at: 'bet2' },
  { chips: [100], at: 'bet3' },
  ...[0, 1].flatMap((round) => order.map((seat) => ({ card: HOLES[seat][round], at: `seat${seat}` }))),
];
const street = (burn: string, cards: string[]): Raw[] => [
  { card: burn, at: 'burn' },
  ...cards.map((card) => ({ card, at: 'board' })),
];

/** tda 35: seat 4 raises to 300, seat 1 calls, seat 2 folds, seat 3 calls: substantial action; the flop */
const RAISED = {
  table: { seats: { 1: 5000, 2: 5000, 3: 5000, 4: 5000 }, button: 1, blinds: [50, 100] },
  events: [
    ...deal([2, 3, 4, 1]),
    { chips: [100, 100, 100], at: 'bet4' },
    { chips: [100, 100, 100], at: 'bet1' },
    { say: 'fold', seat: 2 },
    { chips: [100, 100, 100], at: 'bet3' },
    ...street('4c', ['5s', '6s', 'Kc']),
  ],
};

interface Table {
  app: FastifyInstance;
  session: TableSession;
  log: EventLog;
  tokens: TokenStore;
  port: number;
  config: TableConfig;
  clock: { wall: number };
  dir: string;
}

const open: Table[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await stop(t);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function stop(t: Table) {
  if (open.includes(t)) open.splice(open.indexOf(t), 1);
  await t.app.close();
  t.session.close();
  t.log.close?.();
}

async function serve(dir: string, config: TableConfig, clock: { wall: number }, tokens: TokenStore): Promise<Table> {
  const log = SqliteEventLog.open(dir, { synchronous: 'NORMAL' });
  const session = TableSession.recover(log, { config, now: () => clock.wall, schedule: () => () => {} });
  const app = await buildApp({ session, log, tokens, broadcastDelayMs: 60_000, webRoot: null, now: () => clock.wall });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const t: Table = { app, session, log, tokens, port, config, clock, dir };
  open.push(t);
  return t;
}

/** The hand of `sc` played at the table as the sensors report it, each event at its time. */
async function table(sc: { table: Raw; events: Raw[] }): Promise<Table> {
  const dir = mkdtempSync(join(tmpdir(), 'fw-handrulings-'));
  dirs.push(dir);
  const scenario = parseScenario({ name: 'hand rulings', ruleset: 'tda', table: sc.table, events: sc.events });
  const clock = { wall: 1_000_000 };
  const t = await serve(dir, scenario.config, clock, TokenStore.memory());
  playAt(t.session, scenario, clock);
  return t;
}

/** the same data folder, a new service: the log replayed */
async function restart(t: Table): Promise<Table> {
  await stop(t);
  return serve(t.dir, t.config, t.clock, t.tokens);
}

const client = (t: Table, role: 'dealer' | 'floor' | 'commentator' | 'overlay' | 'public') =>
  refClient(t.port, t.tokens, role);

const post = (t: Table, role: Role, path: string, body: unknown) =>
  fetch(`http://127.0.0.1:${t.port}/api/hand/${path}`, {
    method: 'POST',
    headers: {
      ...(role === 'public' ? {} : { authorization: `Bearer ${t.tokens.tokenOf(role)}` }),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });

const RULINGS: Msg[] = [
  { type: 'misdeal', reason: 'two decks mixed' },
  { type: 'void', reason: 'a card face up in the stub' },
  { type: 'award', seats: [1] },
];

describe('the floor declares a misdeal over the websocket (tda 35)', () => {
  it('tda 35: only the floor; after substantial action the dealer is refused, the floor redeals; a restart keeps it', async () => {
    const t = await table(RAISED);
    const before = [...t.log.records()].length;
    for (const role of ['dealer', 'commentator', 'overlay', 'public'] as const) {
      const c = await client(t, role);
      for (const m of RULINGS) expect(await c.send(m)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
      c.close();
      for (const [path, body] of [
        ['misdeal', { reason: 'x' }],
        ['void', { reason: 'x' }],
        ['award', { seats: [1] }],
      ] as const)
        expect((await post(t, role, path, body)).status).toBe(403);
    }
    expect([...t.log.records()].length).toBe(before);
    // the dealer's own misdeal button: too late (the tap is logged as the table event it is; the engine ignores it)
    const dealer = await client(t, 'dealer');
    expect(await dealer.send({ type: 'dealer', button: 'misdeal' })).toMatchObject({
      type: 'ok',
      outcome: { code: 'MISDEAL_REFUSED', variant: 'substantial' },
    });
    dealer.close();
    const logged = [...t.log.records()].length;
    expect(logged).toBe(before + 1);
    expect(t.session.snapshot().handNo).toBe(1);

    const floor = await client(t, 'floor');
    expect(await floor.send({ type: 'misdeal', reason: '' })).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await floor.send({ type: 'misdeal' })).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await floor.send({ type: 'award', seats: [3] })).toMatchObject({
      type: 'error',
      code: 'RULING_NOT_APPLICABLE',
      message: expect.stringMatching(/hand 1 is not at showdown/),
    });
    expect([...t.log.records()].length).toBe(logged);
    expect(
      await floor.send({ type: 'misdeal', reason: 'two decks mixed: a red back in the stub', by: 'Marie' }),
    ).toMatchObject({ type: 'ok', outcome: { code: 'MISDEAL_DECLARED', hand: 1 } });
    const s = t.session.snapshot();
    expect(s).toMatchObject({ handNo: 2, config: { button: 1, seats: { 1: 5000, 2: 5000, 3: 5000, 4: 5000 } } });
    expect(s.hand.stacks).toEqual({ 1: 5000, 2: 4950, 3: 4900, 4: 5000 });
    expect(s.tableAlerts.find((a) => a.code === 'FLOOR_RULING')?.decision).toMatchObject({ by: 'floor:Marie' });
    expect(await floor.send({ type: 'misdeal', reason: 'again' })).toMatchObject({
      code: 'RULING_NOT_APPLICABLE',
      message: 'no hand is dealt yet (hand 2): there is nothing to redeal',
    });
    floor.close();

    const again = await restart(t);
    expect(again.session.snapshot().handNo).toBe(2);
    expect(again.session.snapshot().hand).toEqual(s.hand);
    expect(again.session.snapshot().tableAlerts).toEqual(s.tableAlerts);
  });
});

describe('the floor voids the hand, by route and websocket', () => {
  it('every chip back to the stacks of the hand start; the hand over; refused once over; a restart keeps it', async () => {
    const t = await table(RAISED);
    const bad = await post(t, 'floor', 'void', { reason: 'x'.repeat(201) });
    expect(bad.status).toBe(400);
    const res = await post(t, 'floor', 'void', { reason: 'a card found face up in the stub', by: 'Marie' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      outcome: { code: 'HAND_VOIDED', hand: 1 },
      handNo: 1,
      handOver: true,
      stacks: { 1: 5000, 2: 5000, 3: 5000, 4: 5000 },
    });
    const again = await post(t, 'floor', 'void', { reason: 'again' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'RULING_NOT_APPLICABLE' });
    const floor = await client(t, 'floor');
    expect(await floor.send({ type: 'misdeal', reason: 'late' })).toMatchObject({
      code: 'RULING_NOT_APPLICABLE',
      message: 'hand 1 is over: its pots are paid, a misdeal can no longer be declared',
    });
    floor.close();
    const back = await restart(t);
    expect(back.session.snapshot()).toMatchObject({ handNo: 1, handOver: true });
    expect(back.session.snapshot().hand.stacks).toEqual({ 1: 5000, 2: 5000, 3: 5000, 4: 5000 });
  });
});

describe('the floor awards a pot the showdown cannot decide (LOI 29, LOI 3)', () => {
  it('a seat with no claim is refused; the split to seats 2 and 3 ends the hand; a restart keeps it', async () => {
    const t = await table(SHOWDOWN);
    expect(t.session.snapshot()).toMatchObject({ handOver: false, hand: { phase: 'showdown' } });
    const floor = await client(t, 'floor');
    expect(await floor.send({ type: 'award', seats: [2, 2] })).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await floor.send({ type: 'award', pot: 1, seats: [2] })).toMatchObject({
      code: 'RULING_NOT_APPLICABLE',
      message: 'no pot 1: hand 1 has one pot (0)',
    });
    const route = await post(t, 'floor', 'award', { seats: [2, 4] });
    expect(route.status).toBe(409);
    expect(await route.json()).toMatchObject({ message: 'seat 4 has no claim to pot 0 (live in it: 2, 3, 1)' });
    expect(await floor.send({ type: 'award', seats: [3, 2], by: 'Marie' })).toMatchObject({
      type: 'ok',
      outcome: { code: 'ALERTS', alerts: ['FLOOR_RULING'] },
    });
    floor.close();
    const s = t.session.snapshot();
    expect(s.handOver).toBe(true);
    expect(s.hand.stacks).toEqual({ 1: 4900, 2: 5050, 3: 5050 });
    const back = await restart(t);
    expect(back.session.snapshot().hand.pots).toEqual(s.hand.pots);
    expect(back.session.snapshot().hand.alerts).toEqual(s.hand.alerts);
  });
});

describe('the floor rules that the hand stands, by websocket and route (tda 35: "la main continue"; LOI 1)', () => {
  it('only the floor; refused while nothing holds the hand; closes the call and play goes on; a restart keeps it', async () => {
    const t = await table(RAISED);
    const floor = await client(t, 'floor');
    expect(await floor.send({ type: 'stands', reason: 'play on' })).toMatchObject({
      code: 'RULING_NOT_APPLICABLE',
      message: 'nothing holds hand 1: it goes on as it lies, there is nothing to rule',
    });
    const call = t.session.callFloor({ seat: 4, reason: 'cards' });
    const before = t.session.snapshot();
    for (const role of ['dealer', 'commentator', 'overlay'] as const) {
      const other = await client(t, role);
      expect(await other.send({ type: 'stands', reason: 'play on' })).toMatchObject({ code: 'FORBIDDEN' });
      other.close();
      expect((await post(t, role, 'stands', { reason: 'play on' })).status).toBe(403);
    }
    expect((await post(t, 'public', 'stands', { reason: 'play on' })).status).toBe(403);
    expect(t.session.snapshot().tableAlerts).toEqual(before.tableAlerts);
    const res = await post(t, 'floor', 'stands', { reason: 'the card seen was the burn', by: 'Marie' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      outcome: { code: 'ALERTS', alerts: ['FLOOR_RULING'], hand: 1, toAct: before.hand.next?.toAct },
      handNo: 1,
      handOver: false,
      stacks: before.hand.stacks,
    });
    const s = t.session.snapshot();
    expect(s.tableAlerts.find((a) => a.id === call.id)?.decision).toMatchObject({
      decision: 'the hand stands',
      by: 'floor:Marie',
    });
    expect(await floor.send({ type: 'stands', reason: 'again' })).toMatchObject({ code: 'RULING_NOT_APPLICABLE' });
    floor.close();
    const back = await restart(t);
    expect(back.session.snapshot().hand).toEqual(s.hand);
    expect(back.session.snapshot().tableAlerts).toEqual(s.tableAlerts);
  });
});
