// Balancing and breaking tables: club 8-1 (balance at a difference of 2), club 8-7 and LOI 25 (the next big blind
// moves), LOI 25, 32 and club 8-8 (to the worst position), seed 002's example (the short table stops when its big
// blind reaches an empty seat), and a table broken once its players fit elsewhere (LOI 13, seed 002's draw).
import { describe, expect, it } from 'vitest';
import {
  BALANCE_RULES,
  balance,
  breakTable,
  countOf,
  type FloorTable,
  haltsForBalance,
  nextBalancingMove,
  nextBigBlind,
  seededRandom,
  tableToBreak,
  worstFreeSeat,
} from '../../src/tournament/index.js';

function t(id: string, seats: number[], bb?: number, maxSeats = 9): FloorTable {
  const out: FloorTable = { id, maxSeats, seats: Object.fromEntries(seats.map((s) => [s, `${id}${s}`])) };
  if (bb !== undefined) {
    out.bb = bb;
    out.sb = null;
    out.button = bb === 1 ? maxSeats : bb - 1;
  }
  return out;
}

describe('club 8-1: tables are balanced from a difference of two players', () => {
  it('8 and 7 players: no move; 8 and 6: one move from the fuller table to the shorter one', () => {
    expect(nextBalancingMove([t('A', [1, 2, 3, 4, 5, 6, 7, 8], 2), t('B', [1, 2, 3, 4, 5, 6, 7], 2)])).toBeNull();
    const m = nextBalancingMove([t('A', [1, 2, 3, 4, 5, 6, 7, 8], 2), t('B', [1, 2, 3, 4, 5, 6], 2)]);
    expect(m).toMatchObject({ from: { table: 'A' }, to: { table: 'B' }, reason: 'balance' });
  });

  it('the receiving table is the shortest, the first in the room order on a tie (a fixed procedure)', () => {
    const tables = [
      t('A', [1, 2, 3, 4, 5, 6, 7, 8, 9], 2),
      t('B', [1, 2, 3, 4, 5, 6, 7], 2),
      t('C', [1, 2, 3, 4, 5, 6, 7], 2),
    ];
    expect(nextBalancingMove(tables)?.to.table).toBe('B');
  });
});

describe('club 8-7, LOI 25: the player who would be big blind next moves', () => {
  it('big blind at seat 4 last hand: the player in seat 5 moves', () => {
    const m = nextBalancingMove([t('A', [1, 2, 3, 4, 5, 6, 7, 8], 4), t('B', [1, 2, 3, 4, 5, 6], 2)]);
    expect(m?.from).toEqual({ table: 'A', seat: 5 });
    expect(m?.player).toBe('A5');
  });

  it('the next big blind skips empty seats (the big blind moves one occupied seat: dead button)', () => {
    expect(nextBigBlind(t('A', [1, 2, 3, 7, 8], 3))).toBe(7);
    expect(nextBigBlind(t('A', [1, 2, 3, 7, 8], 8))).toBe(1);
  });
});

describe('LOI 25, LOI 32, club 8-8: the moved player takes the worst position', () => {
  it('the free seat nearest to the left of the big blind', () => {
    expect(worstFreeSeat(t('B', [1, 2, 3, 6, 7], 3))).toBe(4);
    expect(worstFreeSeat(t('B', [1, 2, 3, 4, 5, 6, 7], 7))).toBe(8);
    expect(worstFreeSeat(t('B', [1, 2, 3, 4, 5, 6, 7, 8], 8))).toBe(9);
    expect(worstFreeSeat(t('B', [2, 3, 4, 5, 6, 7, 8, 9], 9))).toBe(1);
  });

  it('or the big blind itself when its seat is free (the big blind busted)', () => {
    const b = t('B', [1, 2, 4, 5, 6], 3);
    expect(worstFreeSeat(b)).toBe(3);
  });

  it('the move lands at that seat', () => {
    const m = nextBalancingMove([t('A', [1, 2, 3, 4, 5, 6, 7, 8], 4), t('B', [1, 2, 3, 6, 7, 8], 3)]);
    expect(m?.to).toEqual({ table: 'B', seat: 4 });
  });
});

describe("seed 002's example: table A has 5 players, table B (the fullest) 8, nine to a table", () => {
  it('play stops at table A when its big blind reaches an empty seat', () => {
    const b = t('B', [1, 2, 3, 4, 5, 6, 7, 8], 4);
    // big blind at seat 3, seat 4 occupied: A plays on
    expect(haltsForBalance([t('A', [1, 2, 3, 4, 5], 3), b], 'A')).toBe(false);
    // big blind at seat 5, seat 6 empty: A stops
    expect(haltsForBalance([t('A', [1, 2, 3, 4, 5], 5), b], 'A')).toBe(true);
    // only two short: no stop
    expect(haltsForBalance([t('A', [1, 2, 3, 4, 5, 6], 6), b], 'A')).toBe(false);
  });

  it("B's next big blind goes to A's empty seat, where A's big blind arrives: 7 and 6, balanced", () => {
    const tables = [t('A', [1, 2, 3, 4, 5], 5), t('B', [1, 2, 3, 4, 5, 6, 7, 8], 4)];
    const moves = balance(tables);
    expect(moves).toEqual([
      {
        player: 'B5',
        from: { table: 'B', seat: 5 },
        to: { table: 'A', seat: 6 },
        reason: 'balance',
        rule: BALANCE_RULES,
      },
    ]);
    expect(tables.map(countOf)).toEqual([6, 7]);
    expect(haltsForBalance(tables, 'A')).toBe(false);
  });
});

describe('breaking a table once its players fit at one table fewer', () => {
  it('19 players on three tables of nine: no break; 18: the shortest table breaks', () => {
    expect(
      tableToBreak([t('1', [1, 2, 3, 4, 5, 6, 7]), t('2', [1, 2, 3, 4, 5, 6]), t('3', [1, 2, 3, 4, 5, 6])])?.id,
    ).toBeUndefined();
    expect(tableToBreak([t('1', [1, 2, 3, 4, 5, 6]), t('2', [1, 2, 3, 4, 5, 6, 7]), t('3', [1, 2, 3, 4, 5])])?.id).toBe(
      '3',
    );
    // a tie: the last in the room order breaks
    expect(tableToBreak([t('1', [1, 2, 3, 4, 5, 6]), t('2', [1, 2, 3, 4, 5, 6]), t('3', [1, 2, 3, 4, 5, 6])])?.id).toBe(
      '3',
    );
  });

  it('LOI 13, seed 002: the players are drawn onto the free seats, the tables kept balanced', () => {
    const tables = [t('1', [1, 2, 3, 4, 5, 6], 2), t('2', [2, 3, 4, 5, 6, 7, 8], 3), t('3', [1, 3, 5, 7, 9], 5)];
    const b = breakTable(tables, '3', seededRandom(4));
    expect(b.moves).toHaveLength(5);
    expect(tables.map(countOf)).toEqual([9, 9, 0]);
    for (const m of b.moves) {
      expect(m.reason).toBe('break');
      expect(tables.find((x) => x.id === m.to.table)?.seats[m.to.seat]).toBe(m.player);
    }
    // the draw: highest card takes the top seat card
    expect(b.draw.lines.map((l) => l.player)).toEqual(b.moves.map((m) => m.player));
    const seats = new Set(b.moves.map((m) => `${m.to.table}-${m.to.seat}`));
    expect(seats.size).toBe(5);
  });

  it('the same break with another random source seats them otherwise', () => {
    const mk = () => [t('1', [1, 2, 3, 4, 5, 6], 2), t('2', [2, 3, 4, 5, 6, 7, 8], 3), t('3', [1, 3, 5, 7, 9], 5)];
    const a = breakTable(mk(), '3', seededRandom(4)).moves.map((m) => m.to);
    const b = breakTable(mk(), '3', seededRandom(5)).moves.map((m) => m.to);
    expect(a).not.toEqual(b);
  });
});
