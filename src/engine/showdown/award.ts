// Awarding the pots: cards speak (LOI 29). Pots are awarded from the last-formed side pot back to the main pot
// (LOI 4, TDA 2024 rule 21); ties split with odd chips clockwise from the button (pots/oddChips.ts).
import { evaluate7, evaluateCards } from '../eval/index.js';
import type { Award, AwardedPot, HandState } from '../hand/state.js';
import { smallestChip, splitPot } from '../pots/oddChips.js';
import { buildPots } from '../pots/sidePots.js';

/** Hand value of a live seat, -1 when its cards cannot be read (a hand without two known cards). */
export function handValue(state: HandState, seat: number): number {
  const s = state.seats[seat];
  if (!s || s.folded || s.cards.length !== 2) return -1;
  const b = state.board;
  if (b.length === 5) return evaluate7(s.cards[0], s.cards[1], b[0], b[1], b[2], b[3], b[4]);
  const cards = s.cards.concat(b);
  if (cards.length < 5) return -1;
  return evaluateCards(cards);
}

export function computeAward(state: HandState): Award {
  const pots = buildPots(state);
  const received: number[] = new Array(11).fill(0);
  const values = new Map<number, number>();
  const live: number[] = [];
  for (const seat of state.seatOrder) if (!state.seats[seat]?.folded) live.push(seat);
  const contested = live.length > 1;
  if (contested) for (const seat of live) values.set(seat, handValue(state, seat));
  const awarded: AwardedPot[] = pots.map((p) => ({ amount: p.amount, eligible: p.eligible, winners: [], shares: {} }));
  for (let i = awarded.length - 1; i >= 0; i--) {
    const p = awarded[i];
    let winners: number[];
    if (!contested || p.eligible.length === 1) winners = p.eligible.slice(0, 1);
    else {
      let best = -2;
      winners = [];
      for (const seat of p.eligible) {
        const v = values.get(seat) ?? -1;
        if (v > best) {
          best = v;
          winners = [seat];
        } else if (v === best) winners.push(seat);
      }
    }
    if (winners.length === 0 && live.length > 0) winners = [live[0]];
    // the floor's award of this pot stands (floorAward), to the seats of it still eligible, in the pot's order
    const ruled = state.floorAwards?.[i]?.filter((seat) => p.eligible.includes(seat));
    if (ruled && ruled.length > 0) winners = p.eligible.filter((seat) => ruled.includes(seat));
    p.winners = winners;
    for (const [seat, share] of splitPot(p.amount, winners, smallestChip(state.config.chips))) {
      p.shares[String(seat)] = share;
      received[seat] += share;
    }
  }
  return { pots: awarded, received };
}
