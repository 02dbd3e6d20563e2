// The minimum raise (tda 43; seed 002 minimum-raise examples 1 to 4-B) and reopening (tda 47, LOI 38; seed 002
// short all-in examples). The one home of both rules.
import type { HandState, SeatState } from '../hand/state.js';

/** What the minimum raise depends on: the bet to face, the round's largest full bet or raise, the big blind. */
export interface RaiseFacts {
  currentBet: number;
  minRaiseIncrement: number;
  bigBlind: number;
}

/** The minimum raise increment: the largest full bet or raise of this round, never less than the big blind. */
export function minimumIncrement(f: RaiseFacts): number {
  return Math.max(f.minRaiseIncrement, f.bigBlind);
}

/**
 * THE minimum total a seat may bet or raise to (tda 43): the big blind when there is no bet to face, else the bet
 * plus the minimum increment. Every reading (chipReading.ts, declarations.ts) and the tablet's `next` use this.
 */
export function minimumRaiseTotal(f: RaiseFacts): number {
  if (f.currentBet === 0) return f.bigBlind;
  return f.currentBet + minimumIncrement(f);
}

/** Minimum total a seat may raise to in this hand now. */
export function minimumRaiseTo(state: HandState): number {
  const r = state.round;
  return minimumRaiseTotal({
    currentBet: r.currentBet,
    minRaiseIncrement: r.minRaiseIncrement,
    bigBlind: state.config.blinds[1],
  });
}

/**
 * Records a bet or raise to `to` and returns whether it was a full one. A full raise sets the new minimum increment;
 * a short all-in leaves it unchanged (seed 002, short all-in example 2).
 */
export function recordRaise(state: HandState, to: number): boolean {
  const r = state.round;
  const increment = to - r.currentBet;
  const min = minimumIncrement({ ...r, bigBlind: state.config.blinds[1] });
  const full = r.currentBet === 0 ? to >= state.config.blinds[1] : increment >= min;
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
  const r = state.round;
  return r.currentBet - seat.betWhenActed >= minimumIncrement({ ...r, bigBlind: state.config.blinds[1] });
}

/**
 * A killed hand's uncalled bet went back (LOI 28, tda 65A, club 5-8): the bet to face dropped, and the bets above it
 * no longer exist, so the minimum raise is again the largest full bet or raise among those left.
 */
export function afterBetWithdrawn(state: HandState): void {
  const r = state.round;
  const bb = state.config.blinds[1];
  const levels = r.levels.filter((l) => l <= r.currentBet);
  if (levels[levels.length - 1] !== r.currentBet && r.currentBet > 0) levels.push(r.currentBet);
  let increment = bb;
  let prev = 0;
  for (const level of levels) {
    if (level - prev >= increment) increment = level - prev;
    prev = level;
  }
  r.levels = levels;
  r.minRaiseIncrement = increment;
}
