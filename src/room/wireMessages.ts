// The room wire's payloads: one JSON Schema per kind (ajv checks them in protocol.ts, before a table publishes and
// when the room receives) and their TypeScript types, derived from the schemas (src/schema/fromSchema.ts): each
// shape is written once. src/room/README.md documents them for other clients.

import { type FromSchema, typed } from '../schema/fromSchema.js';
import type { PlayedHand } from '../store/playedHand.js';
import { SEATING_SCHEMAS } from './seatingWire.js';
import {
  blinds,
  int,
  level,
  logId,
  nonNeg,
  oneLine,
  playedHand,
  tableId,
  text,
  wall,
  wireVersion,
} from './wireSchemas.js';

/** every payload's version, kind and `sent`: wall ms when sent (the room measures table-to-view latency from it) */
const envelope = <K extends string>(kind: K) => ({ v: wireVersion, kind: { const: kind }, sent: wall }) as const;

const roomSeat = {
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
} as const;

const roomAlert = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'code', 'severity', 'message', 'messageFr', 'wall', 'source'],
  properties: {
    id: int,
    code: text(80),
    severity: text(20),
    message: text(2000),
    messageFr: text(2000),
    /** wall ms when raised (the room shows its age) */
    wall,
    source: { enum: ['hand', 'table'] },
  },
} as const;

/** what the room view shows of a table: no card a player has not shown (built from the floor's view) */
const status = {
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
    /** the session state's version */
    version: nonNeg,
    handNo: nonNeg,
    phase: text(40),
    handOver: { type: 'boolean' },
    blinds,
    bbAnte: nonNeg,
    /** the level the next shuffle takes */
    level,
    // the room view never shows a hidden card: only real card names on the board (a hidden one would be '??')
    board: { type: 'array', maxItems: 5, items: { type: 'string', pattern: '^[2-9TJQKA][cdhs]$' } },
    seats: { type: 'array', maxItems: 10, items: roomSeat },
    openAlerts: { type: 'array', maxItems: 500, items: roomAlert },
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
    /** wall ms the last hand ended, null before the first */
    lastHandWall: { type: ['number', 'null'] },
    /** the room settings version this table has applied, 0 before any */
    settingsVersion: nonNeg,
  },
} as const;

/** a view from viewFor (public, overlay, commentator) with the envelope */
const view = {
  type: 'object',
  additionalProperties: false,
  required: ['v', 'kind', 'tableId', 'role', 'sent', 'view'],
  properties: {
    ...envelope('view'),
    tableId,
    role: { enum: ['public', 'overlay', 'commentator'] },
    view: { type: ['object', 'null'] },
  },
} as const;

/** one finished hand: the archive stores it once under (tableId, handId) */
const hand = {
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
    /** the table's event log (its own random id, kept in the log): a hand is (tableId, logId, handNo) */
    logId,
    handId: { type: 'string', minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9_.-]+$' },
    handNo: { type: 'integer', minimum: 1, maximum: 9_999_999 },
    /** the table's previous finished hand's number (null for its first): the room stores a hand only after it */
    prevHandNo: { type: ['integer', 'null'], minimum: 1 },
    tableName: oneLine(200),
    roomName: oneLine(200),
    startWall: { type: ['number', 'null'] },
    endWall: wall,
    /** the hand as the exporters take it (the schema checks what they read; the type is the store's) */
    hand: typed<PlayedHand>()(playedHand),
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
} as const;

/** the room to one table: the last hand it stored (retained); `resend` asks for the hands after it again */
const ack = {
  type: 'object',
  additionalProperties: false,
  required: ['v', 'kind', 'tableId', 'logId', 'handNo', 'resend', 'sent'],
  properties: {
    ...envelope('ack'),
    tableId,
    /** the log (history) of the table the room stored up to `handNo` of; a table on another log ignores it */
    logId,
    handNo: nonNeg,
    resend: { type: 'boolean' },
  },
} as const;

/** the table's link to the room (also its MQTT last will, retained) */
const link = {
  type: 'object',
  additionalProperties: false,
  required: ['v', 'kind', 'tableId', 'online', 'sent', 'backlog'],
  properties: {
    ...envelope('link'),
    tableId,
    online: { type: 'boolean' },
    /** finished hands not yet stored by the room */
    backlog: nonNeg,
  },
} as const;

/** a break between levels: starts at the first shuffle after `fromWall`, lasts `minutes` */
const roomBreak = {
  type: 'object',
  additionalProperties: false,
  required: ['fromWall', 'minutes'],
  properties: { fromWall: wall, minutes: { type: 'integer', minimum: 1, maximum: 24 * 60 } },
} as const;

const clockChips = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const;
const clockBlinds = { type: 'array', minItems: 2, maxItems: 2, items: clockChips } as const;

/** what follows the period in play: a level with its blinds, or a break with its length */
const roomClockNext = {
  type: 'object',
  additionalProperties: false,
  required: ['isBreak'],
  properties: {
    isBreak: { type: 'boolean' },
    /** a level's number and blinds */
    level: { type: 'integer', minimum: 1, maximum: 1000 },
    blinds: clockBlinds,
    bbAnte: clockChips,
    /** a break's length */
    minutes: { type: 'integer', minimum: 1, maximum: 24 * 60 },
  },
} as const;

/** a tournament clock fact: published on a level change or a TD's pause/resume/added time, never each second */
const roomClock = {
  type: 'object',
  additionalProperties: false,
  required: ['level', 'isBreak', 'leftMs', 'running'],
  properties: {
    level: { type: 'integer', minimum: 1, maximum: 1000 },
    isBreak: { type: 'boolean' },
    /** ms left in the period at the moment of publishing */
    leftMs: { type: 'integer', minimum: 0, maximum: 48 * 3_600_000 },
    running: { type: 'boolean' },
    /** the level's blinds and big-blind ante (in play, or after a break the level that follows it) */
    blinds: clockBlinds,
    bbAnte: clockChips,
    /** the period after this one (none after the last) */
    next: roomClockNext,
    /** a break: the denominations in play at its start, and those leaving at it (its colour-up, LOI 2) */
    chips: { type: 'array', maxItems: 20, items: clockChips },
    colourUp: { type: 'array', maxItems: 20, items: clockChips },
  },
} as const;

/** room-wide settings (retained); each table applies them at its next shuffle */
const settings = {
  type: 'object',
  additionalProperties: false,
  required: ['v', 'kind', 'version', 'level', 'breaks', 'sent'],
  properties: {
    ...envelope('settings'),
    /** increases with every change */
    version: { type: 'integer', minimum: 1 },
    level,
    breaks: { type: 'array', maxItems: 100, items: roomBreak },
    /** the tournament clock when published (optional: old messages have none); tables count down locally */
    clock: roomClock,
  },
} as const;

/** every kind of payload's schema */
export const SCHEMAS = { status, view, hand, ack, link, settings, ...SEATING_SCHEMAS } as const;

export type Kind = keyof typeof SCHEMAS;
/** a payload of one kind, as its schema accepts it */
export type ByKind = { [K in Kind]: FromSchema<(typeof SCHEMAS)[K]> };

export type RoomSeat = FromSchema<typeof roomSeat>;
export type RoomAlert = FromSchema<typeof roomAlert>;
export type StatusMessage = ByKind['status'];
export type ViewMessage = ByKind['view'];
export type HandMessage = ByKind['hand'];
export type AckMessage = ByKind['ack'];
export type LinkMessage = ByKind['link'];
export type RoomBreak = FromSchema<typeof roomBreak>;
export type RoomClockNext = FromSchema<typeof roomClockNext>;
export type RoomClock = FromSchema<typeof roomClock>;
export type SettingsMessage = ByKind['settings'];
export type RoomMessage = ByKind[Kind];
