// The betting round: who acts, what is legal (a verify/can pair per action, as the dealer's tablet needs), and the
// actions themselves. Chips and declarations are turned into these actions by chipFlow.ts.

import { raiseAlert } from '../alerts/raise.js';
import { type DecisionWhy, recordDecision, recordMuck, WORDS } from '../hand/decisions.js';
import { checkShowdownDone, onOneLeft, onRoundComplete } from '../hand/flow.js';
import type { HandState, SeatState } from '../hand/state.js';
import { type RuleRef, tda } from '../rules/ruleRef.js';
import type { LegalActionKind, NextAction, Street } from '../types.js';
import { refundKilledHand } from './killedHand.js';
import { minimumRaiseTo, optionReopened, recordRaise } from './minimumRaise.js';
import { canAct, liveCount, seatAfter } from './seats.js';

export type Rejection =
  | 'NOT_BETTING'
  | 'NOT_YOUR_TURN'
  | 'MUST_CALL'
  | 'NOTHING_TO_CALL'
  | 'RAISE_NOT_ALLOWED'
  | 'UNDER_MINIMUM'
  | 'OVER_STACK';

export { canAct, liveCount, seatAfter } from './seats.js';

export function needsToAct(state: HandState, s: SeatState): boolean {
  return canAct(s) && (!s.acted || s.committed < state.round.currentBet);
}

/** The first seat from `from` (inclusive) clockwise that still has to act, or 0. */
export function findToAct(state: HandState, from: number): number {
  const order = state.seatOrder;
  const n = order.length;
  let i = order.indexOf(from);
  if (i < 0) i = order.indexOf(seatAfter(state, from));
  let able = 0;
  for (let k = 0; k < n; k++) {
    const s = state.seats[order[k]];
    if (s && canAct(s)) able++;
  }
  for (let k = 0; k < n; k++) {
    const s = state.seats[order[(i + k) % n]];
    if (!s || !needsToAct(state, s)) continue;
    // alone able to act and nothing to call: no betting is possible
    if (able <= 1 && s.committed >= state.round.currentBet) continue;
    return s.seat;
  }
  return 0;
}

/** Every fold goes through here so the count of live hands stays exact. */
export function foldSeat(state: HandState, s: SeatState): void {
  if (s.folded) return;
  s.folded = true;
  state.live--;
}

/** Starts a betting round: before the flop the first seat left of the big blind acts; after, the first live seat left of the button. */
export function startRound(state: HandState, street: Street): void {
  const r = state.round;
  r.street = street;
  state.street = street;
  r.complete = false;
  r.aggressor = 0;
  r.anyBet = false;
  r.lastActor = 0;
  r.levels = street === 'preflop' ? [r.currentBet] : [];
  r.minRaiseIncrement = state.config.blinds[1];
  if (street !== 'preflop') {
    r.currentBet = 0;
    for (const seat of state.seatOrder) {
      const s = state.seats[seat];
      if (!s) continue;
      s.committed = 0;
      s.acted = false;
      s.betWhenActed = 0;
      s.owed = 0;
      s.returned = 0;
      s.declaration = null;
      s.chipRules = undefined;
      // chips not yet collected from the last round are not this round's
      s.zoneBase = s.zone.length > 0 ? s.zone.slice() : [];
    }
  }
  state.phase = 'betting';
  const first = street === 'preflop' ? seatAfter(state, state.bb) : seatAfter(state, state.button);
  r.toAct = findToAct(state, first);
  if (r.toAct === 0) completeRound(state);
}

function completeRound(state: HandState): void {
  state.round.complete = true;
  state.round.toAct = 0;
  onRoundComplete(state);
}

/** Moves the turn on after `seat` acted; completes the round or the hand when nothing is left to do. */
function advance(state: HandState, seat: number): void {
  if (liveCount(state) <= 1) {
    state.round.toAct = 0;
    state.round.complete = true;
    onOneLeft(state);
    return;
  }
  const next = findToAct(state, seatAfter(state, seat));
  if (next === 0) completeRound(state);
  else state.round.toAct = next;
}

export function toCallFor(state: HandState, s: SeatState): number {
  return Math.min(Math.max(0, state.round.currentBet - s.committed), s.stack);
}

export function mayRaise(state: HandState, s: SeatState): boolean {
  // "check" said facing a bet, or a check out of turn now facing one: call or fold only (tda 55, tda 53)
  if (s.chipRules?.callOrFoldOnly) return false;
  // raising needs chips beyond the call and someone left to face it
  if (s.stack <= state.round.currentBet - s.committed) return false;
  let others = 0;
  for (const seat of state.seatOrder) {
    const o = state.seats[seat];
    if (o && o !== s && canAct(o)) others++;
  }
  if (others === 0) return false;
  return optionReopened(state, s);
}

// ---- verify / can pairs (null = legal) ----

function turnCheck(state: HandState, seat: number): Rejection | null {
  if (state.phase !== 'betting' || state.round.complete) return 'NOT_BETTING';
  if (state.round.toAct !== seat) return 'NOT_YOUR_TURN';
  return null;
}

export function verifyFold(state: HandState, seat: number): Rejection | null {
  return turnCheck(state, seat);
}
export function verifyCheck(state: HandState, seat: number): Rejection | null {
  const t = turnCheck(state, seat);
  if (t) return t;
  const s = state.seats[seat] as SeatState;
  return s.committed < state.round.currentBet ? 'MUST_CALL' : null;
}
export function verifyCall(state: HandState, seat: number): Rejection | null {
  const t = turnCheck(state, seat);
  if (t) return t;
  const s = state.seats[seat] as SeatState;
  return s.committed >= state.round.currentBet ? 'NOTHING_TO_CALL' : null;
}
/** A bet (no bet to face) or raise to the total `to`. */
export function verifyRaiseTo(state: HandState, seat: number, to: number): Rejection | null {
  const t = turnCheck(state, seat);
  if (t) return t;
  const s = state.seats[seat] as SeatState;
  if (!mayRaise(state, s)) return 'RAISE_NOT_ALLOWED';
  const max = s.committed + s.stack;
  if (to > max) return 'OVER_STACK';
  if (to <= state.round.currentBet) return 'UNDER_MINIMUM';
  if (to < minimumRaiseTo(state) && to !== max) return 'UNDER_MINIMUM';
  return null;
}
/** All-in: a call for the whole stack, or a raise when the option is open (a short all-in raise is allowed). */
export function verifyAllIn(state: HandState, seat: number): Rejection | null {
  const t = turnCheck(state, seat);
  if (t) return t;
  const s = state.seats[seat] as SeatState;
  if (s.committed + s.stack <= state.round.currentBet) return null;
  return mayRaise(state, s) ? null : 'RAISE_NOT_ALLOWED';
}
export const canAllIn = (st: HandState, seat: number): boolean => verifyAllIn(st, seat) === null;
export const canFold = (st: HandState, seat: number): boolean => verifyFold(st, seat) === null;
export const canCheck = (st: HandState, seat: number): boolean => verifyCheck(st, seat) === null;
export const canCall = (st: HandState, seat: number): boolean => verifyCall(st, seat) === null;
export const canRaiseTo = (st: HandState, seat: number, to: number): boolean => verifyRaiseTo(st, seat, to) === null;

/** What the seat to act may do (NextAction of the snapshot), or null. */
export function nextAction(state: HandState): NextAction | null {
  if (state.phase !== 'betting' || state.round.complete || state.round.toAct === 0 || state.stopAlertId !== 0)
    return null;
  const s = state.seats[state.round.toAct] as SeatState;
  const toCall = toCallFor(state, s);
  const raise = mayRaise(state, s);
  const max = s.committed + s.stack;
  const minTo = raise ? Math.min(minimumRaiseTo(state), max) : null;
  const legal: LegalActionKind[] = ['fold'];
  if (toCall === 0) legal.push('check');
  else legal.push('call');
  if (raise) legal.push(state.round.currentBet === 0 ? 'bet' : 'raise');
  if (raise || toCall === s.stack) legal.push('allin');
  return { toAct: s.seat, toCall, minRaiseTo: minTo, canRaise: raise, maxRaiseTo: raise ? max : null, legal };
}

// ---- the actions (callers verify first; these only keep the books) ----

function commit(s: SeatState, to: number): void {
  const add = to - s.committed;
  s.stack -= add;
  s.total += add;
  s.committed = to;
  if (s.stack === 0) s.allIn = true;
}

function markActed(state: HandState, s: SeatState): void {
  s.acted = true;
  state.round.lastActor = s.seat;
  if (s.cards.length < 2 && state.deal.done && s.seat === state.button && state.config.ruleset === 'tda')
    buttonActedShort(state, s);
  s.betWhenActed = Math.max(state.round.currentBet, s.committed);
  noteSubstantial(state, s.seat, s.committed > 0 ? 'c' : 'n');
}

/**
 * Substantial action: tda (TDA 2024 rule 36, seed 002 examples A and B): two actions one with chips, or three
 * actions; club 2-20: two players after the blinds have put chips in. Posting blinds does not count.
 */
function noteSubstantial(state: HandState, seat: number, kind: 'c' | 'n'): void {
  const d = state.deal;
  if (d.substantial || state.street !== 'preflop') {
    d.substantial = true;
    return;
  }
  if (state.config.ruleset === 'club') {
    if (kind === 'c' && seat !== state.sb && seat !== state.bb) d.recentActions += 'c';
    if (d.recentActions.length >= 2) d.substantial = true;
    return;
  }
  d.recentActions += kind;
  const a = d.recentActions;
  if (a.length >= 3 || (a.length >= 2 && a.includes('c'))) d.substantial = true;
}

/** tda 37: the button that acts with too few cards has a dead hand. */
function buttonActedShort(state: HandState, s: SeatState): void {
  const open = state.alerts.find((a) => a.code === 'DEAL_CARD_COUNT' && a.seat === s.seat && !a.resolved);
  if (!open) return;
  open.resolved = true;
  foldSeat(state, s);
  s.dead = true;
  raiseAlert(state, 'DEAL_CARD_COUNT', { seat: s.seat, amount: s.cards.length, variant: 'deadHand', rule: tda('37') });
}

export function pno(state: HandState, seat: number): string {
  return `p${state.playerNo[seat]}`;
}

export function doFold(state: HandState, seat: number, why: DecisionWhy = WORDS): void {
  const s = state.seats[seat] as SeatState;
  const facing = state.round.currentBet;
  foldSeat(state, s);
  s.acted = true;
  state.round.lastActor = seat;
  noteSubstantial(state, seat, 'n');
  recordDecision(state, { kind: 'fold', seat, amount: 0, to: s.committed, facing, allIn: false, cards: [] }, why);
  advance(state, seat);
}

export function doCheck(state: HandState, seat: number, why: DecisionWhy = WORDS): void {
  const s = state.seats[seat] as SeatState;
  const facing = state.round.currentBet;
  markActed(state, s);
  recordDecision(state, { kind: 'check', seat, amount: 0, to: s.committed, facing, allIn: false, cards: [] }, why);
  advance(state, seat);
}

export function doCall(state: HandState, seat: number, why: DecisionWhy = WORDS): void {
  const s = state.seats[seat] as SeatState;
  const facing = state.round.currentBet;
  const was = s.committed;
  commit(s, Math.min(state.round.currentBet, s.committed + s.stack));
  markActed(state, s);
  const amount = s.committed - was;
  recordDecision(
    state,
    {
      kind: amount > 0 ? 'call' : 'check',
      seat,
      amount,
      to: s.committed,
      facing,
      allIn: s.allIn && amount > 0,
      cards: [],
    },
    why,
  );
  advance(state, seat);
}

/** A bet or raise to `to` (already verified or read by the chip rules). */
export function doRaiseTo(state: HandState, seat: number, to: number, why: DecisionWhy = WORDS): void {
  const s = state.seats[seat] as SeatState;
  const facing = state.round.currentBet;
  if (to <= facing) {
    doCall(state, seat, why);
    return;
  }
  const was = s.committed;
  commit(s, to);
  const full = recordRaise(state, to);
  state.round.aggressor = seat;
  state.round.anyBet = true;
  markActed(state, s);
  recordDecision(
    state,
    {
      kind: facing === 0 ? 'bet' : 'raise',
      seat,
      amount: to - was,
      to,
      facing,
      raiseBy: to - facing,
      allIn: s.allIn,
      full,
      cards: [],
    },
    why,
  );
  advance(state, seat);
}

/** Kills a hand (floor, clock, card count): it is folded without acting; the turn moves on if it was its turn. */
export function killHand(state: HandState, seat: number, rule: RuleRef | null = null, givenBack = 0): void {
  const s = state.seats[seat];
  // the last hand left has won: it cannot be killed (a decided pot stays awarded)
  if (!s || s.folded || state.phase === 'complete' || state.live <= 1) return;
  const facing = state.round.currentBet;
  // its bet no one has called goes back (LOI 28, tda 65A, club 5-8)
  const refund = refundKilledHand(state, s) + givenBack;
  foldSeat(state, s);
  s.dead = true;
  recordDecision(
    state,
    { kind: 'fold', seat, amount: 0, to: s.committed, facing, allIn: false, cards: [], refund },
    { source: 'table', rule },
  );
  // killed at showdown: its cards go to the muck unshown (PHH `pN sm`)
  if (state.phase === 'showdown') recordMuck(state, seat);
  if (state.phase === 'betting' && !state.round.complete) {
    if (state.round.toAct === seat || liveCount(state) <= 1) advance(state, seat);
  } else if (liveCount(state) <= 1) {
    onOneLeft(state);
  } else if (state.phase === 'showdown') {
    // a hand killed at showdown (fouled: a card too many, tda 38) has no claim to the pots any more
    checkShowdownDone(state, true);
  }
}
