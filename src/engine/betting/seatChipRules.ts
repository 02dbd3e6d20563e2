// What the chip rules remember about a seat during a betting round (`SeatState.chipRules`: declared, an out-of-turn
// action held, call-or-fold only, a withdrawal facing a raise, an undercall waiting for the floor), and the raising
// of a betting alert from its facts. Pure: state in, state changed.

import { raiseAlert } from '../alerts/raise.js';
import type { HandState, SeatState } from '../hand/state.js';
import type { RuleRef } from '../rules/ruleRef.js';
import type { Alert, Declaration } from '../types.js';
import type { BettingAlertCode, BettingAlertFacts } from './bettingAlerts.js';

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
  restrictedBy: RuleRef | null;
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

/** Raises a betting alert: its code and facts (the catalogue renders its texts at the edge, src/i18n/renderAlert.ts). */
export function raiseBettingAlert(
  state: HandState,
  code: BettingAlertCode,
  facts: BettingAlertFacts,
  opts: { rule?: RuleRef } = {},
): Alert {
  return raiseAlert(state, code, { ...facts, ...(opts.rule !== undefined ? { rule: opts.rule } : {}) });
}
