// Fuzzed chip sequences (issue 6): random zones, chips, declarations, folds and timings through the whole engine.
// Whatever the table shows, the engine must not throw, and the chips in play must stay exactly what the hand began
// with (stacks + commitments + dead money, then stacks after the award).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  chipsInPlay,
  createHand,
  type Declaration,
  normaliseTable,
  snapshot,
  type TableEvent,
} from '../../src/engine/index.js';

const DENOMS = [25, 100, 500, 1000, 5000];
const RANKS = '23456789TJQKA';
const DECK = [...RANKS].flatMap((r) => [...'shdc'].map((s) => r + s));

type Step =
  | { kind: 'chips'; seat: number; chips: number[]; dt: number }
  | { kind: 'say'; seat: number; say: Declaration; to?: number; dt: number }
  | { kind: 'muck'; seat: number; dt: number }
  | { kind: 'collect'; dt: number }
  | { kind: 'street'; dt: number }
  | { kind: 'clock'; seat: number; dt: number }
  | { kind: 'kill'; seat: number; dt: number }
  | { kind: 'tick'; dt: number };

// 0 stands for the seat to act (most chips and words come from it), 1-6 for any seat
const seatNo = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 6 }));
const dt = fc.oneof(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 800, max: 3000 }), fc.constant(75000));
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('chips' as const),
      seat: seatNo,
      chips: fc.array(fc.constantFrom(...DENOMS), { maxLength: 9 }),
      dt,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        kind: fc.constant('say' as const),
        seat: seatNo,
        say: fc.constantFrom<Declaration>('check', 'call', 'fold', 'bet', 'raise', 'allin'),
        to: fc.integer({ min: 1, max: 30000 }),
        dt,
      },
      { requiredKeys: ['kind', 'seat', 'say', 'dt'] },
    ),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('muck' as const), seat: seatNo, dt }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('collect' as const), dt }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('street' as const), dt }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clock' as const), seat: seatNo, dt }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('kill' as const), seat: seatNo, dt }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const), dt }) },
);

const table = fc.record({
  players: fc.integer({ min: 2, max: 6 }),
  stacks: fc.array(
    fc.integer({ min: 4, max: 800 }).map((x) => x * 25),
    { minLength: 6, maxLength: 6 },
  ),
  button: fc.integer({ min: 1, max: 6 }),
  blinds: fc.constantFrom<[number, number]>([25, 50], [50, 100], [250, 500]),
  bbAnte: fc.constantFrom(0, 0, 100),
  deck: fc.shuffledSubarray(DECK, { minLength: 52, maxLength: 52 }),
});

/** Chips worth `amount` in the largest denominations. */
function chipsFor(amount: number): number[] {
  const out: number[] = [];
  let left = amount;
  for (const d of [...DENOMS].reverse()) {
    while (left >= d) {
      out.push(d);
      left -= d;
    }
  }
  return out;
}

describe('fuzzed chip sequences through the engine', () => {
  it('never throw and conserve the chips in play', () => {
    fc.assert(
      fc.property(table, fc.array(step, { maxLength: 45 }), (tb, steps) => {
        const seats: Record<number, number> = {};
        for (let i = 1; i <= tb.players; i++) seats[i] = tb.stacks[i - 1];
        const button = ((tb.button - 1) % tb.players) + 1;
        const config = normaliseTable({ seats, button, blinds: tb.blinds, bbAnte: tb.bbAnte, absent: [] }, 'tda');
        const state = createHand(config);
        const start = Object.values(seats).reduce((a, b) => a + b, 0);
        let t = 0;
        const apply = (ev: TableEvent): void => {
          applyEvent(state, ev);
          expect(chipsInPlay(state)).toBe(start);
        };
        const at = (ms: number): number => {
          t += ms;
          return t;
        };
        // the deal: blinds in their zones, two cards to each seat clockwise from the small blind
        apply({ kind: 'dealer', t: at(0), button: 'shuffle' });
        const order = state.seatOrder.slice();
        if (state.sb !== null) apply({ kind: 'chips', t: at(1000), seat: state.sb, chips: chipsFor(tb.blinds[0]) });
        apply({ kind: 'chips', t: at(1000), seat: state.bb, chips: chipsFor(tb.blinds[1] + tb.bbAnte) });
        const deck = tb.deck.slice();
        const holes: Record<number, string[]> = {};
        for (const seat of order) holes[seat] = [];
        // deal order as the engine expects it (heads-up: the big blind first)
        const dealOrder = state.deal.order.length > 0 ? state.deal.order : order;
        for (let round = 0; round < 2; round++) {
          for (const seat of dealOrder) {
            const card = deck.shift() as string;
            holes[seat].push(card);
            apply({ kind: 'cardAt', t: at(200), card, zone: `seat${seat}`, face: 'down' });
          }
        }
        for (const st of steps) {
          const pick = 'seat' in st ? st.seat : 1;
          const toAct = snapshot(state).next?.toAct ?? 1;
          const seat = pick === 0 ? toAct : ((pick - 1) % tb.players) + 1;
          switch (st.kind) {
            case 'chips':
              apply({ kind: 'chips', t: at(st.dt), seat, chips: st.chips });
              break;
            case 'say':
              apply({ kind: 'say', t: at(st.dt), seat, say: st.say, ...(st.to !== undefined ? { to: st.to } : {}) });
              break;
            case 'muck':
              for (const card of holes[seat] ?? []) {
                apply({ kind: 'cardOff', t: at(st.dt), card, zone: `seat${seat}` });
                apply({ kind: 'cardAt', t: at(100), card, zone: 'muck', face: 'down' });
              }
              holes[seat] = [];
              break;
            case 'collect':
              for (const s of order) apply({ kind: 'chips', t: at(st.dt), seat: s, chips: [] });
              break;
            case 'street': {
              const burn = deck.shift();
              if (burn) apply({ kind: 'cardAt', t: at(st.dt), card: burn, zone: 'burn', face: 'down' });
              const n = snapshot(state).board.length === 0 ? 3 : 1;
              for (let i = 0; i < n; i++) {
                const card = deck.shift();
                if (card) apply({ kind: 'cardAt', t: at(300), card, zone: 'board', face: 'up' });
              }
              break;
            }
            case 'clock':
              apply({ kind: 'clock', t: at(st.dt), seat });
              break;
            case 'kill':
              apply({ kind: 'floorKill', t: at(st.dt), seat });
              break;
            case 'tick':
              apply({ kind: 'tick', t: at(st.dt) });
              break;
          }
        }
        apply({ kind: 'tick', t: at(config.motionMs) });
        const snap = snapshot(state);
        if (snap.next) {
          expect(snap.next.toCall).toBeGreaterThanOrEqual(0);
          if (snap.next.minRaiseTo !== null && snap.next.maxRaiseTo !== null) {
            expect(snap.next.minRaiseTo).toBeLessThanOrEqual(snap.next.maxRaiseTo);
          }
        }
        for (const s of snap.seats) {
          expect(s.stack).toBeGreaterThanOrEqual(0);
          expect(s.committed).toBeGreaterThanOrEqual(0);
        }
        if (state.award) {
          const after = Object.values(snap.stacks).reduce((a, b) => a + b, 0);
          expect(after).toBe(start);
        }
      }),
      { numRuns: 400 },
    );
  });
});
