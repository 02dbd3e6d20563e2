// Properties over random hands: chips are conserved in every hand, and every legal action (as nextAction offers it)
// keeps the state valid and raises no procedural alert. Random event soup never crashes the engine.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HandState } from '../../src/engine/index.js';
import { chipsInPlay, isHandOver, snapshot } from '../../src/engine/index.js';
import type { TableEvent } from '../../src/engine/types.js';
import { texts } from '../alertTexts.js';
import { Table } from './table.js';

const PROMPTS = ['TABLE_ALL_HANDS', 'SHOWDOWN_ORDER'];

function checkValid(st: HandState, total: number): void {
  expect(chipsInPlay(st)).toBe(total);
  let live = 0;
  for (const seat of st.seatOrder) {
    const s = st.seats[seat];
    if (!s) continue;
    expect(s.stack).toBeGreaterThanOrEqual(0);
    expect(s.committed).toBeLessThanOrEqual(s.total);
    if (st.phase === 'betting') expect(s.committed).toBeLessThanOrEqual(st.round.currentBet);
    if (s.allIn) expect(s.stack).toBe(0);
    if (!s.folded) live++;
  }
  expect(live).toBe(st.live);
  const snap = snapshot(st);
  const potSum = snap.pots.reduce((a, p) => a + p.amount, 0);
  let contributed = st.deadMoney;
  for (const seat of st.seatOrder) contributed += st.seats[seat]?.total ?? 0;
  expect(potSum).toBe(contributed);
  if (snap.next) {
    const s = st.seats[snap.next.toAct];
    expect(s && !s.folded && !s.allIn).toBe(true);
    if (snap.next.minRaiseTo !== null && snap.next.maxRaiseTo !== null)
      expect(snap.next.minRaiseTo).toBeLessThanOrEqual(snap.next.maxRaiseTo);
  }
}

const tableArb = fc.record({
  n: fc.integer({ min: 2, max: 10 }),
  button: fc.integer({ min: 1, max: 10 }),
  stacks: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 10, maxLength: 10 }),
  ante: fc.boolean(),
  choices: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 200, maxLength: 200 }),
  /** act by chips alone (exact amounts, read by the chip rules) instead of declaring first */
  silent: fc.boolean(),
});

type HandParams = typeof tableArb extends fc.Arbitrary<infer T> ? T : never;

function playRandomHand(p: HandParams): void {
  const seats: Record<number, number> = {};
  for (let i = 1; i <= p.n; i++) seats[i] = p.stacks[i - 1] * 25;
  const total = Object.values(seats).reduce((a, b) => a + b, 0);
  const t = new Table({ seats, button: Math.min(p.button, p.n), blinds: [25, 50], bbAnte: p.ante ? 50 : 0 });
  t.start();
  checkValid(t.state, total);
  let k = 0;
  const pick = (m: number): number => p.choices[k++ % p.choices.length] % m;
  for (let guard = 0; guard < 200 && !isHandOver(t.state); guard++) {
    const snap = t.snap();
    const next = snap.next;
    if (next) {
      const s = t.state.seats[next.toAct];
      if (!s) throw new Error('no seat to act');
      const kind = next.legal[pick(next.legal.length)];
      const seat = next.toAct;
      if (p.silent) {
        // exact chips, no words: an exact call, bet or raise is read as such and announces nothing
        if (kind === 'fold') t.fold(seat);
        else if (kind === 'check') t.say(seat, 'check');
        else if (kind === 'call') t.push(seat, s.committed + next.toCall).tick();
        else if (kind === 'allin') t.push(seat, s.committed + s.stack, s.stack > next.toCall).tick();
        else {
          const min = next.minRaiseTo ?? 0;
          const max = next.maxRaiseTo ?? min;
          t.push(seat, min + 25 * pick(Math.floor((max - min) / 25) + 1), true).tick();
        }
      } else if (kind === 'fold') t.say(seat, 'fold').fold(seat);
      else if (kind === 'check') t.say(seat, 'check');
      // the seat's totals as they were before the words (the words commit them at once)
      else if (kind === 'call') {
        const to = s.committed + next.toCall;
        t.say(seat, 'call').bet(seat, to);
      } else if (kind === 'allin') {
        const to = s.committed + s.stack;
        t.say(seat, 'allin').bet(seat, to);
      } else {
        const min = next.minRaiseTo ?? 0;
        const max = next.maxRaiseTo ?? min;
        const steps = Math.floor((max - min) / 25);
        const to = min + 25 * pick(steps + 1);
        t.say(seat, kind, to).bet(seat, to);
      }
    } else if (snap.phase === 'board') {
      t.street(snap.board.length === 0 ? 3 : 1);
    } else if (snap.phase === 'showdown') {
      for (const seat of t.state.seatOrder) if (!t.state.seats[seat]?.folded) t.show(seat);
    } else throw new Error(`stuck in phase ${snap.phase}`);
    checkValid(t.state, total);
    expect(
      t.state.alerts.filter((a) => !PROMPTS.includes(a.code)).map((a) => `${a.code}: ${texts(a)?.message}`),
    ).toEqual([]);
  }
  expect(isHandOver(t.state)).toBe(true);
  const final = t.snap();
  expect(Object.values(final.stacks).reduce((a, b) => a + b, 0)).toBe(total);
  for (const pot of final.pots) {
    expect(pot.winners?.length).toBeGreaterThan(0);
    expect(Object.values(pot.shares ?? {}).reduce((a, b) => a + b, 0)).toBe(pot.amount);
  }
}

describe('properties', () => {
  it('chips are conserved in every hand, and every legal action keeps the state valid', () => {
    fc.assert(fc.property(tableArb, playRandomHand), { numRuns: 300 });
  });

  it('random, rule-breaking event sequences never crash the engine and never create or lose chips', () => {
    const cards = ['Ah', 'Kd', '7c', 'Qs', '2s', '9h', 'Td', '3c', '5d', '6d', '8s', 'Jc', '4h'];
    const zones = ['seat1', 'seat2', 'seat3', 'seat5', 'board', 'burn', 'muck'] as const;
    const evArb: fc.Arbitrary<Omit<TableEvent, 't'>> = fc.oneof(
      fc.record({
        kind: fc.constant('cardAt' as const),
        card: fc.constantFrom(...cards),
        zone: fc.constantFrom(...zones),
        face: fc.constantFrom('up' as const, 'down' as const),
      }),
      fc.record({
        kind: fc.constant('cardOff' as const),
        card: fc.constantFrom(...cards),
        zone: fc.constantFrom(...zones),
      }),
      fc.record({
        kind: fc.constant('chips' as const),
        seat: fc.integer({ min: 1, max: 4 }),
        chips: fc.array(fc.constantFrom(25, 100, 500, 1000), { maxLength: 6 }),
      }),
      fc.record({
        kind: fc.constant('say' as const),
        seat: fc.integer({ min: 1, max: 4 }),
        say: fc.constantFrom(
          'check' as const,
          'call' as const,
          'fold' as const,
          'bet' as const,
          'raise' as const,
          'allin' as const,
        ),
        to: fc.integer({ min: 0, max: 3000 }),
      }),
      fc.record({
        kind: fc.constant('dealer' as const),
        button: fc.constantFrom('shuffle' as const, 'misdeal' as const, 'floor' as const),
      }),
      fc.record({ kind: fc.constant('floorKill' as const), seat: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('clock' as const), seat: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('tick' as const) }),
    );
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.tuple(evArb, fc.integer({ min: 0, max: 90000 })), { maxLength: 60 }),
        (dealt, evs) => {
          const t = new Table({ seats: { 1: 2000, 2: 2000, 3: 2000, 4: 2000 }, button: 4 });
          // half the runs start from a hand dealt properly, so the soup hits betting, board and showdown states
          if (dealt) t.start({ 1: ['Ah', 'Kd'], 2: ['7c', 'Qs'], 3: ['2s', '9h'], 4: ['Td', '3c'] });
          let time = t.t;
          for (const [e, dt] of evs) {
            time += dt;
            t.ev({ ...e, t: time } as Parameters<Table['ev']>[0]);
            expect(chipsInPlay(t.state)).toBe(8000);
            const snap = snapshot(t.state);
            if (t.state.award) expect(Object.values(snap.stacks).reduce((x, y) => x + y, 0)).toBe(8000);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
