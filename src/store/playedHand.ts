// A hand as the exporters see it: its table, the engine's final snapshot, and notes placed between its actions
// (burns, alerts, floor decisions) that the standard formats have no field for.
import type { HandSnapshot, TableConfig } from '../engine/types.js';

export interface HandNote {
  /** the note belongs after this many actions of `final.actions` (0 = before the first) */
  afterAction: number;
  kind: 'burn' | 'alert' | 'tableAlert' | 'decision' | 'refused';
  text: string;
}

export interface PlayedHand {
  handNo: number;
  /** the table's name (OHH table_name, PokerStars "Table '...'") */
  tableName: string;
  /** seats the table has (PHH seat_count, OHH table_size) */
  seatCount: number;
  config: TableConfig;
  final: HandSnapshot;
  /** wall ms at the shuffle, when known */
  startWall: number | null;
  /** player names by seat; a seat without one is called "Seat N" */
  names: Record<number, string>;
  notes: HandNote[];
  /** hands thrown to the muck at showdown without being shown (PHH `pN sm` with no cards), after this many actions */
  mucks: { seat: number; afterAction: number }[];
  /** the engine says the hand is over */
  complete: boolean;
}

export function playerName(hand: PlayedHand, seat: number): string {
  return hand.names[seat] ?? `Seat ${seat}`;
}

/** Occupied seats clockwise from the one left of the button: PHH's p1, p2, ... (p1 = small blind ... button). */
export function phhSeatOrder(config: TableConfig): number[] {
  const seats = Object.keys(config.seats)
    .map(Number)
    .sort((a, b) => a - b);
  const after = seats.filter((s) => s > config.button);
  const upTo = seats.filter((s) => s <= config.button);
  return [...after, ...upTo];
}
