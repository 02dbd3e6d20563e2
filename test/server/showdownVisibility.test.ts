// The award follows the tabling (issue 20): the engine decides every pot as soon as the river betting ends, from the
// hole cards it read face down, but no role other than the commentators (and the overlay after its delay) learns a
// winner, a share, a stack the award changed or a hand name before the hands that decide the pot are face up. Driven
// through the real engine and session, read where the roles read it: /api/state, the hand's steps (floor) and the
// room's retained public topic on a broker.
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Declaration, TableEvent } from '../../src/engine/types.js';
import { account, makeAccounts } from '../../src/room/acl.js';
import { type InProcessBroker, startInProcessBroker } from '../../src/room/inProcessBroker.js';
import { topics, type ViewMessage } from '../../src/room/protocol.js';
import { type RoomLink, startRoomLink } from '../../src/room/publisher.js';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { HandArchive } from '../../src/store/archive.js';
import { HIDDEN, type RoleView } from '../../src/views/views.js';
import { configOf } from '../engine/table.js';

type Input = Parameters<TableSession['ingest']>[0];
const ROLES = ['public', 'dealer', 'floor'] as const;

let wall = 1_700_000_000_000;
let log: MemoryLog;
let session: TableSession;
let app: FastifyInstance;
let tokens: TokenStore;

/** feeds the session as a table would, one second apart; keeps the betting zones to collect them */
const zones = new Map<number, number>();
function at(ev: Input): void {
  wall += 1000;
  session.ingest(ev);
}
const chipsFor = (amount: number): number[] => {
  const out: number[] = [];
  let left = amount;
  for (const d of [5000, 1000, 500, 100, 25])
    while (left >= d) {
      out.push(d);
      left -= d;
    }
  return out;
};
function bet(seat: number, total: number, say?: Declaration, to?: number): void {
  if (say) at(to === undefined ? { kind: 'say', seat, say } : { kind: 'say', seat, say, to });
  at({ kind: 'chips', seat, chips: chipsFor(total) });
  zones.set(seat, total);
}
function say(seat: number, s: Declaration): void {
  at({ kind: 'say', seat, say: s });
}
function street(...cards: string[]): void {
  for (const [seat, total] of zones) if (total > 0) at({ kind: 'chips', seat, chips: [] });
  zones.clear();
  at({ kind: 'cardAt', card: cards[0], zone: 'burn', face: 'down' });
  for (const c of cards.slice(1)) at({ kind: 'cardAt', card: c, zone: 'board', face: 'up' });
}
function start(holes: Record<number, [string, string]>, order: number[], blinds: Record<number, number>): void {
  at({ kind: 'dealer', button: 'shuffle' });
  for (const [seat, amount] of Object.entries(blinds)) bet(Number(seat), amount);
  for (let r = 0; r < 2; r++)
    for (const seat of order) at({ kind: 'cardAt', card: holes[seat][r], zone: `seat${seat}`, face: 'down' });
}
function table(seat: number, holes: Record<number, [string, string]>): void {
  for (const c of holes[seat]) at({ kind: 'cardAt', card: c, zone: `seat${seat}`, face: 'up' } as TableEvent);
}

const auth = (role: string) =>
  role === 'public' ? {} : { authorization: `Bearer ${tokens.tokenOf(role as 'floor')}` };
async function viewOf(role: string): Promise<RoleView> {
  const r = await app.inject({ url: '/api/state', headers: auth(role) });
  expect(r.statusCode).toBe(200);
  return r.json().view as RoleView;
}

/** What the award says to a role, pot by pot: winners and shares or nothing. */
const awardOf = (v: RoleView) => v.pots.map((p) => ({ winners: p.winners, shares: p.shares }));

/**
 * The rule, read off a view alone: a pot shows winners only when at most one hand may still win it or every hand
 * that may is face up in this view.
 */
function awardFollowsTabling(v: RoleView): boolean {
  for (const p of v.pots) {
    if (p.winners === undefined && p.shares === undefined) continue;
    const live = p.eligible.filter((seat) => !v.seats.find((s) => s.seat === seat)?.folded);
    const faceUp = (seat: number) => {
      const cards = v.seats.find((s) => s.seat === seat)?.cards ?? [];
      return cards.length > 0 && cards.every((c) => c !== HIDDEN);
    };
    if (live.length > 1 && !live.every(faceUp)) return false;
  }
  return true;
}

beforeEach(async () => {
  wall = 1_700_000_000_000;
  zones.clear();
  log = new MemoryLog();
});
afterEach(async () => {
  await app?.close();
  session?.close();
});

async function open(seats: Record<number, number>): Promise<void> {
  session = new TableSession({ config: configOf({ seats, button: 3 }), log, now: () => wall });
  tokens = TokenStore.memory();
  app = await buildApp({ session, log, tokens, broadcastDelayMs: 60_000, webRoot: null, now: () => wall });
  await app.ready();
}

// seat 1 all-in for 1000, seats 2 and 3 in for 2000: main pot 3000 (1, 2, 3), side pot 2000 (2, 3).
// Aces (1) win the main pot, kings (2) the side pot, seat 3 nothing.
const HOLES: Record<number, [string, string]> = { 1: ['As', 'Ad'], 2: ['Kh', 'Kd'], 3: ['2c', '7d'] };
function multiPotToShowdown(): void {
  start(HOLES, [1, 2, 3], { 1: 50, 2: 100 });
  bet(3, 2000, 'raise', 2000);
  bet(1, 1000, 'allin');
  bet(2, 2000, 'call');
  street('8s', 'Qs', 'Jc', '5h');
  say(2, 'check');
  say(3, 'check');
  street('6s', '9c');
  say(2, 'check');
  say(3, 'check');
  street('4s', '3d');
  say(2, 'check');
  say(3, 'check');
}

// heads-up to the river: seat 3 folds preflop, seats 1 and 2 check it down
function headsUpToShowdown(): void {
  start(HOLES, [1, 2, 3], { 1: 50, 2: 100 });
  at({ kind: 'cardOff', card: '2c', zone: 'seat3' });
  at({ kind: 'cardAt', card: '2c', zone: 'muck', face: 'down' });
  at({ kind: 'cardOff', card: '7d', zone: 'seat3' });
  at({ kind: 'cardAt', card: '7d', zone: 'muck', face: 'down' });
  bet(1, 100, 'call');
  say(2, 'check');
  street('8s', 'Qs', 'Jc', '5h');
  say(1, 'check');
  say(2, 'check');
  street('6s', '9c');
  say(1, 'check');
  say(2, 'check');
  street('4s', '3d');
  say(1, 'check');
  say(2, 'check');
}

describe('the award follows the tabling', () => {
  it('heads-up: river checked down, nothing tabled: no role but the commentator sees a winner, a share or a hand name', async () => {
    await open({ 1: 10000, 2: 10000, 3: 10000 });
    headsUpToShowdown();
    // the engine has decided (cards speak): the commentator reads it at once
    const com = await viewOf('commentator');
    expect(com.phase).toBe('showdown');
    expect(awardOf(com)).toEqual([{ winners: [1], shares: { 1: 200 } }]);
    for (const role of ROLES) {
      const v = await viewOf(role);
      expect(v.phase, role).toBe('showdown');
      expect(v.seats[0].cards).toEqual([HIDDEN, HIDDEN]);
      expect(awardOf(v), role).toEqual([{ winners: undefined, shares: undefined }]);
      expect(v.pots[0].amount).toBe(200);
      // the stacks are the chips behind: the award's 200 is not on seat 1 yet
      expect(v.stacks, role).toEqual({ 1: 9900, 2: 9900, 3: 10000 });
      expect(
        v.seats.some((s) => s.handName !== undefined || s.handNameFr !== undefined),
        role,
      ).toBe(false);
      expect(v.equity).toBeNull();
    }
    // the loser tables first: still undecided for the table (seat 1 is face down)
    table(2, HOLES);
    for (const role of ROLES) {
      const v = await viewOf(role);
      expect(awardOf(v), role).toEqual([{ winners: undefined, shares: undefined }]);
      expect(v.seats[1].handName, role).toBe(com.seats[1].handName);
      expect(v.seats[0].handName, role).toBeUndefined();
    }
    table(1, HOLES);
    for (const role of ROLES) {
      const v = await viewOf(role);
      expect(v.phase).toBe('complete');
      expect(awardOf(v), role).toEqual([{ winners: [1], shares: { 1: 200 } }]);
      expect(v.stacks, role).toEqual({ 1: 10100, 2: 9900, 3: 10000 });
      expect(v.seats[0].handName, role).toBeDefined();
    }
  });

  it('an uncontested pot is shown at once', async () => {
    await open({ 1: 10000, 2: 10000, 3: 10000 });
    start(HOLES, [1, 2, 3], { 1: 50, 2: 100 });
    bet(3, 1000, 'raise', 1000);
    say(1, 'fold');
    say(2, 'fold');
    for (const role of ROLES) {
      const v = await viewOf(role);
      expect(v.phase).toBe('complete');
      expect(v.pots[0].winners, role).toEqual([3]);
      expect(v.seats[2].cards).toEqual([HIDDEN, HIDDEN]);
    }
  });

  it('multi-pot: the side pot shows once its two hands are tabled, the main pot waits for the third', async () => {
    await open({ 1: 1000, 2: 3000, 3: 3000 });
    multiPotToShowdown();
    const com = await viewOf('commentator');
    expect(com.phase).toBe('showdown');
    expect(awardOf(com)).toEqual([
      { winners: [1], shares: { 1: 3000 } },
      { winners: [2], shares: { 2: 2000 } },
    ]);
    const hidden = { winners: undefined, shares: undefined };
    for (const role of ROLES) {
      const v = await viewOf(role);
      expect(awardOf(v), role).toEqual([hidden, hidden]);
      expect(v.pots.map((p) => [p.amount, p.eligible])).toEqual([
        [3000, [1, 2, 3]],
        [2000, [2, 3]],
      ]);
      expect(v.stacks, role).toEqual({ 1: 0, 2: 1000, 3: 1000 });
    }
    table(3, HOLES);
    table(2, HOLES);
    for (const role of ROLES) {
      const v = await viewOf(role);
      expect(v.phase).toBe('showdown');
      // the side pot is decided by two hands face up; the main pot needs seat 1's
      expect(awardOf(v), role).toEqual([hidden, { winners: [2], shares: { 2: 2000 } }]);
      expect(v.stacks, role).toEqual({ 1: 0, 2: 3000, 3: 1000 });
      expect(v.seats[0].handName).toBeUndefined();
    }
    table(1, HOLES);
    for (const role of ROLES) {
      const v = await viewOf(role);
      expect(awardOf(v), role).toEqual(awardOf(com));
      expect(v.stacks, role).toEqual({ 1: 3000, 2: 3000, 3: 1000 });
    }
    // the floor's steps of this hand: no step shows a pot's winners before its hands are face up; the last does
    const r = await app.inject({ url: '/api/hands/1/steps', headers: auth('floor') });
    expect(r.statusCode).toBe(200);
    const steps = (r.json() as { steps: Array<{ view: RoleView }> }).steps;
    const withWinners = steps.filter((s) => s.view.pots.some((p) => p.winners !== undefined));
    expect(withWinners.length).toBeGreaterThan(0);
    for (const s of steps) expect(awardFollowsTabling(s.view), JSON.stringify(s.view.pots)).toBe(true);
    // the steps where the engine had decided but nothing was tabled hide both pots
    const decidedHidden = steps.filter((s) => s.view.phase === 'showdown' && s.view.pots.every((p) => !p.winners));
    expect(decidedHidden.length).toBeGreaterThan(0);
    expect(steps.at(-1)?.view.pots.map((p) => p.winners)).toEqual([[1], [2]]);
  });
});

describe('the award follows the tabling on the room broker', () => {
  let broker: InProcessBroker;
  let link: RoomLink;
  let sub: mqtt.MqttClient;

  afterEach(async () => {
    await sub?.endAsync();
    await link?.close();
    await broker?.close();
  });

  it('the retained public view on the room topic has no winner, share or hand name before the tabling', async () => {
    await open({ 1: 1000, 2: 3000, 3: 3000 });
    const accounts = makeAccounts(['1']);
    broker = await startInProcessBroker({ accounts });
    const p = account(accounts, 'public');
    sub = await mqtt.connectAsync(broker.url, { username: p.username, password: p.password, clientId: p.username });
    const got: ViewMessage[] = [];
    const waiters: Array<() => void> = [];
    sub.on('message', (_topic, payload) => {
      got.push(JSON.parse(payload.toString()) as ViewMessage);
      for (const w of waiters.splice(0)) w();
    });
    await sub.subscribeAsync(topics.table('1', 'public'));
    /** the public view of the session's current version, as the room received it */
    const publicView = async (): Promise<RoleView> => {
      const version = session.snapshot().version;
      const find = () => got.find((m) => (m.view as RoleView | null)?.version === version);
      while (!find()) await new Promise<void>((r) => waiters.push(r));
      return find()?.view as unknown as RoleView;
    };
    const t = account(accounts, 'table-1');
    link = startRoomLink(
      { url: broker.url, tableId: '1', username: t.username, password: t.password, dataDir: null },
      { session, log, archive: new HandArchive(log, { engine: session.rulesEngine }), broadcastDelayMs: 60_000 },
    );
    await vi.waitFor(() => expect(link.stats().connected).toBe(true), { timeout: 10_000 });
    multiPotToShowdown();
    let v = await publicView();
    expect(v.phase).toBe('showdown');
    expect(v.pots.some((pot) => pot.winners !== undefined || pot.shares !== undefined)).toBe(false);
    expect(v.seats.some((s) => s.handName !== undefined)).toBe(false);
    expect(v.stacks).toEqual({ 1: 0, 2: 1000, 3: 1000 });
    // a subscriber arriving now reads the retained view: the same, no winner
    // another account (a client id is its account's name: a second 'public' would replace the first)
    const r = account(accounts, 'room');
    const late = await mqtt.connectAsync(broker.url, {
      username: r.username,
      password: r.password,
      clientId: r.username,
    });
    const retained = new Promise<ViewMessage>((r) => late.once('message', (_t, m) => r(JSON.parse(m.toString()))));
    await late.subscribeAsync(topics.table('1', 'public'));
    const kept = (await retained).view as unknown as RoleView;
    await late.endAsync();
    expect(kept.version).toBe(v.version);
    expect(kept.pots.some((pot) => pot.winners !== undefined || pot.shares !== undefined)).toBe(false);
    table(3, HOLES);
    table(2, HOLES);
    v = await publicView();
    expect(v.pots.map((pot) => pot.winners)).toEqual([undefined, [2]]);
    table(1, HOLES);
    v = await publicView();
    expect(v.pots.map((pot) => pot.winners)).toEqual([[1], [2]]);
    // no message the room's public topic carried ever broke the rule
    for (const m of got) if (m.view) expect(awardFollowsTabling(m.view as unknown as RoleView)).toBe(true);
  });
});
