// What the engine decided, one typed value per state change of the hand (PokerKit's operations as the model: posts,
// deals, burns, the players' actions, shows and mucks, the uncalled bet's return, bet collection, each pot's award;
// a kill is the fold the rules record for the seat, source 'table'): the chip ledger, the hand-history writers,
// the views and the tablet read these values. The hand's PHH text is rendered from them by the PHH writer
// (src/phh/write.ts) only: the state keeps no text.
import type { RuleRef } from '../rules/ruleRef.js';
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
  | 'uncalled'
  /** a card burned (seat 0, `cards`: the card): PHH has no notation for it (the export writes it as a comment) */
  | 'burn'
  /** a live hand thrown to the muck unshown at showdown, or killed there (PHH `pN sm` with no cards) */
  | 'muck'
  /** the betting round's bets gathered into the pots (seat 0, `amount`: the chips gathered) */
  | 'collect'
  /** a pot's share paid to a seat when the hand ended (`pot`: the pot's index, 0 the main pot; `amount`: the share) */
  | 'award';

/** The posts the rules make at the shuffle (PHH writes them as `blinds_or_straddles` and `antes`, not as actions). */
export const POST_KINDS: ReadonlySet<DecisionKind> = new Set<DecisionKind>(['postSb', 'postBb', 'postAnte']);
export const isPost = (d: { kind: DecisionKind }): boolean => POST_KINDS.has(d.kind);

/** A player's own actions (and the folds the rules record for a seat: a kill): what "acted" means anywhere. */
export const PLAYER_ACTION_KINDS: ReadonlySet<DecisionKind> = new Set<DecisionKind>([
  'fold',
  'check',
  'call',
  'bet',
  'raise',
]);
export const isPlayerAction = (d: { kind: DecisionKind }): boolean => PLAYER_ACTION_KINDS.has(d.kind);

/** The dealer's and the rules' procedure that moves no player's turn: burns, collection, awards, mucks. */
export const PROCEDURE_KINDS: ReadonlySet<DecisionKind> = new Set<DecisionKind>(['burn', 'muck', 'collect', 'award']);

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
  rule: RuleRef | null;
  /** award: the pot's index (0 the main pot); absent otherwise */
  pot?: number;
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
  rule?: RuleRef | null;
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
  // the dealer's procedure is not read: what the rules did after an action read at resume is not itself read
  if (state.readingAtResume && !PROCEDURE_KINDS.has(decision.kind)) decision.atResume = true;
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
    if (isPlayerAction(d)) out.push(d);
  }
  return out.reverse();
}

/** A live hand thrown to the muck unshown at showdown, or killed there (PHH `pN sm`). */
export function recordMuck(state: HandState, seat: number): void {
  const s = state.seats[seat];
  recordDecision(state, { kind: 'muck', seat, amount: 0, to: s?.committed ?? 0, allIn: false, cards: [] });
}

/**
 * Each pot's shares as `award` decisions once the hand is over (PokerKit's chips pushing), one per pot and winner.
 * A ruling that changes the award after the hand ended (a floor award) rewrites them: the same count in place, else
 * the old ones go and the new ones come last.
 */
export function settleAwards(state: HandState): void {
  const want: { pot: number; seat: number; amount: number }[] = [];
  state.award?.pots.forEach((p, pot) => {
    for (const [seat, amount] of Object.entries(p.shares))
      if (amount > 0) want.push({ pot, seat: Number(seat), amount });
  });
  const at: number[] = [];
  for (let i = 0; i < state.decisions.length; i++) if (state.decisions[i].kind === 'award') at.push(i);
  if (
    at.length === want.length &&
    at.every((i, k) => {
      const d = state.decisions[i];
      return d.pot === want[k].pot && d.seat === want[k].seat && d.amount === want[k].amount;
    })
  )
    return;
  const make = (w: (typeof want)[number], base?: Decision): Decision => {
    const d: Decision = {
      kind: 'award',
      street: base?.street ?? state.street,
      seat: w.seat,
      amount: w.amount,
      to: 0,
      facing: 0,
      raiseBy: 0,
      allIn: false,
      full: false,
      refund: 0,
      cards: [],
      chips: [],
      source: 'table',
      rule: null,
      pot: w.pot,
      t: base?.t ?? state.t,
    };
    return d;
  };
  if (at.length === want.length) {
    at.forEach((i, k) => {
      state.decisions[i] = make(want[k], state.decisions[i]);
    });
    return;
  }
  if (at.length > 0) state.decisions = state.decisions.filter((d) => d.kind !== 'award');
  for (const w of want) state.decisions.push(make(w));
}
