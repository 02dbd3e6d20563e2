// Two hands of seed 002 where an alert asks the floor for a ruling, as scenario tables and events (the deal
// included): the undercall facing a raise (tda 51) and the forgotten player (tda 53); and a showdown the engine
// cannot decide.
import WebSocket from 'ws';
import type { parseScenario } from '../../src/engine/index.js';
import type { TokenStore } from '../../src/service/tokens.js';
import type { TableEventInput, TableSession } from '../../src/session/index.js';
import { muck, nextStreet } from '../chips/table.js';

type Raw = Record<string, unknown>;

const HOLES: Record<number, string[]> = {
  1: ['2c', '3d'],
  2: ['4h', '5s'],
  3: ['6c', '7d'],
  4: ['8h', '9s'],
  5: ['Tc', 'Jd'],
  6: ['Qh', 'Ks'],
};
const deal = (blindChips: [number, number[]][]): Raw[] => [
  { dealer: 'shuffle' },
  ...blindChips.map(([seat, chips]) => ({ chips, at: `bet${seat}` })),
  ...[0, 1].flatMap((round) => [1, 2, 3, 4, 5, 6].map((seat) => ({ card: HOLES[seat][round], at: `seat${seat}` }))),
];

/** Seed 002 undercall example 1 (tda 51): 2000 opened on the turn, raised to 8000, seat 3 pushes 2000 silently. */
export const UNDERCALL = {
  table: { seats: { 1: 50000, 2: 50000, 3: 50000, 4: 50000, 5: 50000, 6: 50000 }, button: 6, blinds: [1000, 2000] },
  events: [
    ...deal([
      [1, [1000]],
      [2, [1000, 1000]],
    ]),
    ...[3, 4, 5, 6].map((seat) => ({ chips: [1000, 1000], at: `bet${seat}` })),
    { chips: [1000, 1000], at: 'bet1' },
    { say: 'check', seat: 2 },
    ...nextStreet([1, 2, 3, 4, 5, 6], ['2d', 'Ah', 'Kd', '7c']),
    { chips: [1000, 1000], at: 'bet1' },
    { chips: [5000, 1000, 1000, 1000], at: 'bet2' },
    { chips: [1000, 1000], at: 'bet3' },
  ],
};

/** Seed 002 forgotten player example 1 (tda 53): seat 3 raises to 600, seat 5 calls out of turn, seat 6 folds. */
export const FORGOTTEN = {
  table: { seats: { 1: 20000, 2: 20000, 3: 20000, 4: 20000, 5: 20000, 6: 20000 }, button: 6, blinds: [100, 200] },
  events: [
    ...deal([
      [1, [100]],
      [2, [100, 100]],
    ]),
    { chips: [500, 100], at: 'bet3' },
    { chips: [500, 100], at: 'bet5' },
    ...muck(6),
  ],
};

/** Three-handed, checked down on a board that plays (the floor must rule, LOI 1 / tda 35): seat 2 tables its hand,
 * seat 3 shows one card, seat 1 nothing. */
const SHOWDOWN_HOLES: Record<number, string[]> = { 1: ['3h', '2h'], 2: ['7c', '2d'], 3: ['3s', '4d'] };
const checks = [2, 3, 1].map((seat) => ({ say: 'check', seat }));
const street = (burn: string, cards: string[]): Raw[] => [
  { card: burn, at: 'burn' },
  ...cards.map((card) => ({ card, at: 'board' })),
];
export const SHOWDOWN = {
  table: { seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 1, blinds: [50, 100] },
  events: [
    { dealer: 'shuffle' },
    { chips: [25, 25], at: 'bet2' },
    { chips: [100], at: 'bet3' },
    ...[0, 1].flatMap((r) => [2, 3, 1].map((seat) => ({ card: SHOWDOWN_HOLES[seat][r], at: `seat${seat}` }))),
    { chips: [100], at: 'bet1' },
    { chips: [25, 25, 25, 25], at: 'bet2' },
    { say: 'check', seat: 3 },
    ...street('5d', ['9c', 'Tc', 'Jd']),
    ...checks,
    ...street('5c', ['Qh']),
    ...checks,
    ...street('5h', ['Kd']),
    ...checks,
    { card: '7c', at: 'seat2', face: 'up' },
    { card: '2d', at: 'seat2', face: 'up' },
    { card: '3s', at: 'seat3', face: 'up' },
  ],
};

/** A scenario's events played at the table as the sensors report them, each at its time on `clock`, then a tick once
 * the chips have settled. */
export function playAt(
  session: TableSession,
  scenario: ReturnType<typeof parseScenario>,
  clock: { wall: number },
): void {
  const origin = clock.wall;
  for (const ev of scenario.events) {
    clock.wall = Math.max(clock.wall, origin + ev.t);
    const { t: _t, ...input } = ev;
    session.ingest(input as TableEventInput);
  }
  clock.wall += scenario.config.motionMs + 1;
  session.ingest({ kind: 'tick' });
}

type Msg = Record<string, unknown>;

/** A real websocket client with a role's token: `send` resolves with the service's answer to that message. */
export async function refClient(
  port: number,
  tokens: TokenStore,
  role: 'dealer' | 'floor' | 'commentator' | 'overlay' | 'public',
): Promise<{ send(msg: Msg): Promise<Msg>; close(): void }> {
  const q = role === 'public' ? '' : `?token=${tokens.tokenOf(role)}`;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${q}`);
  const waiting = new Map<string, (m: Msg) => void>();
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as Msg;
    if ((m.type === 'ok' || m.type === 'error') && typeof m.ref === 'string') waiting.get(m.ref)?.(m);
  });
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  let n = 0;
  return {
    send(msg: Msg): Promise<Msg> {
      const ref = `r${++n}`;
      return new Promise((resolve) => {
        waiting.set(ref, resolve);
        ws.send(JSON.stringify({ ...msg, ref }));
      });
    },
    close: () => ws.close(),
  };
}
