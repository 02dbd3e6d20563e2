// Hook points for the betting procedures that judge HOW a seat acted (issue 6: string bet, chips withdrawn, out of
// turn, undercall, raise under the minimum acted on, raise not allowed, check facing a bet). chipFlow.ts calls them
// at the moment each situation is detected; each returns what the flow should do next. The defaults below are the
// plain readings the rules engine needs on its own; the chip-rules work replaces their bodies.
import { raiseAlert } from '../alerts/raise.js';
import type { HandState, SeatState } from '../hand/state.js';
import type { Declaration } from '../types.js';
import { minimumRaiseTo } from './minimumRaise.js';
import { doCall, doRaiseTo } from './round.js';

/** A seat acted (chips, words or cards) while another seat was to act and no check could be inferred (tda 53). */
export function onOutOfTurn(state: HandState, seat: SeatState, kind: 'chips' | Declaration): void {
  raiseAlert(state, 'ACTION_OUT_OF_TURN', { seat: seat.seat, detail: kind });
  if (kind === 'fold') seat.pendingOutOfTurn = 'fold';
  else if (kind === 'check') seat.pendingOutOfTurn = 'check';
}

/**
 * The zone of a seat that already acted this round changed (not the collection of a finished round). `roundTotal`
 * is what now lies there for this round; `seat.committed` what the rules committed. Equal: owed chips arrived or
 * change was made. More: a second motion (tda 56, string bet). Less: chips withdrawn (tda 46B) or change.
 */
export function onChipsAfterAction(state: HandState, seat: SeatState, roundTotal: number, previousTotal: number): void {
  void state;
  void previousTotal;
  seat.owed = Math.max(0, seat.committed - roundTotal);
}

/** "Check" said facing a bet: it can only become a call or a fold (tda 55). */
export function onCheckFacingBet(state: HandState, seat: SeatState): void {
  void state;
  void seat;
}

/** A declared bet or raise to less than the minimum (tda 43B, LOI 36): completed to the minimum. */
export function onDeclaredRaiseUnderMinimum(state: HandState, seat: SeatState, to: number): void {
  const min = minimumRaiseTo(state);
  const max = seat.committed + seat.stack;
  const target = Math.min(min, max);
  raiseAlert(state, 'RAISE_UNDER_MINIMUM', {
    seat: seat.seat,
    rule: 'tda 43B',
    detail: `Declared ${to}, under the minimum: completed to ${target}`,
  });
  doRaiseTo(state, seat.seat, target);
}

/** A raise by a seat whose option is closed (tda 47): held to a call. */
export function onRaiseNotAllowed(state: HandState, seat: SeatState): void {
  raiseAlert(state, 'RAISE_NOT_ALLOWED', { seat: seat.seat });
  doCall(state, seat.seat);
}
