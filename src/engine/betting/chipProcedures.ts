// The betting procedures that judge HOW a seat acted, applied to a hand (issue 6): chip readings announced with their
// full text, string bets, chips withdrawn and change, action out of turn, "check" facing a bet, the killed hand's
// uncalled bet. The pure rules live in chipReading.ts, declarations.ts, stringBet.ts, withdrawals.ts, outOfTurn.ts,
// killedHand.ts; this module keeps their state on the seat (`SeatState.chipRules`) and calls the round's actions.
// The seat's chip-rule state is in seatChipRules.ts, a reading applied to the hand in readingProcedures.ts, actions
// out of turn in outOfTurnProcedures.ts; this module judges chips moved after an action, a fold, the clock.

import { raiseAlert } from '../alerts/raise.js';
import { roundDecisions } from '../hand/decisions.js';
import type { HandState, SeatState } from '../hand/state.js';
import { tda } from '../rules/ruleRef.js';
import { sum } from './chipReading.js';
import { uncalledBetRefund } from './killedHand.js';
import { holdOutOfTurn } from './outOfTurnProcedures.js';
import { roundFacts } from './readingProcedures.js';
import { chipRulesOf, raiseBettingAlert } from './seatChipRules.js';
import { isStringBet } from './stringBet.js';
import { classifyZoneDrop, withdrawalRuling } from './withdrawals.js';

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

/** "Check" said facing a bet (tda 55): the seat may now only call or fold. */
export function restrictToCallOrFold(s: SeatState): void {
  const rules = chipRulesOf(s);
  rules.callOrFoldOnly = true;
  rules.restrictedBy = tda('55');
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
