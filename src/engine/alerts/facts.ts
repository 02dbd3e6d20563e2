// The facts an alert is about, typed per code: a seat, a zone, cards, a tag, amounts, a cause or a variant from a
// closed set, never a sentence. Every text, English and French, is rendered from them by the ICU catalogue
// (src/i18n); a view masks cards on these facts and renders again. The only free strings are what someone else said:
// the floor's own words (`words`) and an operating system's or driver's error (`system`), quoted as given.
import type { RuleRef } from '../rules/ruleRef.js';
import type { AlertCode, Phase, Street } from '../types.js';

/** why the engine declared a misdeal */
export type MisdealCause =
  | 'dealer'
  | 'emptySeat'
  | 'firstWrongSeat'
  | 'outOfOrder'
  | 'cardCount'
  | 'noCards'
  | 'secondExposed'
  | 'earlyExposed';
/** why a link (the reader bridge, the dealer panel) went down */
export type LinkCause = 'portClosed' | 'noHeartbeat' | 'writeClosed' | 'portError' | 'writeError' | 'cannotOpen';
/** one action read at resume, in betting order */
export interface ResumeRead {
  seat: number;
  action: 'check' | 'call' | 'bet' | 'raise' | 'fold' | 'allin';
  amount?: number;
}
/** where a card lies for a resync: a seat's hand, the board, the burn, the muck; null: read by no antenna / not held */
export type ResyncPlace = { seat: number } | 'board' | 'burn' | 'muck';
/** one seat's part of a colour-up (LOI 2): the chips taken away, the new chips given and why one more */
export interface ColourUpLine {
  seat: number;
  /** the value of the leaving chips taken */
  take: number;
  /** how many new chips given */
  give: number;
  /** the seat won a chip of the race, or was granted one so as not to be out */
  why?: 'won' | 'granted';
}
export type ResyncDifference =
  | { kind: 'chips'; seat: number; was: number; now: number }
  /** `named`: the cards named (board cards only: a hole card is counted, never named) */
  | { kind: 'cards'; from: ResyncPlace | null; to: ResyncPlace | null; count: number; named?: string[] };

/** Every fact any alert may carry (the union of the per-code facts below); stored with the alert. */
export interface AlertFacts {
  /** the seat the alert is about */
  seat?: number | null;
  /** other seats it concerns (out of turn: the seats bound; an award: the winners) */
  seats?: number[];
  /** the zone concerned (`seat3`, `bet4`, `board`, `burn`, `muck`) */
  zone?: string;
  /** the zones an item was read in at once (crosstalk) */
  zones?: string[];
  /** every card identity the alert's texts name (card codes, e.g. `Ts`) */
  cards?: string[];
  /** the one card of `cards` the remedy says to burn (four-card flop) */
  burnCard?: string;
  amount?: number;
  street?: Street;
  /** which remedy (and wording) of the code applies */
  variant?: string;
  // betting facts
  call?: number;
  to?: number;
  giveBack?: number;
  owed?: number;
  minRaiseTo?: number;
  zoneTotal?: number;
  declared?: number;
  forfeit?: number;
  action?: string;
  onTurn?: number;
  bigBlind?: number;
  chips?: number[];
  // dealing, showdown, session
  expectedSeat?: number;
  cause?: MisdealCause | LinkCause;
  /** who shows first at a showdown, and why */
  order?: 'lastAggressor' | 'leftOfButton';
  handNo?: number;
  phase?: Phase;
  /** the floor's own words (a ruling's reason), quoted as given */
  words?: string;
  /** a pot's index: 0 the main pot, then the side pots in order */
  pot?: number;
  reads?: ResumeRead[];
  /** what the log left in a betting zone before a restart */
  logged?: number;
  differences?: ResyncDifference[];
  by?: string;
  // equipment facts
  uid?: string;
  antenna?: number | null;
  antennas?: number[];
  /** a reader fault code as the bridge reports it (ANT_TIMEOUT, COLLISION, ...) */
  fault?: string;
  /** the enrolled deck a foreign card belongs to */
  deck?: string;
  /** a device path (a port that cannot be opened), a file kept aside */
  path?: string;
  /** an operating system's or driver's own message, quoted as given */
  system?: string;
  button?: 'shuffle' | 'misdeal' | 'floor' | 'confirm';
  pin?: number;
  firmware?: string;
  firmwareVersion?: string;
  protocol?: string;
  // storage facts
  kind?: 'full' | 'io' | 'readonly' | 'corrupt' | 'truncated' | 'foreign';
  errno?: string;
  pending?: number;
  refused?: number;
  kept?: number;
  lost?: number;
  /** record ranges lost in a salvage ([first, last]) */
  ranges?: [number, number][];
  /** a salvage's note as the store wrote it */
  note?: string;
  // room facts
  /** a time of day, UTC, `HH:MM` (the end of a break) */
  time?: string;
  /** a stack read, and what it should be */
  read?: number;
  expected?: number;
  /** chips of denominations no longer in play, still in a stack */
  oldChips?: number[];
  /** the other seat of chips moved between two stacks at a break's count */
  withSeat?: number;
  /** a colour-up: the new chip, the race's chips, and what each seat gives and gets */
  newChip?: number;
  raceChips?: number;
  race?: ColourUpLine[];
  // the room's seating and penalty orders to a table
  /** a player's name as the room registered it, quoted as given */
  player?: string;
  /** another table of the room (where a player comes from, a broken table), and where a player goes */
  table?: string;
  toTable?: string;
  /** why a player moves */
  move?: 'break' | 'balance';
  /** a place in the tournament, its prize (0: none) */
  place?: number;
  prize?: number;
  /** a seat the blinds have passed: no hand until the button has passed it (LOI 32) */
  waits?: boolean;
  /** a player out who never came (seed 003 regulation 10) */
  noShow?: boolean;
  /** a penalty the floor gave (PenaltyFact below), its count, the hands it means */
  penalty?: PenaltyFact;
  count?: number;
  handsLeft?: number;
  /** the rules the room applied to an order (a move's club 8-1, 8-7, 8-8; LOI 25, 32), as values */
  cited?: RuleRef[];
  /** the same, as a room of the version before rules were values wrote them (`club 8-1, 8-7, 8-8; LOI 25, 32`):
   * quoted as given, read only when `cited` is absent */
  rules?: string;
  /** a hand-history format (a hand the room's archive refused: the export that fails) */
  format?: 'phh' | 'ohh' | 'pokerstars';
  /** an earlier version's alert code, not in this catalogue (EARLIER_ALERT) */
  earlierCode?: string;
}

/** the penalties the floor gives (LOI 7, 33; tda 71; seed 003 regulation 6; src/tournament/penalties.ts) */
export type PenaltyFact =
  /** LOI 33, tda 71, seed 003 regulation 6: the first step of every scale */
  | 'warning'
  /** tda 71: one or more hands away from the table */
  | 'hands'
  /** tda 71: one or more rounds, a round being as many hands as there are players at the table when it is given */
  | 'rounds'
  /** LOI 33: a suspension of ten, twenty, thirty or forty minutes */
  | 'minutes'
  /** seed 003 regulation 6: one to five levels out of the table */
  | 'levels'
  /** tda 71: the hand in play is dead */
  | 'deadHand'
  /** tda 71, seed 003 regulation 6: out of the tournament in the place held then, the prize of that place */
  | 'elimination'
  /** LOI 33, tda 71: out, chips taken from play, no prize; the buy-in stays in the pool */
  | 'disqualification';

type F<K extends keyof AlertFacts, R extends keyof AlertFacts = never> = Pick<AlertFacts, K> &
  Required<Pick<AlertFacts, R>>;
type V<T extends string> = { variant?: T };
type Betting = F<
  | 'seat'
  | 'action'
  | 'to'
  | 'giveBack'
  | 'owed'
  | 'call'
  | 'minRaiseTo'
  | 'zoneTotal'
  | 'declared'
  | 'forfeit'
  | 'onTurn'
  | 'seats'
  | 'bigBlind'
>;

/** The facts of each code: what its raiser must give, what its texts may name. */
export interface AlertFactsByCode {
  DEAL_WRONG_SEAT: F<'seat', 'expectedSeat'> & V<'later' | 'laterClub'>;
  DEAL_NOT_ENTITLED: F<'seat'>;
  DEAL_MISSED_SEAT: F<'seat'> & V<'absent'>;
  DEAL_CARD_COUNT: F<'seat', 'amount'> & V<'smallBlindExtra' | 'deadHand' | 'deadCardMixed' | 'buttonShort'>;
  CARD_EXPOSED: F<'seat', 'cards'> & V<'replaceDuringDeal' | 'selfDealer' | 'misdeal'>;
  MISDEAL: F<'seat' | 'amount', 'cause'>;
  BURN_MISSED: F<'cards' | 'street'> & V<'flop' | 'flopUnknown' | 'later'>;
  BURN_EXTRA: F<'street' | 'cards'> & V<'later' | 'unknown'>;
  FLOP_FOUR_CARDS: F<'cards' | 'burnCard'> & V<'tda' | 'club' | 'clubUnknown' | 'wrongCard'>;
  BOARD_PREMATURE: F<'cards' | 'street'> & V<'flop' | 'turn' | 'turnClub' | 'river' | 'stillThere'>;
  BOARD_TOO_MANY: F<'cards'> & V<'handOver'>;
  CARD_UNKNOWN: F<'cards' | 'seat' | 'zone' | 'uid' | 'deck' | 'antenna'> & V<'tag'>;
  CARD_DUPLICATE: F<'cards'>;
  CARD_CROSSTALK: F<'cards' | 'chips' | 'seat' | 'uid', 'zones' | 'antennas'>;
  RAISE_NOT_ALLOWED: Betting & V<'checked'>;
  OVERSIZED_CHIP: Betting;
  MULTI_CHIP: Betting;
  BET_UNDER_MINIMUM: Betting;
  RAISE_UNDER_MINIMUM: Betting;
  UNDERCALL: Betting & V<'complete' | 'floor' | 'confusing'>;
  STRING_BET: Betting;
  CHIPS_WITHDRAWN: Betting & V<'facingRaise' | 'betStands'>;
  ACTION_OUT_OF_TURN: Betting & V<'pending' | 'binds' | 'void' | 'callOrFold' | 'foldBinds' | 'substantial'>;
  CHIPS_OUT_OF_ROUND: F<'seat' | 'to' | 'chips' | 'zone', 'amount'> & V<'change' | 'surplus'>;
  BLIND_INCORRECT: F<'seat', 'amount' | 'zoneTotal'>;
  CLOCK_EXPIRED: Betting;
  CHIP_UNKNOWN: F<'seat' | 'zone' | 'antenna' | 'chips', 'uid'>;
  TABLE_ALL_HANDS: F<never>;
  SHOWDOWN_ORDER: F<'seat', 'order'>;
  TABLED_HAND_MUCKED: F<'seat', 'cards'>;
  HAND_VOID: F<'phase', 'handNo'>;
  TABLE_FINISHED: F<'seat' | 'amount', 'handNo'> & V<'tournament'>;
  RESUME_CARD_GONE: F<'seat' | 'by', 'zone' | 'amount'> & V<'stop' | 'warn'>;
  RESUME_CHIPS_CHANGED: F<'seat' | 'zone' | 'amount' | 'logged' | 'reads'> & V<'gone' | 'changed'>;
  FLOOR_CALLED: F<'seat'> & V<'dispute' | 'cards' | 'chips' | 'action' | 'conduct' | 'other'>;
  FLOOR_RULING: F<'words' | 'pot' | 'amount' | 'seats' | 'handNo'> & V<'misdeal' | 'void' | 'stands' | 'award'>;
  FLOOR_RESYNC: F<'by' | 'cards', 'amount' | 'differences'> & V<'none'>;
  READER_FAULT: F<'seat' | 'zone' | 'antenna' | 'amount', 'fault'> & V<'prefixes'>;
  LINK_LOST: F<'cause' | 'system' | 'path'>;
  LINK_RESTORED: F<never>;
  PANEL_SILENT: F<'system'>;
  PANEL_LOST: F<'system'>;
  PANEL_RESTORED: F<'system'>;
  PANEL_BUTTON_LOW: F<'firmware' | 'firmwareVersion' | 'protocol', 'button' | 'pin'>;
  LOG_STORAGE_FAULT: F<never, 'kind' | 'errno' | 'pending' | 'refused'>;
  LOG_STORAGE_RESTORED: F<never>;
  LOG_SALVAGED: F<'ranges' | 'note', 'kind' | 'system' | 'kept' | 'lost' | 'path'>;
  /** `amount`: the break's minutes */
  ROOM_BREAK: F<never, 'amount' | 'time'>;
  COLOUR_UP_CHECK: F<'seat' | 'zone' | 'read' | 'expected' | 'oldChips'> & V<'checked'>;
  /** a break's count: `start` (`amount` the seats to read), `clean`, or one difference (`amount` its size; `chips`
   * the chips not in play of `foreign`) */
  BREAK_COUNT: F<'seat' | 'zone' | 'amount' | 'read' | 'expected' | 'chips' | 'withSeat'> &
    V<'start' | 'clean' | 'missing' | 'extra' | 'foreign' | 'gone' | 'come'>;
  /** a colour-up's race: `chips` the denominations leaving */
  COLOUR_UP: F<never, 'chips' | 'newChip' | 'raceChips' | 'race'>;
  /** a seating order of the room: a move's two halves (`leave`, `arrive`), a player out, a late registration, a
   * player absent or back; `seat` and `remove` from a room that sent no facts (only the order's own fields) */
  ROOM_SEATING: F<
    | 'player'
    | 'table'
    | 'toTable'
    | 'withSeat'
    | 'move'
    | 'place'
    | 'prize'
    | 'amount'
    | 'waits'
    | 'noShow'
    | 'cited'
    | 'rules',
    'seat'
  > &
    V<'leave' | 'arrive' | 'out' | 'late' | 'absent' | 'away' | 'back' | 'seat' | 'remove'>;
  /** a penalty order of the room: given (`penalty`, `count`, `handsLeft`, the floor's `words`), served, carried from
   * another table (`table`); `amount`: the hands the table runs it for (0: told only) */
  ROOM_PENALTY: F<
    'player' | 'table' | 'penalty' | 'count' | 'handsLeft' | 'amount' | 'words' | 'cited' | 'rules',
    'seat'
  > &
    V<'given' | 'served' | 'carried' | 'hands'>;
  /** the room's own: `count` the histories (event logs) of the table id kept in the archive */
  ROOM_TABLE_REPLACED: F<never, 'table' | 'count'>;
  /** the room's own: the hand's record names another hand number (`amount`), or an export fails to write or to read
   * back (`format`; `system`: the writer's or the reader's own message, quoted as given) */
  ROOM_HAND_REFUSED: F<'amount' | 'format' | 'system', 'table' | 'handNo'> & V<'handNo' | 'export' | 'readBack'>;
  EARLIER_ALERT: F<never, 'earlierCode'>;
}

/** compile-time check: every code has its facts */
export type FactsOf<C extends AlertCode> = AlertFactsByCode[C];
type EveryCodeHasFacts = AlertCode extends keyof AlertFactsByCode ? true : never;
export const EVERY_CODE_HAS_FACTS: EveryCodeHasFacts = true;
