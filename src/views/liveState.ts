// The state the server holds: the session's state plus what the server derives from it (equities) and the
// broadcast delay in force. Only views.ts turns it into what a role may see.
import type { HeldClock } from '../room/clockFact.js';
import type { SessionState } from '../session/types.js';

export const ROLES = ['dealer', 'floor', 'commentator', 'overlay', 'public'] as const;
export type Role = (typeof ROLES)[number];
export const PRIVATE_ROLES = ['dealer', 'floor', 'commentator', 'overlay'] as const;
export type TokenRole = (typeof PRIVATE_ROLES)[number];

/** Equity of each live seat after one more card (board length 0..5). */
export interface EquityPoint {
  boardLen: number;
  board: string[];
  /** seat -> equity in percent */
  equity: Record<string, number>;
}

export interface EquityTrack {
  handNo: number;
  points: EquityPoint[];
  /** outs for each seat behind, on the current board (flop and turn) */
  outs: Record<string, string[]>;
}

/** What the table saw of one hand's cards, to mask the alerts of that hand (views.ts). */
export interface HandCards {
  /** the board and every exposed or tabled card */
  known: string[];
  /** hole cards never shown and the muck; null when not known (then only `known` cards are shown) */
  secret: string[] | null;
}

/** The event log's storage fault, as every view shows it (null: the disk takes every record). */
export interface StorageView {
  state: 'fault';
  kind: 'full' | 'io' | 'readonly';
  code: string;
  /** records held in memory, not on disk yet */
  pending: number;
  /** records refused (the memory bound was reached) */
  refused: number;
  since: number;
  message: string;
  messageFr: string;
}

export interface LiveState {
  session: SessionState;
  /** monotonic ms (src/clock) when this state happened: the broadcast delay's age is counted from here, never from
   * the session's wall time */
  at: number;
  equity: EquityTrack | null;
  /** ms; the overlay sees a state no sooner than this after it happened */
  broadcastDelayMs: number;
  /** the cards of earlier hands as they ended (the alerts of those hands are masked on them); a hand not here
   * shows none of its cards */
  pastHands?: ReadonlyMap<number, HandCards>;
  /** a storage fault of the event log, shown on every view */
  storage?: StorageView | null;
  /** the room's tournament clock as the table last heard it (src/room/clockFact.ts); none outside a tournament */
  tourney?: HeldClock | null;
}

export const DEFAULT_BROADCAST_DELAY_MS = 15 * 60_000;
