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
import type { LoggedTableAlert } from './logShapes.js';
import type { BlindLevel } from './recordShapes.js';
import type { RosterSeat } from './roster.js';

/** A TableEvent as the table layer or the server hands it over: the session fills in the hand-relative `t`. */
export type TableEventInput = TableEvent extends infer E ? (E extends TableEvent ? Omit<E, 't'> : never) : never;

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

/** The data of each log record kind (LogRecord.data): the session's own are their shapes' (recordShapes.ts). */
export type { BlindLevel, ConfigRecord, HandEndRecord, HandRecord, HandSource } from './recordShapes.js';
export type EventRecord = TableEvent;
/** the logged alert and the log's alert records are their shapes' (logShapes.ts) */
export type { LoggedTableAlert, TableAlertRecord } from './logShapes.js';

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
