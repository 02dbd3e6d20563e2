// How the chips a seat pushed into its betting zone are read as an action (docs/rules.md, Betting).
// Each interpretation lives in one function named after it: the oversized chip (tda 44, LOI 11), the multi-chip
// bet and its 50% line (tda 45, LOI 10), chips already in the zone (tda 46, seed 002 situations 1-5), the opening
// bet under the big blind, the undercall (tda 51) and the raise a closed option does not allow (tda 47).
// Declarations combined with chips (tda 40, 43B, 55) are read in declarations.ts.
import { type RuleRef, tda } from '../rules/ruleRef.js';
import type { AlertCode, Declaration, LegalActionKind, Severity } from '../types.js';
import { minimumIncrement, minimumRaiseTotal } from './minimumRaise.js';
import { undercallForfeit, undercallRuling } from './undercall.js';

/** What the engine knows about the betting round when a seat's chips are read. */
export interface BettingContext {
  bigBlind: number;
  /** the highest total any seat has committed this round (the bet to face) */
  currentBet: number;
  /** this seat's total committed this round before this action (blinds included) */
  committed: number;
  /** the minimum raise increment: the largest full bet or raise of this round (at least the big blind) */
  minRaiseIncrement: number;
  /** chips behind the seat before this action, not counting `committed` */
  stack: number;
  /** false when the seat's option is closed (tda 47): it may only call or fold */
  canRaise: boolean;
  /** the rule that closed the option when it is not tda 47: the seat's own check facing a bet (tda 55, tda 53) */
  raiseClosedBy?: RuleRef;
  /** the smallest denomination in play */
  unit: number;
  /** chips lying in the zone that are not part of the bet (the big-blind ante before it is collected); default 0 */
  zoneDead?: number;
  /**
   * true when the bet faced is the round's opening bet (the big blind before the flop, the first bet after it):
   * an undercall must then be completed (tda 51). Default: the bet faced is no more than the big blind.
   */
  facingOpeningBet?: boolean;
  /** players still in the hand (not folded); with two an undercall must be completed (tda 51). Default: 3 */
  playersInHand?: number;
  /** the successive bet totals of this round, smallest first (to find the bet an undercall answered) */
  betLevels?: number[];
  /**
   * What lies in the zones of seats whose bet or raise is short of what the rules read (a completion still owed).
   * Chips matching one of these acted on a raise under the minimum: all complete to it (tda 52).
   */
  shortBetsShowing?: number[];
  /**
   * What lies in the zones of seats whose declared bet or raise the chips do not show (words said an amount, the
   * chips pushed less). Chips matching one of these answered the chips, not the words: a confusing situation the floor
   * decides (seed 002, TDA rule 1).
   */
  confusingBetsShowing?: number[];
}

/** A binding declaration the seat made for this action (tda 40), if any. */
export interface DeclarationInput {
  say: Declaration;
  /** declared total for the round (bet/raise) */
  to?: number;
  /**
   * true when the words came after the chips' motion: the first action stands (tda 40A), so the chips are read as
   * if pushed silently. Default false (the words came first and bind).
   */
  afterChips?: boolean;
}

/** Facts an alert's text is built from (bettingAlerts.ts). */
export interface ReadingFacts {
  /** the total the seat faced */
  call: number;
  /** the minimum total of a raise (or of a bet: the big blind) */
  minRaiseTo: number;
  /** value of the chips in the zone (bet chips only) */
  zoneTotal: number;
  /** a declared total, when one was said */
  declared?: number;
  /** undercall: complete the call, or the floor decides (tda 51) */
  ruling?: 'complete' | 'floor' | 'confusing' | 'checked';
  /** undercall: what the seat forfeits if the floor lets it fold (the bet its chips answered) */
  forfeit?: number;
}

export interface ChipReading {
  action: 'check' | 'call' | 'bet' | 'raise' | 'fold';
  /** the seat's total for the round after this action (what counts as committed by the rules) */
  to: number;
  /** true when `to` takes the seat's whole stack */
  allIn: boolean;
  /** chips the dealer hands back (zone total beyond `to`) */
  giveBack: number;
  /** chips still owed by the seat to reach `to` (a completion, a declared amount not yet pushed) */
  owed: number;
  /** the interpretation to announce, when the rules changed what the chips alone would say */
  alert?: { code: AlertCode; rule: RuleRef; detail: string; severity?: Severity; facts?: ReadingFacts };
  /**
   * Set when nothing is settled yet: the seat is still to act and may only take one of these (a "check" said facing a
   * bet, tda 55: call or fold). `action` is then 'check' with nothing committed, a placeholder the flow must not apply.
   */
  undetermined?: LegalActionKind[];
}

export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** The smallest total a seat may bet or raise to: the big blind when opening, else the bet plus the minimum raise. */
export function minRaiseTo(ctx: BettingContext): number {
  return minimumRaiseTotal(ctx);
}

/** The seat's all-in total for the round. */
export const allInTo = (ctx: BettingContext): number => ctx.committed + ctx.stack;

/** What the seat must reach to call: the bet, capped at its stack. */
export const callTo = (ctx: BettingContext): number => Math.min(ctx.currentBet, allInTo(ctx));

export function factsOf(ctx: BettingContext, zoneTotal: number): ReadingFacts {
  return { call: ctx.currentBet, minRaiseTo: minRaiseTo(ctx), zoneTotal };
}

/** The multiset difference between what lay in the zone and what lies there now. */
export function splitZone(
  prior: readonly number[],
  zone: readonly number[],
): { kept: number[]; removed: number[]; added: number[] } {
  const left = [...prior];
  const kept: number[] = [];
  const added: number[] = [];
  for (const chip of zone) {
    const i = left.indexOf(chip);
    if (i >= 0) {
      left.splice(i, 1);
      kept.push(chip);
    } else added.push(chip);
  }
  return { kept, removed: left, added };
}

/**
 * tda 45, seed 002 multi-chip point 1: every chip is needed to call when taking the smallest of `chips` away leaves
 * `total` short of the call.
 */
export function isEveryChipNeeded(chips: readonly number[], total: number, call: number): boolean {
  if (chips.length === 0) return true;
  return total - Math.min(...chips) < call;
}

/** A reading that settles the seat at `to` from a zone worth `total`. */
function settle(ctx: BettingContext, action: ChipReading['action'], to: number, total: number): ChipReading {
  return {
    action,
    to,
    allIn: to === allInTo(ctx) && ctx.stack > 0 && action !== 'fold' && action !== 'check',
    giveBack: Math.max(0, total - to),
    owed: Math.max(0, to - total),
  };
}

/** A call (or check when nothing more is due) to the bet faced. */
function callReading(ctx: BettingContext, total: number): ChipReading {
  const to = callTo(ctx);
  const action = to === ctx.committed ? 'check' : 'call';
  return settle(ctx, action, to, total);
}

/**
 * tda 47, LOI 38: a raise by a seat whose option is closed is held to a call (RAISE_NOT_ALLOWED, warn). The same when
 * the seat's own check facing a bet left it call or fold (tda 55, tda 53: `raiseClosedBy`).
 */
export function readRaiseNotAllowed(ctx: BettingContext, total: number): ChipReading {
  const reading = callReading(ctx, total);
  reading.alert = {
    code: 'RAISE_NOT_ALLOWED',
    rule: ctx.raiseClosedBy ?? tda('47'),
    severity: 'warn',
    detail: `option closed: held to a call of ${reading.to}`,
    // the seat's own check (tda 55) or its out-of-turn check (tda 53) closed it: a typed ruling, not the rule's text
    facts: { ...factsOf(ctx, total), ...(ctx.raiseClosedBy ? { ruling: 'checked' as const } : {}) },
  };
  return reading;
}

/** A raise (or bet) to `to`, unless the seat's option is closed. */
function raiseReading(ctx: BettingContext, to: number, total: number): ChipReading {
  if (!ctx.canRaise && ctx.currentBet > 0) return readRaiseNotAllowed(ctx, total);
  return settle(ctx, ctx.currentBet === 0 ? 'bet' : 'raise', to, total);
}

/**
 * tda 51, seed 002 undercall examples 1-4: chips short of the call put in silently. Facing the opening bet, or heads-up,
 * the call must be completed; otherwise the floor decides whether the seat completes the call or folds, forfeiting the
 * bet its chips answered. That reading is a call only in name: the table waits for the floor (readingProcedures.ts).
 */
export function readUndercall(ctx: BettingContext, total: number): ChipReading {
  if (ctx.confusingBetsShowing?.includes(total)) return readWordsAndChipsConflict(ctx, total);
  if (ctx.shortBetsShowing?.includes(total)) return readShortRaiseActedOn(ctx, total);
  const reading = settle(ctx, 'call', callTo(ctx), total);
  const ruling = undercallRuling({
    facingOpeningBet: ctx.facingOpeningBet ?? ctx.currentBet <= ctx.bigBlind,
    playersInHand: ctx.playersInHand ?? 3,
  });
  const facts: ReadingFacts = { ...factsOf(ctx, total), ruling };
  if (ruling === 'floor') facts.forfeit = undercallForfeit(ctx.betLevels ?? [ctx.currentBet], total, ctx.committed);
  reading.alert = {
    code: 'UNDERCALL',
    rule: tda('51'),
    // facing a raise the TD decides: a stop, the seat neither called nor folded until the floor rules
    severity: ruling === 'floor' ? 'stop' : 'warn',
    detail:
      ruling === 'complete'
        ? `${total} short of the call of ${ctx.currentBet}: must complete ${reading.owed}`
        : `${total} short of the call of ${ctx.currentBet}: floor decides`,
    facts,
  };
  return reading;
}

/**
 * Seed 002 (TDA rule 1): the bettor declared an amount but pushed less, and this seat answered the chips showing.
 * Words and chips conflict: the floor decides which bet stands. Until then the seat is held to the declared bet.
 */
export function readWordsAndChipsConflict(ctx: BettingContext, total: number): ChipReading {
  const reading = settle(ctx, 'call', callTo(ctx), total);
  reading.alert = {
    code: 'UNDERCALL',
    rule: tda('1'),
    severity: 'stop',
    detail: `${total} answers the chips of a bet declared at ${ctx.currentBet}: the floor decides`,
    facts: { ...factsOf(ctx, total), ruling: 'confusing', declared: ctx.currentBet },
  };
  return reading;
}

/**
 * tda 52: chips matching a raise that still lies short of the minimum (its completion not yet pushed) acted on that
 * raise: the seat completes to the full amount like everyone else (UNDERCALL, rule tda 52, must complete).
 */
export function readShortRaiseActedOn(ctx: BettingContext, total: number): ChipReading {
  const reading = settle(ctx, 'call', callTo(ctx), total);
  reading.alert = {
    code: 'UNDERCALL',
    rule: tda('52'),
    severity: 'warn',
    detail: `${total} matches a raise short of the minimum: all complete to ${ctx.currentBet}`,
    facts: { ...factsOf(ctx, total), ruling: 'complete' },
  };
  return reading;
}

/** Chips that reach at most the call: a call, an all-in for less, or an undercall. */
function readCallChips(ctx: BettingContext, total: number): ChipReading {
  if (total >= ctx.currentBet || total >= allInTo(ctx)) return callReading(ctx, total);
  return readUndercall(ctx, total);
}

/**
 * tda 44, LOI 11: one chip pushed silently facing a bet is a call, even when it is larger than the call
 * (OVERSIZED_CHIP, info, when change goes back). Short of the call it is an undercall unless it is all-in.
 */
export function readOversizedChip(ctx: BettingContext, total: number): ChipReading {
  const reading = readCallChips(ctx, total);
  if (reading.giveBack > 0 && !reading.alert) {
    reading.alert = {
      code: 'OVERSIZED_CHIP',
      rule: tda('44'),
      severity: 'info',
      detail: `one chip, no declaration: a call of ${reading.to}, ${reading.giveBack} back`,
      facts: factsOf(ctx, total),
    };
  }
  return reading;
}

/**
 * tda 45, LOI 10, seed 002 multi-chip examples 1-A to 4-B and points 1-4: several chips pushed silently facing a bet.
 * Every chip needed to call: a call (even with the last chips). Otherwise: the last chips are all-in whatever the 50%
 * line; a total reaching the call plus half the minimum raise is a raise (to the total, completed to the minimum);
 * below that line a call and the extra goes back. `chips` are the chips whose smallest may be taken away (the chips
 * added this motion when prior chips were left alone, else the whole zone); `total` the whole zone's value.
 */
export function readMultiChipBet(ctx: BettingContext, chips: readonly number[], total: number): ChipReading {
  let reading: ChipReading;
  if (isEveryChipNeeded(chips, total, ctx.currentBet)) {
    reading = readCallChips(ctx, total);
  } else if (total >= allInTo(ctx)) {
    // seed 002 multi-chip point 4: the last chips, not all needed to call, are all-in
    reading = allInTo(ctx) > ctx.currentBet ? raiseReading(ctx, allInTo(ctx), total) : callReading(ctx, total);
  } else if (reachesHalfMinimumRaise(ctx, total)) {
    reading = raiseReading(ctx, Math.min(Math.max(total, minRaiseTo(ctx)), allInTo(ctx)), total);
  } else {
    reading = callReading(ctx, total);
  }
  if ((reading.giveBack > 0 || reading.owed > 0) && !reading.alert) {
    reading.alert = {
      code: 'MULTI_CHIP',
      rule: tda('45'),
      severity: 'info',
      detail:
        reading.owed > 0
          ? `several chips over the 50% line: a raise to ${reading.to}, ${reading.owed} to complete`
          : `several chips under the 50% line: ${reading.action === 'check' ? 'a check' : `a call of ${reading.to}`}, ${reading.giveBack} back`,
      facts: factsOf(ctx, total),
    };
  }
  return reading;
}

/**
 * The 50% line of tda 45 / LOI 10 as seed 002 computes it: the call plus half the minimum raise (multi-chip example 2:
 * call 1100, minimum raise 600, a raise from 1400). Compared doubled so an odd increment needs no rounding.
 */
export function reachesHalfMinimumRaise(ctx: BettingContext, total: number): boolean {
  return 2 * total >= 2 * ctx.currentBet + minimumIncrement(ctx);
}

/**
 * tda 44 (no bet faced): one chip opens for its full value; several chips open for their total. Under the big blind
 * and not all-in: BET_UNDER_MINIMUM (info), completed to the big blind.
 */
export function readOpeningBet(ctx: BettingContext, total: number): ChipReading {
  if (total <= 0) return settle(ctx, 'check', 0, total);
  if (total >= allInTo(ctx)) return settle(ctx, 'bet', allInTo(ctx), total);
  if (total < ctx.bigBlind) {
    const reading = settle(ctx, 'bet', Math.min(ctx.bigBlind, allInTo(ctx)), total);
    reading.alert = {
      code: 'BET_UNDER_MINIMUM',
      rule: tda('43'),
      severity: 'info',
      detail: `a bet of ${total} is under the big blind: completed to ${reading.to}`,
      facts: factsOf(ctx, total),
    };
    return reading;
  }
  return settle(ctx, 'bet', total, total);
}

/**
 * tda 46, seed 002 situations 1-5: how chips already in the zone from earlier in the round (blinds included) combine
 * with the chips added, facing a bet.
 * - 1: prior chips short of the call, left alone: one chip added is a call; several added are a call when every added
 *   chip is needed, otherwise the total is a multi-chip bet.
 * - 2: all prior chips taken back: the new chips are read alone (one chip: call; several: multi-chip).
 * - 3: some prior chips taken back: the whole zone is a multi-chip bet.
 * - 4: prior chips covering the call (the big blind's option): anything added is read with them as one multi-chip bet.
 * - 5: gathering and pushing everything is a bet of all of it (the all-in reading of the multi-chip rule).
 */
export function readPriorChips(
  ctx: BettingContext,
  prior: readonly number[],
  zone: readonly number[],
  total: number,
): ChipReading {
  const dead = ctx.zoneDead ?? 0;
  const { kept, removed, added } = splitZone(prior, zone);
  if (kept.length === 0) {
    // fresh chips, or situation 2
    return zone.length === 1 ? readOversizedChip(ctx, total) : readMultiChipBet(ctx, zone, total);
  }
  if (removed.length > 0) return readMultiChipBet(ctx, zone, total); // situation 3
  if (sum(kept) - dead >= ctx.currentBet) return readMultiChipBet(ctx, zone, total); // situation 4
  // situation 1
  if (added.length === 1) return readOversizedChip(ctx, total);
  return readMultiChipBet(ctx, added, total);
}

/**
 * Reads the chips now in a seat's zone, pushed silently (no declaration, or words that came after the chips: tda
 * 40A). `prior` is what lay in the zone from earlier in the round (blinds included), `zone` what lies there now (the
 * whole content). With a declaration made first, readChips.ts reads them with declarations.ts.
 */
export function readSilentChips(ctx: BettingContext, prior: readonly number[], zone: readonly number[]): ChipReading {
  const total = Math.max(0, sum(zone) - (ctx.zoneDead ?? 0));
  if (ctx.currentBet === 0) return readOpeningBet(ctx, total);
  if (splitZone(prior, zone).added.length === 0) {
    // nothing pushed: the seat has not acted (facing a bet) or nothing more is due (the big blind's option)
    if (ctx.committed >= ctx.currentBet) return settle(ctx, 'check', ctx.committed, total);
    return {
      ...settle(ctx, 'check', ctx.committed, total),
      giveBack: 0,
      undetermined: ctx.canRaise ? ['fold', 'call', 'raise', 'allin'] : ['fold', 'call'],
    };
  }
  return readPriorChips(ctx, prior, zone, total);
}
