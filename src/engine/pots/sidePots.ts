// Pots: a main pot and a side pot for each all-in level (LOI 4). The big-blind ante is dead money in the main pot
// (tda 72). Folded seats' chips stay in the pots they reached.
import type { HandState } from '../hand/state.js';

export interface Pot {
  amount: number;
  /** live seats that may win it, clockwise from the first seat left of the button */
  eligible: number[];
}

export function buildPots(state: HandState): Pot[] {
  const order = state.seatOrder;
  const levels: number[] = [];
  let maxLive = 0;
  for (const seat of order) {
    const s = state.seats[seat];
    if (!s || s.folded) continue;
    if (s.allIn && !levels.includes(s.total)) levels.push(s.total);
    if (s.total > maxLive) maxLive = s.total;
  }
  if (!levels.includes(maxLive)) levels.push(maxLive);
  levels.sort((a, b) => a - b);
  const pots: Pot[] = [];
  let prev = 0;
  for (let li = 0; li < levels.length; li++) {
    const level = levels[li];
    // the last level also takes whatever folded seats put in beyond it (never happens once uncalled bets return)
    const top = li === levels.length - 1 ? Number.POSITIVE_INFINITY : level;
    let amount = 0;
    const eligible: number[] = [];
    for (const seat of order) {
      const s = state.seats[seat];
      if (!s) continue;
      const part = Math.min(s.total, top) - prev;
      if (part > 0) amount += part;
      if (!s.folded && s.total >= level) eligible.push(seat);
    }
    if (li === 0) amount += state.deadMoney;
    if (amount > 0 || li === 0) pots.push({ amount, eligible });
    prev = level;
  }
  // a pot only one seat can win merges into nothing new: it is that seat's (uncalled chips)
  return pots.filter((p, i) => i === 0 || p.amount > 0);
}
