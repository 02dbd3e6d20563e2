// Where players sit. A table is seats 1..maxSeats; `bb` is the seat that posted the big blind in the last hand (the
// dead-button rule moves it one occupied seat forward: LOI 6, club 8-6).

export interface FloorTable {
  id: string;
  maxSeats: number;
  /** seat -> player id */
  seats: Record<number, string>;
  /** last hand's button, small blind (null: none) and big blind; absent before the first hand */
  button?: number;
  sb?: number | null;
  bb?: number;
}

export interface Seat {
  table: string;
  seat: number;
}

export const occupiedSeats = (t: FloorTable): number[] =>
  Object.keys(t.seats)
    .map(Number)
    .sort((a, b) => a - b);

export const freeSeats = (t: FloorTable): number[] => {
  const out: number[] = [];
  for (let s = 1; s <= t.maxSeats; s++) if (t.seats[s] === undefined) out.push(s);
  return out;
};

export const countOf = (t: FloorTable): number => occupiedSeats(t).length;

/** seats from `from` (excluded unless `inclusive`) clockwise round the table */
export function clockwise(t: FloorTable, from: number, inclusive = false): number[] {
  const out: number[] = [];
  for (let i = inclusive ? 0 : 1; i <= t.maxSeats - (inclusive ? 1 : 0); i++)
    out.push(((from - 1 + i) % t.maxSeats) + 1);
  return out;
}

/** the occupied seat that posts the big blind next hand (the big blind moves one occupied seat forward) */
export function nextBigBlind(t: FloorTable): number | null {
  if (t.bb === undefined) return null;
  return clockwise(t, t.bb).find((s) => t.seats[s] !== undefined) ?? null;
}

/**
 * LOI 25, LOI 32, club 8-8: the worst position a player joining a table can take, the one that pays the big blind
 * soonest: the free seat nearest to the left of the big blind (the big blind's own seat if it is free). Before the
 * first hand, the lowest free seat.
 */
export function worstFreeSeat(t: FloorTable): number | null {
  const free = freeSeats(t);
  if (free.length === 0) return null;
  if (t.bb === undefined) return free[0] ?? null;
  return clockwise(t, t.bb, true).find((s) => t.seats[s] === undefined) ?? null;
}

/**
 * LOI 32 (its exception) and club 8-10: a player seated between the small blind and the button (a seat the blinds
 * have passed) is dealt no hand until the button has passed them; everywhere else they are dealt in at once and take
 * the position's duties (club 8-9, 8-12, 8-15).
 */
export function waitsForButton(t: FloorTable, seat: number): boolean {
  if (t.button === undefined || t.bb === undefined) return false;
  const nextBb = nextBigBlind(t);
  if (nextBb === null) return false;
  // next hand: the small blind sits at the last big blind's seat, the button before it; a seat strictly between the
  // next button (the last small blind's seat, or the seat the button would have reached) and the next small blind
  // is passed by the blinds
  const nextButton = t.sb ?? (t.bb === 1 ? t.maxSeats : t.bb - 1);
  const round = clockwise(t, nextButton);
  return round.slice(0, round.indexOf(t.bb)).includes(seat);
}
