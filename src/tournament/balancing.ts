// Balancing and breaking tables.
// - club 8-1: tables are balanced as soon as two differ by 2 players; the receiving table is chosen by a fixed
//   procedure (here: the table with the fewest players, the first in the room's order on a tie), the giving table
//   the one with the most.
// - club 8-7, LOI 25: the player moved is the one who would be big blind next; LOI 25, LOI 32, club 8-8: they take the
//   worst position at the receiving table, the free seat nearest to the left of the big blind.
// - seed 002 (table balancing example): a table short by three or more stops when its big blind reaches an empty
//   seat, and waits for the player coming to it.
// - Breaking a table: once the players fit at one table fewer, the table with the fewest players (the last in the
//   room's order on a tie) breaks; its players are drawn at random (LOI 13) onto the free seats by the double-blind
//   procedure (seed 002), spread so the tables stay balanced. They take their new position's blinds, even a second
//   time running (club 8-15, LOI 32); one dodging them still owes them (LOI 23).
import { type BookRule, club, loi, seed } from '../engine/rules/ruleRef.js';
import { type DoubleBlindDraw, doubleBlindDraw } from './draw.js';
import { TournamentError } from './errors.js';
import { type RandomSource, shuffled } from './random.js';
import { clockwise, countOf, type FloorTable, freeSeats, nextBigBlind, type Seat, worstFreeSeat } from './seating.js';

export interface Move {
  player: string;
  from: Seat;
  to: Seat;
  reason: 'balance' | 'break';
  /** the rules the move applies (BALANCE_RULES, BREAK_RULES) */
  rule: readonly BookRule[];
}

/** a move that balances: club 8-1, 8-7, 8-8; LOI 25, 32 */
export const BALANCE_RULES: readonly BookRule[] = [club('8-1'), club('8-7'), club('8-8'), loi('25'), loi('32')];
/** a move from a table that breaks: LOI 13, 23, 32; club 8-15; seed 002's table-break example */
export const BREAK_RULES: readonly BookRule[] = [loi('13'), loi('23'), loi('32'), club('8-15'), seed('002')];

const byId = (tables: readonly FloorTable[], id: string): FloorTable => {
  const t = tables.find((x) => x.id === id);
  if (!t) throw new TournamentError('NO_FREE_SEAT', `no table ${id}`);
  return t;
};

function applyMove(tables: FloorTable[], m: Move): void {
  const from = byId(tables, m.from.table);
  const to = byId(tables, m.to.table);
  delete from.seats[m.from.seat];
  to.seats[m.to.seat] = m.player;
}

/** club 8-1: the one move that brings the tables closer to balance, or null when no two differ by 2 or more */
export function nextBalancingMove(tables: readonly FloorTable[]): Move | null {
  const live = tables.filter((t) => countOf(t) > 0);
  if (live.length < 2) return null;
  let most = live[0] as FloorTable;
  let fewest = live[0] as FloorTable;
  for (const t of live) {
    if (countOf(t) > countOf(most)) most = t;
    if (countOf(t) < countOf(fewest)) fewest = t;
  }
  if (countOf(most) - countOf(fewest) < 2) return null;
  // club 8-7, LOI 25: the player who would be big blind next (before the first hand: the lowest seat)
  const seat =
    nextBigBlind(most) ??
    (Object.keys(most.seats)
      .map(Number)
      .sort((a, b) => a - b)[0] as number);
  const to = worstFreeSeat(fewest);
  if (to === null) return null;
  return {
    player: most.seats[seat] as string,
    from: { table: most.id, seat },
    to: { table: fewest.id, seat: to },
    reason: 'balance',
    rule: BALANCE_RULES,
  };
}

/** every move balancing needs now, applied to `tables` in order */
export function balance(tables: FloorTable[]): Move[] {
  const moves: Move[] = [];
  for (let m = nextBalancingMove(tables); m !== null; m = nextBalancingMove(tables)) {
    applyMove(tables, m);
    moves.push(m);
  }
  return moves;
}

/**
 * seed 002's example: a table short by three or more players (against the fullest) stops dealing when its big blind
 * reaches an empty seat (the seat to the left of its last big blind is free), until the moved player sits there.
 */
export function haltsForBalance(tables: readonly FloorTable[], id: string): boolean {
  const t = byId(tables, id);
  const fullest = Math.max(...tables.map(countOf));
  if (fullest - countOf(t) < 3 || t.bb === undefined) return false;
  const next = clockwise(t, t.bb)[0] as number;
  return t.seats[next] === undefined;
}

/** the table to break when the players fit at one table fewer, or null */
export function tableToBreak(tables: readonly FloorTable[]): FloorTable | null {
  const live = tables.filter((t) => countOf(t) > 0);
  if (live.length < 2) return null;
  const players = live.reduce((a, t) => a + countOf(t), 0);
  let smallest = live[0] as FloorTable;
  for (const t of live) if (countOf(t) <= countOf(smallest)) smallest = t;
  const others = live.filter((t) => t !== smallest);
  const room = others.reduce((a, t) => a + t.maxSeats, 0);
  return players <= room ? smallest : null;
}

export interface TableBreak {
  table: string;
  draw: DoubleBlindDraw;
  moves: Move[];
}

/** Breaks `id`: its players drawn onto the free seats of the others, each table filled in turn from the fewest. */
export function breakTable(tables: FloorTable[], id: string, random: RandomSource): TableBreak {
  const broken = byId(tables, id);
  const others = tables.filter((t) => t !== broken && countOf(t) > 0);
  const leaving = Object.entries(broken.seats)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([seat, player]) => ({ seat: Number(seat), player }));
  const load = new Map(others.map((t) => [t.id, countOf(t)]));
  const pools = new Map(others.map((t) => [t.id, shuffled(freeSeats(t), random)]));
  const seats: Seat[] = [];
  for (let i = 0; i < leaving.length; i++) {
    const open = others.filter((t) => (pools.get(t.id)?.length ?? 0) > 0);
    if (open.length === 0) throw new TournamentError('NO_FREE_SEAT', `table ${id} cannot break: no free seat left`);
    const t = open.reduce((a, b) => ((load.get(b.id) as number) < (load.get(a.id) as number) ? b : a));
    seats.push({ table: t.id, seat: (pools.get(t.id) as number[]).shift() as number });
    load.set(t.id, (load.get(t.id) as number) + 1);
  }
  const draw = doubleBlindDraw(
    leaving.map((l) => l.player),
    seats,
    random,
  );
  const moves: Move[] = draw.lines.map((l) => ({
    player: l.player,
    from: { table: id, seat: (leaving.find((x) => x.player === l.player) as { seat: number }).seat },
    to: { table: l.table, seat: l.seat },
    reason: 'break',
    rule: BREAK_RULES,
  }));
  for (const m of moves) applyMove(tables, m);
  return { table: id, draw, moves };
}
