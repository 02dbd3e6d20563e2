// Hook points for the betting procedures that judge HOW a seat acted (issue 6: string bet, chips withdrawn, out of
// turn, check facing a bet). chipFlow.ts calls them at the moment each situation is detected; the rules themselves
// live in chipProcedures.ts (on the hand) and the pure rule files it calls.
import type { HandState, SeatState } from '../hand/state.js';
import type { Declaration } from '../types.js';
import { judgeChipsAfterAction, restrictToCallOrFold } from './chipProcedures.js';
import { holdOutOfTurn } from './outOfTurnProcedures.js';

/**
 * A seat acted (chips, words or cards) while another seat was to act and no check could be inferred (tda 53).
 * `before` is the seat's round chips before its motion; `to` a declared total.
 */
export function onOutOfTurn(
  state: HandState,
  seat: SeatState,
  kind: 'chips' | Declaration,
  before: readonly number[] = [],
  to?: number,
): void {
  holdOutOfTurn(state, seat, kind, before, to);
}

/**
 * The zone of a seat that already acted this round changed (not the collection of a finished round), or the seat on
 * turn moved chips without settling an action. `roundTotal` is what now lies there for this round;
 * `seat.committed` what the rules committed. Up to it: owed chips arrived or change was made. More: a second motion
 * (tda 56, string bet) or, after others acted, an action out of turn. Less: chips withdrawn (tda 46B) or change.
 */
export function onChipsAfterAction(
  state: HandState,
  seat: SeatState,
  roundTotal: number,
  previousTotal: number,
  before: readonly number[] = [],
): void {
  judgeChipsAfterAction(state, seat, roundTotal, previousTotal, before);
}

/** "Check" said facing a bet: it can only become a call or a fold (tda 55). */
export function onCheckFacingBet(state: HandState, seat: SeatState): void {
  void state;
  restrictToCallOrFold(seat);
}
