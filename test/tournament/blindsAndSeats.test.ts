// The seeds' rules on seats and blinds that the floor's source cites, each tested after its rule:
// - club 8-2 (seed 001): "On retire les places au sort uniquement pour la Table finale";
// - LOI 23 (seed 000): a player from a broken table who dodges their blind(s) on purpose pays them and/or is
//   penalised; the chips go to the next pot and give the player no right;
// - club 8-5 (seed 001): "Le coup suivant commence au mélange des cartes" (with LOI 18 and club 8-4: a new level
//   applies from the next hand not yet begun);
// - club 8-15 (seed 001): a player moved because a table closed may draw the small or big blind a second time in a
//   row; no claim is possible.
import { describe, expect, it } from 'vitest';
import {
  defaultStructure,
  type FloorTable,
  finalTableDraw,
  nextBigBlind,
  type Player,
  type RandomSource,
  TournamentFloor,
  waitsForButton,
} from '../../src/tournament/index.js';

const MIN = 60_000;
const lcg = (seed: number): RandomSource => {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
};
const players = (n: number): Player[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}`, country: 'FR' }));
const chips = (floor: TournamentFloor, t: FloorTable) =>
  Object.fromEntries(Object.entries(t.seats).map(([s, p]) => [Number(s), floor.stacks.get(p) as number]));

/** 11 players: T1 seven (seats 5 and 6 free, its last big blind seat 4), T2 four; `seed` for the draws */
function tablesOfElevenAndFour(seed: number, now: () => number = () => 0) {
  const floor = new TournamentFloor(
    defaultStructure(),
    players(11),
    { tableIds: ['T1', 'T2'], maxSeats: 9, buyIn: 100 },
    lcg(seed),
    now,
  );
  floor.start();
  const [t1, t2] = floor.tables as [FloorTable, FloorTable];
  t1.seats = { 1: 'p1', 2: 'p2', 3: 'p3', 4: 'p4', 7: 'p5', 8: 'p6', 9: 'p7' };
  t2.seats = { 1: 'p8', 2: 'p9', 3: 'p10', 4: 'p11' };
  floor.handEnded('T1', { hand: 'T1#1', button: 2, sb: 3, bb: 4, start: chips(floor, t1), end: chips(floor, t1) });
  return { floor, t1, t2 };
}

/** T2's hand: p10 and p11 bust, p8 (seat 1) was its big blind; nine left fit at T1, T2 breaks */
function breakT2(floor: TournamentFloor, t2: FloorTable) {
  const start = chips(floor, t2);
  return floor.handEnded('T2', {
    hand: 'T2#1',
    button: 3,
    sb: 4,
    bb: 1,
    start,
    end: { 1: 5000 + 5000, 2: 5000 + 5000, 3: 0, 4: 0 },
  });
}

describe('club 8-15: a player moved because a table closed may take the blind a second time running; no claim', () => {
  it("T2's big blind drawn onto T1's next big blind seat posts it again: not skipped, not waiting", () => {
    // the draw is at random (LOI 13): find the seeds where p8, T2's big blind, lands on seat 5 (T1's next big blind)
    let found = 0;
    for (let seed = 1; seed < 40; seed++) {
      const { floor, t1, t2 } = tablesOfElevenAndFour(seed);
      const r = breakT2(floor, t2);
      expect(r.broken?.table).toBe('T2');
      const m = r.moves.find((x) => x.player === 'p8');
      expect(m?.rule).toContainEqual({ book: 'club', id: '8-15' });
      if (m?.to.seat !== 5) continue;
      found++;
      // the big blind moves one occupied seat forward from 4: seat 5, where p8 now sits
      expect(nextBigBlind(t1)).toBe(5);
      expect(waitsForButton(t1, 5)).toBe(false);
      const go = floor.shuffle('T1', 'T1#2');
      if ('wait' in go) throw new Error(`T1 waits: ${go.wait}`);
      // dealt in at once with the position's duty: no exemption for having just paid it at T2
      expect(go.waiting).not.toContain(5);
      expect(go.absent).not.toContain(5);
      expect(floor.log.some((e) => e.kind === 'waits' && e.player === 'p8')).toBe(false);
    }
    expect(found).toBeGreaterThan(0);
  });
});

describe('LOI 23: a player from a broken table who dodges the blinds owes them; the chips give no right', () => {
  it('away from the new seat after the first level: dealt in, the blinds taken, the hand killed, never a no-show', () => {
    let t = 0;
    const { floor, t1, t2 } = tablesOfElevenAndFour(3, () => t);
    breakT2(floor, t2);
    const seat = Number(Object.entries(t1.seats).find(([, p]) => p === 'p9')?.[0]);
    expect(seat).toBeGreaterThan(0);
    // level 2: the late registration and the first level are over (a no-show would be out now)
    t = 21 * MIN;
    expect(floor.clock.status().level.level).toBe(2);
    expect(floor.absent('p9')).toBe('away');
    const go = floor.shuffle('T1', 'T1#2');
    if ('wait' in go) throw new Error(`T1 waits: ${go.wait}`);
    // the engine's absent seat: cards dealt, blinds and ante posted into the pot, the hand killed
    expect(go.absent).toContain(seat);
    expect(t1.seats[seat]).toBe('p9');
    expect(floor.standings.isOut('p9')).toBe(false);
    expect(floor.log.some((e) => e.kind === 'noShow')).toBe(false);
    expect(floor.neverCame()).toEqual([]);
    expect(floor.absentPlayers()).toEqual(['p9']);
    // back at the seat: plays again
    floor.arrives('p9');
    const next = floor.shuffle('T1', 'T1#3');
    if ('wait' in next) throw new Error(`T1 waits: ${next.wait}`);
    expect(next.absent).toEqual([]);
  });

  it('a registered player who never came is still out once the first level is over (seed 003 regulation 10)', () => {
    let t = 0;
    const fresh = new TournamentFloor(
      defaultStructure(),
      players(11),
      { tableIds: ['T1', 'T2'], maxSeats: 9, buyIn: 100 },
      lcg(3),
      () => t,
    );
    fresh.start();
    const who = Object.values((fresh.tables[0] as FloorTable).seats)[0] as string;
    expect(fresh.absent(who)).toBe('noShow');
    t = 21 * MIN;
    fresh.shuffle('T1', 'T1#1');
    expect(fresh.standings.isOut(who)).toBe(true);
    expect(fresh.log.some((e) => e.kind === 'noShow' && e.finish.player === who)).toBe(true);
  });
});

const levelHands = (floor: TournamentFloor) =>
  floor.log.flatMap((e) => (e.kind === 'level' && e.table === 'T1' ? [e.hand] : []));

describe('club 8-5: the next hand begins at the shuffle (LOI 18, club 8-4: a new level from the next hand)', () => {
  it('a hand shuffled before the level ends keeps its blinds; the next shuffle takes the new level', () => {
    let t = 0;
    const { floor, t1 } = tablesOfElevenAndFour(4, () => t);
    t = 20 * MIN - 1000;
    const first = floor.shuffle('T1', 'T1#2');
    if ('wait' in first) throw new Error(`T1 waits: ${first.wait}`);
    expect([first.level.sb, first.level.bb]).toEqual([25, 50]);
    // the level ends while the hand is played: the hand under way keeps 25/50 to its end
    t = 20 * MIN + 30_000;
    expect(floor.clock.status().level.level).toBe(2);
    floor.handEnded('T1', { hand: 'T1#2', button: 3, sb: 4, bb: 7, start: chips(floor, t1), end: chips(floor, t1) });
    expect(levelHands(floor)).toEqual(['T1#2']);
    // the next hand begins at its shuffle: 50/100 ante 100, booked to T1#3
    const next = floor.shuffle('T1', 'T1#3');
    if ('wait' in next) throw new Error(`T1 waits: ${next.wait}`);
    expect([next.level.sb, next.level.bb, next.level.bbAnte]).toEqual([50, 100, 100]);
    expect(levelHands(floor)).toEqual(['T1#2', 'T1#3']);
    // the clock says the same: the level a shuffle plays is the level in play at that shuffle
    expect(floor.clock.levelAtShuffle().level).toBe(2);
  });
});

describe('club 8-2: seats are drawn again only for the final table ("uniquement pour la Table finale")', () => {
  it('a table broken before the final table leaves the players who stay where they sit', () => {
    const { floor, t1, t2 } = tablesOfElevenAndFour(5);
    const before = { ...t1.seats };
    const r = breakT2(floor, t2);
    expect(r.broken?.table).toBe('T2');
    for (const [seat, p] of Object.entries(before)) expect(t1.seats[Number(seat)]).toBe(p);
    expect(r.moves.every((m) => m.from.table === 'T2')).toBe(true);
  });

  it('at the final table every player left draws a seat of the whole table, then the button by high card', () => {
    const seatsSeen = new Map<string, Set<number>>();
    for (let seed = 1; seed <= 30; seed++) {
      const table: FloorTable = {
        id: 'F',
        maxSeats: 9,
        seats: { 1: 'a', 2: 'b', 3: 'c', 5: 'd', 6: 'e', 8: 'f' },
        button: 3,
        sb: 5,
        bb: 6,
      };
      const { draw, button } = finalTableDraw(table, lcg(seed));
      expect(Object.values(table.seats).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      expect(draw.seatCards).toHaveLength(9);
      expect(draw.lines).toHaveLength(6);
      for (const l of draw.lines) expect(table.seats[l.seat]).toBe(l.player);
      // the blinds start again from the new button (club 2-2), the old positions forgotten
      expect(table.button).toBe(button.button);
      expect(table.seats[button.button]).toBeDefined();
      expect(table.bb).toBeUndefined();
      for (const [s, p] of Object.entries(table.seats)) {
        const set = seatsSeen.get(p) ?? new Set<number>();
        set.add(Number(s));
        seatsSeen.set(p, set);
      }
    }
    // drawn over the whole table: each player reaches seats they did not hold, free ones included
    for (const [, set] of seatsSeen) expect(set.size).toBeGreaterThan(3);
    expect([...seatsSeen.values()].some((s) => s.has(9) || s.has(4) || s.has(7))).toBe(true);
  });
});

describe('club 8-2 on the floor: the break that leaves one table draws the final table again', () => {
  const finalFloor = (finalTableDraw: boolean, seed: number) => {
    const floor = new TournamentFloor(
      defaultStructure(),
      players(11),
      { tableIds: ['T1', 'T2'], maxSeats: 9, buyIn: 100, finalTableDraw },
      lcg(seed),
      () => 0,
    );
    floor.start();
    const [t1, t2] = floor.tables as [FloorTable, FloorTable];
    t1.seats = { 1: 'p1', 2: 'p2', 3: 'p3', 4: 'p4', 7: 'p5', 8: 'p6', 9: 'p7' };
    t2.seats = { 1: 'p8', 2: 'p9', 3: 'p10', 4: 'p11' };
    floor.handEnded('T1', { hand: 'T1#1', button: 2, sb: 3, bb: 4, start: chips(floor, t1), end: chips(floor, t1) });
    // (7 against 4: T1#1's end moved T1's next big blind to T2, club 8-1)
    const stayed = { ...t1.seats };
    breakT2(floor, t2);
    return { floor, t1, stayed };
  };

  it('every player left draws a seat of the final table; its first button by high card; nobody waits', () => {
    let moved = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const { floor, t1 } = finalFloor(true, seed);
      const e = floor.log.find((x) => x.kind === 'finalTable');
      if (e?.kind !== 'finalTable') throw new Error('no final table draw');
      expect(e.table).toBe('T1');
      expect(e.draw.lines.map((l) => l.player).sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9']);
      for (const l of e.draw.lines) expect(t1.seats[l.seat]).toBe(l.player);
      expect(t1.button).toBe(e.button);
      if (['p1', 'p2', 'p3', 'p4'].some((p, i) => t1.seats[i + 1] !== p)) moved++;
      const go = floor.shuffle('T1', 'T1#2');
      if ('wait' in go) throw new Error(`T1 waits: ${go.wait}`);
      expect(go.waiting).toEqual([]);
    }
    // the players who stayed at T1 are drawn too (not left where they sat)
    expect(moved).toBeGreaterThan(5);
  });

  it('off (the room, whose live tables cannot carry a redraw out yet): the players who stay keep their seats', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { floor, t1, stayed } = finalFloor(false, seed);
      expect(floor.log.some((x) => x.kind === 'finalTable')).toBe(false);
      expect(Object.keys(stayed)).toHaveLength(6);
      for (const [seat, p] of Object.entries(stayed)) expect(t1.seats[Number(seat)]).toBe(p);
    }
  });
});
