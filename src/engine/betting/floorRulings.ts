// The floor's rulings on the questions an alert put to it, as table events (logged and replayed like any other):
// - kill (`floorKill`): the hand is dead (LOI 28, tda 65A: its uncalled bet goes back);
// - fold (`floorFold`): an undercall facing a raise (tda 51, seed 002 undercall examples 1 and 4): the player folds and
//   forfeits the bet its chips answered, the rest goes back; with no undercall to rule on, a kill;
// - call (`floorCall`): the same undercall: the player completes the call;
// - act (`floorAct`): a seat skipped by substantial action out of turn (tda 53, seed 002 forgotten player) acts now.
// Each ruling resolves the stop alert it answers and records the decision on it.
import { resolveAlert } from '../alerts/raise.js';
import type { HandState, SeatState } from '../hand/state.js';
import type { Alert } from '../types.js';
import { chipRulesOf } from './chipProcedures.js';
import { roundChips } from './context.js';
import { doCall, killHand } from './round.js';
import { chipSum } from './zoneChips.js';

type Ruling = 'kill' | 'fold' | 'call' | 'act';

function decide(state: HandState, a: Alert | undefined, ruling: Ruling, seat: number, by = 'floor'): void {
  if (!a || a.resolved) return;
  a.decision = { decision: `${ruling} seat ${seat}`, by, t: state.t };
  resolveAlert(state, a.id);
}

/** The open stop on a seat skipped by substantial action out of turn (tda 53). */
function skippedSeatAlert(state: HandState, seat: number): Alert | undefined {
  return state.alerts.find(
    (a) =>
      a.code === 'ACTION_OUT_OF_TURN' && !a.resolved && a.facts?.variant === 'substantial' && a.facts.onTurn === seat,
  );
}

function pendingUndercall(s: SeatState | undefined) {
  return s?.chipRules?.undercall ?? null;
}

function clearUndercall(s: SeatState): void {
  chipRulesOf(s).undercall = null;
}

/** The floor kills a hand: dead, its uncalled bet back (LOI 28, tda 65A, club 5-8). */
export function floorKill(state: HandState, seat: number): void {
  const s = state.seats[seat];
  const u = pendingUndercall(s);
  if (s && u) {
    // chips pushed for an undercall the floor never ruled a call: not committed, they go back with the dead hand
    s.returned += Math.max(0, u.pushed - s.committed);
    clearUndercall(s);
    decide(state, state.alerts[u.alertId - 1], 'kill', seat);
  }
  decide(state, skippedSeatAlert(state, seat), 'kill', seat);
  killHand(state, seat, 'floor');
}

/**
 * The floor lets an undercalling seat fold (tda 51): it forfeits the bet its chips answered (seed 002 example 4: 400
 * of a 500 chip facing 1200), the rest goes back. With no undercall to rule on, the floor's fold is a kill. The
 * player folding on their own (`by` 'player': cards to the muck, "fold" said) leaves the same in the pot.
 */
export function floorFold(state: HandState, seat: number, by = 'floor'): void {
  const s = state.seats[seat];
  const u = pendingUndercall(s);
  if (!s || s.folded || !u) {
    floorKill(state, seat);
    return;
  }
  const forfeit = Math.max(s.committed, Math.min(u.forfeit, s.committed + s.stack));
  const add = forfeit - s.committed;
  s.stack -= add;
  s.total += add;
  s.committed = forfeit;
  const back = Math.max(0, u.pushed - forfeit);
  s.returned += back;
  s.owed = 0;
  clearUndercall(s);
  decide(state, state.alerts[u.alertId - 1], 'fold', seat, by);
  killHand(state, seat, 'tda 51', back);
}

/** The floor holds an undercalling seat to the call (tda 51): it calls and owes the rest of the call. */
export function floorCall(state: HandState, seat: number): void {
  const s = state.seats[seat];
  const u = pendingUndercall(s);
  if (!s || s.folded || !u || state.phase !== 'betting' || state.round.toAct !== seat) return;
  clearUndercall(s);
  decide(state, state.alerts[u.alertId - 1], 'call', seat);
  doCall(state, seat, { source: 'table', rule: 'tda 51' });
  s.owed = Math.max(0, s.committed - chipSum(roundChips(s, s.zone)));
}

/** The floor lets the seat skipped by substantial action out of turn act (tda 53): the turn is its own. */
export function floorAct(state: HandState, seat: number): void {
  decide(state, skippedSeatAlert(state, seat), 'act', seat);
}
