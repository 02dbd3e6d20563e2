// The card room's MQTT protocol, version 2 (reading version 1 too; wireSchemas.ts PROTOCOL_VERSION): topic names and
// the payloads' codec, checked by ajv with the schemas of wireMessages.ts (the types are theirs) by the table before it
// publishes and by the room when it receives. src/room/README.md documents it for other clients.

import { Ajv, type ValidateFunction } from 'ajv';
import type { RuleRef } from '../engine/rules/ruleRef.js';
import { FeltwireError } from '../errors.js';
import { readRule } from '../session/legacyRule.js';
import type { PlayedHand } from '../store/playedHand.js';
import { type ByKind, type HandMessage, type Kind, SCHEMAS } from './wireMessages.js';
import { TABLE_ID_PATTERN } from './wireSchemas.js';

export type { SeatedMessage, SeatingMessage, SeatingOrder, SeatingResult } from './seatingWire.js';
export type {
  AckMessage,
  HandMessage,
  LinkMessage,
  RoomAlert,
  RoomBreak,
  RoomClock,
  RoomClockNext,
  RoomMessage,
  RoomSeat,
  SettingsMessage,
  StatusMessage,
  ViewMessage,
} from './wireMessages.js';
export { SCHEMAS } from './wireMessages.js';
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

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
const validators = Object.fromEntries(Object.entries(SCHEMAS).map(([k, schema]) => [k, ajv.compile(schema)])) as {
  [K in Kind]: ValidateFunction<ByKind[K]>;
};

/** checks a payload against its kind's schema; throws RoomProtocolError naming the field */
export function checkMessage<K extends Kind>(kind: K, value: unknown): ByKind[K] {
  const validate: ValidateFunction<ByKind[K]> = validators[kind];
  if (!validate(value)) {
    const e = validate.errors?.[0];
    throw new RoomProtocolError(
      'BAD_PAYLOAD',
      `${kind} message refused: ${e ? `${e.instancePath || '/'} ${e.message}` : 'invalid'}`,
    );
  }
  return value;
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
  if (kind !== 'hand') return message;
  const handMessage = message as HandMessage;
  const hand = handMessage.v === 1 ? fromVersion1(handMessage) : handMessage;
  return { ...hand, hand: playedWithRules(hand.hand) } as ByKind[K];
}

/** a hand a table sent before rules were values: its decisions' and alerts' rules, written as tags ("tda 51"), read
 * as the values (src/session/legacyRule.ts); a hand of this version as it is */
export function playedWithRules(hand: PlayedHand): PlayedHand {
  const final = hand.final as PlayedHand['final'] & {
    decisions: { rule: RuleRef | string | null }[];
    alerts: { rule: RuleRef | string }[];
  };
  const old =
    final.decisions.some((d) => typeof d.rule === 'string') || final.alerts.some((a) => typeof a.rule === 'string');
  if (!old) return hand;
  return {
    ...hand,
    final: {
      ...hand.final,
      decisions: hand.final.decisions.map((d) => ({ ...d, rule: d.rule === null ? null : readRule(d.rule) })),
      alerts: hand.final.alerts.map((a) => ({ ...a, rule: readRule(a.rule) })),
    },
  };
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
