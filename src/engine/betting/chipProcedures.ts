// The betting procedures that judge HOW a seat acted, applied to a hand (issue 6): chip readings announced with their
// full text, string bets, chips withdrawn and change, action out of turn, "check" facing a bet, the killed hand's
// uncalled bet. The pure rules live in chipReading.ts, declarations.ts, stringBet.ts, withdrawals.ts, outOfTurn.ts,
// killedHand.ts; this module keeps their state on the seat (`SeatState.chipRules`) and calls the round's actions.
import { raiseAlert, resolveAlert } from '../alerts/raise.js';
import { type DecisionWhy, roundDecisions } from '../hand/decisions.js';
import type { HandState, SeatState } from '../hand/state.js';
import type { Alert, Declaration } from '../types.js';
import { type BettingAlertCode, type BettingAlertFacts, readingFacts } from './bettingAlerts.js';
import { type BettingContext, type ChipReading, type DeclarationInput, sum } from './chipReading.js';
import { bettingContext, roundChips } from './context.js';
import { readDeclaredChips } from './declarations.js';
import { uncalledBetRefund } from './killedHand.js';
import { isSubstantialAction, type OutOfTurnKind, outOfTurnRuling } from './outOfTurn.js';
import { readChips } from './readChips.js';
import { doCall, doCheck, doFold, doRaiseTo } from './round.js';
import { isStringBet } from './stringBet.js';
import { classifyZoneDrop, withdrawalRuling } from './withdrawals.js';

/** An action made out of turn, held until the turn reaches the seat (tda 53). */
export interface HeldOutOfTurn {
  kind: 'chips' | Declaration;
  /** declared total (bet/raise) */
  to?: number;
  /** the bet the seat faced when it acted */
  facing: number;
  /** the seat's round chips before its out-of-turn motion (chips) */
  before: number[];
  /** the seat whose turn it was */
  onTurn: number;
  /** substantial action past the skipped seat made it binding whatever happens (tda 53, seed 002 examples 1-2) */
  bindsRegardless: boolean;
}

/** What the chip rules remember about a seat during a betting round. */
export interface SeatChipRules {
  /** the seat's last action this round was a declaration (the chips after it pay it: no string bet) */
  declared: boolean;
  /** an out-of-turn action waiting for the seat's turn */
  outOfTurn: HeldOutOfTurn | null;
  /** tda 55 / seed 002 passive example: the seat may only call or fold */
  callOrFoldOnly: boolean;
  /** the rule that left it only call or fold: "check" said facing a bet (tda 55) or a check out of turn (tda 53) */
  restrictedBy: 'tda 55' | 'tda 53' | null;
  /** tda 46B: the seat took chips back while facing a raise; it may not fold */
  withdrewFacingRaise: boolean;
  /**
   * tda 51, seed 002 undercall example 1: chips short of a raise, more than two players: the seat has neither called
   * nor folded; the floor rules (floorRulings.ts)
   */
  undercall?: UndercallPending | null;
}

/** An undercall facing a raise waiting for the floor: the stop alert, what a fold forfeits, what was pushed. */
export interface UndercallPending {
  alertId: number;
  forfeit: number;
  pushed: number;
}

declare module '../hand/state.js' {
  interface SeatState {
    /** what the chip rules remember about the seat this betting round (absent: nothing yet) */
    chipRules?: SeatChipRules;
  }
}

export function chipRulesOf(s: SeatState): SeatChipRules {
  if (!s.chipRules)
    s.chipRules = {
      declared: false,
      outOfTurn: null,
      callOrFoldOnly: false,
      restrictedBy: null,
      withdrewFacingRaise: false,
    };
  return s.chipRules;
}

/** Raises a betting alert: its texts are rendered from these facts by the catalogue (alerts/catalogue.ts). */
export function raiseBettingAlert(
  state: HandState,
  code: BettingAlertCode,
  facts: BettingAlertFacts,
  opts: { rule?: string; reason?: string } = {},
): Alert {
  return raiseAlert(state, code, {
    ...facts,
    ...(opts.rule !== undefined ? { rule: opts.rule } : {}),
    ...(opts.reason !== undefined ? { reason: opts.reason } : {}),
  });
}

/** Announces what a chip reading's rule changed (OVERSIZED_CHIP, MULTI_CHIP, UNDERCALL, ...), if anything. */
export function announceReading(state: HandState, s: SeatState, reading: ChipReading): void {
  const a = reading.alert;
  if (!a) {
    // chips beyond what the reading takes that no rule announced (more than the seat's stack, say): named, with
    // the amount to give back
    if (reading.giveBack > 0)
      raiseAlert(state, 'CHIPS_OUT_OF_ROUND', {
        seat: s.seat,
        zone: `bet${s.seat}`,
        chips: s.zone.slice(),
        amount: reading.giveBack,
        to: reading.to,
        variant: 'surplus',
      });
    return;
  }
  raiseAlert(state, a.code, {
    ...readingFacts(s.seat, reading),
    zone: `bet${s.seat}`,
    chips: s.zone.slice(),
    rule: a.rule,
    ...(a.severity !== undefined ? { severity: a.severity } : {}),
    reason: a.detail,
  });
}

/**
 * The facts of the round an undercall needs (tda 51): whether the bet faced is the opening bet (the big blind before
 * the flop, the first bet after it), the players still in, and the round's bet levels.
 */
export function roundFacts(
  state: HandState,
): Pick<
  BettingContext,
  'facingOpeningBet' | 'playersInHand' | 'betLevels' | 'shortBetsShowing' | 'confusingBetsShowing'
> {
  const levels: number[] = state.street === 'preflop' ? [state.config.blinds[1]] : [];
  for (const d of roundDecisions(state)) if (d.kind === 'bet' || d.kind === 'raise') levels.push(d.to);
  let live = 0;
  const shortBetsShowing: number[] = [];
  const confusingBetsShowing: number[] = [];
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (!s || s.folded) continue;
    live++;
    // a bet or raise whose completion is still owed shows less than the rules read (tda 52)
    if (s.owed > 0 && s.committed === state.round.currentBet) {
      // short of a declared amount the words gave (no completion rule applied): words and chips conflict, the
      // floor decides (seed 002, TDA rule 1); short of a minimum the rules completed: tda 52
      const last = roundDecisions(state)
        .filter((d) => d.seat === s.seat)
        .at(-1);
      if (last && last.source === 'say' && last.rule === null) confusingBetsShowing.push(s.committed - s.owed);
      else shortBetsShowing.push(s.committed - s.owed);
    }
  }
  return {
    facingOpeningBet: levels.length <= 1,
    playersInHand: live,
    betLevels: levels,
    shortBetsShowing,
    confusingBetsShowing,
  };
}

/** The seat acted, and another seat has acted since (the chips then belong to a new turn). */
export function someoneActedSince(state: HandState, seat: number): boolean {
  const actions = roundDecisions(state);
  const last = actions[actions.length - 1];
  return last !== undefined && last.seat !== seat;
}

/** How the seat's standing action reads in an alert: its bet or raise, a call, or a check. */
function standingAction(state: HandState, s: SeatState): 'bet' | 'raise' | 'call' | 'check' {
  if (state.round.aggressor === s.seat && s.committed === state.round.currentBet) {
    return state.street !== 'preflop' && (roundFacts(state).betLevels?.length ?? 0) <= 1 ? 'bet' : 'raise';
  }
  return s.committed > 0 ? 'call' : 'check';
}

/**
 * A zone of a seat that already acted this round changed. `roundTotal` is what now lies there for this round,
 * `previousTotal` what lay there before the motion. Up to what the rules committed: owed chips arriving. Beyond it: a
 * string bet (tda 56) unless the action was declared or a new turn began. Down: change being made or a withdrawal
 * (tda 46B). Returns the chips the seat still owes.
 */
export function judgeChipsAfterAction(
  state: HandState,
  s: SeatState,
  roundTotal: number,
  previousTotal: number,
  before: readonly number[] = [],
): void {
  const rules = chipRulesOf(s);
  const ruled = s.committed;
  if (roundTotal < previousTotal) {
    const drop = classifyZoneDrop({ roundComplete: false, ruledTo: ruled, before: previousTotal, after: roundTotal });
    // chips not of this round leaving the zone (the big-blind ante collected) take nothing the rules read: only a
    // zone holding less than the seat's total, all its chips counted, has lost some of it
    if (drop === 'withdrawal' && sum(s.zone) < ruled) {
      const r = withdrawalRuling({
        ruledTo: ruled,
        after: roundTotal,
        currentBet: state.round.currentBet,
        onTurn: state.round.toAct === s.seat,
        canRaise: true,
      });
      if (r.variant === 'facingRaise') rules.withdrewFacingRaise = true;
      if (r.alertNow) {
        raiseBettingAlert(state, 'CHIPS_WITHDRAWN', {
          seat: s.seat,
          owed: r.restore,
          to: ruled,
          call: state.round.currentBet,
          variant: r.variant,
        });
      }
    }
    s.owed = Math.max(0, ruled - roundTotal);
    return;
  }
  if (roundTotal <= ruled) {
    s.owed = ruled - roundTotal;
    return;
  }
  const nextSeatActed = someoneActedSince(state, s.seat);
  if (nextSeatActed && state.round.toAct !== s.seat && state.round.currentBet > ruled) {
    // chips answering a later bet before the turn came back: an action out of turn (tda 53)
    holdOutOfTurn(state, s, 'chips', before);
    return;
  }
  const stringBet = isStringBet({
    declared: rules.declared,
    nextSeatActed,
    ruledTo: ruled,
    before: previousTotal,
    after: roundTotal,
  });
  if (stringBet) {
    raiseBettingAlert(state, 'STRING_BET', {
      seat: s.seat,
      action: standingAction(state, s),
      to: ruled,
      giveBack: roundTotal - Math.max(previousTotal, ruled),
    });
  } else if (roundTotal > ruled + s.returned) {
    // more than the seat's action holds, and no rule reads it (a declared amount already paid, a new motion after
    // others acted with nothing to answer, an all-in's extra chips): named, never dropped. Chips paying a declared
    // action that was still owed are plain change (LOI 36, tda 40A), not an action out of turn
    const change = rules.declared && previousTotal < ruled && s.owed > 0;
    raiseAlert(state, 'CHIPS_OUT_OF_ROUND', {
      seat: s.seat,
      zone: `bet${s.seat}`,
      chips: s.zone.slice(),
      amount: roundTotal - Math.max(previousTotal, ruled + s.returned),
      to: ruled,
      variant: change ? 'change' : 'surplus',
    });
  }
  s.owed = 0;
}

/**
 * Reads the chips of the seat on turn. A seat left only call or fold by its own check has its option closed by that
 * rule (tda 55, tda 53) rather than by tda 47. The round facts an undercall needs (tda 51, 52) are gathered only when
 * the chips come short of the call, so the common reading costs nothing more.
 */
export function readSeatChips(
  state: HandState,
  ctx: BettingContext,
  prior: readonly number[],
  zone: readonly number[],
  declaration: DeclarationInput | undefined,
): ChipReading {
  const closedBy = state.seats[state.round.toAct]?.chipRules?.restrictedBy;
  if (closedBy) ctx = { ...ctx, raiseClosedBy: closedBy };
  const reading = readChips(ctx, prior, zone, declaration);
  if (reading.alert?.code !== 'UNDERCALL') return reading;
  return readChips({ ...ctx, ...roundFacts(state) }, prior, zone, declaration);
}

/** Applies a reading to the round (the reading's alert is announced first). False when nothing is settled yet. */
export function applyReading(
  state: HandState,
  s: SeatState,
  reading: ChipReading,
  declared: boolean,
  rule?: string,
): boolean {
  if (reading.undetermined) return false;
  if (reading.alert?.code === 'UNDERCALL' && reading.alert.facts?.ruling === 'floor') {
    // tda 51B: the TD decides whether the player completes the call or folds: no call is presumed, the turn stays
    const before = state.alerts.length;
    announceReading(state, s, reading);
    const alert = state.alerts[before];
    if (alert) {
      chipRulesOf(s).undercall = {
        alertId: alert.id,
        forfeit: reading.alert.facts.forfeit ?? s.committed,
        pushed: reading.alert.facts.zoneTotal ?? s.committed,
      };
    }
    return true;
  }
  announceReading(state, s, reading);
  const pending = s.chipRules?.undercall;
  if (pending) {
    // the undercaller acted after all (completed the call, or folded): the question the floor had is answered
    s.chipRules = { ...chipRulesOf(s), undercall: null };
    resolveAlert(state, pending.alertId);
  }
  if (declared || s.chipRules) chipRulesOf(s).declared = declared;
  const why: DecisionWhy = {
    source: declared ? 'say' : 'chips',
    chips: s.zone,
    rule: rule ?? reading.alert?.rule ?? null,
  };
  switch (reading.action) {
    case 'check':
      doCheck(state, s.seat, why);
      break;
    case 'call':
      doCall(state, s.seat, why);
      break;
    case 'bet':
    case 'raise':
      doRaiseTo(state, s.seat, reading.to, why);
      break;
    case 'fold':
      doFold(state, s.seat, why);
      break;
    default: {
      const never: never = reading.action;
      return never;
    }
  }
  return true;
}

const ootKind = (k: 'chips' | Declaration): OutOfTurnKind =>
  k === 'chips' ? 'call' : k === 'bet' ? 'bet' : k === 'allin' ? 'allin' : k;

/**
 * A seat acted (chips, words or cards) while another seat was to act (tda 53). The action is held; when its turn
 * comes it binds unless the action changed. Substantial action past the skipped seat binds it whatever follows, and
 * the floor rules on the skipped hand.
 */
export function holdOutOfTurn(
  state: HandState,
  s: SeatState,
  kind: 'chips' | Declaration,
  before: readonly number[],
  to?: number,
): void {
  const onTurn = state.round.toAct;
  const rules = chipRulesOf(s);
  if (kind === 'fold' && rules.outOfTurn?.kind === 'fold') return; // the hand's second card reaching the muck
  rules.outOfTurn = {
    kind,
    ...(to !== undefined ? { to } : {}),
    facing: state.round.currentBet,
    before: [...before],
    onTurn,
    // tda 59B: a "call" said while the bettor had not yet given its amount binds to that amount
    bindsRegardless: kind === 'call' && state.seats[onTurn]?.declaration != null,
  };
  raiseBettingAlert(state, 'ACTION_OUT_OF_TURN', { seat: s.seat, onTurn, variant: 'pending' });
  // substantial action past the skipped seat: every held action past it, in seat order
  const held: { seat: SeatState; chips: boolean }[] = [];
  for (const seat of state.seatOrder) {
    const o = state.seats[seat];
    const h = o?.chipRules?.outOfTurn;
    if (o && h && h.onTurn === onTurn)
      held.push({
        seat: o,
        chips: h.kind === 'chips' || h.kind === 'call' || h.kind === 'bet' || h.kind === 'raise' || h.kind === 'allin',
      });
  }
  if (held.length >= 2 && isSubstantialAction(held.map((h) => ({ putsChips: h.chips })))) {
    if (!held.every((h) => h.seat.chipRules?.outOfTurn?.bindsRegardless)) {
      for (const h of held) if (h.seat.chipRules?.outOfTurn) h.seat.chipRules.outOfTurn.bindsRegardless = true;
      const bound = bindPastSkippedSeat(
        state,
        onTurn,
        held.map((h) => h.seat),
      );
      // a stop: the floor rules on the skipped hand (let it act, or kill it) before play goes on
      raiseBettingAlert(state, 'ACTION_OUT_OF_TURN', { seat: s.seat, onTurn, seats: bound, variant: 'substantial' });
    }
  }
}

/**
 * tda 53, seed 002 forgotten-player examples 1 and 2: substantial action past a skipped seat that did not speak up
 * makes the out-of-turn actions binding now ("le call OOT du siège 5 est désormais contraignant … ainsi que le fold du
 * siège 6"): each is applied as it was made, in turn order from the skipped seat; the turn stays on the skipped seat,
 * whose hand the floor rules on. A later bet or raise by the skipped seat reopens the action to them like any raise.
 * Returns the seats bound, in turn order.
 */
function bindPastSkippedSeat(state: HandState, skipped: number, seats: SeatState[]): number[] {
  const order = state.seatOrder;
  const from = order.indexOf(skipped);
  const dist = (seat: number): number => (order.indexOf(seat) - from + order.length) % order.length;
  const bound: number[] = [];
  for (const o of [...seats].sort((a, b) => dist(a.seat) - dist(b.seat))) {
    if (state.phase !== 'betting' || state.round.complete) break;
    state.round.toAct = o.seat;
    releaseOutOfTurn(state, o);
    bound.push(o.seat);
  }
  const sk = state.seats[skipped];
  if (state.phase === 'betting' && !state.round.complete && sk && !sk.folded) state.round.toAct = skipped;
  return bound;
}

/**
 * The turn reached a seat holding an out-of-turn action (tda 53): a fold binds; an unchanged action binds; a changed
 * one is void (every option back), except a check, which leaves call or fold. Returns true when an action was applied.
 */
export function releaseOutOfTurn(state: HandState, s: SeatState): boolean {
  const rules = chipRulesOf(s);
  const held = rules.outOfTurn;
  if (!held) return false;
  rules.outOfTurn = null;
  const ruling = held.bindsRegardless
    ? { binds: true, variant: 'binds' as const, legal: [] }
    : outOfTurnRuling({ seat: s.seat, kind: ootKind(held.kind), facing: held.facing }, state.round.currentBet, {
        checkCallOrFold: state.config.house?.checkOutOfTurnCallOrFold === true,
      });
  if (!ruling.binds) {
    if (ruling.variant === 'callOrFold') {
      rules.callOrFoldOnly = true;
      rules.restrictedBy = 'tda 53';
    }
    raiseBettingAlert(state, 'ACTION_OUT_OF_TURN', {
      seat: s.seat,
      onTurn: s.seat,
      variant: ruling.variant,
      action: ootKind(held.kind),
    });
    return false;
  }
  const ctx = bettingContext(state, s);
  if (held.kind === 'chips') {
    const reading = readSeatChips(state, ctx, held.before, roundChips(s, s.zone), undefined);
    return applyReading(state, s, reading, false, 'tda 53');
  }
  if (held.kind === 'fold') {
    doFold(state, s.seat, { source: 'say', rule: 'tda 53' });
    return true;
  }
  const lying = roundChips(s, s.zone);
  const declaration = held.to !== undefined ? { say: held.kind, to: held.to } : { say: held.kind };
  const reading = readDeclaredChips(ctx, lying, lying, declaration);
  return applyReading(state, s, reading, true, 'tda 53');
}

/** "Check" said facing a bet (tda 55): the seat may now only call or fold. */
export function restrictToCallOrFold(s: SeatState): void {
  const rules = chipRulesOf(s);
  rules.callOrFoldOnly = true;
  rules.restrictedBy = 'tda 55';
}

/**
 * A seat folding after taking chips back facing a raise (tda 46B): it may not; its committed chips stay in the pot
 * and must be put back.
 */
export function judgeFold(state: HandState, s: SeatState): void {
  const rules = s.chipRules;
  if (!rules?.withdrewFacingRaise) return;
  rules.withdrewFacingRaise = false;
  raiseBettingAlert(state, 'CHIPS_WITHDRAWN', {
    seat: s.seat,
    owed: s.committed,
    to: s.committed,
    call: state.round.currentBet,
    variant: 'facingRaise',
  });
}

/**
 * The clock ran out on `seat` (LOI 5, club 5-6): CLOCK_EXPIRED, naming the uncalled bet the dead hand gets back. The
 * caller then kills the hand.
 */
export function raiseClockExpired(state: HandState, seat: number): void {
  const s = state.seats[seat];
  const others: number[] = [];
  for (const o of state.seatOrder) if (o !== seat) others.push(state.seats[o]?.committed ?? 0);
  raiseBettingAlert(state, 'CLOCK_EXPIRED', { seat, giveBack: s ? uncalledBetRefund(s.committed, others) : 0 });
}
