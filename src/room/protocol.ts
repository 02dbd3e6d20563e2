// The card room's MQTT protocol, version 1: topic names, payload schemas (ajv, checked by the table before it
// publishes and by the room when it receives) and their types. src/room/README.md documents it for other clients.

import { Ajv, type ValidateFunction } from 'ajv';
import { FeltwireError } from '../errors.js';
import type { PlayedHand } from '../store/playedHand.js';

export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = 'feltwire/v1';

/** the per-table topics; `commentator` carries hole cards live and only the commentator account may read it */
export const TABLE_STREAMS = ['status', 'public', 'overlay', 'commentator', 'hands', 'link', 'ack'] as const;
export type TableStream = (typeof TABLE_STREAMS)[number];

/** a table id is one MQTT topic level: no wildcards, no separators, nothing an ACL file would misread */
export const TABLE_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$';
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
  v: 1;
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
  v: 1;
  kind: 'view';
  tableId: string;
  role: 'public' | 'overlay' | 'commentator';
  sent: number;
  view: Record<string, unknown> | null;
}

/** one finished hand: the archive stores it once under (tableId, handId) */
export interface HandMessage {
  v: 1;
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
  v: 1;
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
  v: 1;
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
  v: 1;
  kind: 'settings';
  /** increases with every change */
  version: number;
  level: { blinds: [number, number]; bbAnte: number };
  breaks: RoomBreak[];
  sent: number;
}

export type RoomMessage = StatusMessage | ViewMessage | HandMessage | AckMessage | LinkMessage | SettingsMessage;

const int = { type: 'integer' } as const;
const nonNeg = { type: 'integer', minimum: 0 } as const;
const wall = { type: 'number', minimum: 0 } as const;
const tableId = { type: 'string', pattern: TABLE_ID_PATTERN } as const;
export const LOG_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
const logId = { type: 'string', pattern: LOG_ID_PATTERN } as const;
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const blinds = { type: 'array', items: nonNeg, minItems: 2, maxItems: 2 } as const;
const level = {
  type: 'object',
  required: ['blinds', 'bbAnte'],
  additionalProperties: false,
  properties: { blinds, bbAnte: nonNeg },
} as const;
// ---- the hand the exporters take: everything PHH, OHH and PokerStars read, with its type and range -----------------
/** a name or label written inside a hand history's line: no control character, no line or paragraph separator */
export const ONE_LINE_PATTERN = '^[^\\p{Cc}\\p{Zl}\\p{Zp}]*$';
const oneLine = (max: number) => ({ type: 'string', maxLength: max, pattern: ONE_LINE_PATTERN }) as const;
/** identity names the texts put inside quotes and brackets (tableIdentity.ts identityProblems) */
const idName = { type: 'string', minLength: 1, maxLength: 64, pattern: "^[^\\p{Cc}\\p{Zl}\\p{Zp}'\\[\\]]*$" } as const;
const seatNo = { type: 'integer', minimum: 1, maximum: 10 } as const;
const seatKey = { pattern: '^([1-9]|10)$' } as const;
const chipsAmount = { type: 'integer', minimum: 0, maximum: 1e15 } as const;
const card = { type: 'string', pattern: '^([2-9TJQKA][cdhs]|\\?\\?)$' } as const;
const cards = (max: number) => ({ type: 'array', maxItems: max, items: card }) as const;
const street = { enum: ['preflop', 'flop', 'turn', 'river'] } as const;
const msT = { type: 'number', minimum: 0, maximum: 1e12 } as const;
const wallMs = { type: 'number', minimum: 0, maximum: 8.64e15 } as const;
const decision = {
  type: 'object',
  required: [
    'kind',
    'street',
    'seat',
    'amount',
    'to',
    'facing',
    'raiseBy',
    'allIn',
    'full',
    'refund',
    'cards',
    'chips',
    'source',
    'rule',
    't',
  ],
  properties: {
    kind: { enum: ['dealHole', 'dealBoard', 'fold', 'check', 'call', 'bet', 'raise', 'show'] },
    street,
    seat: { type: 'integer', minimum: 0, maximum: 10 },
    amount: chipsAmount,
    to: chipsAmount,
    facing: chipsAmount,
    raiseBy: chipsAmount,
    allIn: { type: 'boolean' },
    full: { type: 'boolean' },
    refund: chipsAmount,
    cards: cards(5),
    chips: { type: 'array', maxItems: 1000, items: chipsAmount },
    source: { enum: ['chips', 'say', 'muck', 'inferred', 'table'] },
    rule: { type: ['string', 'null'], maxLength: 80, pattern: ONE_LINE_PATTERN },
    t: msT,
  },
} as const;
const handSeat = {
  type: 'object',
  required: ['seat', 'stack', 'committed', 'zone', 'cards', 'shown', 'folded', 'allIn', 'absent', 'dead'],
  properties: {
    seat: seatNo,
    stack: chipsAmount,
    committed: chipsAmount,
    zone: { type: 'array', maxItems: 1000, items: chipsAmount },
    cards: cards(10),
    shown: cards(10),
    folded: { type: 'boolean' },
    allIn: { type: 'boolean' },
    absent: { type: 'boolean' },
    dead: { type: 'boolean' },
    handName: oneLine(120),
  },
} as const;
const pot = {
  type: 'object',
  required: ['amount', 'eligible'],
  properties: {
    amount: chipsAmount,
    eligible: { type: 'array', maxItems: 10, items: seatNo },
    winners: { type: 'array', maxItems: 10, items: seatNo },
    shares: { type: 'object', propertyNames: seatKey, additionalProperties: chipsAmount },
  },
} as const;
const handAlert = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', maxLength: 80, pattern: '^[A-Z0-9_]+$' } },
} as const;
const playedHand = {
  type: 'object',
  required: [
    'handNo',
    'handId',
    'identity',
    'level',
    'tableName',
    'seatCount',
    'config',
    'final',
    'startWall',
    'names',
    'notes',
    'mucks',
    'complete',
  ],
  properties: {
    handNo: { type: 'integer', minimum: 1, maximum: 9_999_999 },
    // the number every export writes as the hand's (PokerStars "Hand #", OHH game_number, PHH hand): digits
    handId: { type: 'string', pattern: '^[0-9]{1,20}$' },
    identity: {
      type: 'object',
      required: ['room', 'table', 'tableId', 'game', 'tournamentId', 'timeZone'],
      properties: {
        room: idName,
        table: idName,
        tableId: { type: 'string', pattern: '^[0-9]{1,9}$' },
        game: { enum: ['cash', 'tournament'] },
        tournamentId: { type: 'string', pattern: '^[0-9]{1,9}$' },
        timeZone: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' },
        seatCount: { type: 'integer', minimum: 2, maximum: 10 },
      },
    },
    level: { type: 'integer', minimum: 1, maximum: 10_000 },
    tableName: idName,
    seatCount: { type: 'integer', minimum: 2, maximum: 10 },
    startWall: { anyOf: [wallMs, { type: 'null' }] },
    config: {
      type: 'object',
      required: ['ruleset', 'seats', 'button', 'blinds', 'bbAnte', 'absent', 'chips'],
      properties: {
        ruleset: { enum: ['tda', 'club'] },
        seats: {
          type: 'object',
          minProperties: 2,
          propertyNames: seatKey,
          additionalProperties: chipsAmount,
        },
        button: seatNo,
        blinds: { type: 'array', items: chipsAmount, minItems: 2, maxItems: 2 },
        bbAnte: chipsAmount,
        absent: { type: 'array', maxItems: 10, items: seatNo },
        chips: { type: 'array', maxItems: 50, items: { type: 'integer', minimum: 1, maximum: 1e15 } },
        sb: { anyOf: [seatNo, { type: 'null' }] },
        bb: seatNo,
      },
    },
    final: {
      type: 'object',
      required: [
        'button',
        'blinds',
        'bbAnte',
        'board',
        'burns',
        'seats',
        'alerts',
        'actions',
        'decisions',
        'pots',
        'stacks',
      ],
      properties: {
        button: seatNo,
        blinds: { type: 'array', items: chipsAmount, minItems: 2, maxItems: 2 },
        bbAnte: chipsAmount,
        board: cards(5),
        burns: cards(10),
        muck: cards(60),
        seats: { type: 'array', maxItems: 10, items: handSeat },
        alerts: { type: 'array', maxItems: 500, items: handAlert },
        actions: { type: 'array', maxItems: 1000, items: oneLine(200) },
        decisions: { type: 'array', maxItems: 1000, items: decision },
        pots: { type: 'array', maxItems: 10, items: pot },
        stacks: { type: 'object', propertyNames: seatKey, additionalProperties: chipsAmount },
      },
    },
    // player names by seat: one line each, as the floor seated them (the table refuses others at seating too)
    names: { type: 'object', propertyNames: seatKey, additionalProperties: oneLine(64) },
    notes: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['afterAction', 'kind', 'text'],
        properties: {
          afterAction: { type: 'integer', minimum: 0, maximum: 1000 },
          kind: { enum: ['burn', 'alert', 'tableAlert', 'decision', 'refused'] },
          text: { type: 'string', maxLength: 4000 },
        },
      },
    },
    mucks: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        required: ['seat', 'afterAction'],
        properties: { seat: seatNo, afterAction: { type: 'integer', minimum: 0, maximum: 1000 } },
      },
    },
    complete: { const: true },
    // a live table's hands are its own, never imported files: a room hand carries no PHH source fields
    source: { not: {} },
  },
} as const;

const envelope = (kind: string) => ({ v: { const: PROTOCOL_VERSION }, kind: { const: kind }, sent: wall });

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
    },
  },
} as const;

type Kind = keyof typeof SCHEMAS;
interface ByKind {
  status: StatusMessage;
  view: ViewMessage;
  hand: HandMessage;
  ack: AckMessage;
  link: LinkMessage;
  settings: SettingsMessage;
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
  return checkMessage(kind, value);
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
};
