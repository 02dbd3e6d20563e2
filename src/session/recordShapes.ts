// The shapes of the session's own log records ('hand', 'config', 'handEnd': src/session/log.ts) and their types,
// which are the shapes' (Infer): each record's fields and their documentation are written here only, and
// src/session/types.ts and roster.ts export the types from here. The engine's types these records hold (TableConfig,
// PotView, Phase) are the pure engine's own: their shapes are held equal to them by the compiler (the end).
import type { Phase, PotView, TableConfig } from '../engine/types.js';
import {
  anything,
  array,
  bool,
  byNumber,
  type Exact,
  type Holds,
  type Infer,
  int,
  literal,
  nullable,
  num,
  object,
  pair,
  record,
  type Same,
  type Shape,
  text,
  variants,
} from '../shape.js';

const seat = int;
const chips = array(num);

const tableConfigShape = object(
  {
    ruleset: literal('tda', 'club'),
    seats: byNumber(num),
    button: seat,
    blinds: pair(num, num),
    bbAnte: num,
    absent: array(seat),
    chips,
    motionMs: num,
    orderKnown: bool,
  },
  { sb: nullable(seat), bb: seat, house: object({}, { checkOutOfTurnCallOrFold: bool }) },
);

/** the engine's TableConfig (held equal at the end), named so in the records' types */
const tableConfig: Shape<TableConfig> = tableConfigShape;

const handSource = object(
  {
    /** every other optional or user-defined field, by its PHH key */
    fields: record(anything),
  },
  {
    /** PHH `players`: pK's name (pK sits in seat K) */
    players: array(text),
  },
);
/** The optional fields of an imported PHH file (names, event, venue and place, date and time, hand, table, ...),
 * kept as the file wrote them. */
export type HandSource = Infer<typeof handSource>;

export const handRecord = object(
  { config: tableConfig },
  {
    /** a new table (restartTable): the level and pending seat changes start from this config */
    restart: bool,
    /** the same hand dealt again from its start (`config` is its table): voided by an early shuffle, or a misdeal the
     * floor declared (tda 35: same button, same blinds, no new player; the seats joining still wait for the next
     * hand) */
    redeal: literal('void', 'misdeal'),
    /** an imported hand (a PHH file replayed): what its file said of itself */
    source: handSource,
  },
);
/** A hand begins (a 'hand' record): its table, whether it restarts the table or deals the last hand again. */
export type HandRecord = Infer<typeof handRecord>;

const player = object(
  { name: text },
  {
    /** ISO 3166-1 alpha-2 or alpha-3 code, upper case */
    country: text,
    /** http(s) URL of a photo (the overlay's lower third) */
    photoUrl: text,
    /** the short display name the floor set for the overlay's plates and the buttons (1-12 characters); the lower
     * third keeps the full name */
    short: text,
  },
);
/** A seated player as the roster logs them: a name, optionally a country, a photo and a short name. */
export type Player = Infer<typeof player>;

const rosterOp = variants('op', {
  seat: object({ op: literal('seat'), seat, player }, { stack: num }),
  move: object({ op: literal('move'), from: seat, to: seat }),
  remove: object({ op: literal('remove'), seat }),
  sitOut: object({ op: literal('sitOut'), seat, out: bool }),
  /** the floor sets (or, with '', clears) a seated player's short display name */
  short: object({ op: literal('short'), seat, short: text }),
  /** written by the session at a shuffle: stacks parked for seats sitting out (0: given back) */
  park: object({ op: literal('park'), seats: byNumber(num) }),
  /** written by the session at a shuffle: a pending move done */
  moved: object({ op: literal('moved'), from: seat, to: seat }),
});
/** A roster change (src/session/roster.ts), as a 'config' record's `roster`. */
export type RosterOp = Infer<typeof rosterOp>;

const blindLevel = object({ blinds: pair(num, num), bbAnte: num });
/** A blind level: applies from the next shuffle on (LOI 18, club 8-5). */
export type BlindLevel = Infer<typeof blindLevel>;

export const configRecord = object(
  {},
  {
    level: blindLevel,
    /** seat changes for the next hand: seat -> stack (0 = leaves) */
    seats: byNumber(num),
    /** a roster change (src/session/roster.ts) */
    roster: rosterOp,
    /** the floor lengthened the overlay's broadcast delay to `ms`, the command line's delay being `under` (the
     * server's setting, src/service/delaySetting.ts; the session ignores it) */
    broadcastDelay: object({ ms: num, under: num }),
    /** a player away from the table (true) or back (false) from the next shuffle: dealt in, hand killed, blinds
     * posted (LOI 8, club 2-18, 3-2) */
    absent: object({ seat, absent: bool }),
    /** hands of penalty the seat still has to sit out (tda 71; dealt in and killed, tda 35); written by the floor
     * (the count given) and by the session at each shuffle that deals the seat a penalty hand (the count left) */
    penalty: object({ seat, hands: int }),
    /** a new player seated at the left of the new button, before the blinds, sits this hand out and is dealt in from
     * the next (club 8-10): written at the shuffle of the hand it waits, after that hand's record */
    waits: object({ seat, stack: num }),
  },
);
/** The session's own configuration in force (a 'config' record): one change per record. */
export type ConfigRecord = Infer<typeof configRecord>;

const potViewShape = object({ amount: num, eligible: array(seat) }, { winners: array(seat), shares: record(num) });
const phaseShape = literal('waiting', 'dealing', 'betting', 'board', 'showdown', 'complete', 'stopped', 'misdeal');
// the engine's types (held equal at the end), named so in the records' types
const potView: Shape<PotView> = potViewShape;
const phase: Shape<Phase> = phaseShape;
export const handEndRecord = object({
  /** seat -> stack at the hand's end */
  stacks: record(num),
  pots: array(potView),
  phase,
  board: array(text),
});
/** The hand ended (a 'handEnd' record): its final snapshot's summary. */
export type HandEndRecord = Infer<typeof handEndRecord>;

// the engine's types, written in src/engine, are what their shapes accept: a field added to one and not the other does
// not build
export type EngineShapesHold = [
  Holds<Exact<Infer<typeof tableConfigShape>, TableConfig>>,
  Holds<Exact<Infer<typeof potViewShape>, PotView>>,
  Holds<Same<Infer<typeof phaseShape>, Phase>>,
];
