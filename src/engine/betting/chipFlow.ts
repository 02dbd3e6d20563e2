// From what the table saw to betting actions: chip motions in the betting zones (grouped by the motion window),
// declarations (`say`), folds (cards to the muck), and checks inferred from a later seat acting (docs/rules.md, Sensors).
// The TDA chip readings live in chipReading.ts; the procedures judging how a seat acted in procedures.ts.
import { raiseAlert } from '../alerts/raise.js';
import { beginAction } from '../dealing/deal.js';
import type { DecisionWhy } from '../hand/decisions.js';
import type { HandState, PendingMotion, SeatState } from '../hand/state.js';
import type { Declaration } from '../types.js';
import { judgeFold } from './chipProcedures.js';
import { bettingContext, roundChips } from './context.js';
import { bindDeclaration } from './declarations.js';
import { floorFold } from './floorRulings.js';
import { continuesMotion } from './motions.js';
import { releaseOutOfTurn } from './outOfTurnProcedures.js';
import { onCheckFacingBet, onChipsAfterAction, onOutOfTurn } from './procedures.js';
import { applyReading, readSeatChips } from './readingProcedures.js';
import { doCheck, doFold, needsToAct, seatAfter, toCallFor } from './round.js';
import { addedChips, chipSum } from './zoneChips.js';

const INFERRED: DecisionWhy = { source: 'inferred' };

const isBetting = (state: HandState): boolean => state.phase === 'betting' && !state.round.complete;

/** A `chips` event: the whole content of a seat's betting zone. Changes within the motion window are one motion. */
export function onChips(state: HandState, seatNo: number, chips: number[], t: number, atResume = false): void {
  const s = state.seats[seatNo];
  if (!s) return;
  let m: PendingMotion | undefined;
  for (const p of state.motions) if (p.seat === seatNo) m = p;
  if (m && continuesMotion(m.lastT, t, state.config.motionMs)) {
    m.content = chips;
    m.lastT = t;
    if (atResume) m.atResume = true;
  } else {
    // another seat moving ends the motions before it
    flushMotions(state, Number.POSITIVE_INFINITY);
    state.motions.push({
      seat: seatNo,
      before: s.zone,
      content: chips,
      firstT: t,
      lastT: t,
      ...(atResume ? { atResume: true } : {}),
    });
  }
  s.zone = chips;
}

/** Ends the motions whose window has passed by `t` (all of them with +Infinity). */
export function flushMotions(state: HandState, t: number): void {
  if (state.motions.length === 0) return;
  const keep: PendingMotion[] = [];
  const done: PendingMotion[] = [];
  for (const m of state.motions) {
    if (!continuesMotion(m.lastT, t, state.config.motionMs)) done.push(m);
    else keep.push(m);
  }
  if (done.length === 0) return;
  state.motions = keep;
  const was = state.readingAtResume === true;
  for (const m of done) {
    // a motion read at resume: its decisions (and the checks it infers) say so
    if (m.atResume || was) state.readingAtResume = true;
    else delete state.readingAtResume;
    finishMotion(state, m);
  }
  if (was) state.readingAtResume = true;
  else delete state.readingAtResume;
}

/**
 * This round's chips after a motion. Chips only added: the round's chips before plus the added ones (so the ante
 * or last round's chips are never taken out of what was just pushed). Chips taken away: read by value.
 */
function afterMotion(
  s: SeatState,
  beforeRound: number[],
  before: readonly number[],
  content: readonly number[],
): number[] {
  if (s.zoneBase.length === 0) return content as number[];
  const added = addedChips(before, content);
  return added === null ? roundChips(s, content) : beforeRound.concat(added);
}

function finishMotion(state: HandState, m: PendingMotion): void {
  const s = state.seats[m.seat] as SeatState;
  if (!isBetting(state) && startsTheAction(state, s, m)) {
    // tda 37: betting starts with the first seat's chips, whatever the deal's count (the blinds' zones as they were)
    const now = s.zone;
    s.zone = m.before;
    beginAction(state);
    s.zone = now;
  }
  if (!isBetting(state)) {
    // the collection of a finished round, change, or blinds being posted before the action starts
    if (m.content.length === 0) s.zoneBase = [];
    else heldOutOfRound(state, s, m);
    return;
  }
  const before = roundChips(s, m.before);
  const after = afterMotion(s, before, m.before, m.content);
  const afterTotal = chipSum(after);
  if (m.content.length === 0) s.zoneBase = [];
  // nothing of this round moved: a late collection of the last round's chips
  if (
    afterTotal === chipSum(before) &&
    s.declaration === null &&
    m.before.length >= m.content.length &&
    afterTotal === s.committed
  )
    return;
  if (s.folded) {
    // a folded hand's chips take no part in the round: held and named, never dropped
    if (afterTotal > chipSum(before)) heldFromFoldedSeat(state, s, m, afterTotal - chipSum(before));
    return;
  }
  if (state.round.toAct !== s.seat && !s.acted && !inferChecksBefore(state, s.seat)) {
    onOutOfTurn(state, s, 'chips', before);
    return;
  }
  if (state.round.toAct !== s.seat) {
    onChipsAfterAction(state, s, afterTotal, chipSum(before), before);
    return;
  }
  if (afterTotal === s.committed && s.declaration === null) return; // nothing new (a blind's zone re-read)
  const declaration = s.declaration;
  const reading = readSeatChips(state, bettingContext(state, s), before, after, declaration ?? undefined);
  // a "raise" said without its amount is paid in one motion (LOI 36): its chips are read like silent ones after it
  if (!applyReading(state, s, reading, false)) {
    // nothing settled: the seat on turn took chips back or moved them around (tda 46B, seed 002 situation 2)
    onChipsAfterAction(state, s, afterTotal, chipSum(before), before);
    return;
  }
  s.declaration = null;
  s.owed = Math.max(0, s.committed - afterTotal);
}

/**
 * Chips pushed during the initial deal by a seat that is not posting its blind: the action has begun (tda 37: the
 * button short of a card does not hold the betting back; the count is judged when the action starts).
 */
function startsTheAction(state: HandState, s: SeatState, m: PendingMotion): boolean {
  if (state.phase !== 'dealing' || state.deal.done || state.deal.dealt === 0) return false;
  const added = chipSum(m.content) - chipSum(m.before);
  if (added <= 0) return false;
  const [sb, bb] = state.config.blinds;
  if (s.seat === state.sb && chipSum(m.content) <= sb) return false;
  if (s.seat === state.bb && chipSum(m.content) <= bb + state.config.bbAnte) return false;
  return true;
}

/**
 * Chips arriving in a zone when no betting round can take them (the round closed, the street not dealt, the
 * showdown): held where they lie and named by an alert until the dealer gives them back (docs/rules.md, Sensors: no
 * reading is dropped silently). Chips a seat owes for an action already decided are not such chips.
 */
function heldOutOfRound(state: HandState, s: SeatState, m: PendingMotion): void {
  if (state.phase !== 'board' && state.phase !== 'showdown' && state.phase !== 'complete') return;
  const lying = chipSum(m.content);
  const added = lying - chipSum(m.before);
  if (added <= 0) return;
  // what the rules hold there: the round's commitment (owed chips included), the uncollected chips, and what they
  // gave back (an uncalled bet the dealer has not returned yet)
  const expected = s.committed + chipSum(s.zoneBase) + s.returned;
  if (lying <= expected) {
    s.owed = Math.max(0, s.owed - added);
    return;
  }
  raiseAlert(state, 'CHIPS_OUT_OF_ROUND', {
    seat: s.seat,
    zone: `bet${s.seat}`,
    chips: m.content.slice(),
    amount: lying - Math.max(expected, chipSum(m.before)),
    street: state.street,
  });
}

function heldFromFoldedSeat(state: HandState, s: SeatState, m: PendingMotion, amount: number): void {
  raiseAlert(state, 'CHIPS_OUT_OF_ROUND', {
    seat: s.seat,
    zone: `bet${s.seat}`,
    chips: m.content.slice(),
    amount,
    street: state.street,
  });
}

/**
 * On a street with no bet, a later seat acting means the seats skipped checked (docs/rules.md, Sensors). Returns true
 * when `seat` is now the seat to act.
 */
export function inferChecksBefore(state: HandState, seat: number): boolean {
  if (!isBetting(state)) return false;
  const skipped: number[] = [];
  let cur = state.round.toAct;
  for (let guard = 0; cur !== seat && guard < 11; guard++) {
    const s = state.seats[cur];
    if (s && needsToAct(state, s)) {
      if (toCallFor(state, s) > 0 || s.committed < state.round.currentBet) return false;
      // never infer over a seat that declared something whose chips have not come yet (tda 59B), nor over one whose
      // chips are still moving, nor one holding an action out of turn
      if (s.declaration !== null || s.chipRules?.outOfTurn) return false;
      if (state.motions.some((p) => p.seat === cur)) return false;
      skipped.push(cur);
    }
    cur = seatAfter(state, cur);
  }
  if (cur !== seat) return false;
  const target = state.seats[seat];
  if (!target || !needsToAct(state, target)) return false;
  for (const k of skipped) {
    if (state.round.toAct !== k) return state.round.toAct === seat;
    doCheck(state, k, INFERRED);
  }
  return state.round.toAct === seat;
}

/** The dealer burning for the next street: every seat still to act with nothing to call checked. */
export function inferChecksToEnd(state: HandState): boolean {
  while (isBetting(state)) {
    const s = state.seats[state.round.toAct];
    if (!s || toCallFor(state, s) > 0 || s.committed < state.round.currentBet) return false;
    doCheck(state, s.seat, INFERRED);
  }
  return true;
}

/**
 * A declaration (`say`) or a tap on the dealer's tablet (tda 40: words bind). What it binds is read by the chip rules
 * (declarations.ts): an action settled at once (the chips that follow pay it), a bet or raise waiting for the chips of
 * one motion to give its amount, or "check" facing a bet leaving call or fold (tda 55).
 */
export function onDeclaration(state: HandState, seatNo: number, say: Declaration, to: number | undefined): void {
  const s = state.seats[seatNo];
  if (!s || !isBetting(state) || s.folded) return;
  if (say === 'fold' && s.chipRules?.undercall) {
    // an undercaller folding facing the raise leaves the bet its chips answered (tda 51, seed 002 example 4)
    floorFold(state, seatNo, 'player');
    return;
  }
  // words right after the seat's own chips: the first action stands (tda 40A); nothing new to read
  if (s.acted && state.round.lastActor === seatNo && state.round.toAct !== seatNo) return;
  // a tap or a word names its seat: for a seat not on turn it is an action out of turn (tda 53, seed 002 passive
  // example), never evidence that the seats skipped checked (docs/rules.md, Sensors)
  if (state.round.toAct !== seatNo) {
    onOutOfTurn(state, s, say, roundChips(s, s.zone), to);
    return;
  }
  const binding = bindDeclaration(bettingContext(state, s), to === undefined ? { say } : { say, to });
  if (binding.kind === 'awaitChips') {
    s.declaration = { say };
    return;
  }
  if (binding.kind === 'restricted') {
    onCheckFacingBet(state, s);
    return;
  }
  applyReading(state, s, binding.reading, true);
  s.owed = Math.max(0, s.committed - chipSum(roundChips(s, s.zone)));
}

/** A hand's card read in the muck: a fold (before the showdown). */
export function onMuckedByPlayer(state: HandState, seatNo: number): void {
  const s = state.seats[seatNo];
  if (!s || s.folded || !isBetting(state)) return;
  if (s.chipRules?.undercall) {
    floorFold(state, seatNo, 'player');
    return;
  }
  if (state.round.toAct !== seatNo && (s.acted || !inferChecksBefore(state, seatNo))) {
    onOutOfTurn(state, s, 'fold', roundChips(s, s.zone));
    return;
  }
  judgeFold(state, s);
  doFold(state, seatNo, { source: 'muck' });
}

/**
 * When the turn comes to a seat that acted out of turn, its action binds unless the action to it changed (tda 53;
 * outOfTurnProcedures.ts releaseOutOfTurn).
 */
export function applyPendingOutOfTurn(state: HandState): void {
  for (let guard = 0; guard < 11 && isBetting(state); guard++) {
    const s = state.seats[state.round.toAct];
    if (!s?.chipRules?.outOfTurn) return;
    if (!releaseOutOfTurn(state, s)) return;
  }
}

export { bettingContext, roundChips };
