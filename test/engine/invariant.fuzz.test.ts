// The engine's accounting invariant (issue 11), over 100,000 random hands with random errors and taps:
// - every chip read in a betting zone is in a pot (committed by the rules), still in a zone, given back by the rules,
//   or named by an alert: a motion that leaves more chips in a zone than the rules hold raises an alert for that seat
//   (or the surplus is what the rules gave back);
// - every card read is somewhere known: in a hand, on the board, in the burn or the muck, set aside by a remedy, or
//   named by an alert;
// - chips are conserved, and the engine never throws.
// The generator is a table dealer who mostly plays by the rules (the legal actions of `next`, by chips, by words or
// by taps) and now and then makes one of the mistakes the rules name: chips from the wrong seat, words out of turn,
// cards to the wrong zone, a missed or extra burn, a premature board card, a kill, a clock, a misdeal button.
import { describe, expect, it } from 'vitest';
import { formatCard } from '../../src/engine/cards.js';
import { applyEvent, chipsInPlay, createHand, type HandState, nextAction } from '../../src/engine/index.js';
import type { Declaration, TableConfig, TableEvent, Zone } from '../../src/engine/types.js';
import type { TableEventInput } from '../../src/session/index.js';

const HANDS = Number(process.env.FELTWIRE_FUZZ_HANDS ?? 100_000);
const DENOMS = [5000, 1000, 500, 100, 25];
const DECK = Array.from({ length: 52 }, (_, i) => formatCard(i));

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function chipsFor(amount: number): number[] {
  const out: number[] = [];
  let n = amount;
  for (const d of DENOMS)
    while (n >= d) {
      out.push(d);
      n -= d;
    }
  return out;
}
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

class Violation extends Error {}

/** One random hand: the dealer's events, each checked against the invariant as it is applied. */
function playHand(r: () => number, handNo: number): { events: number; alerts: number } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const n = 2 + Math.floor(r() * 7);
  const seatNos = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].sort(() => r() - 0.5).slice(0, n);
  const seats: Record<number, number> = {};
  for (const s of seatNos) seats[s] = 25 * (4 + Math.floor(r() * 400));
  const big = r() < 0.5 ? 50 : 100;
  const config: TableConfig = {
    ruleset: r() < 0.7 ? 'tda' : 'club',
    seats,
    button: pick(seatNos),
    blinds: [big / 2, big],
    bbAnte: r() < 0.3 ? big : 0,
    absent: r() < 0.1 ? [pick(seatNos)] : [],
    chips: [25, 100, 500, 1000, 5000],
    motionMs: 700,
    orderKnown: r() < 0.85,
  };
  const st = createHand(config);
  const total = chipsInPlay(st);
  const deck = DECK.slice().sort(() => r() - 0.5);
  const where = new Map<string, string>(); // card -> zone, as the table holds it
  const zone: Record<number, number[]> = {};
  for (const s of seatNos) zone[s] = [];
  let t = 0;
  let events = 0;
  const ack = new Map<number, number>();
  const since = new Map<number, number>();

  const known = (card: string): boolean => {
    // a misdeal: every card is gathered for the redeal (the MISDEAL alert's remedy)
    if (st.phase === 'misdeal') return true;
    const c = DECK.indexOf(card);
    for (const s of st.seatOrder) if (st.seats[s]?.cards.includes(c)) return true;
    if (st.board.includes(c) || st.burns.includes(c) || st.muck.includes(c)) return true;
    const b = st.boardState;
    if (b.premature?.cards.includes(c) || b.fourFlop?.cards.includes(c) || b.scramble?.cards.includes(c)) return true;
    if (b.toBurn.includes(c)) return true;
    return st.alerts.some((a) => a.facts?.cards?.includes(card));
  };

  const apply = (ev: TableEventInput, dt = 1000): void => {
    t += dt;
    const alertsBefore = st.alerts.length;
    applyEvent(st, { ...ev, t } as TableEvent);
    events++;
    if (chipsInPlay(st) !== total) throw new Violation(`hand ${handNo}: chips in play ${chipsInPlay(st)} != ${total}`);
    // chips: once a seat's chips are read, a surplus that grew is named by an alert for that seat raised since its
    // chips moved, or is what the rules gave back
    for (const s of st.seatOrder) {
      const ex = excessOf(st, s);
      if (pendingFor(st, s)) {
        if (!since.has(s)) since.set(s, alertsBefore);
        continue;
      }
      const from = since.get(s) ?? alertsBefore;
      since.delete(s);
      if (ex > Math.max(0, ack.get(s) ?? 0)) {
        let named = false;
        for (let i = from; i < st.alerts.length && !named; i++) {
          const a = st.alerts[i];
          named = a?.seat === s || a?.facts?.seats?.includes(s) === true;
        }
        if (!named)
          throw new Violation(
            `hand ${handNo}: ${ex} more in bet${s} than the rules hold, no alert (${JSON.stringify(ev)}, phase ${st.phase}) ${debugSeat(st, s)}`,
          );
      }
      ack.set(s, ex);
    }
    // cards: every card on the table is somewhere the engine knows (checked when cards move, and at the hand's end)
    if (ev.kind === 'cardAt' || ev.kind === 'tick')
      for (const [card] of where)
        if (!known(card))
          throw new Violation(
            `hand ${handNo}: ${card} is nowhere known (${JSON.stringify(ev)}) phase ${st.phase} dealt ${st.deal.dealt} seats ${st.seatOrder} ${st.alerts.map((a) => a.code)} zone ${st.cardZone[DECK.indexOf(card)]}`,
          );
  };
  const cardTo = (card: string, z: string, face: 'up' | 'down' = z === 'board' ? 'up' : 'down'): void => {
    const from = where.get(card);
    if (from !== undefined && from !== z) apply({ kind: 'cardOff', card, zone: from as Zone }, 50);
    where.set(card, z);
    apply({ kind: 'cardAt', card, zone: z as Zone, face }, 100);
  };
  const push = (seat: number, chips: number[]): void => {
    zone[seat] = chips;
    apply({ kind: 'chips', seat, chips }, 300);
    apply({ kind: 'tick' }, 800);
  };
  const say = (seat: number, what: Declaration, to?: number): void =>
    apply(to === undefined ? { kind: 'say', seat, say: what } : { kind: 'say', seat, say: what, to }, 200);
  const draw = (): string => deck.pop() ?? 'As';
  const err = (p: number): boolean => r() < p;

  apply({ kind: 'dealer', button: 'shuffle' }, 0);
  // blinds and ante, sometimes wrong
  for (const s of st.seatOrder) {
    const seat = st.seats[s];
    if (!seat) continue;
    const due = seat.committed + seat.ante;
    if (due > 0) push(s, chipsFor(err(0.03) ? due + 25 : due));
  }
  // the deal, sometimes broken
  const order = st.seatOrder.slice();
  for (let round = 0; round < 2; round++)
    for (const s of order) {
      if (err(0.004)) continue;
      cardTo(draw(), `seat${err(0.004) ? pick(seatNos) : s}`, err(0.004) ? 'up' : 'down');
    }
  if (err(0.01)) cardTo(draw(), `seat${pick(seatNos)}`);

  for (let step = 0; step < 160 && st.phase !== 'complete' && st.phase !== 'misdeal'; step++) {
    // the dealer's mistakes can use the deck up: the hand ends there (the floor's business)
    if (deck.length < 8) break;
    const ff = st.boardState.fourFlop;
    if (ff && !err(0.3)) {
      // a four-card flop: the floor's pick (tda 39) or the fourth card (club 2-7) goes to the burn
      const c = formatCard(st.config.ruleset === 'club' ? (ff.cards[3] ?? 0) : pick(ff.cards));
      if (where.get(c) === 'board') {
        cardTo(c, 'burn');
        continue;
      }
    }
    if (st.stopAlertId !== 0) {
      apply({ kind: 'floorDecision', alertId: st.stopAlertId, decision: 'play on', by: 'fuzz' }, 100);
      continue;
    }
    if (err(0.08)) {
      // one of the mistakes the rules name
      const s = pick(seatNos);
      const k = Math.floor(r() * 11);
      if (k === 0) push(s, zone[s].concat(chipsFor(25 * (1 + Math.floor(r() * 40)))));
      else if (k === 1)
        say(s, pick(['check', 'call', 'fold', 'bet', 'raise', 'allin'] as const), 100 * Math.floor(r() * 30));
      else if (k === 2) cardTo(draw(), pick(['board', 'burn', 'muck']));
      else if (k === 3) push(s, zone[s].slice(0, Math.max(0, zone[s].length - 1)));
      else if (k === 4) apply({ kind: 'floorKill', seat: s }, 100);
      else if (k === 5) apply({ kind: 'clock', seat: s }, 100);
      else if (k === 6) apply({ kind: 'tick' }, 70_000 * (r() < 0.1 ? 1 : 0) + 500);
      else if (k === 7) apply({ kind: 'dealer', button: pick(['misdeal', 'floor'] as const) }, 100);
      else if (k === 8) {
        const held = [...where].filter(([, z]) => z === `seat${s}`);
        if (held.length) cardTo(pick(held)[0], 'muck');
      } else if (k === 9) apply({ kind: 'sits', seat: s }, 100);
      else apply({ kind: 'floorFold', seat: s }, 100);
      continue;
    }
    const next = nextAction(st);
    if (next) {
      const s = next.toAct;
      const seat = st.seats[s];
      if (!seat) break;
      const kind = pick(next.legal);
      const byWords = r() < 0.4;
      const mine = sum(zone[s]) - sum(seat.zoneBase);
      if (kind === 'fold') {
        if (byWords) say(s, 'fold');
        for (const [card, z] of [...where]) if (z === `seat${s}`) cardTo(card, 'muck');
      } else if (kind === 'check') {
        say(s, 'check');
      } else if (kind === 'call') {
        if (byWords) say(s, 'call');
        push(s, zone[s].concat(chipsFor(Math.max(0, seat.committed + next.toCall - mine))));
      } else if (kind === 'allin') {
        if (byWords) say(s, 'allin');
        push(s, zone[s].concat(chipsFor(Math.max(0, seat.committed + seat.stack - mine))));
      } else {
        const min = next.minRaiseTo ?? 0;
        const max = next.maxRaiseTo ?? min;
        const to = Math.min(max, min + 25 * Math.floor(r() * ((max - min) / 25 + 1)));
        if (byWords || r() < 0.5) say(s, kind, to);
        push(s, zone[s].concat(chipsFor(Math.max(0, to - mine))));
      }
    } else if (st.phase === 'board' || (st.phase === 'betting' && st.round.complete)) {
      for (const s of seatNos) if (zone[s].length) push(s, []);
      if (!err(0.02)) cardTo(draw(), 'burn');
      if (err(0.01)) cardTo(draw(), 'burn');
      const cards = st.board.length === 0 ? 3 : 1;
      for (let i = 0; i < cards + (err(0.01) ? 1 : 0); i++) cardTo(draw(), 'board');
    } else if (st.phase === 'showdown') {
      for (const s of st.seatOrder)
        if (!st.seats[s]?.folded) for (const [card, z] of [...where]) if (z === `seat${s}`) cardTo(card, z, 'up');
      apply({ kind: 'tick' }, 100);
    } else if (st.phase === 'dealing' || st.phase === 'waiting') {
      // a deal that never started the action (cards short): the first seat speaks
      say(order[0] ?? seatNos[0], 'call');
    } else break;
  }
  return { events, alerts: st.alerts.length };
}

function debugSeat(st: HandState, seat: number): string {
  const s = st.seats[seat];
  if (!s) return '';
  const { zone, committed, zoneBase, returned, owed, folded, allIn, total, stack } = s;
  return JSON.stringify({
    zone,
    committed,
    zoneBase,
    returned,
    owed,
    folded,
    allIn,
    total,
    stack,
    decisions: st.decisions.slice(-6).map((d) => `${d.kind}:${d.seat}:${d.to}`),
    alerts: st.alerts.map((a) => `${a.code}:${a.seat}`),
  });
}

/** Chips lying in a seat's zone beyond what the rules hold there (its round commitment and the uncollected chips). */
function excessOf(st: HandState, seat: number): number {
  const s = st.seats[seat];
  if (!s) return 0;
  return sum(s.zone) - s.committed - sum(s.zoneBase) - s.returned;
}

/** The seat's chips are waiting to be read: a declaration waiting for them, an out-of-turn action held, a motion. */
function pendingFor(st: HandState, seat: number): boolean {
  const s = st.seats[seat];
  if (!s) return false;
  if (s.declaration !== null || s.chipRules?.outOfTurn) return true;
  if (st.motions.some((m) => m.seat === seat)) return true;
  // before the action starts, chips in the zones are the blinds being posted (BLIND_INCORRECT judges them)
  return st.phase === 'waiting' || (st.phase === 'dealing' && !st.deal.done) || st.phase === 'misdeal';
}

describe('engine invariant (issue 11): no chip or card lost without an alert', () => {
  it(`${HANDS.toLocaleString('en')} random hands with random errors and taps`, () => {
    const r = rng(20261201);
    let events = 0;
    let alerts = 0;
    const started = Date.now();
    for (let h = 1; h <= HANDS; h++) {
      const out = playHand(r, h);
      events += out.events;
      alerts += out.alerts;
    }
    console.log(
      `invariant fuzz: ${HANDS} hands, ${events} events, ${alerts} alerts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(events).toBeGreaterThan(HANDS * 20);
    expect(alerts).toBeGreaterThan(HANDS / 10);
  }, 300_000);
});
