// A hand as the exporters see it: its table, the engine's final snapshot, and notes placed between its actions
// (burns, alerts, floor decisions) that the standard formats have no field for.
import type { HandSnapshot, TableConfig } from '../engine/types.js';
import type { HandSource } from '../session/types.js';
import type { TableIdentity } from './tableIdentity.js';

export interface HandNote {
  /** the note belongs after this many decisions of `final.decisions` (0 = before the first) */
  afterAction: number;
  kind: 'burn' | 'alert' | 'tableAlert' | 'decision' | 'refused';
  text: string;
}

export interface PlayedHand {
  handNo: number;
  /** unique across tables and days, stable across restarts (tableIdentity.ts handId): the hand number every
   * export writes (PHH hand, OHH game_number, PokerStars/Ignition "Hand #") */
  handId: string;
  /** the card room, the table, cash or tournament (DATA/table.json) */
  identity: TableIdentity;
  /** the blind level, counted from 1: it goes up each time the blinds or the ante change */
  level: number;
  /** the table's name (OHH table_name, PokerStars "Table '...'"): identity.table */
  tableName: string;
  /** seats the table has (PHH seat_count, OHH table_size, "6-max") */
  seatCount: number;
  config: TableConfig;
  final: HandSnapshot;
  /** wall ms at the shuffle, when known */
  startWall: number | null;
  /** player names by seat, from the floor's seating when the hand began; a seat without one is called "Seat N" */
  names: Record<number, string>;
  notes: HandNote[];
  /** hands thrown to the muck at showdown without being shown (PHH `pN sm` with no cards), after this many actions */
  mucks: { seat: number; afterAction: number }[];
  /** the engine says the hand is over */
  complete: boolean;
  /** an imported hand: what its PHH file said of itself, written back on export */
  source?: HandSource;
}

/** The optional fields of an imported PHH file, as its hand record logged them (src/session/types.ts). */
export type { HandSource };

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
