// A chip reading applied to the hand: the alert its rule raised announced, the round facts an undercall needs
// (tda 51, 52), the chips of the seat on turn read, and the reading's action played on the round. Pure.
import { raiseAlert, resolveAlert } from '../alerts/raise.js';
import { type DecisionWhy, roundDecisions } from '../hand/decisions.js';
import type { HandState, SeatState } from '../hand/state.js';
import type { RuleRef } from '../rules/ruleRef.js';
import { readingFacts } from './bettingAlerts.js';
import type { BettingContext, ChipReading, DeclarationInput } from './chipReading.js';
import { readChips } from './readChips.js';
import { doCall, doCheck, doFold, doRaiseTo } from './round.js';
import { chipRulesOf } from './seatChipRules.js';

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
  rule?: RuleRef,
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
