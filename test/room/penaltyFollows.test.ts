// tda 71: a penalty of hands is the player's, not the seat's. The room counts it down from the hands the archive
// stores at the table serving it (after the hand the table took the order on), and when the floor moves the player
// to another table, that table gets what is left (a `penalty` order after the `seat` order) and the seat left is
// cleared; hands the old table played before the move still count when they are booked late. A restart of the room
// replays the journal to the same orders and the same hands left.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeMessage, type HandMessage, type SeatingMessage } from '../../src/room/protocol.js';
import type { RoomContext } from '../../src/room/roomAttach.js';
import { RoomTournament } from '../../src/room/roomTournament.js';
import type { SeatingOrder } from '../../src/room/seatingWire.js';
import { validateStructure } from '../../src/tournament/structure.js';

const structure = validateStructure({
  name: 'penalty follows',
  startingStack: 1000,
  chips: [25, 100],
  lateRegistrationLevels: 0,
  payouts: [100],
  levels: [
    { sb: 25, bb: 50, minutes: 20 },
    { sb: 50, bb: 100, minutes: 20 },
  ],
});
const players = ['Ana', 'Bea', 'Cyd', 'Dov', 'Eli', 'Fay', 'Gus'].map((name, i) => ({
  id: `p${i + 1}`,
  name,
  country: 'FR',
}));

/** a finished hand at `table` with these seats, nobody's stack changed (what onHand reads of the archive's message) */
function hand(table: string, handNo: number, seats: number[]): HandMessage {
  const stacks = Object.fromEntries(seats.map((s) => [s, 1000]));
  const [button = 1, sb = 1, bb = 1] = seats;
  return {
    tableId: table,
    logId: `log-${table}`,
    handNo,
    hand: { complete: true, config: { seats: stacks }, final: { stacks, button, sb, bb } },
  } as unknown as HandMessage;
}

describe('tda 71 at live tables', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('tda 71: a penalty follows the player to a new table', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-penalty-follows-'));
    dirs.push(dir);
    const open = () =>
      RoomTournament.open({
        dataDir: dir,
        structure,
        players,
        tableIds: ['1', '2'],
        maxSeats: 5,
        buyIn: 10,
        seed: 4,
        mono: () => 0,
      });
    const t = open();
    const last = new Map<string, SeatingOrder[]>();
    const ctx = (into: Map<string, SeatingOrder[]>): RoomContext => ({
      publish: async (_topic, payload) => {
        const m: SeatingMessage = decodeMessage('seating', payload);
        into.set(m.tableId, m.orders);
      },
      connected: () => true,
      settings: () => null,
      setSettings: async () => {
        throw new Error('not here');
      },
      say: () => {},
    });
    t.setContext(ctx(last));
    const orders = (table: string) => last.get(table) ?? [];
    const answer = (table: string, o: SeatingOrder, handNo: number, stack = 0) =>
      t.takeAnswers(table, [{ id: o.id, ok: true, stack, handNo, error: '' }]);
    const seatsOf = (table: string) =>
      Object.entries(t.floor.table(table).seats).map(([s, p]) => [Number(s), p] as const);
    const big = seatsOf('1').length === 4 ? '1' : '2';
    const small = big === '1' ? '2' : '1';
    expect(seatsOf(big)).toHaveLength(4);

    // five seats a table: the two never fit at one (no table broken). Every player at the table of four gets 5 hands (so whoever the balancing moves has one); each table takes it
    // on after its hand 0 (nothing dealt yet)
    for (const [, p] of seatsOf(big)) t.penalise({ player: p, kind: 'hands', count: 5, reason: 'a card exposed' });
    for (const o of orders(big).filter((x) => x.op === 'penalty')) answer(big, o, 0);
    const left = (p: string) => t.floor.penalties.of(p)[0]?.handsLeft;
    const bigSeats = seatsOf(big).map(([s]) => s);
    t.onHand(hand(big, 1, bigSeats));
    t.onHand(hand(big, 2, bigSeats));
    for (const [, p] of seatsOf(big)) expect(left(p)).toBe(3);

    // a player of the table of three disqualified: 4 against 2, one player moves from the big table (LOI 25)
    const [, gone] = seatsOf(small)[0] as readonly [number, string];
    t.penalise({ player: gone, kind: 'disqualification', reason: 'collusion' });
    const leave = orders(big).find((o) => o.op === 'remove');
    if (!leave) throw new Error('no move called');
    const moved = players.find((p) => p.name === leave.name)?.id as string;
    const fromSeat = leave.seat;
    // the big table plays hand 3 with them, then they leave; hand 3 is archived only after the leave is answered
    answer(big, leave, 3, 1000);
    const arrive = orders(small).find((o) => o.op === 'seat' && o.name === leave.name);
    if (!arrive) throw new Error('no seat order at the new table');
    const carried = orders(small).find((o) => o.op === 'penalty' && o.name === leave.name);
    expect(carried).toMatchObject({ hands: 2, seat: arrive.seat });
    expect(carried?.id).toBeGreaterThan(arrive.id);
    expect(carried?.message).toMatch(/^Penalty \(tda 71\) follows \w+ from table \d: seat \d+ sits out 2 more hands/);
    expect(carried?.messageFr).toMatch(/^Pénalité \(tda 71\) qui suit \w+ depuis la table \d : le siège \d+ purge/);
    // the seat left is cleared of it
    expect(orders(big).find((o) => o.op === 'penalty' && o.id > leave.id)).toMatchObject({ seat: fromSeat, hands: 0 });
    // hand 3 booked late still counts at the old table
    t.onHand(hand(big, 3, bigSeats));
    expect(left(moved)).toBe(2);
    // the new table seats them and takes the penalty on after its hand 0: its hands count down to the end
    answer(small, arrive, 0, 1000);
    answer(small, carried as SeatingOrder, 0);
    const smallSeats = seatsOf(small).map(([s]) => s);
    expect(smallSeats).toContain(arrive.seat);
    t.onHand(
      hand(
        big,
        4,
        bigSeats.filter((s) => s !== fromSeat),
      ),
    );
    expect(left(moved)).toBe(2);
    t.onHand(hand(small, 1, smallSeats));
    expect(left(moved)).toBe(1);
    t.onHand(hand(small, 2, smallSeats));
    expect(left(moved)).toBe(0);
    t.onHand(hand(small, 3, smallSeats));
    expect(left(moved)).toBe(0);
    expect(t.floor.penalties.running(moved, t.floor.playClock())).toEqual([]);
    // the ones who stayed: 5 less hands 1 to 4
    for (const [, p] of seatsOf(big)) expect(left(p)).toBe(1);

    // a restart replays the journal: the same orders, the same hands left
    const again = open();
    const resent = new Map<string, SeatingOrder[]>();
    again.setContext(ctx(resent));
    again.publishAllOrders();
    expect(resent.get(small)).toEqual(orders(small));
    expect(resent.get(big)).toEqual(orders(big));
    for (const p of players) expect(again.floor.penalties.of(p.id)).toEqual(t.floor.penalties.of(p.id));
  });
});
