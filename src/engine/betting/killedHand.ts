// A killed hand (taken by the dealer, dead by the rules, the clock run out) gets back the part of its bet no one
// has called yet (LOI 28, tda 65A, club 5-8); what others called stays in the pot.
import type { HandState, SeatState } from '../hand/state.js';
import { afterBetWithdrawn } from './minimumRaise.js';

/**
 * The uncalled part of a seat's bet this round: its total beyond the largest total any other seat (folded ones
 * included: their chips called up to that level) has put in this round.
 */
export function uncalledBetRefund(seatTo: number, othersTo: readonly number[]): number {
  const matched = othersTo.reduce((m, x) => Math.max(m, x), 0);
  return Math.max(0, seatTo - matched);
}

/**
 * A killed hand (floor, clock, dead by the rules) gets back the bet no one has called (LOI 28, tda 65A, club 5-8);
 * the bet the others face drops back to the highest other commitment. Returns the refund.
 */
export function refundKilledHand(state: HandState, s: SeatState): number {
  const others: number[] = [];
  for (const seat of state.seatOrder) {
    const o = state.seats[seat];
    if (o && o !== s) others.push(o.committed);
  }
  const refund = uncalledBetRefund(s.committed, others);
  if (refund <= 0) return 0;
  s.committed -= refund;
  s.total -= refund;
  s.stack += refund;
  s.returned += refund;
  s.allIn = false;
  if (state.round.currentBet > s.committed && state.round.currentBet === s.committed + refund) {
    state.round.currentBet = Math.max(s.committed, ...others);
    afterBetWithdrawn(state);
  }
  return refund;
}
