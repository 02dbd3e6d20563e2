// The card room's MQTT protocol, version 2 (reading version 1 too; wireSchemas.ts PROTOCOL_VERSION): topic names, payload schemas (ajv, checked by the table before it
// publishes and by the room when it receives) and their types. src/room/README.md documents it for other clients.

import { Ajv, type ValidateFunction } from 'ajv';
import { FeltwireError } from '../errors.js';
import type { PlayedHand } from '../store/playedHand.js';
import { SEATING_SCHEMAS, type SeatedMessage, type SeatingMessage } from './seatingWire.js';
import {
  blinds,
  int,
  level,
  logId,
  nonNeg,
  oneLine,
  playedHand,
  TABLE_ID_PATTERN,
  tableId,
  text,
  type WireVersion,
  wall,
  wireVersion,
} from './wireSchemas.js';

export type { SeatedMessage, SeatingMessage, SeatingOrder, SeatingResult } from './seatingWire.js';
export {
  LOG_ID_PATTERN,
  ONE_LINE_PATTERN,
  PROTOCOL_VERSION,
  TABLE_ID_PATTERN,
  type WireVersion,
} from './wireSchemas.js';
export const TOPIC_ROOT = 'feltwire/v1';

/** the per-table topics; `commentator` carries hole cards live and only the commentator account may read it */
export const TABLE_STREAMS = [
  'status',
  'public',
  'overlay',
  'commentator',
  'hands',
  'link',
  'ack',
  'seating',
  'seated',
] as const;
export type TableStream = (typeof TABLE_STREAMS)[number];

const tableIdRe = new RegExp(TABLE_ID_PATTERN);

export class RoomProtocolError extends FeltwireError<'BAD_TABLE_ID' | 'BAD_PAYLOAD'> {
  constructor(code: 'BAD_TABLE_ID' | 'BAD_PAYLOAD', message: string) {
    super(code, message);
    this.name = 'RoomProtocolError';
  }
  get status(): number {
    return 400;
  }
}

export function checkTableId(id: string): string {
  if (!tableIdRe.test(id))
    throw new RoomProtocolError('BAD_TABLE_ID', `table id '${id}' must match ${TABLE_ID_PATTERN} (one topic level)`);
  return id;
}

export const topics = {
  table: (tableId: string, stream: TableStream): string => `${TOPIC_ROOT}/tables/${checkTableId(tableId)}/${stream}`,
  /** the room's subscription to one stream of every table */
  allTables: (stream: TableStream): string => `${TOPIC_ROOT}/tables/+/${stream}`,
  settings: `${TOPIC_ROOT}/room/settings`,
};

/** a table topic's table id and stream, or null when the topic is not one */
export function parseTableTopic(topic: string): { tableId: string; stream: TableStream } | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || `${parts[0]}/${parts[1]}` !== TOPIC_ROOT || parts[2] !== 'tables') return null;
  const stream = parts[4] as TableStream;
  if (!tableIdRe.test(parts[3]) || !TABLE_STREAMS.includes(stream)) return null;
  return { tableId: parts[3], stream };
}

// ---- payloads ---------------------------------------------------------------------------------------------------

export interface RoomAlert {
  id: number;
  code: string;
  severity: string;
  message: string;
  messageFr: string;
  /** wall ms when raised (the room shows its age) */
  wall: number;
  source: 'hand' | 'table';
}

export interface RoomSeat {
  seat: number;
  name: string;
  stack: number;
  folded: boolean;
  allIn: boolean;
}

/** what the room view shows of a table: no card a player has not shown (built from the floor's view) */
export interface StatusMessage {
  v: WireVersion;
  kind: 'status';
  tableId: string;
  tableName: string;
  roomName: string;
  /** wall ms when the table sent it (the room measures table-to-view latency from it) */
  sent: number;
  /** the session state's version */
  version: number;
  handNo: number;
  phase: string;
  handOver: boolean;
  blinds: [number, number];
  bbAnte: number;
  /** the level the next shuffle takes */
  level: { blinds: [number, number]; bbAnte: number };
  board: string[];
  seats: RoomSeat[];
  openAlerts: RoomAlert[];
  health: { link: string; panel: string; readers: Record<string, string>; source: string };
  /** wall ms the last hand ended, null before the first */
  lastHandWall: number | null;
  /** the room settings version this table has applied, 0 before any */
  settingsVersion: number;
}

/** a view from viewFor (public, overlay, commentator) with the envelope */
export interface ViewMessage {
  v: WireVersion;
  kind: 'view';
  tableId: string;
  role: 'public' | 'overlay' | 'commentator';
  sent: number;
  view: Record<string, unknown> | null;
}

/** one finished hand: the archive stores it once under (tableId, handId) */
export interface HandMessage {
  v: WireVersion;
  kind: 'hand';
  tableId: string;
  /** the table's event log (its own random id, kept in the log): a hand is (tableId, logId, handNo) */
  logId: string;
  handId: string;
  handNo: number;
  /** the table's previous finished hand's number (null for its first): the room stores a hand only after it */
  prevHandNo: number | null;
  tableName: string;
  roomName: string;
  startWall: number | null;
  endWall: number;
  sent: number;
  /** the hand as the exporters take it */
  hand: PlayedHand;
}

/** the room to one table: the last hand it stored (retained); `resend` asks for the hands after it again */
export interface AckMessage {
  v: WireVersion;
  kind: 'ack';
  tableId: string;
  /** the log (history) of the table the room stored up to `handNo` of; a table on another log ignores it */
  logId: string;
  handNo: number;
  resend: boolean;
  sent: number;
}

/** the table's link to the room (also its MQTT last will, retained) */
export interface LinkMessage {
  v: WireVersion;
  kind: 'link';
  tableId: string;
  online: boolean;
  sent: number;
  /** finished hands not yet stored by the room */
  backlog: number;
}

/** a break between levels: starts at the first shuffle after `fromWall`, lasts `minutes` */
export interface RoomBreak {
  fromWall: number;
  minutes: number;
}

/** room-wide settings (retained); each table applies them at its next shuffle */
export interface SettingsMessage {
  v: WireVersion;
  kind: 'settings';
  /** increases with every change */
  version: number;
  level: { blinds: [number, number]; bbAnte: number };
  breaks: RoomBreak[];
  sent: number;
  /** the tournament clock when published (optional: old messages have none); tables count down locally */
  clock?: RoomClock;
}

/** a tournament clock fact: published on a level change or a TD's pause/resume/added time, never each second */
export interface RoomClock {
  level: number;
  isBreak: boolean;
  /** ms left in the period at the moment of publishing */
  leftMs: number;
  running: boolean;
  /** the level's blinds and big-blind ante (in play, or after a break the level that follows it) */
  blinds?: [number, number];
  bbAnte?: number;
  /** the period after this one (none after the last) */
  next?: RoomClockNext;
  /** a break: the denominations in play at its start, and those leaving at it (its colour-up, LOI 2) */
  chips?: number[];
  colourUp?: number[];
}

/** what follows the period in play: a level with its blinds, or a break with its length */
export interface RoomClockNext {
  isBreak: boolean;
  /** a level's number and blinds */
  level?: number;
  blinds?: [number, number];
  bbAnte?: number;
  /** a break's length */
  minutes?: number;
}

export type RoomMessage =
  | StatusMessage
  | ViewMessage
  | HandMessage
  | AckMessage
  | LinkMessage
  | SettingsMessage
  | SeatingMessage
  | SeatedMessage;

const clockChips = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const;
const clockBlinds = { type: 'array', minItems: 2, maxItems: 2, items: clockChips } as const;

const envelope = (kind: string) => ({ v: wireVersion, kind: { const: kind }, sent: wall });

export const SCHEMAS = {
  status: {
    type: 'object',
    additionalProperties: false,
    required: [
      'v',
      'kind',
      'tableId',
      'tableName',
      'roomName',
      'sent',
      'version',
      'handNo',
      'phase',
      'handOver',
      'blinds',
      'bbAnte',
      'level',
      'board',
      'seats',
      'openAlerts',
      'health',
      'lastHandWall',
      'settingsVersion',
    ],
    properties: {
      ...envelope('status'),
      tableId,
      tableName: text(200),
      roomName: text(200),
      version: nonNeg,
      handNo: nonNeg,
      phase: text(40),
      handOver: { type: 'boolean' },
      blinds,
      bbAnte: nonNeg,
      level,
      // the room view never shows a hidden card: only real card names on the board (a hidden one would be '??')
      board: { type: 'array', maxItems: 5, items: { type: 'string', pattern: '^[2-9TJQKA][cdhs]$' } },
      seats: {
        type: 'array',
        maxItems: 10,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['seat', 'name', 'stack', 'folded', 'allIn'],
          properties: {
            seat: { type: 'integer', minimum: 1, maximum: 10 },
            name: text(120),
            stack: nonNeg,
            folded: { type: 'boolean' },
            allIn: { type: 'boolean' },
          },
        },
      },
      openAlerts: {
        type: 'array',
        maxItems: 500,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'code', 'severity', 'message', 'messageFr', 'wall', 'source'],
          properties: {
            id: int,
            code: text(80),
            severity: text(20),
            message: text(2000),
            messageFr: text(2000),
            wall,
            source: { enum: ['hand', 'table'] },
          },
        },
      },
      health: {
        type: 'object',
        additionalProperties: false,
        required: ['link', 'panel', 'readers', 'source'],
        properties: {
          link: text(20),
          panel: text(20),
          readers: { type: 'object', additionalProperties: text(40) },
          source: text(80),
        },
      },
      lastHandWall: { type: ['number', 'null'] },
      settingsVersion: nonNeg,
    },
  },
  view: {
    type: 'object',
    additionalProperties: false,
    required: ['v', 'kind', 'tableId', 'role', 'sent', 'view'],
    properties: {
      ...envelope('view'),
      tableId,
      role: { enum: ['public', 'overlay', 'commentator'] },
      view: { type: ['object', 'null'] },
    },
  },
  hand: {
    type: 'object',
    additionalProperties: false,
    required: [
      'v',
      'kind',
      'tableId',
      'logId',
      'handId',
      'handNo',
      'prevHandNo',
      'tableName',
      'roomName',
      'startWall',
      'endWall',
      'sent',
      'hand',
    ],
    properties: {
      ...envelope('hand'),
      tableId,
      logId,
      handId: { type: 'string', minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9_.-]+$' },
      handNo: { type: 'integer', minimum: 1, maximum: 9_999_999 },
      prevHandNo: { type: ['integer', 'null'], minimum: 1 },
      tableName: oneLine(200),
      roomName: oneLine(200),
      startWall: { type: ['number', 'null'] },
      endWall: wall,
      hand: playedHand,
    },
    // version 2 sends no PHH lines beside the decisions; version 1 did (accepted, then dropped by decodeMessage)
    anyOf: [
      { type: 'object', properties: { v: { const: 1 } } },
      {
        type: 'object',
        properties: {
          hand: {
            type: 'object',
            properties: {
              final: {
                type: 'object',
                not: { type: 'object', required: ['actions'], properties: { actions: {} } },
              },
            },
          },
        },
      },
    ],
  },
  ack: {
    type: 'object',
    additionalProperties: false,
    required: ['v', 'kind', 'tableId', 'logId', 'handNo', 'resend', 'sent'],
    properties: { ...envelope('ack'), tableId, logId, handNo: nonNeg, resend: { type: 'boolean' } },
  },
  link: {
    type: 'object',
    additionalProperties: false,
    required: ['v', 'kind', 'tableId', 'online', 'sent', 'backlog'],
    properties: { ...envelope('link'), tableId, online: { type: 'boolean' }, backlog: nonNeg },
  },
  settings: {
    type: 'object',
    additionalProperties: false,
    required: ['v', 'kind', 'version', 'level', 'breaks', 'sent'],
    properties: {
      ...envelope('settings'),
      version: { type: 'integer', minimum: 1 },
      level,
      breaks: {
        type: 'array',
        maxItems: 100,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['fromWall', 'minutes'],
          properties: { fromWall: wall, minutes: { type: 'integer', minimum: 1, maximum: 24 * 60 } },
        },
      },
      clock: {
        type: 'object',
        additionalProperties: false,
        required: ['level', 'isBreak', 'leftMs', 'running'],
        properties: {
          level: { type: 'integer', minimum: 1, maximum: 1000 },
          isBreak: { type: 'boolean' },
          leftMs: { type: 'integer', minimum: 0, maximum: 48 * 3_600_000 },
          running: { type: 'boolean' },
          blinds: clockBlinds,
          bbAnte: clockChips,
          next: {
            type: 'object',
            additionalProperties: false,
            required: ['isBreak'],
            properties: {
              isBreak: { type: 'boolean' },
              level: { type: 'integer', minimum: 1, maximum: 1000 },
              blinds: clockBlinds,
              bbAnte: clockChips,
              minutes: { type: 'integer', minimum: 1, maximum: 24 * 60 },
            },
          },
          chips: { type: 'array', maxItems: 20, items: clockChips },
          colourUp: { type: 'array', maxItems: 20, items: clockChips },
        },
      },
    },
  },
  ...SEATING_SCHEMAS,
} as const;

type Kind = keyof typeof SCHEMAS;
interface ByKind {
  status: StatusMessage;
  view: ViewMessage;
  hand: HandMessage;
  ack: AckMessage;
  link: LinkMessage;
  settings: SettingsMessage;
  seating: SeatingMessage;
  seated: SeatedMessage;
}

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
const validators = Object.fromEntries(Object.entries(SCHEMAS).map(([k, schema]) => [k, ajv.compile(schema)])) as Record<
  Kind,
  ValidateFunction
>;

/** checks a payload against its kind's schema; throws RoomProtocolError naming the field */
export function checkMessage<K extends Kind>(kind: K, value: unknown): ByKind[K] {
  const validate = validators[kind];
  if (!validate(value)) {
    const e = validate.errors?.[0];
    throw new RoomProtocolError(
      'BAD_PAYLOAD',
      `${kind} message refused: ${e ? `${e.instancePath || '/'} ${e.message}` : 'invalid'}`,
    );
  }
  return value as ByKind[K];
}

/** parses and checks a received payload; the error says what is wrong, nothing is thrown past the caller */
export function decodeMessage<K extends Kind>(kind: K, payload: Buffer | string): ByKind[K] {
  let value: unknown;
  try {
    value = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch (err) {
    throw new RoomProtocolError('BAD_PAYLOAD', `${kind} message is not JSON: ${(err as Error).message}`);
  }
  const message = checkMessage(kind, value);
  return message.kind === 'hand' && message.v === 1 ? (fromVersion1(message) as ByKind[K]) : message;
}

/** a version 1 hand as version 2 sends it: without the PHH lines the table sent beside its decisions */
function fromVersion1(message: HandMessage): HandMessage {
  const { actions: _lines, ...final } = message.hand.final as PlayedHand['final'] & { actions?: unknown };
  return { ...message, hand: { ...message.hand, final } };
}

/** the payload to publish, checked first: the table never sends what the room would refuse */
export function encodeMessage<K extends Kind>(kind: K, value: ByKind[K]): string {
  checkMessage(kind, value);
  return JSON.stringify(value);
}

/** which schema a table stream's payloads follow */
export const STREAM_KIND: Record<TableStream, Kind> = {
  status: 'status',
  public: 'view',
  overlay: 'view',
  commentator: 'view',
  hands: 'hand',
  link: 'link',
  ack: 'ack',
  seating: 'seating',
  seated: 'seated',
};
