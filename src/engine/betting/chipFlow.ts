// From what the table saw to betting actions: chip motions in the betting zones (grouped by the motion window),
// declarations (`say`), folds (cards to the muck), and checks inferred from a later seat acting (rules.md, Sensors).
// The TDA chip readings live in chipReading.ts; the procedures judging how a seat acted in procedures.ts.
import { raiseAlert } from '../alerts/raise.js';
import type { HandState, PendingMotion, SeatState } from '../hand/state.js';
import { smallestChip } from '../pots/oddChips.js';
import type { Declaration } from '../types.js';
import { type BettingContext, readChips } from './chipReading.js';
import {
  onCheckFacingBet,
  onChipsAfterAction,
  onDeclaredRaiseUnderMinimum,
  onOutOfTurn,
  onRaiseNotAllowed,
} from './procedures.js';
import {
  doCall,
  doCheck,
  doFold,
  doRaiseTo,
  mayRaise,
  needsToAct,
  seatAfter,
  toCallFor,
  verifyRaiseTo,
} from './round.js';
import { chipSum, minusChips } from './zoneChips.js';

const isBetting = (state: HandState): boolean => state.phase === 'betting' && !state.round.complete;

/** A `chips` event: the whole content of a seat's betting zone. Changes within the motion window are one motion. */
export function onChips(state: HandState, seatNo: number, chips: number[], t: number): void {
  const s = state.seats[seatNo];
  if (!s) return;
  let m: PendingMotion | undefined;
  for (const p of state.motions) if (p.seat === seatNo) m = p;
  if (m && t - m.lastT < state.config.motionMs) {
    m.content = chips;
    m.lastT = t;
  } else {
    // another seat moving ends the motions before it
    flushMotions(state, Number.POSITIVE_INFINITY);
    state.motions.push({ seat: seatNo, before: s.zone, content: chips, firstT: t, lastT: t });
  }
  s.zone = chips;
}

/** Ends the motions whose window has passed by `t` (all of them with +Infinity). */
export function flushMotions(state: HandState, t: number): void {
  if (state.motions.length === 0) return;
  const keep: PendingMotion[] = [];
  const done: PendingMotion[] = [];
  for (const m of state.motions) {
    if (t - m.lastT >= state.config.motionMs) done.push(m);
    else keep.push(m);
  }
  if (done.length === 0) return;
  state.motions = keep;
  for (const m of done) finishMotion(state, m);
}

/** The chips of a zone that belong to this round (the ante and uncollected chips taken out). */
export function roundChips(s: SeatState, chips: readonly number[]): number[] {
  return minusChips(chips, s.zoneBase);
}

function finishMotion(state: HandState, m: PendingMotion): void {
  const s = state.seats[m.seat] as SeatState;
  if (!isBetting(state)) {
    // the collection of a finished round, change, or blinds being posted before the action starts
    if (m.content.length === 0) s.zoneBase = [];
    return;
  }
  const before = roundChips(s, m.before);
  const after = roundChips(s, m.content);
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
  if (s.folded) return;
  if (state.round.toAct !== s.seat && !s.acted && !inferChecksBefore(state, s.seat)) {
    onOutOfTurn(state, s, 'chips');
    return;
  }
  if (state.round.toAct !== s.seat) {
    onChipsAfterAction(state, s, afterTotal, chipSum(before));
    return;
  }
  if (afterTotal === s.committed && s.declaration === null) return; // nothing new (a blind's zone re-read)
  const ctx = bettingContext(state, s);
  const reading = readChips(ctx, before, after, s.declaration ?? undefined);
  s.declaration = null;
  if (reading.alert) {
    raiseAlert(state, reading.alert.code, { seat: s.seat, rule: reading.alert.rule, detail: reading.alert.detail });
  }
  switch (reading.action) {
    case 'check':
      doCheck(state, s.seat);
      break;
    case 'call':
      doCall(state, s.seat);
      break;
    case 'bet':
    case 'raise':
      doRaiseTo(state, s.seat, reading.to);
      break;
    case 'fold':
      doFold(state, s.seat);
      break;
    default: {
      const never: never = reading.action;
      throw new Error(`unknown reading ${String(never)}`);
    }
  }
  s.owed = Math.max(0, s.committed - afterTotal);
}

export function bettingContext(state: HandState, s: SeatState): BettingContext {
  return {
    bigBlind: state.config.blinds[1],
    currentBet: state.round.currentBet,
    committed: s.committed,
    minRaiseIncrement: state.round.minRaiseIncrement,
    stack: s.stack,
    canRaise: mayRaise(state, s),
    unit: smallestChip(state.config.chips),
    // the ante and last round's chips are already taken out of the zone (roundChips)
    zoneDead: 0,
    facingOpeningBet: state.round.levels.length <= 1,
    playersInHand: state.live,
    betLevels: state.round.levels.slice(),
  };
}

/**
 * On a street with no bet, a later seat acting means the seats skipped checked (rules.md, Sensors). Returns true
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
      skipped.push(cur);
    }
    cur = seatAfter(state, cur);
  }
  if (cur !== seat) return false;
  const target = state.seats[seat];
  if (!target || !needsToAct(state, target)) return false;
  for (const k of skipped) {
    if (state.round.toAct !== k) return state.round.toAct === seat;
    doCheck(state, k);
  }
  return state.round.toAct === seat;
}

/** The dealer burning for the next street: every seat still to act with nothing to call checked. */
export function inferChecksToEnd(state: HandState): boolean {
  while (isBetting(state)) {
    const s = state.seats[state.round.toAct];
    if (!s || toCallFor(state, s) > 0 || s.committed < state.round.currentBet) return false;
    doCheck(state, s.seat);
  }
  return true;
}

/** A declaration (`say`) or a tap on the dealer's tablet (tda 40: words bind). */
export function onDeclaration(state: HandState, seatNo: number, say: Declaration, to: number | undefined): void {
  const s = state.seats[seatNo];
  if (!s || !isBetting(state) || s.folded) return;
  // words right after the seat's own chips: the first action stands (tda 40A); nothing new to read
  if (s.acted && state.round.lastActor === seatNo && state.round.toAct !== seatNo) return;
  if (state.round.toAct !== seatNo && (s.acted || !inferChecksBefore(state, seatNo))) {
    onOutOfTurn(state, s, say);
    return;
  }
  const toCall = toCallFor(state, s);
  const max = s.committed + s.stack;
  switch (say) {
    case 'fold':
      doFold(state, seatNo);
      return;
    case 'check':
      if (toCall === 0 && s.committed >= state.round.currentBet) doCheck(state, seatNo);
      else onCheckFacingBet(state, s);
      break;
    case 'call':
      if (s.committed >= state.round.currentBet) doCheck(state, seatNo);
      else doCall(state, seatNo);
      break;
    case 'bet':
    case 'raise':
      if (to === undefined) {
        s.declaration = { say };
        return;
      }
      declaredRaise(state, s, Math.min(to, max));
      break;
    case 'allin':
      if (max <= state.round.currentBet) doCall(state, seatNo);
      else declaredRaise(state, s, max);
      break;
    default: {
      const never: never = say;
      throw new Error(`unknown declaration ${String(never)}`);
    }
  }
  s.owed = Math.max(0, s.committed - chipSum(roundChips(s, s.zone)));
}

function declaredRaise(state: HandState, s: SeatState, to: number): void {
  const why = verifyRaiseTo(state, s.seat, to);
  if (why === null) doRaiseTo(state, s.seat, to);
  else if (why === 'RAISE_NOT_ALLOWED') onRaiseNotAllowed(state, s);
  else if (why === 'UNDER_MINIMUM') {
    if (to <= state.round.currentBet) {
      if (s.committed >= state.round.currentBet) doCheck(state, s.seat);
      else doCall(state, s.seat);
    } else onDeclaredRaiseUnderMinimum(state, s, to);
  } else doRaiseTo(state, s.seat, s.committed + s.stack);
}

/** A hand's card read in the muck: a fold (before the showdown). */
export function onMuckedByPlayer(state: HandState, seatNo: number): void {
  const s = state.seats[seatNo];
  if (!s || s.folded || !isBetting(state)) return;
  if (state.round.toAct !== seatNo && (s.acted || !inferChecksBefore(state, seatNo))) {
    onOutOfTurn(state, s, 'fold');
    return;
  }
  doFold(state, seatNo);
}

/** When the turn comes to a seat that acted out of turn, its binding fold or check applies (tda 53). */
export function applyPendingOutOfTurn(state: HandState): void {
  for (let guard = 0; guard < 11 && isBetting(state); guard++) {
    const s = state.seats[state.round.toAct];
    if (!s || s.pendingOutOfTurn === null) return;
    const p = s.pendingOutOfTurn;
    s.pendingOutOfTurn = null;
    if (p === 'fold') doFold(state, s.seat);
    else if (toCallFor(state, s) === 0) doCheck(state, s.seat);
    else return;
  }
}
