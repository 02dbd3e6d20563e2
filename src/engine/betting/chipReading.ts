// How the chips a seat pushed into its betting zone are read as an action (rules.md, Betting).
// MINIMAL FIRST VERSION: exact amounts only. The full TDA interpretations (oversized chip tda 44,
// multi-chip 50% rule tda 45, prior chips tda 46, bet under the minimum, declarations tda 40/43B/55)
// replace the body of readChips, keeping this contract.
import type { AlertCode, Declaration } from '../types.js';

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
  /** the smallest denomination in play */
  unit: number;
}

/** A binding declaration the seat made for this action (tda 40), if any. */
export interface DeclarationInput {
  say: Declaration;
  /** declared total for the round (bet/raise) */
  to?: number;
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
  alert?: { code: AlertCode; rule: string; detail: string };
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/**
 * Reads the chips now in a seat's zone. `prior` is what lay in the zone from earlier in the round (blinds
 * included), `zone` what lies there now (the whole content).
 */
export function readChips(
  ctx: BettingContext,
  prior: readonly number[],
  zone: readonly number[],
  declaration?: DeclarationInput,
): ChipReading {
  void prior;
  void declaration;
  const total = sum(zone);
  const maxTo = ctx.committed + ctx.stack;
  const to = Math.min(total, maxTo);
  const allIn = to === maxTo;
  const giveBack = total - to;
  if (to <= ctx.currentBet) {
    if (to === ctx.committed && ctx.currentBet === ctx.committed) return { action: 'check', to, allIn, giveBack, owed: 0 };
    return { action: 'call', to, allIn, giveBack, owed: 0 };
  }
  return { action: ctx.currentBet === 0 ? 'bet' : 'raise', to, allIn, giveBack, owed: 0 };
}
