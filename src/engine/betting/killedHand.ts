// A killed hand (taken by the dealer, dead by the rules, the clock run out) gets back the part of its bet no one
// has called yet (LOI 28, tda 65A, club 5-8); what others called stays in the pot.

/**
 * The uncalled part of a seat's bet this round: its total beyond the largest total any other seat (folded ones
 * included: their chips called up to that level) has put in this round.
 */
export function uncalledBetRefund(seatTo: number, othersTo: readonly number[]): number {
  const matched = othersTo.reduce((m, x) => Math.max(m, x), 0);
  return Math.max(0, seatTo - matched);
}
