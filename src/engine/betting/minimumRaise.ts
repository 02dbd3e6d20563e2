// The minimum raise (tda 43; seed 002 minimum-raise examples 1 to 4-B) and reopening (tda 47, LOI 38; seed 002
// short all-in examples). The one home of both rules.
import type { HandState, SeatState } from '../hand/state.js';

/** Minimum total a seat may raise to: the bet to face plus the largest full bet or raise of this round. */
export function minimumRaiseTo(state: HandState): number {
  const r = state.round;
  if (r.currentBet === 0) return state.config.blinds[1];
  return r.currentBet + r.minRaiseIncrement;
}

/**
 * Records a bet or raise to `to` and returns whether it was a full one. A full raise sets the new minimum increment;
 * a short all-in leaves it unchanged (seed 002, short all-in example 2).
 */
export function recordRaise(state: HandState, to: number): boolean {
  const r = state.round;
  const increment = to - r.currentBet;
  const full = r.currentBet === 0 ? to >= state.config.blinds[1] : increment >= r.minRaiseIncrement;
  if (full && increment > r.minRaiseIncrement) r.minRaiseIncrement = increment;
  r.currentBet = to;
  r.levels.push(to);
  return full;
}

/**
 * A seat that has acted may raise again only if, since it last acted, the bet it faces went up by at least a full
 * raise; several short all-ins count together (tda 47; seed 002 examples 1, 1-A, 1-B, 3-A, 3-B).
 */
export function optionReopened(state: HandState, seat: SeatState): boolean {
  if (!seat.acted) return true;
  return state.round.currentBet - seat.betWhenActed >= state.round.minRaiseIncrement;
}
