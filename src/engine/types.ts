// The engine's contract with the rest of feltwire. Everything here is plain data (JSON-serialisable):
// TableConfig and TableEvent go in, HandSnapshot comes out. The engine imports nothing outside src/engine.

import type { AlertFacts, MisdealCause } from './alerts/facts.js';
import type { Decision } from './hand/decisions.js';
import type { RuleRef } from './rules/ruleRef.js';
import type { Face, Zone } from './zone.js';

export type { Face, Zone } from './zone.js';

export type Ruleset = 'tda' | 'club';

/** One hand's table as docs/scenario-format.md `table` describes it, normalised (defaults filled in). */
export interface TableConfig {
  ruleset: Ruleset;
  /** seat (1-10) -> stack at the start of the hand, before blinds and antes */
  seats: Record<number, number>;
  button: number;
  blinds: [number, number];
  bbAnte: number;
  absent: number[];
  /** denominations in play, smallest first */
  chips: number[];
  /** where the dead-button rule puts the blinds elsewhere; sb null: no small blind this hand */
  sb?: number | null;
  bb?: number;
  /** motion window in ms (default 700) */
  motionMs: number;
  /** whether card arrival order is reliable (seed 001 "order known" remedies) */
  orderKnown: boolean;
  /** house rules the card room chose (table file `house`); absent: the rule text's defaults */
  house?: HouseRules;
}

/**
 * A card room's house rules, each off by default (the default is what the seeds' rule text decides), named in the
 * table file and shown to the floor.
 */
export interface HouseRules {
  /**
   * a seat that checked out of turn and then faces a bet before its turn may only call or fold (seed 002, the passive
   * example) instead of having every option (tda 53, seed 004; seed 002 out-of-turn example 2: the default)
   */
  checkOutOfTurnCallOrFold?: boolean;
}

export type Declaration = 'check' | 'call' | 'fold' | 'bet' | 'raise' | 'allin';
export type DealerButton = 'shuffle' | 'misdeal' | 'floor';

/** The events of docs/scenario-format.md, each with its time `t` in ms since the hand began (filled in when absent). */
export type TableEvent =
  /** `atResume`: read from the readers' first inventory after a restart (the decisions it makes say so) */
  | { kind: 'cardAt'; t: number; card: string; zone: Zone; face: Face; atResume?: true }
  | { kind: 'cardOff'; t: number; card: string; zone: Zone }
  | { kind: 'chips'; t: number; seat: number; chips: number[]; atResume?: true }
  | { kind: 'say'; t: number; seat: number; say: Declaration; to?: number }
  | { kind: 'dealer'; t: number; button: DealerButton }
  | { kind: 'clock'; t: number; seat: number }
  | { kind: 'floorKill'; t: number; seat: number }
  /**
   * the floor lets a seat that undercalled a raise fold (tda 51, seed 002 undercall examples 1 and 4): it forfeits the
   * bet its chips answered, the rest goes back
   */
  | { kind: 'floorFold'; t: number; seat: number }
  /**
   * the floor holds a seat that undercalled a raise to the call (tda 51, seed 002 undercall example 1): it owes the
   * rest of the call
   */
  | { kind: 'floorCall'; t: number; seat: number }
  /** the floor lets a seat skipped by substantial action out of turn act (tda 53, seed 002 forgotten player) */
  | { kind: 'floorAct'; t: number; seat: number }
  /**
   * the floor voids the hand (`reason` in its words): every chip goes back to the stacks of the hand's start, blinds
   * and ante included, and the hand is over (as a defective deck's, tda 35); the next hand is the next one
   */
  | { kind: 'floorVoid'; t: number; reason: string }
  /**
   * the floor rules that the hand stands (`reason` in its words): play goes on as the cards and chips lie, no misdeal,
   * no void (tda 35: "s'il y a une action substantielle … la main continue"; LOI 1: the floor's ruling is final); the
   * stops that held the hand are closed by it. A stop that asks for another ruling (an undercall facing a raise: call
   * or fold, tda 51; a seat skipped out of turn: act or kill, tda 53) is not answered by it
   */
  | { kind: 'floorStands'; t: number; reason: string }
  /**
   * the floor awards pot `pot` (0: the main pot, then the side pots in order) to `seats` at a showdown the engine
   * cannot decide (a fouled hand, a hand never tabled): split among them with the odd chips clockwise (LOI 3)
   */
  | { kind: 'floorAward'; t: number; pot: number; seats: number[] }
  /** an absent player (table.absent) has sat down: the hand is live if it is not yet dead (LOI 8, club 2-18) */
  | { kind: 'sits'; t: number; seat: number }
  /** a floor decision recorded on the floor view for a pending alert (free text + chosen option) */
  | { kind: 'floorDecision'; t: number; alertId: number; decision: string; by: string }
  /** the dealer acknowledged an alert on the tablet */
  | { kind: 'ack'; t: number; alertId: number }
  /** time passing with nothing read (lets the engine run its clocks: the shot clock, substantial-action waits) */
  | { kind: 'tick'; t: number };

export type Severity = 'info' | 'warn' | 'stop';

export type AlertCode =
  | 'DEAL_WRONG_SEAT'
  | 'DEAL_NOT_ENTITLED'
  | 'DEAL_MISSED_SEAT'
  | 'DEAL_CARD_COUNT'
  | 'CARD_EXPOSED'
  | 'MISDEAL'
  | 'BURN_MISSED'
  | 'BURN_EXTRA'
  | 'FLOP_FOUR_CARDS'
  | 'BOARD_PREMATURE'
  | 'BOARD_TOO_MANY'
  | 'CARD_UNKNOWN'
  | 'CARD_DUPLICATE'
  | 'CARD_CROSSTALK'
  | 'RAISE_NOT_ALLOWED'
  | 'OVERSIZED_CHIP'
  | 'MULTI_CHIP'
  | 'BET_UNDER_MINIMUM'
  | 'RAISE_UNDER_MINIMUM'
  | 'UNDERCALL'
  | 'STRING_BET'
  | 'CHIPS_WITHDRAWN'
  | 'ACTION_OUT_OF_TURN'
  /** chips pushed when no betting round can take them: held and named until given back */
  | 'CHIPS_OUT_OF_ROUND'
  | 'BLIND_INCORRECT'
  | 'CLOCK_EXPIRED'
  /** a tag in a betting zone that is not an enrolled chip (a foreign chip): not counted, play goes on */
  | 'CHIP_UNKNOWN'
  | 'TABLE_ALL_HANDS'
  | 'SHOWDOWN_ORDER'
  /** a tabled hand reached the muck: it cannot be killed (LOI 29, tda 65B) */
  | 'TABLED_HAND_MUCKED'
  // raised by the table/hardware layers and the session, never by the engine:
  | 'HAND_VOID'
  /** fewer than two seats with chips: the session deals no next hand (a tournament is over) */
  | 'TABLE_FINISHED'
  /** after a restart: the betting zones' chips read at resume (info), or a zone no in-turn reading explains (warn) */
  | 'RESUME_CHIPS_CHANGED'
  /** after a restart (or the floor's resync): cards the log placed on the table that no antenna reads */
  | 'RESUME_CARD_GONE'
  /** the dealer called the floor from the tablet (a seat and a reason): the hand holds until the floor rules */
  | 'FLOOR_CALLED'
  /** the floor's own ruling on the hand, recorded: a misdeal declared (by the session), the hand voided, a pot awarded */
  | 'FLOOR_RULING'
  /** the floor resynced the table with the readers: the differences the readers' reading replaced (one list) */
  | 'FLOOR_RESYNC'
  | 'READER_FAULT'
  | 'LINK_LOST'
  | 'LINK_RESTORED'
  // the dealer panel (StandardFirmata board): warnings, its buttons are a convenience
  | 'PANEL_SILENT'
  | 'PANEL_LOST'
  | 'PANEL_RESTORED'
  | 'PANEL_BUTTON_LOW'
  // the event log's storage
  | 'LOG_STORAGE_FAULT'
  | 'LOG_STORAGE_RESTORED'
  | 'LOG_SALVAGED'
  // the room (src/room), told to a table
  /** the room calls a break: this hand finished, no deal until it ends */
  | 'ROOM_BREAK'
  /** the colour-up's new chips read back: a stack not as the race gave it (warn), or every one as it did (info) */
  | 'COLOUR_UP_CHECK'
  /** a break's count read from the chips: its start, every stack as the hands say (info), or one difference (warn) */
  | 'BREAK_COUNT'
  /** a colour-up's race: what the dealer takes from and gives to each seat */
  | 'COLOUR_UP'
  /** the room's own, about a table (the room view only): a table id now sending from another event log */
  | 'ROOM_TABLE_REPLACED'
  /** the room's own, about a table (the room view only): a hand the archive refused (an export that fails) */
  | 'ROOM_HAND_REFUSED'
  /** a seating order of the room (a move, a player out, a late registration, a player absent or back) */
  | 'ROOM_SEATING'
  /** a penalty order of the room (tda 71): given, served, or following its player to another table */
  | 'ROOM_PENALTY'
  /** an alert an earlier version logged under a code this version does not hold (read back only: its recorded
   * texts are shown; the code is its fact `earlierCode`) */
  | 'EARLIER_ALERT';

export type { AlertFacts } from './alerts/facts.js';

/**
 * Texts an earlier version stored with its alerts (logs written before alerts were codes and facts alone): an alert
 * read back from such a log shows them as recorded. A new alert stores none: its texts are rendered from its code
 * and facts at the edge (src/i18n/renderAlert.ts).
 */
export interface RecordedTexts {
  message: string;
  remedy: string;
  messageFr: string;
  remedyFr: string;
}

/** What every alert is, whoever raises it (the engine, the table layer, the session): a code and its facts. */
export interface AlertCore<C extends string = AlertCode> {
  code: C;
  severity: Severity;
  /** the rule applied, as a value: { book: 'tda', id: '39' }, { book: 'club', id: '2-7' } (src/engine/rules/ruleRef.ts) */
  rule: RuleRef;
  seat: number | null;
  /** what the alert is about; its texts are rendered from these (absent only on alerts recorded before facts) */
  facts?: AlertFacts;
  /** an earlier version's stored texts (see RecordedTexts); never set on a new alert */
  recorded?: RecordedTexts;
}

export interface Alert extends AlertCore {
  /** what the alert is about: its texts are rendered from these at the edge */
  facts: AlertFacts;
  /** unique within a hand, in the order raised */
  id: number;
  /** ms since the hand began */
  t: number;
  /** a misdeal's cause, as a value (the same as `facts.cause`; never prose) */
  reason?: MisdealCause;
  acknowledged: boolean;
  /** set when the engine saw the remedy carried out */
  resolved: boolean;
  decision?: { decision: string; by: string; t: number };
}

export type LegalActionKind = 'check' | 'fold' | 'call' | 'bet' | 'raise' | 'allin';

export interface NextAction {
  toAct: number;
  /** what the seat must add to call, capped at its stack */
  toCall: number;
  /** minimum total it may bet or raise to, null when it may not */
  minRaiseTo: number | null;
  canRaise: boolean;
  /** maximum total (all-in) */
  maxRaiseTo: number | null;
  legal: LegalActionKind[];
}

export interface PotView {
  amount: number;
  eligible: number[];
  winners?: number[];
  shares?: Record<string, number>;
}

export type Street = 'preflop' | 'flop' | 'turn' | 'river';

export type Phase =
  | 'waiting' // before the shuffle
  | 'dealing' // initial deal
  | 'betting' // a betting round (see street)
  | 'board' // waiting for burn/board cards
  | 'showdown'
  | 'complete' // pots awarded
  | 'stopped' // a stop alert holds the hand (floor)
  | 'misdeal'; // declared misdeal: redeal (exact replay) expected

export interface SeatView {
  seat: number;
  /** chips behind, after what is committed by the rules */
  stack: number;
  /** committed this betting round (by the rules, not what lies in the zone) */
  committed: number;
  /** chips physically in the betting zone now */
  zone: number[];
  /** cards held (face-down ones included: only viewFor decides who may see them) */
  cards: string[];
  /** cards the whole table has seen (exposed or tabled) */
  shown: string[];
  folded: boolean;
  allIn: boolean;
  absent: boolean;
  dead: boolean;
  /** hand name once 5+ cards are known with the board (e.g. "Two pair, aces and kings") */
  handName?: string;
}

export interface HandSnapshot {
  ruleset: Ruleset;
  /** the house rules in force (table file `house`); empty: the rule text's defaults */
  house?: HouseRules;
  phase: Phase;
  /** the phase a stop alert holds (only while `phase` is 'stopped'): e.g. 'showdown' */
  held?: Phase;
  street: Street;
  button: number;
  sb: number | null;
  bb: number;
  blinds: [number, number];
  bbAnte: number;
  board: string[];
  burns: string[];
  muck: string[];
  seats: SeatView[];
  alerts: Alert[];
  /** what the engine decided, one typed value per action (hand/decisions.ts); the PHH writer renders its text */
  decisions: Decision[];
  next: NextAction | null;
  pots: PotView[];
  stacks: Record<string, number>;
  /** ms since the hand began of the last event applied */
  t: number;
}
