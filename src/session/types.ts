// What the table session publishes and what it writes to the log. Plain data, JSON-serialisable.
import type { RuleRef } from '../engine/rules/ruleRef.js';
import type {
  AlertCode,
  AlertFacts,
  HandSnapshot,
  RecordedTexts,
  Severity,
  TableConfig,
  TableEvent,
} from '../engine/types.js';
import { isCatalogued } from '../i18n/renderAlert.js';
import type { FloorEntry } from './floorLog.js';
import { readRule } from './legacyRule.js';
import type { RosterOp, RosterSeat } from './roster.js';

/** A TableEvent as the table layer or the server hands it over: the session fills in the hand-relative `t`. */
export type TableEventInput = TableEvent extends infer E ? (E extends TableEvent ? Omit<E, 't'> : never) : never;

/** A blind level: applies from the next shuffle on (LOI 18, club 8-5). */
export interface BlindLevel {
  blinds: [number, number];
  bbAnte: number;
}

/** An alert raised outside the engine (hardware and table layers: READER_FAULT, LINK_LOST, CARD_UNKNOWN, ...). */
export interface TableAlertInput {
  code: AlertCode;
  /** what the texts were rendered from (cards, zone, seat): views mask on these */
  facts?: AlertFacts;
  seat?: number | null;
  zone?: string;
  uid?: string;
  severity: Severity;
  /** the rule applied, as a value (src/engine/rules/ruleRef.ts); none given: the table's own procedure */
  rule?: RuleRef;
  /** texts an earlier version stored with the alert (read back from its log), or a room alert's until the room's
   * codes are in the catalogue; a catalogued alert stores none: its texts are rendered from its facts at the edge */
  recorded?: RecordedTexts;
  antenna?: number | null;
}

export interface TableAlert extends TableAlertInput {
  /** session-wide id, from TABLE_ALERT_ID_BASE up (engine alert ids are per hand and small) */
  id: number;
  rule: RuleRef;
  /** wall-clock ms when raised */
  wall: number;
  hand: number;
  acknowledged: boolean;
  decision?: { decision: string; by: string; wall: number };
  /** alerts of this incident, itself included (absent: 1): a repeat of an open alert is counted here */
  count?: number;
  /** wall ms of the incident's last alert */
  lastWall?: number;
  /** on a logged raise: the open alert this one repeats (it is counted there, not listed) */
  incident?: number;
}

export const TABLE_ALERT_ID_BASE = 1_000_000;

/** The table's health as the hardware layers report it (not logged: it is transient). */
export interface TableHealth {
  link: 'up' | 'lost' | 'unknown';
  /** silent: the panel's port opened but no Firmata board answered */
  panel: 'up' | 'lost' | 'unknown' | 'silent';
  /** the panel's board (firmware, protocol, pull-ups), why it is silent or lost, buttons reading pressed from setup */
  panelInfo?: { firmware: string; firmwareVersion: string; protocol: string; pullups: 'firmata' | 'input-high' } | null;
  panelDetail?: string | null;
  panelButtonsLow?: string[];
  /** antenna -> ok / fault code */
  readers: Record<string, string>;
  /** denomination -> chips in the tray */
  tray: Record<string, number>;
  /** last heartbeat's scan time, ms */
  scanMs: number | null;
  /** frames rejected by the link, by cause */
  counters: Record<string, number>;
  source: string;
}

/** The shot clock (LOI 5, club 5-6): one minute, then a ten-second count. */
export interface ShotClock {
  seat: number;
  /** wall ms when the clock was called */
  startedWall: number;
  /** hand-relative t of the call */
  t: number;
  /** total ms before the hand is dead */
  limitMs: number;
}

export const SHOT_CLOCK_MS = 60_000;
export const SHOT_CLOCK_COUNT_MS = 10_000;

/** Everything the session knows now. Only src/views/views.ts decides what a role may see of it. */
export interface SessionState {
  /** increases on every change */
  version: number;
  /** wall ms of the change */
  wall: number;
  handNo: number;
  /** wall ms at the hand's shuffle (null before) */
  handStartWall: number | null;
  config: TableConfig;
  hand: HandSnapshot;
  handOver: boolean;
  tableAlerts: TableAlert[];
  health: TableHealth;
  clock: ShotClock | null;
  /** the level the next shuffle will use */
  level: BlindLevel;
  /** who sits where (names, sitting out); src/session/roster.ts */
  roster?: RosterSeat[];
  /** seats marked away from the table: absent at the next deal (LOI 8) until they sit down */
  away?: number[];
  /** seat -> penalty hands still to serve, from the next shuffle (tda 71) */
  penalties?: Record<string, number>;
  /** the floor's history: every incident of the session, open ones first (src/session/floorLog.ts) */
  floorLog?: FloorEntry[];
}

export interface HandEndInfo {
  handNo: number;
  config: TableConfig;
  final: HandSnapshot;
  wall: number;
}

/** The data of each log record kind (LogRecord.data). */
export interface HandRecord {
  config: TableConfig;
  /** a new table (restartTable): the level and pending seat changes start from this config */
  restart?: boolean;
  /** the same hand dealt again from its start (`config` is its table): voided by an early shuffle, or a misdeal the
   * floor declared (tda 35: same button, same blinds, no new player; the seats joining still wait for the next hand) */
  redeal?: 'void' | 'misdeal';
  /** an imported hand (a PHH file replayed): what its file said of itself */
  source?: HandSource;
}
/** The optional fields of an imported PHH file (names, event, venue and place, date and time, hand, table, ...),
 * kept as the file wrote them. */
export interface HandSource {
  /** PHH `players`: pK's name (pK sits in seat K) */
  players?: string[];
  /** every other optional or user-defined field, by its PHH key */
  fields: Record<string, unknown>;
}
export type EventRecord = TableEvent;
/** A table alert as a log holds it: versions before alerts were codes and facts alone wrote its four texts beside
 * (read back, tableAlertFromLog moves them into `recorded`); this version writes none. Versions before rules were
 * values wrote the rule as its tag ("tda 35"): read back as the value (src/session/legacyRule.ts). */
export type LoggedTableAlert = Omit<TableAlert, 'code' | 'rule'> & {
  code: string;
  rule: RuleRef | string;
} & Partial<RecordedTexts>;

/** The alert a logged raise holds, as the session keeps it: an earlier version's texts as what it recorded. */
export function tableAlertFromLog(logged: LoggedTableAlert): TableAlert {
  const { message, remedy, messageFr, remedyFr, code, rule: loggedRule, ...fields } = logged;
  const rest = { ...fields, rule: readRule(loggedRule) };
  // a code this version's catalogue does not hold (an earlier version's): EARLIER_ALERT, the code kept as its fact
  const alert: TableAlert = isCatalogued(code)
    ? { ...rest, code }
    : { ...rest, code: 'EARLIER_ALERT', facts: { ...rest.facts, earlierCode: code } };
  if (message === undefined || alert.recorded) return alert;
  return {
    ...alert,
    recorded: { message, remedy: remedy ?? '', messageFr: messageFr ?? message, remedyFr: remedyFr ?? remedy ?? '' },
  };
}

export type TableAlertRecord =
  | { op: 'raise'; alert: LoggedTableAlert }
  | { op: 'ack'; id: number; by: string }
  | { op: 'decision'; id: number; decision: string; by: string }
  /** the floor closes an alert of an earlier hand (`hand`, the engine's alert `id` in it) with a decision */
  | { op: 'close'; hand: number; id: number; decision: string; by: string };
export interface ConfigRecord {
  level?: BlindLevel;
  /** seat changes for the next hand: seat -> stack (0 = leaves) */
  seats?: Record<number, number>;
  /** a roster change (src/session/roster.ts) */
  roster?: RosterOp;
  /** the floor lengthened the overlay's broadcast delay to `ms`, the command line's delay being `under` (the
   * server's setting, src/service/delaySetting.ts; the session ignores it) */
  broadcastDelay?: { ms: number; under: number };
  /** a player away from the table (true) or back (false) from the next shuffle: dealt in, hand killed, blinds posted
   * (LOI 8, club 2-18, 3-2) */
  absent?: { seat: number; absent: boolean };
  /** hands of penalty the seat still has to sit out (tda 71; dealt in and killed, tda 35); written by the floor
   * (the count given) and by the session at each shuffle that deals the seat a penalty hand (the count left) */
  penalty?: { seat: number; hands: number };
  /** a new player seated at the left of the new button, before the blinds, sits this hand out and is dealt in from
   * the next (club 8-10): written at the shuffle of the hand it waits, after that hand's record */
  waits?: { seat: number; stack: number };
}
export interface HandEndRecord {
  stacks: Record<string, number>;
  pots: HandSnapshot['pots'];
  phase: HandSnapshot['phase'];
  board: string[];
}
