// What the engine decided, one typed value per action: the chip ledger, the hand-history writers,
// the views and the tablet read these values. The hand's PHH text is rendered from them by the PHH writer
// (src/phh/write.ts) only: the state keeps no text.
import type { Street } from '../types.js';
import type { HandState } from './state.js';

export type DecisionKind =
  /** the rules posted the small blind at the shuffle (`amount`: what the seat could pay) */
  | 'postSb'
  /** the rules posted the big blind (a short big blind pays the blind first: tda 72) */
  | 'postBb'
  /** the rules posted the big blind's ante (dead money: never called, never given back as uncalled) */
  | 'postAnte'
  /** the initial deal ended: a seat's hole cards as dealt (PHH `d dh`) */
  | 'dealHole'
  /** a street dealt (PHH `d db`); seat 0 */
  | 'dealBoard'
  | 'fold'
  | 'check'
  | 'call'
  | 'bet'
  | 'raise'
  /** a hand tabled at showdown or for an all-in (PHH `pN sm CARDS`) */
  | 'show'
  /** the part of the seat's bet no one called went back to it when the betting ended (`amount`: the chips back) */
  | 'uncalled';

/** The posts the rules make at the shuffle (PHH writes them as `blinds_or_straddles` and `antes`, not as actions). */
export const POST_KINDS: ReadonlySet<DecisionKind> = new Set<DecisionKind>(['postSb', 'postBb', 'postAnte']);
export const isPost = (d: { kind: DecisionKind }): boolean => POST_KINDS.has(d.kind);

/** What the decision was read from. */
export type DecisionSource =
  /** chips pushed into the seat's betting zone (read by the TDA chip rules) */
  | 'chips'
  /** a declaration or a tablet tap for the seat */
  | 'say'
  /** the seat's cards read in the muck */
  | 'muck'
  /** a check inferred from a later seat acting, or from the dealer burning for the next street */
  | 'inferred'
  /** the engine's own procedure: the deal, a street, a hand tabled */
  | 'table';

export interface Decision {
  kind: DecisionKind;
  street: Street;
  /** the seat (1-10); 0 for the board */
  seat: number;
  /** chips this action added to the seat's commitment for the round */
  amount: number;
  /** the seat's total for the round after the action (bet and raise: the total bet or raised to) */
  to: number;
  /** the bet the seat faced before it acted */
  facing: number;
  /** bet and raise: how much the bet to face went up */
  raiseBy: number;
  /** the action took the seat's last chips */
  allIn: boolean;
  /** a bet or raise that was a full one (it reopens the betting; a short all-in is not) */
  full: boolean;
  /** chips the rules gave back with this decision (a killed hand's uncalled bet, LOI 28); 0 otherwise */
  refund: number;
  /** dealHole: the hole cards as dealt; dealBoard: the street's cards; show: the cards tabled */
  cards: string[];
  /** the betting zone's chips (denominations) the action was read from; [] when not read from chips */
  chips: number[];
  source: DecisionSource;
  /** the rule that changed what the chips or words alone would say (e.g. "tda 44"), null when none did */
  rule: string | null;
  /** ms since the hand began */
  t: number;
  /** read at resume: from the readers' first inventory after a restart (the action taken while the service was
   * down, read in betting order); absent when read live */
  atResume?: true;
}

/** Why an action was decided: passed by the chip and word readings down to the round's actions. */
export interface DecisionWhy {
  source: DecisionSource;
  chips?: number[];
  rule?: string | null;
}

export const WORDS: DecisionWhy = { source: 'say' };

/** Records a decision. */
export function recordDecision(
  state: HandState,
  d: Omit<Decision, 't' | 'street' | 'chips' | 'source' | 'rule' | 'full' | 'raiseBy' | 'facing' | 'refund'> &
    Partial<Pick<Decision, 'full' | 'raiseBy' | 'facing' | 'street' | 'refund'>>,
  why: DecisionWhy = { source: 'table' },
): Decision {
  const decision: Decision = {
    kind: d.kind,
    street: d.street ?? state.street,
    seat: d.seat,
    amount: d.amount,
    to: d.to,
    facing: d.facing ?? 0,
    raiseBy: d.raiseBy ?? 0,
    allIn: d.allIn,
    full: d.full ?? false,
    refund: d.refund ?? 0,
    cards: d.cards,
    chips: why.chips ? why.chips.slice() : [],
    source: why.source,
    rule: why.rule ?? null,
    t: state.t,
  };
  if (state.readingAtResume) decision.atResume = true;
  state.decisions.push(decision);
  return decision;
}

/**
 * A street's cards as a remedy left them (tda 39, club 2-7: one of a four-card flop burned, or the four scrambled and
 * the flop dealt again): the street's `dealBoard` decision is rewritten in place, so that the record
 * says the flop the hand was played with and a PHH reader replays the final board. No decision is added or removed
 * (the notes placed between decisions keep their places). Returns false when the street has no decision yet.
 */
export function amendBoardDecision(state: HandState, street: Street, cards: string[]): boolean {
  for (let i = state.decisions.length - 1; i >= 0; i--) {
    const d = state.decisions[i];
    if (d.kind !== 'dealBoard' || d.street !== street) continue;
    state.decisions[i] = { ...d, cards: cards.slice() };
    return true;
  }
  return false;
}

/** The player actions (fold, check, call, bet, raise) of the current betting round, oldest first (no post). */
export function roundDecisions(state: HandState): Decision[] {
  const out: Decision[] = [];
  for (let i = state.decisions.length - 1; i >= 0; i--) {
    const d = state.decisions[i];
    if (d.kind === 'dealBoard' || d.kind === 'dealHole') break;
    if (d.kind !== 'show' && d.kind !== 'uncalled' && !isPost(d)) out.push(d);
  }
  return out.reverse();
}
