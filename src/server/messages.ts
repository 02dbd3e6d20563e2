// Inbound websocket messages: one JSON schema each, compiled once with ajv, and the roles allowed to send them.
import { Ajv, type ValidateFunction } from 'ajv';
import { FeltwireError, statusOf } from '../errors.js';
import type { FromSchema } from '../schema/fromSchema.js';
import type { Role } from '../views/liveState.js';

/** The reasons the dealer's tablet offers for calling the floor (src/engine/alerts/catalogue.ts FLOOR_REASONS). */
export const FLOOR_REASON_IDS = ['dispute', 'cards', 'chips', 'action', 'conduct', 'other'] as const;
export type FloorReason = (typeof FLOOR_REASON_IDS)[number];

const seat = { type: 'integer', minimum: 1, maximum: 10 } as const;
const ref = { type: ['string', 'integer'], maxLength: 64 } as const;
const alertId = { type: 'integer', minimum: 1, maximum: 1_000_000_000 } as const;
/** the state version the tablet showed when the tap was made (src/server/taps.ts: a stale tap is refused) */
const version = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;
/** the floor's reason for a ruling, in its own words */
const reason = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** who of the floor ruled */
const by = { type: 'string', minLength: 1, maxLength: 80 } as const;

export const INBOUND_SCHEMAS = {
  say: {
    type: 'object',
    required: ['type', 'seat', 'say'],
    additionalProperties: false,
    properties: {
      type: { const: 'say' },
      ref,
      version,
      seat,
      say: { enum: ['check', 'call', 'fold', 'bet', 'raise', 'allin'] },
      to: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
    },
  },
  dealer: {
    type: 'object',
    required: ['type', 'button'],
    additionalProperties: false,
    properties: {
      type: { const: 'dealer' },
      ref,
      version,
      button: { enum: ['misdeal', 'floor', 'shuffle'] },
      /** "Call the floor": the seat concerned (none: the table) and the reason the dealer picked */
      seat,
      reason: { enum: FLOOR_REASON_IDS },
    },
  },
  clock: {
    type: 'object',
    required: ['type', 'seat'],
    additionalProperties: false,
    properties: { type: { const: 'clock' }, ref, version, seat },
  },
  ack: {
    type: 'object',
    required: ['type', 'alertId'],
    additionalProperties: false,
    properties: { type: { const: 'ack' }, ref, alertId },
  },
  decision: {
    type: 'object',
    required: ['type', 'alertId', 'decision', 'by'],
    additionalProperties: false,
    properties: {
      type: { const: 'decision' },
      ref,
      alertId,
      decision: { type: 'string', minLength: 1, maxLength: 500 },
      by: { type: 'string', minLength: 1, maxLength: 80 },
      /** the hand the alert belongs to (an engine alert of an earlier hand: closed in the floor's history) */
      hand: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    },
  },
  kill: {
    type: 'object',
    required: ['type', 'seat'],
    additionalProperties: false,
    properties: { type: { const: 'kill' }, ref, seat },
  },
  /**
   * a floor ruling on a question an alert put to it (the engine's floor events): kill a hand, let an undercaller fold
   * or hold it to the call (tda 51), let a seat skipped by substantial action out of turn act (tda 53)
   */
  ruling: {
    type: 'object',
    required: ['type', 'ruling', 'seat'],
    additionalProperties: false,
    properties: { type: { const: 'ruling' }, ref, ruling: { enum: ['kill', 'fold', 'call', 'act'] }, seat },
  },
  /** a player away from the table (true) or back (false), from the next shuffle on (LOI 8) */
  absent: {
    type: 'object',
    required: ['type', 'seat', 'absent'],
    additionalProperties: false,
    properties: { type: { const: 'absent' }, ref, seat, absent: { type: 'boolean' } },
  },
  /** a penalty of `hands` hands (tda 71; 0 lifts it) */
  penalty: {
    type: 'object',
    required: ['type', 'seat', 'hands'],
    additionalProperties: false,
    properties: { type: { const: 'penalty' }, ref, seat, hands: { type: 'integer', minimum: 0, maximum: 1000 } },
  },
  /**
   * the floor's rulings on the hand (TableSession floorMisdeal, floorVoid, floorStands, floorAward): a misdeal
   * declared, even after substantial action, with its reason (tda 35); the hand voided, every chip back; the hand
   * stands (play goes on as it lies, the stops that held it closed); a pot the showdown cannot decide awarded to a
   * seat or split (LOI 3). `by`: who of the floor ruled
   */
  misdeal: {
    type: 'object',
    required: ['type', 'reason'],
    additionalProperties: false,
    properties: { type: { const: 'misdeal' }, ref, reason, by },
  },
  void: {
    type: 'object',
    required: ['type', 'reason'],
    additionalProperties: false,
    properties: { type: { const: 'void' }, ref, reason, by },
  },
  /** the floor's resync with the readers: every antenna's reading replaces what the engine believes (resume.ts) */
  resync: {
    type: 'object',
    required: ['type'],
    additionalProperties: false,
    properties: { type: { const: 'resync' }, ref, by },
  },
  stands: {
    type: 'object',
    required: ['type', 'reason'],
    additionalProperties: false,
    properties: { type: { const: 'stands' }, ref, reason, by },
  },
  award: {
    type: 'object',
    required: ['type', 'seats'],
    additionalProperties: false,
    properties: {
      type: { const: 'award' },
      ref,
      pot: { type: 'integer', minimum: 0, maximum: 10 },
      seats: { type: 'array', items: seat, minItems: 1, maxItems: 10, uniqueItems: true },
      by,
    },
  },
  ping: {
    type: 'object',
    required: ['type'],
    additionalProperties: false,
    properties: { type: { const: 'ping' }, ref },
  },
} as const;

export type InboundType = keyof typeof INBOUND_SCHEMAS;

/** a message of one type, as its schema accepts it */
export type InboundOf<T extends InboundType> = FromSchema<(typeof INBOUND_SCHEMAS)[T]>;

/** an inbound message: one of the schemas' types, told apart by `type` */
export type InboundMessage = { [T in InboundType]: InboundOf<T> }[InboundType];

/** the floor's rulings the engine takes as table events (src/engine/betting/floorRulings.ts) */
export type FloorRuling = InboundOf<'ruling'>['ruling'];

/** Who may send what: the dealer's tablet drives the hand; the floor rules; everyone may ping. */
export const ALLOWED: Record<InboundType, readonly Role[]> = {
  say: ['dealer'],
  dealer: ['dealer'],
  clock: ['dealer', 'floor'],
  ack: ['dealer', 'floor'],
  decision: ['floor'],
  kill: ['floor'],
  ruling: ['floor'],
  absent: ['floor'],
  penalty: ['floor'],
  misdeal: ['floor'],
  void: ['floor'],
  stands: ['floor'],
  award: ['floor'],
  resync: ['floor'],
  ping: ['dealer', 'floor', 'commentator', 'overlay', 'public'],
};

export class MessageError extends FeltwireError<
  'BAD_JSON' | 'BAD_MESSAGE' | 'UNKNOWN_TYPE' | 'FORBIDDEN' | 'TOO_LARGE' | 'NO_RULING_PENDING'
> {
  constructor(
    code: MessageError['code'],
    message: string,
    readonly ref?: string | number,
  ) {
    super(code, message);
    this.name = 'MessageError';
  }
  get status(): number {
    return statusOf(this.code, 400, { FORBIDDEN: 403, TOO_LARGE: 413, NO_RULING_PENDING: 409 });
  }
}

const MAX_MESSAGE_BYTES = 4096;

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
const validators = Object.fromEntries(
  Object.entries(INBOUND_SCHEMAS).map(([k, schema]) => [k, ajv.compile(schema)]),
) as { [T in InboundType]: ValidateFunction<InboundOf<T>> };

/** Parses, validates and checks the sender's right; throws MessageError with a code otherwise. */
export function parseInbound(raw: string, role: Role): InboundMessage {
  if (raw.length > MAX_MESSAGE_BYTES) throw new MessageError('TOO_LARGE', `message over ${MAX_MESSAGE_BYTES} bytes`);
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new MessageError('BAD_JSON', 'message is not JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new MessageError('BAD_MESSAGE', 'message must be a JSON object with a "type"');
  }
  const obj = data as Record<string, unknown>;
  const ref = typeof obj.ref === 'string' || typeof obj.ref === 'number' ? obj.ref : undefined;
  const type = obj.type;
  if (typeof type !== 'string' || !Object.hasOwn(INBOUND_SCHEMAS, type)) {
    throw new MessageError('UNKNOWN_TYPE', `unknown message type ${JSON.stringify(type)}`, ref);
  }
  const t = type as InboundType;
  const validate: ValidateFunction<InboundMessage> = validators[t];
  if (!validate(data)) {
    const e = validate.errors?.[0];
    const where = e?.instancePath || '(message)';
    throw new MessageError('BAD_MESSAGE', `${t}: ${where} ${e?.message ?? 'is invalid'}`, ref);
  }
  if (!ALLOWED[t].includes(role)) throw new MessageError('FORBIDDEN', `role ${role} may not send ${t}`, ref);
  return data;
}
