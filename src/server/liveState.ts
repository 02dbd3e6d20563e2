// The state the server holds: the session's state plus what the server derives from it (equities) and the
// broadcast delay in force. Only views.ts turns it into what a role may see.
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

export interface LiveState {
  session: SessionState;
  equity: EquityTrack | null;
  /** ms; the overlay sees a state no sooner than this after it happened */
  broadcastDelayMs: number;
}

export const DEFAULT_BROADCAST_DELAY_MS = 15 * 60_000;
