// The room's seating orders to a table and the table's answers (a tournament's draw, balancing moves and broken
// tables: src/room/roomTournament.ts sends them, src/room/tableSeating.ts applies them). Both lists are cumulative and
// retained: an order is applied once (its id), whatever restarts on either side; protocol.ts's SCHEMAS take these.
import { nonNeg, tableId, text, type WireVersion, wall, wireVersion } from './wireSchemas.js';

/** one order of the room to a table: seat a named player (with their chips), take one away after their hand, or a
 * penalty the floor gave (tda 71: the seat dealt in, its hand killed, its blinds posted for `hands` hands) */
export interface SeatingOrder {
  /** increases over the whole room: a table applies each id once, in order */
  id: number;
  op: 'seat' | 'remove' | 'penalty' | 'absent';
  seat: number;
  /** seat: the player's name and country; remove: the name the room has there (for the dealer's alert) */
  name: string;
  country: string;
  /** seat: the chips the player brings (ignored on a seat already in the hand's config: the draw's seats) */
  stack: number;
  /** the dealer's table alert, English and French ('' : none, as for the opening draw) */
  message: string;
  messageFr: string;
  /** penalty: the hands to sit out from the end of the hand under way (tda 68); 0 lifts it (a warning: only told) */
  hands?: number;
  /** seat: a seat the blinds have passed (LOI 32, club 8-10): dealt no hand until the button has passed it */
  waitForButton?: boolean;
  /** absent: the player is not at the seat (club 3-1, 3-2: dealt in, the blinds taken, the hand killed), or is back */
  absent?: boolean;
}

export interface SeatingMessage {
  v: WireVersion;
  kind: 'seating';
  tableId: string;
  sent: number;
  orders: SeatingOrder[];
}

/** the table's answer to one order */
export interface SeatingResult {
  id: number;
  ok: boolean;
  /** seat: the chips seated; remove: the chips the player leaves with (the end of their last hand here) */
  stack: number;
  /** seat: the table's hand number when seated (the player plays from the next one; 0 before the first);
   * remove: the last hand the player played here */
  handNo: number;
  /** why the order was refused ('' when ok) */
  error: string;
}

export interface SeatedMessage {
  v: WireVersion;
  kind: 'seated';
  tableId: string;
  sent: number;
  results: SeatingResult[];
}

const envelope = (kind: string) => ({ v: wireVersion, kind: { const: kind }, sent: wall });

export const SEATING_SCHEMAS = {
  seating: {
    type: 'object',
    additionalProperties: false,
    required: ['v', 'kind', 'tableId', 'sent', 'orders'],
    properties: {
      ...envelope('seating'),
      tableId,
      orders: {
        type: 'array',
        maxItems: 500,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'op', 'seat', 'name', 'country', 'stack', 'message', 'messageFr'],
          properties: {
            id: { type: 'integer', minimum: 1 },
            op: { enum: ['seat', 'remove', 'penalty', 'absent'] },
            seat: { type: 'integer', minimum: 1, maximum: 10 },
            // a name the table's roster takes (src/session/roster.ts checkPlayer): one line, no < >
            name: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[^\\p{Cc}\\p{Zl}\\p{Zp}<>]*$' },
            country: { type: 'string', pattern: '^([A-Z]{2,3})?$' },
            stack: { type: 'integer', minimum: 0, maximum: 1e15 },
            message: text(1000),
            messageFr: text(1000),
            hands: { type: 'integer', minimum: 0, maximum: 1000 },
            waitForButton: { type: 'boolean' },
            absent: { type: 'boolean' },
          },
        },
      },
    },
  },
  seated: {
    type: 'object',
    additionalProperties: false,
    required: ['v', 'kind', 'tableId', 'sent', 'results'],
    properties: {
      ...envelope('seated'),
      tableId,
      results: {
        type: 'array',
        maxItems: 500,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'ok', 'stack', 'handNo', 'error'],
          properties: {
            id: { type: 'integer', minimum: 1 },
            ok: { type: 'boolean' },
            stack: { type: 'integer', minimum: 0, maximum: 1e15 },
            handNo: nonNeg,
            error: text(500),
          },
        },
      },
    },
  },
} as const;
