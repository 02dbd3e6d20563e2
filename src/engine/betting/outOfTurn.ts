// Action out of turn (tda 53, seed 002 out-of-turn examples 1-2 and the passive example; substantial action past a
// skipped seat, tda 36 as docs/rules.md states it).
import type { LegalActionKind } from '../types.js';

export type OutOfTurnKind = 'check' | 'call' | 'bet' | 'raise' | 'allin' | 'fold';

export interface OutOfTurnAction {
  seat: number;
  kind: OutOfTurnKind;
  /** the total it bet, raised or called to */
  to?: number;
  /** the bet the seat faced when it acted out of turn */
  facing: number;
}

export interface OutOfTurnRuling {
  /** the out-of-turn action is applied as it was made */
  binds: boolean;
  variant: 'binds' | 'void' | 'callOrFold' | 'foldBinds';
  /** what the seat may do when it is not bound */
  legal: LegalActionKind[];
}

/**
 * When the turn reaches a seat that acted out of turn (tda 53). A fold binds always. Otherwise the action binds if the
 * bet the seat faces has not changed (checks, calls and folds in between are no change). If someone bet or raised in
 * between, the action is void and the seat has every option: the rule text (tda 53, seed 004: "si l'action change
 * avant de l'atteindre, le joueur … a toutes les options ouvertes") and seed 002 out-of-turn example 2 (a check out of
 * turn, then a bet: "le siège 6 a tous les choix possibles"). The seed's passive example (a check out of turn leaves
 * call or fold) is a house rule a card room may choose: `checkCallOrFold`, off by default.
 */
export function outOfTurnRuling(
  action: OutOfTurnAction,
  facingNow: number,
  house: { checkCallOrFold?: boolean } = {},
): OutOfTurnRuling {
  if (action.kind === 'fold') return { binds: true, variant: 'foldBinds', legal: [] };
  if (facingNow === action.facing) return { binds: true, variant: 'binds', legal: [] };
  if (action.kind === 'check' && house.checkCallOrFold)
    return { binds: false, variant: 'callOrFold', legal: ['fold', 'call'] };
  return { binds: false, variant: 'void', legal: ['fold', 'call', 'raise', 'allin'] };
}

/** One action for the substantial-action count: whether it put chips in. */
export interface CountedAction {
  putsChips: boolean;
}

/**
 * Substantial action (docs/rules.md, after TDA 2024 rule 36): two consecutive actions at least one of which puts chips in,
 * or any three consecutive actions. Blinds are not actions here.
 */
export function isSubstantialAction(actions: readonly CountedAction[]): boolean {
  if (actions.length >= 3) return true;
  return actions.length === 2 && (actions[0].putsChips || actions[1].putsChips);
}

/**
 * tda 53, seed 002 out-of-turn examples 1 and 2: substantial action by seats left of a skipped seat, the skipped
 * player not having spoken up, binds them; the floor rules on the skipped hand.
 */
export function skippedSeatRuling(input: {
  actionsPastSkippedSeat: readonly CountedAction[];
  skippedSpokeUp: boolean;
}): 'bindsFloorRules' | 'pending' {
  if (input.skippedSpokeUp) return 'pending';
  return isSubstantialAction(input.actionsPastSkippedSeat) ? 'bindsFloorRules' : 'pending';
}
