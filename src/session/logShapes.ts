// The shape of each kind of log record (src/shape.ts), checked when a record is written and when it is read back: a
// record that is not what its kind says is refused, naming its seq and its first wrong field, before any reader
// folds it. The session's own records ('hand', 'config', 'handEnd') have their shapes and types in recordShapes.ts;
// the engine's events and the logged alert, whose types are written beside, are held equal to their shapes here
// (the Holds lines at the end).
import type { AlertFacts, DealerButton, Declaration, Face, TableEvent, Zone } from '../engine/types.js';
import {
  array,
  bool,
  describe,
  type Exact,
  type ExactUnion,
  either,
  type Holds,
  type Infer,
  int,
  literal,
  nullable,
  num,
  object,
  pair,
  pattern,
  type Shape,
  type ShapeProblem,
  text,
  variants,
} from '../shape.js';
import { loggedRule, ruleShape } from './legacyRule.js';
import type { LogData, LogKind } from './log.js';
import { configRecord, handEndRecord, handRecord } from './recordShapes.js';

/** a zone of docs/scenario-format.md: `seatN`, `betN`, board, burn, muck */
export const zoneShape: Shape<Zone> = pattern<Zone>(
  /^(?:(?:seat|bet)\d+|board|burn|muck)$/,
  'a zone (seatN, betN, board, burn, muck)',
);
const face: Shape<Face> = literal('up', 'down');
const seat = int;
const chips = array(num);

const t = num;
const dealerButton: Shape<DealerButton> = literal('shuffle', 'misdeal', 'floor');
const declaration: Shape<Declaration> = literal('check', 'call', 'fold', 'bet', 'raise', 'allin');
const seatEvent = <K extends string>(kind: K) => object({ kind: literal(kind), t, seat });
const tableEvent = variants('kind', {
  cardAt: object({ kind: literal('cardAt'), t, card: text, zone: zoneShape, face }, { atResume: literal(true) }),
  cardOff: object({ kind: literal('cardOff'), t, card: text, zone: zoneShape }),
  chips: object({ kind: literal('chips'), t, seat, chips }, { atResume: literal(true) }),
  say: object({ kind: literal('say'), t, seat, say: declaration }, { to: num }),
  dealer: object({ kind: literal('dealer'), t, button: dealerButton }),
  clock: seatEvent('clock'),
  floorKill: seatEvent('floorKill'),
  floorFold: seatEvent('floorFold'),
  floorCall: seatEvent('floorCall'),
  floorAct: seatEvent('floorAct'),
  floorVoid: object({ kind: literal('floorVoid'), t, reason: text }),
  floorStands: object({ kind: literal('floorStands'), t, reason: text }),
  floorAward: object({ kind: literal('floorAward'), t, pot: int, seats: array(seat) }),
  sits: seatEvent('sits'),
  floorDecision: object({ kind: literal('floorDecision'), t, alertId: int, decision: text, by: text }),
  ack: object({ kind: literal('ack'), t, alertId: int }),
  tick: object({ kind: literal('tick'), t }),
});

const resyncPlace = nullable(either(object({ seat }), literal('board', 'burn', 'muck')));
const alertFacts = object(
  {},
  {
    seat: nullable(seat),
    seats: array(seat),
    zone: text,
    zones: array(text),
    cards: array(text),
    burnCard: text,
    amount: num,
    street: literal('preflop', 'flop', 'turn', 'river'),
    variant: text,
    call: num,
    to: num,
    giveBack: num,
    owed: num,
    minRaiseTo: num,
    zoneTotal: num,
    declared: num,
    forfeit: num,
    action: text,
    onTurn: seat,
    bigBlind: num,
    chips,
    expectedSeat: seat,
    cause: literal(
      'dealer',
      'emptySeat',
      'firstWrongSeat',
      'outOfOrder',
      'cardCount',
      'noCards',
      'secondExposed',
      'earlyExposed',
      'portClosed',
      'noHeartbeat',
      'writeClosed',
      'portError',
      'writeError',
      'cannotOpen',
    ),
    order: literal('lastAggressor', 'leftOfButton'),
    handNo: int,
    phase: literal('waiting', 'dealing', 'betting', 'board', 'showdown', 'complete', 'stopped', 'misdeal'),
    words: text,
    pot: int,
    reads: array(object({ seat, action: literal('check', 'call', 'bet', 'raise', 'fold', 'allin') }, { amount: num })),
    logged: num,
    differences: array(
      variants('kind', {
        chips: object({ kind: literal('chips'), seat, was: num, now: num }),
        cards: object(
          { kind: literal('cards'), from: resyncPlace, to: resyncPlace, count: int },
          { named: array(text) },
        ),
      }),
    ),
    by: text,
    uid: text,
    antenna: nullable(int),
    antennas: array(int),
    fault: text,
    deck: text,
    path: text,
    system: text,
    button: literal('shuffle', 'misdeal', 'floor', 'confirm'),
    pin: int,
    firmware: text,
    firmwareVersion: text,
    protocol: text,
    kind: literal('full', 'io', 'readonly', 'corrupt', 'truncated', 'foreign'),
    errno: text,
    pending: int,
    refused: int,
    kept: int,
    lost: int,
    ranges: array(pair(int, int)),
    note: text,
    time: text,
    read: num,
    expected: num,
    oldChips: chips,
    withSeat: seat,
    newChip: num,
    raceChips: int,
    race: array(object({ seat, take: num, give: int }, { why: literal('won', 'granted') })),
    player: text,
    table: text,
    toTable: text,
    move: literal('break', 'balance'),
    place: int,
    prize: num,
    waits: bool,
    noShow: bool,
    penalty: literal('warning', 'hands', 'rounds', 'minutes', 'levels', 'deadHand', 'elimination', 'disqualification'),
    count: int,
    handsLeft: int,
    cited: array(ruleShape),
    rules: text,
    format: literal('phh', 'ohh', 'pokerstars'),
    earlierCode: text,
  },
);

const tableAlert = object(
  {
    id: int,
    code: text,
    severity: literal('info', 'warn', 'stop'),
    // the value (src/engine/rules/ruleRef.ts); an earlier version's tag ("tda 35"), read by tableAlertFromLog
    rule: loggedRule,
    wall: num,
    hand: int,
    acknowledged: bool,
  },
  {
    // the four texts versions before 2026-12-05 wrote with every table alert (LoggedTableAlert)
    message: text,
    remedy: text,
    messageFr: text,
    remedyFr: text,
    recorded: object({ message: text, remedy: text, messageFr: text, remedyFr: text }),
    facts: alertFacts,
    seat: nullable(seat),
    zone: text,
    uid: text,
    antenna: nullable(int),
    decision: object({ decision: text, by: text, wall: num }),
    count: int,
    lastWall: num,
    incident: int,
  },
);

/** A table alert as a log holds it: versions before alerts were codes and facts alone wrote its four texts beside
 * (read back, tableAlertFromLog moves them into `recorded`); this version writes none. Versions before rules were
 * values wrote the rule as its tag ("tda 35"): read back as the value (src/session/legacyRule.ts). */
export type LoggedTableAlert = Infer<typeof tableAlert>;

const tableAlertRecord = variants('op', {
  raise: object({ op: literal('raise'), alert: tableAlert }),
  ack: object({ op: literal('ack'), id: int, by: text }),
  decision: object({ op: literal('decision'), id: int, decision: text, by: text }),
  close: object({ op: literal('close'), hand: int, id: int, decision: text, by: text }),
});

/** a log's 'tableAlert' record: an alert raised, acknowledged, decided, or closed in an earlier hand */
export type TableAlertRecord = Infer<typeof tableAlertRecord>;

const BY_KIND: { [K in LogKind]: Shape<LogData[K]> } = {
  hand: handRecord,
  event: tableEvent,
  tableAlert: tableAlertRecord,
  config: configRecord,
  handEnd: handEndRecord,
};

export const LOG_KINDS: readonly LogKind[] = ['hand', 'event', 'tableAlert', 'config', 'handEnd'];

export const isLogKind = (kind: unknown): kind is LogKind => LOG_KINDS.some((k) => k === kind);

/** a record whose kind and data agree */
export type CheckedRecord = { [K in LogKind]: { kind: K; data: LogData[K] } }[LogKind];

/**
 * The first thing wrong with a record of `kind` holding `data` (its field named from the record: `kind`, `data`,
 * `data.alert.seat`), or null when it is what its kind says.
 */
export function logRecordProblem(kind: unknown, data: unknown): ShapeProblem | null {
  if (!isLogKind(kind)) return { field: 'kind', expected: `one of ${LOG_KINDS.join(', ')}`, got: describe(kind) };
  return BY_KIND[kind].problem(data, 'data');
}

/** `{kind, data}` typed by its kind when it is what its kind says (else null: ask logRecordProblem why) */
export function checkedRecord(kind: unknown, data: unknown): CheckedRecord | null {
  if (!isLogKind(kind)) return null;
  switch (kind) {
    case 'hand':
      return handRecord.is(data) ? { kind, data } : null;
    case 'event':
      return tableEvent.is(data) ? { kind, data } : null;
    case 'tableAlert':
      return tableAlertRecord.is(data) ? { kind, data } : null;
    case 'config':
      return configRecord.is(data) ? { kind, data } : null;
    case 'handEnd':
      return handEndRecord.is(data) ? { kind, data } : null;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** a problem as one line: `data.card: expected a string, got number 42` */
export const problemText = (p: ShapeProblem): string => `${p.field}: expected ${p.expected}, got ${p.got}`;

// the types written beside their shapes (the pure engine's events and alert facts, which the engine declares without
// depending on this module) are the shapes': a field added to one and not the other does not build
export type ShapesHold = [
  Holds<ExactUnion<Infer<typeof tableEvent>, TableEvent, 'kind'>>,
  Holds<Exact<Infer<typeof alertFacts>, AlertFacts>>,
];
