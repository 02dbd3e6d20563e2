// Chips taken back from a betting zone (tda 46B), told apart from the dealer making change and from the collection
// (docs/scenario-format.md: a zone emptying after its round is complete is the collection; dropping to what the rules read is
// change; anything else taken away is a withdrawal).
import type { LegalActionKind } from '../types.js';

export type ZoneDrop = 'collection' | 'change' | 'changeInProgress' | 'withdrawal';

export interface ZoneDropInput {
  /** the betting round is over (or the hand is): the dealer is collecting */
  roundComplete: boolean;
  /** what the rules read the seat's zone should hold: its total for the round by the rules */
  ruledTo: number;
  /** zone total (bet chips) before and after the change */
  before: number;
  after: number;
}

/**
 * Classifies a zone that lost chips. Emptied after the round: the collection. Still holding at least what the rules
 * read: change being given. Below it, when the zone held more than the rules read: the dealer has taken the big chip
 * to change it (the ruled amount must come back). Otherwise a withdrawal.
 */
export function classifyZoneDrop(z: ZoneDropInput): ZoneDrop {
  if (z.roundComplete) return 'collection';
  if (z.after >= z.ruledTo) return 'change';
  if (z.before > z.ruledTo) return 'changeInProgress';
  return 'withdrawal';
}

export interface WithdrawalRuling {
  variant: 'facingRaise' | 'betStands';
  /** what the seat must put back to restore its committed chips */
  restore: number;
  /** raise the alert now (false: the seat is on turn facing a raise and may still call or raise with them) */
  alertNow: boolean;
  /** what the seat may still do (tda 46B: facing a raise, no fold) */
  legal: LegalActionKind[];
}

/**
 * tda 46B: facing a raise, taking chips back means at least a call: the seat may not take them back and fold. A seat
 * on turn may take its chips back and push others (seed 002 situations 2 and 3), so the alert waits until it folds or
 * the round moves on; a bet taken back when not facing a raise stands and the chips must come back.
 */
export function withdrawalRuling(input: {
  ruledTo: number;
  after: number;
  currentBet: number;
  onTurn: boolean;
  canRaise: boolean;
}): WithdrawalRuling {
  const restore = Math.max(0, input.ruledTo - input.after);
  const facingRaise = input.currentBet > input.ruledTo;
  if (facingRaise) {
    return {
      variant: 'facingRaise',
      restore,
      alertNow: !input.onTurn,
      legal: input.canRaise ? ['call', 'raise', 'allin'] : ['call'],
    };
  }
  return { variant: 'betStands', restore, alertNow: true, legal: [] };
}
