// The room's seating orders to a table and the table's answers (a tournament's draw, balancing moves and broken
// tables: src/room/roomTournament.ts sends them, src/room/tableSeating.ts applies them). Both lists are cumulative and
// retained: an order is applied once (its id), whatever restarts on either side; protocol.ts's SCHEMAS take these.
import type { FromSchema } from '../schema/fromSchema.js';
import { nonNeg, seatNo, tableId, text, wall, wireVersion } from './wireSchemas.js';

const envelope = <K extends string>(kind: K) => ({ v: wireVersion, kind: { const: kind }, sent: wall }) as const;

/** a name the table's roster takes (src/session/roster.ts checkPlayer): one line, no < > */
const playerName = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[^\\p{Cc}\\p{Zl}\\p{Zp}<>]*$' } as const;

/** the dealer's table alert of an order, a code of the catalogue and its facts (src/engine/alerts/facts.ts
 * ROOM_SEATING, ROOM_PENALTY): the table renders its texts; `message` and `messageFr` are the same texts for a table
 * that reads no facts */
const seatingAlert = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'facts'],
  properties: {
    code: { enum: ['ROOM_SEATING', 'ROOM_PENALTY'] },
    facts: {
      type: 'object',
      additionalProperties: false,
      required: ['seat'],
      properties: {
        variant: {
          enum: [
            'leave',
            'arrive',
            'out',
            'late',
            'absent',
            'away',
            'back',
            'seat',
            'remove',
            'given',
            'served',
            'carried',
          ],
        },
        seat: seatNo,
        player: playerName,
        table: tableId,
        toTable: tableId,
        withSeat: seatNo,
        move: { enum: ['break', 'balance'] },
        place: { type: 'integer', minimum: 1, maximum: 100000 },
        prize: { type: 'number', minimum: 0, maximum: 1e15 },
        amount: { type: 'integer', minimum: 0, maximum: 1e15 },
        waits: { type: 'boolean' },
        noShow: { type: 'boolean' },
        penalty: {
          enum: ['warning', 'hands', 'rounds', 'minutes', 'levels', 'deadHand', 'elimination', 'disqualification'],
        },
        count: { type: 'integer', minimum: 0, maximum: 1000 },
        handsLeft: { type: 'integer', minimum: 0, maximum: 100000 },
        /** the floor's own words (a penalty's reason), quoted as given */
        words: text(500),
        /** the rules the room applied, as values (src/engine/rules/ruleRef.ts) */
        cited: {
          type: 'array',
          maxItems: 12,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['book', 'id'],
            properties: {
              book: { enum: ['tda', 'club', 'LOI', 'seed'] },
              id: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z§][0-9A-Za-z§ .-]*$' },
            },
          },
        },
        /** the same as a room of the previous version cited them, as text (read when `cited` is absent) */
        rules: { type: 'string', maxLength: 100, pattern: '^[^\\p{Cc}\\p{Zl}\\p{Zp}]*$' },
      },
    },
  },
} as const;

/** one order of the room to a table: seat a named player (with their chips), take one away after their hand, or a
 * penalty the floor gave (tda 71: the seat dealt in, its hand killed, its blinds posted for `hands` hands) */
const seatingOrder = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'op', 'seat', 'name', 'country', 'stack', 'message', 'messageFr'],
  properties: {
    /** increases over the whole room: a table applies each id once, in order */
    id: { type: 'integer', minimum: 1 },
    op: { enum: ['seat', 'remove', 'penalty', 'absent'] },
    seat: { type: 'integer', minimum: 1, maximum: 10 },
    /** seat: the player's name and country; remove: the name the room has there (for the dealer's alert). A name
     * the table's roster takes (src/session/roster.ts checkPlayer): one line, no < > */
    name: playerName,
    country: { type: 'string', pattern: '^([A-Z]{2,3})?$' },
    /** seat: the chips the player brings (ignored on a seat already in the hand's config: the draw's seats) */
    stack: { type: 'integer', minimum: 0, maximum: 1e15 },
    /** the dealer's table alert, English and French ('' : none, as for the opening draw), rendered by the room from
     * `alert` for a table that reads no facts */
    message: text(1000),
    messageFr: text(1000),
    /** the dealer's table alert as a code and its facts (absent: none, or a room that sends no facts) */
    alert: seatingAlert,
    /** penalty: the hands to sit out from the end of the hand under way (tda 68); 0 lifts it (a warning: only told) */
    hands: { type: 'integer', minimum: 0, maximum: 1000 },
    /** seat: a seat the blinds have passed (LOI 32, club 8-10): dealt no hand until the button has passed it */
    waitForButton: { type: 'boolean' },
    /** absent: the player is not at the seat (club 3-1, 3-2: dealt in, the blinds taken, the hand killed), or is back */
    absent: { type: 'boolean' },
  },
} as const;

/** the table's answer to one order */
const seatingResult = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'ok', 'stack', 'handNo', 'error'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    ok: { type: 'boolean' },
    /** seat: the chips seated; remove: the chips the player leaves with (the end of their last hand here) */
    stack: { type: 'integer', minimum: 0, maximum: 1e15 },
    /** seat: the table's hand number when seated (the player plays from the next one; 0 before the first);
     * remove: the last hand the player played here */
    handNo: nonNeg,
    /** why the order was refused ('' when ok) */
    error: text(500),
  },
} as const;

export const SEATING_SCHEMAS = {
  seating: {
    type: 'object',
    additionalProperties: false,
    required: ['v', 'kind', 'tableId', 'sent', 'orders'],
    properties: { ...envelope('seating'), tableId, orders: { type: 'array', maxItems: 500, items: seatingOrder } },
  },
  seated: {
    type: 'object',
    additionalProperties: false,
    required: ['v', 'kind', 'tableId', 'sent', 'results'],
    properties: { ...envelope('seated'), tableId, results: { type: 'array', maxItems: 500, items: seatingResult } },
  },
} as const;

export type SeatingOrder = FromSchema<typeof seatingOrder>;
export type SeatingAlert = FromSchema<typeof seatingAlert>;
export type SeatingMessage = FromSchema<typeof SEATING_SCHEMAS.seating>;
export type SeatingResult = FromSchema<typeof seatingResult>;
export type SeatedMessage = FromSchema<typeof SEATING_SCHEMAS.seated>;
