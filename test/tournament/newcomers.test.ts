// LOI 32 and club 8-9..8-12: a player who comes to a table takes the rights and duties of the new seat, except
// between the button and the small blind (a seat the blinds have passed): dealt no hand there until the button has
// passed (club 8-10: one hand, then the deal passes to their left). On the floor, with a table broken onto a table
// whose small blind has just busted, and across simulated tournaments on the real engine.
import { describe, expect, it } from 'vitest';
import {
  defaultStructure,
  type FloorEvent,
  type Player,
  simulateTournament,
  TournamentFloor,
} from '../../src/tournament/index.js';

const players: Player[] = Array.from({ length: 12 }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}`, country: 'FR' }));

function brokenOntoPassedSeat() {
  let seed = 5;
  const floor = new TournamentFloor(
    defaultStructure(),
    players,
    { tableIds: ['T1', 'T2'], maxSeats: 9, buyIn: 100 },
    () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    },
    () => 0,
  );
  floor.start();
  const [t1, t2] = floor.tables as [(typeof floor.tables)[0], (typeof floor.tables)[0]];
  // T1: seat 3 free between last hand's small blind (2) and big blind (4); T2 six players
  t1.seats = { 1: 'p1', 2: 'p2', 4: 'p3', 5: 'p4', 6: 'p5', 7: 'p6' };
  t2.seats = { 1: 'p7', 2: 'p8', 3: 'p9', 4: 'p10', 5: 'p11', 6: 'p12' };
  const five = (seats: number[]) => Object.fromEntries(seats.map((s) => [s, 5000]));
  floor.handEnded('T1', {
    hand: 'T1#1',
    button: 1,
    sb: 2,
    bb: 4,
    start: five([1, 2, 4, 5, 6, 7]),
    end: five([1, 2, 4, 5, 6, 7]),
  });
  // T2 loses three players in one hand: nine left fit at one table, T2 breaks onto T1's free seats 3, 8 and 9
  const r = floor.handEnded('T2', {
    hand: 'T2#1',
    button: 1,
    sb: 2,
    bb: 3,
    start: five([1, 2, 3, 4, 5, 6]),
    end: { 1: 20000, 2: 5000, 3: 5000, 4: 0, 5: 0, 6: 0 },
  });
  return { floor, t1, broken: r.broken };
}

describe('LOI 32, club 8-10: a newcomer where the blinds have passed waits for the button', () => {
  it('the player drawn to seat 3 (between the next button, 2, and small blind, 4) is dealt no hand, then plays', () => {
    const { floor, t1, broken } = brokenOntoPassedSeat();
    expect(broken?.table).toBe('T2');
    expect(Object.keys(t1.seats).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const go = floor.shuffle('T1', 'T1#2');
    if ('wait' in go) throw new Error(`T1 waits: ${go.wait}`);
    expect(go.waiting).toEqual([3]);
    expect(floor.log.filter((e) => e.kind === 'waits')).toMatchObject([{ table: 'T1', seat: 3, player: t1.seats[3] }]);
    // club 8-12: seats 8 and 9 are dealt in at once. Hand 2: button 2, small blind 4, big blind 5; seat 3 not in it
    const stacks = Object.fromEntries(
      [1, 2, 4, 5, 6, 7, 8, 9].map((s) => [s, floor.stacks.get(t1.seats[s] as string) as number]),
    );
    floor.handEnded('T1', { hand: 'T1#2', button: 2, sb: 4, bb: 5, start: stacks, end: stacks });
    const next = floor.shuffle('T1', 'T1#3');
    if ('wait' in next) throw new Error(`T1 waits: ${next.wait}`);
    // the button has passed seat 3: dealt in, the deal to its left (club 8-10)
    expect(next.waiting).toEqual([]);
  });
});

describe('over whole simulated tournaments on the real engine', () => {
  it('every newcomer told to wait is in no hand of that table until the wait ends, and every chip is accounted for', () => {
    let waits = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const report = simulateTournament({
        structure: defaultStructure(),
        players: 27,
        tables: 3,
        maxSeats: 9,
        seed,
        buyIn: 100,
      });
      const log = report.floor.log.filter((e): e is Extract<FloorEvent, { kind: 'waits' }> => e.kind === 'waits');
      waits += log.length;
      for (const w of log) {
        const hand = report.played.find((h) => h.hand === w.hand);
        expect(hand?.waited).toContain(w.player);
        expect(hand?.bb).not.toBe(w.player);
        expect(hand?.sb).not.toBe(w.player);
      }
      const book = report.floor.chipBook();
      expect(book.held).toBe(book.issued);
    }
    // the break draws land on a passed seat in some of these runs (not asserted per run: it is the draw's)
    expect(waits).toBeGreaterThan(0);
  });
});
