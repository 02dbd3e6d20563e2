// The string bet (tda 56, LOI 36): a bet or raise is made in one motion. Chips added in a second motion before the
// next seat acts, without a declaration, do not count: only the first motion does.
import { tda } from '../rules/ruleRef.js';
import { type BettingContext, type ChipReading, callTo } from './chipReading.js';

export interface SecondMotion {
  /** the seat declared its action (a declaration binds; the chips that follow pay it) */
  declared: boolean;
  /** the next seat has acted since the first motion (the chips then belong to a new turn) */
  nextSeatActed: boolean;
  /** what the rules read from the first motion: the seat's total, owed chips included */
  ruledTo: number;
  /** zone total (bet chips) before and after this motion */
  before: number;
  after: number;
}

/**
 * A second motion is a string bet when, silent and before the next seat acts, it adds chips beyond what the first
 * motion's reading already owed (paying a completion or a declared amount is not a string bet).
 */
export function isStringBet(m: SecondMotion): boolean {
  return !m.declared && !m.nextSeatActed && m.after > m.before && m.after > m.ruledTo;
}

/**
 * tda 56: only the first motion counts; if it was the call amount or less, it is a call (even short of the call: the
 * second motion shows the player meant to call). The chips beyond it go back. `ctx` is the context the first motion
 * was read in, `first` its reading, `total` the zone total now.
 */
export function readStringBet(ctx: BettingContext, first: ChipReading, total: number): ChipReading {
  const base: ChipReading =
    first.to <= ctx.currentBet
      ? {
          action: callTo(ctx) === ctx.committed ? 'check' : 'call',
          to: callTo(ctx),
          allIn: callTo(ctx) === ctx.committed + ctx.stack && ctx.stack > 0,
          giveBack: 0,
          owed: 0,
        }
      : { action: first.action, to: first.to, allIn: first.allIn, giveBack: 0, owed: 0 };
  base.giveBack = Math.max(0, total - base.to);
  base.owed = Math.max(0, base.to - total);
  base.alert = {
    code: 'STRING_BET',
    rule: tda('56'),
    severity: 'warn',
    detail: `second motion without a declaration: only the first counts (${base.action} ${base.to})`,
    facts: { call: ctx.currentBet, minRaiseTo: first.to, zoneTotal: total },
  };
  return base;
}
