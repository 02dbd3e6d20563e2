// The floor's rulings on the questions an alert put to it, as table events (logged and replayed like any other):
// - kill (`floorKill`): the hand is dead (LOI 28, tda 65A: its uncalled bet goes back);
// - fold (`floorFold`): an undercall facing a raise (tda 51, seed 002 undercall examples 1 and 4): the player folds and
//   forfeits the bet its chips answered, the rest goes back; with no undercall to rule on, a kill;
// - call (`floorCall`): the same undercall: the player completes the call;
// - act (`floorAct`): a seat skipped by substantial action out of turn (tda 53, seed 002 forgotten player) acts now;
// - void (`floorVoid`): the hand is void, every chip back to the stacks of its start (hand/void.ts);
// - the hand stands (`floorStands`): play goes on as the cards and chips lie, the stops that held the hand closed;
// - award (`floorAward`): a pot the showdown cannot decide (a fouled hand, a hand never tabled) goes to the seats the
//   floor names, split with the odd chips clockwise (LOI 3).
// Each ruling resolves the stop alert it answers and records the decision on it; the void and the award are recorded
// as a FLOOR_RULING (the floor's history keeps them). A ruling that does not apply changes nothing here: the session
// refuses it first with its reason (src/session/TableSession.ts).

import { raiseAlert, resolveAlert } from '../alerts/raise.js';
import type { HandState, SeatState } from '../hand/state.js';
import { voidHand } from '../hand/void.js';
import { buildPots } from '../pots/sidePots.js';
import { ownRule, tda } from '../rules/ruleRef.js';
import { computeAward } from '../showdown/award.js';
import type { Alert } from '../types.js';
import { roundChips } from './context.js';
import { doCall, killHand } from './round.js';
import { chipRulesOf } from './seatChipRules.js';
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
  killHand(state, seat, ownRule('floor'));
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
  killHand(state, seat, tda('51'), back);
}

/** The floor holds an undercalling seat to the call (tda 51): it calls and owes the rest of the call. */
export function floorCall(state: HandState, seat: number): void {
  const s = state.seats[seat];
  const u = pendingUndercall(s);
  if (!s || s.folded || !u || state.phase !== 'betting' || state.round.toAct !== seat) return;
  clearUndercall(s);
  decide(state, state.alerts[u.alertId - 1], 'call', seat);
  doCall(state, seat, { source: 'table', rule: tda('51') });
  s.owed = Math.max(0, s.committed - chipSum(roundChips(s, s.zone)));
}

/** The floor lets the seat skipped by substantial action out of turn act (tda 53): the turn is its own. */
export function floorAct(state: HandState, seat: number): void {
  decide(state, skippedSeatAlert(state, seat), 'act', seat);
}

/** Every open stop of the hand closed by the floor's ruling `decision` (the hand it held is void or decided). */
function closeStops(state: HandState, decision: string): void {
  for (const a of state.alerts) {
    if (a.severity !== 'stop' || a.resolved) continue;
    if (!a.decision) a.decision = { decision, by: 'floor', t: state.t };
    resolveAlert(state, a.id);
  }
}

/**
 * Why the floor's void does not apply to the hand as it stands, or null: a hand over has paid its pots, a misdeal is
 * redealt (tda 35), a hand not dealt has nothing to void.
 */
export function voidProblem(state: HandState): string | null {
  if (state.phase === 'complete') return 'the hand is over: its pots are paid, there is nothing to void';
  if (state.phase === 'misdeal') return 'the hand is a misdeal: it is redealt, not voided (tda 35)';
  if (state.phase === 'waiting') return 'no hand is dealt yet: there is nothing to void';
  return null;
}

/** The floor voids the hand: every chip back to the stacks of its start, the hand over, nothing awarded. */
export function floorVoid(state: HandState, reason: string): void {
  if (voidProblem(state)) return;
  closeStops(state, 'void the hand');
  voidHand(state);
  raiseAlert(state, 'FLOOR_RULING', { variant: 'void', words: reason });
}

/**
 * Why the floor's "the hand stands" does not apply to a hand (its state or its snapshot), or null: a hand over or not dealt has nothing to stand, a misdeal
 * is redealt (tda 35), and a stop that asks the floor for another ruling is answered by that ruling (an undercall
 * facing a raise: call or fold, tda 51; a seat skipped by substantial action out of turn: act or kill, tda 53).
 */
export function standsProblem(hand: { phase: string; alerts: readonly Alert[] }): string | null {
  if (hand.phase === 'complete') return 'the hand is over: its pots are paid';
  if (hand.phase === 'misdeal') return 'the hand is a misdeal: it is redealt (tda 35)';
  if (hand.phase === 'waiting') return 'no hand is dealt yet: there is nothing to stand';
  for (const a of hand.alerts) {
    if (a.resolved) continue;
    if (a.code === 'UNDERCALL' && a.facts?.variant === 'floor')
      return `the undercall of seat ${a.seat ?? '?'} waits for the floor's call or fold (tda 51)`;
    if (a.code === 'ACTION_OUT_OF_TURN' && a.facts?.variant === 'substantial')
      return `seat ${a.facts.onTurn ?? '?'}, skipped by substantial action out of turn, waits for the floor to let it act or kill its hand (tda 53)`;
  }
  return null;
}

/** The floor rules that the hand stands: the stops that held it closed, play goes on as the cards and chips lie. */
export function floorStands(state: HandState, reason: string): void {
  if (standsProblem(state)) return;
  closeStops(state, 'the hand stands');
  raiseAlert(state, 'FLOOR_RULING', { variant: 'stands', words: reason });
}

/**
 * Why the floor cannot award pot `pot` to `seats`, or null. Only a showdown the engine has not decided takes the
 * floor's award (cards speak otherwise, LOI 29); each seat must have a claim to that pot (LOI 4).
 */
export function awardProblem(state: HandState, pot: number, seats: readonly number[]): string | null {
  if (state.phase === 'complete') return 'the hand is over: its pots are paid';
  if (state.phase !== 'showdown')
    return 'the hand is not at showdown: the pots go by the betting and the cards (LOI 29), the floor awards only a showdown it must decide';
  const pots = buildPots(state);
  if (!Number.isInteger(pot) || pot < 0 || pot >= pots.length)
    return `no pot ${pot}: the hand has ${pots.length === 1 ? 'one pot (0)' : `pots 0 to ${pots.length - 1}`}`;
  if (seats.length === 0) return 'name the seats the pot goes to';
  if (new Set(seats).size !== seats.length) return 'a seat is named twice';
  const eligible = pots[pot].eligible;
  const out = seats.filter((s) => !eligible.includes(s));
  if (out.length > 0)
    return `seat ${out.join(', ')} has no claim to pot ${pot} (live in it: ${eligible.join(', ') || 'none'})`;
  return null;
}

/** The floor awards pot `pot` to `seats`; once every pot is awarded by the floor, the hand is over. */
export function floorAward(state: HandState, pot: number, seats: readonly number[]): void {
  if (awardProblem(state, pot, seats)) return;
  state.floorAwards = { ...state.floorAwards, [pot]: [...seats] };
  state.award = computeAward(state);
  const p = state.award.pots[pot];
  raiseAlert(state, 'FLOOR_RULING', {
    variant: 'award',
    seat: seats.length === 1 ? seats[0] : null,
    seats: p.winners.slice(),
    amount: p.amount,
    pot,
  });
  const all = state.award.pots.every((_, i) => state.floorAwards?.[i] !== undefined);
  if (all) {
    closeStops(state, `award pot ${pot} to seat ${seats.join(', ')}`);
    state.phase = 'complete';
  }
}
