// The hand's internal state. applyEvent mutates it in place (for replay speed); snapshot() copies out what others
// may read. Seats are indexed by seat number (1-10) in plain arrays.

import type { DeclarationInput } from '../betting/chipReading.js';
import type { Card } from '../cards.js';
import type { Alert, Face, Phase, Street, TableConfig } from '../types.js';
import type { Decision } from './decisions.js';

export const MAX_SEATS = 10;

export interface SeatState {
  seat: number;
  /** stack at the start of the hand */
  startStack: number;
  /** chips behind, after what the rules committed */
  stack: number;
  /** committed this betting round by the rules */
  committed: number;
  /** committed over the whole hand (this round included), ante excluded */
  total: number;
  /** big-blind ante paid (dead money, main pot) */
  ante: number;
  /** hole cards held, in the order dealt */
  cards: Card[];
  /** cards the whole table has seen */
  shown: Card[];
  folded: boolean;
  allIn: boolean;
  absent: boolean;
  /** killed by the rules or the floor (also folded) */
  dead: boolean;
  /** has acted in this betting round (posting a blind is not acting) */
  acted: boolean;
  /** the bet this seat had matched or made when it last acted (reopening, tda 47) */
  betWhenActed: number;
  /** tabled at showdown (or for an all-in) */
  tabled: boolean;
  /** physical content of the betting zone */
  zone: number[];
  /** chips lying in the zone that are not this round's commitment (the ante, chips not yet collected) */
  zoneBase: number[];
  /** chips the seat still owes into its zone for an action already determined (a declared call or raise) */
  owed: number;
  /** chips the rules gave back to the seat this round (an uncalled bet, a killed hand's refund, a void hand) */
  returned: number;
  /** a binding declaration waiting for chips to give its amount (say raise/bet without `to`) */
  declaration: DeclarationInput | null;
}

/** Chip changes of one betting zone within the motion window: one motion (docs/rules.md, Sensors). */
export interface PendingMotion {
  seat: number;
  /** zone content before the motion */
  before: number[];
  /** latest content */
  content: number[];
  firstT: number;
  lastT: number;
  /** the motion was read from the readers' first inventory after a restart */
  atResume?: boolean;
}

export interface DealState {
  /** entitled seats in deal order (first seat left of the button; heads-up: the big blind) */
  order: number[];
  /** cards dealt so far in the initial deal */
  dealt: number;
  /** which deal orders still fit the cards so far: 0 both, 1 the normal one, 2 the button's two at the end, 3 none */
  expectedIndex: number;
  exposedDuringDeal: number;
  /** an exposed card being replaced (club 2-4): it becomes the first burn, the seat gets the next card */
  exposedReplacement: { seat: number; card: Card; replaced: boolean; burned: boolean; alertId: number } | null;
  done: boolean;
  /** consecutive actions since the deal for substantial action: 'c' chips, 'n' no chips */
  substantial: boolean;
  recentActions: string;
}

/** Board procedure: what the dealer owes before the next street. */
export interface BoardState {
  /** burns made for the street being dealt */
  burnsThisStreet: number;
  /** cards of the street being dealt (logical) */
  cardsThisStreet: number;
  /** the street being dealt (flop/turn/river) or null when not dealing */
  dealing: Street | null;
  /** board cards of the current street may come without a burn (a remedy already burned) */
  burnWaived: number;
  /** a premature card set aside, waiting for the round to finish */
  premature: { street: Street; cards: Card[]; alertId: number; removed: boolean; tdaTurnBack: boolean } | null;
  /** a stop remedy in progress (four-card flop, order-unknown redeal) */
  fourFlop: { cards: Card[]; alertId: number } | null;
  /** a flop dealt without a burn, order unknown: its cards go back to the stub before a burn and a new flop */
  scramble: { cards: Card[]; dealt: number; alertId: number } | null;
  /**
   * club 2-6, order unknown: the flop dealt after two burns goes back to the stub with one burn and is redealt
   * without a burn; the cards of that flop still on the board, and whether the burn was lifted
   */
  extraBurnRedeal: { alertId: number; cards: Card[]; burnLifted: boolean } | null;
  /** cards that must be moved off the board to the burn zone (burn missed remedy) */
  toBurn: Card[];
  /** the next street comes without a burn (club 2-6, 2-7, 2-11 remedies) */
  nextStreetNoBurn: boolean;
  /** the river comes without a burn (club 2-11) */
  riverNoBurn: boolean;
}

export interface RoundState {
  street: Street;
  /** the bet to face this round */
  currentBet: number;
  /** the largest full bet or raise of this round (at least the big blind) */
  minRaiseIncrement: number;
  /** seat to act, or 0 when none */
  toAct: number;
  /** last seat that bet or raised this round (showdown order) */
  aggressor: number;
  complete: boolean;
  /** some seat put chips in this round */
  anyBet: boolean;
  /** the successive bet totals of this round, smallest first (the big blind opens the preflop list) */
  levels: number[];
  /** the seat that acted last this round (0: none yet) */
  lastActor: number;
}

export interface HandState {
  config: TableConfig;
  phase: Phase;
  street: Street;
  button: number;
  sb: number | null;
  bb: number;
  /** occupied seats clockwise starting left of the button */
  seatOrder: number[];
  seats: (SeatState | undefined)[];
  /** where each card lies physically ('' = nowhere read), and its face; indexed by card */
  cardZone: string[];
  cardFace: Face[];
  board: Card[];
  burns: Card[];
  muck: Card[];
  deal: DealState;
  boardState: BoardState;
  round: RoundState;
  motions: PendingMotion[];
  alerts: Alert[];
  /** what the engine decided, one typed value per action (decisions.ts) */
  decisions: Decision[];
  /** dead money in the main pot (the big-blind ante) */
  deadMoney: number;
  /** a stop alert holds the hand until resolved */
  stopAlertId: number;
  /** when set, the hand is decided: pots awarded */
  award: Award | null;
  /** pot index -> the seats the floor awarded it to (floorAward), kept whatever the showdown does next */
  floorAwards?: Record<number, number[]>;
  allInPromptRaised: boolean;
  showdownPromptRaised: boolean;
  /** player number (p1 = small blind ... button) for PHH notation */
  playerNo: number[];
  t: number;
  /** number of misdeals and redeals */
  redeals: number;
  lastActionWasBetOnRiver: boolean;
  /** the clock called on a seat (LOI 5, club 5-6) */
  clock: { seat: number; t: number } | null;
  /** zone each card last left (a burn turned onto the board, a hand's card into the muck) */
  lastLeft: string[];
  /** seats not folded */
  live: number;
  /** set while an event read at resume is applied: the decisions it makes are marked `atResume` */
  readingAtResume?: boolean;
}

export interface AwardedPot {
  amount: number;
  eligible: number[];
  winners: number[];
  shares: Record<string, number>;
}

export interface Award {
  pots: AwardedPot[];
  /** seat -> chips received (uncalled bets included) */
  received: number[];
}
