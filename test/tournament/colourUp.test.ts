// Colour-up and chip race: LOI 2 with its own example, LOI 3 (the new smallest chip is the odd chip), LOI 17 (a new
// deck with the level), and the result checked by reading the chips.
import { describe, expect, it } from 'vitest';
import { checkColourUp, chipRace, chipsInPlayAt, parseStructure, seededRandom } from '../../src/tournament/index.js';
import { Table } from '../engine/table.js';

const rank = (c: string): number => '23456789TJQKA'.indexOf(c[0] ?? '') * 4 + 'cdhs'.indexOf(c[1] ?? '');

// LOI 2's example: from 10-25 to 25-50 the 5s leave for 25s; after the exchange four players each have two 5s left
const example = {
  leaving: [5],
  newChip: 25,
  seats: [1, 2, 3, 4].map((seat) => ({ seat, leaving: { 5: 2 }, staying: 1000 })),
};

describe('LOI 2: chip race', () => {
  it("the seed's example: 40 left over in eight 5s, rounded up to two 25s; eight cards, one per chip", () => {
    const r = chipRace(example, seededRandom(1));
    expect(r.raceChips).toBe(2);
    expect(r.seats.map((s) => s.cards.length)).toEqual([2, 2, 2, 2]);
    expect(new Set(r.seats.flatMap((s) => s.cards)).size).toBe(8);
    expect(r.seats.filter((s) => s.wonRace)).toHaveLength(2);
    // the stacks: 1000 each, plus one 25 for the two winners; the 10 of each in 5s is gone
    expect(r.seats.map((s) => s.after).sort()).toEqual([1000, 1000, 1025, 1025]);
    expect(r.netChange).toBe(50 - 40);
  });

  it('the two best cards win, one chip each, when two players hold them', () => {
    for (let seed = 1; seed < 40; seed++) {
      const r = chipRace(example, seededRandom(seed));
      const best = r.seats.map((s) => ({ s, top: Math.max(...s.cards.map(rank)) })).sort((a, b) => b.top - a.top);
      expect(
        r.seats
          .filter((s) => s.wonRace)
          .map((s) => s.seat)
          .sort(),
      ).toEqual([best[0]?.s.seat, best[1]?.s.seat].sort());
    }
  });

  it('when one player holds the two best cards they get one chip; the second goes to the best card of the three others', () => {
    let found = 0;
    for (let seed = 1; seed < 400 && found < 3; seed++) {
      const r = chipRace(example, seededRandom(seed));
      const all = r.seats.flatMap((s) => s.cards.map((c) => ({ seat: s.seat, v: rank(c) }))).sort((a, b) => b.v - a.v);
      if (all[0]?.seat !== all[1]?.seat) continue;
      found++;
      const second = all.find((c) => c.seat !== all[0]?.seat);
      expect(
        r.seats
          .filter((s) => s.wonRace)
          .map((s) => s.seat)
          .sort(),
      ).toEqual([all[0]?.seat, second?.seat].sort());
    }
    expect(found).toBeGreaterThan(0);
  });

  it("the race starts at player 1, on the dealer's left: cards are dealt one at a time from the first seat given", () => {
    const r = chipRace(
      {
        leaving: [25],
        newChip: 100,
        seats: [
          { seat: 4, leaving: { 25: 3 }, staying: 500 },
          { seat: 7, leaving: { 25: 1 }, staying: 500 },
        ],
      },
      seededRandom(9),
    );
    expect(r.instructions.find((l) => l.startsWith('Chip race'))).toMatch(/from seat 4:/);
    expect(r.seats.map((s) => s.cards.length)).toEqual([3, 1]);
  });

  it('the exchange: whole new chips for whole multiples, only the remainder is raced', () => {
    const r = chipRace(
      { leaving: [25], newChip: 100, seats: [{ seat: 1, leaving: { 25: 11 }, staying: 4000 }] },
      seededRandom(2),
    );
    expect(r.seats[0]).toMatchObject({ leavingValue: 275, exchanged: 2, leftoverChips: 3, leftoverValue: 75 });
    // 75 left over: rounded up to one 100, won by the only player in the race
    expect(r.seats[0]?.after).toBe(4300);
    expect(r.instructions).toContain('Seat 1: take 200 in old chips, give 2 × 100.');
  });

  it('nobody is eliminated by the race: a player whose only chip was raced and lost is given one new chip', () => {
    const seats = [
      { seat: 1, leaving: { 25: 3 }, staying: 0 },
      { seat: 2, leaving: { 25: 1 }, staying: 3000 },
      { seat: 3, leaving: { 25: 1 }, staying: 3000 },
    ];
    let seen = false;
    for (let seed = 1; seed < 60; seed++) {
      const r = chipRace({ leaving: [25], newChip: 100, seats }, seededRandom(seed));
      // 125 left: two 100s raced
      expect(r.raceChips).toBe(2);
      const s1 = r.seats[0];
      expect(s1?.after).toBe(100);
      if (s1 && !s1.wonRace) {
        seen = true;
        expect(s1.granted).toBe(true);
        expect(r.instructions.some((l) => /Seat 1 lost the race with no chip left: give one 100 chip/.test(l))).toBe(
          true,
        );
      }
    }
    expect(seen).toBe(true);
  });

  it('a chip that is not leaving, or a new chip not larger, is refused', () => {
    expect(() =>
      chipRace({ leaving: [25], newChip: 100, seats: [{ seat: 1, leaving: { 100: 1 }, staying: 0 }] }, seededRandom(1)),
    ).toThrowError(/seat 1: chip 100 is not one leaving play/);
    expect(() => chipRace({ leaving: [100], newChip: 100, seats: [] }, seededRandom(1))).toThrowError(
      /smaller than the new chip/,
    );
  });

  it('the result is checked by reading the new chips: an old chip left or a wrong total is named by seat', () => {
    const r = chipRace(example, seededRandom(1));
    const good: Record<number, number[]> = {};
    for (const s of r.seats) good[s.seat] = s.after === 1025 ? [1000, 25] : [1000];
    expect(checkColourUp(r, [5], good)).toEqual([]);
    const bad = { ...good, 2: [...(good[2] ?? []), 5] };
    expect(checkColourUp(r, [5], bad)).toEqual([
      { seat: 2, expected: r.seats[1]?.after, read: (r.seats[1]?.after ?? 0) + 5, oldChips: [5] },
    ]);
  });
});

describe('LOI 17: the deck changes with the level', () => {
  it("the dealer's instructions at a colour-up end with a new deck", () => {
    expect(chipRace(example, seededRandom(1)).instructions.at(-1)).toBe(
      'Change to a new deck before the next hand (LOI 17).',
    );
  });
});

describe('LOI 3: after a colour-up the odd chip is the new smallest chip', () => {
  it('a split pot of 500 after the 25s leave is shared 300 and 200, the odd 100 to the first winner left of the button', () => {
    const s = parseStructure(
      JSON.stringify({
        startingStack: 1000,
        chips: [25, 100, 500],
        levels: [
          { sb: 25, bb: 50, minutes: 10 },
          { break: 5, colourUp: [25] },
          { sb: 100, bb: 200, minutes: 10 },
        ],
        payouts: [100],
      }),
      'json',
    );
    const chips = chipsInPlayAt(s, 2);
    expect(chips).toEqual([100, 500]);
    const t = new Table({ seats: { 1: 1000, 2: 1000, 3: 1000 }, button: 1, blinds: [100, 200], chips }).start({
      1: ['4c', '5d'],
      2: ['2c', '3d'],
      3: ['4h', '5s'],
    });
    // the button calls 200, the small blind folds its 100, the big blind checks: 500; both play the board
    t.say(1, 'call').bet(1, 200).fold(2).say(3, 'check');
    t.street(0).board('Ah', 'Kd', 'Qs');
    t.say(3, 'check').say(1, 'check').collect().burn().board('Jc');
    t.say(3, 'check').say(1, 'check').collect().burn().board('Th');
    t.say(3, 'check').say(1, 'check');
    t.show(3).show(1);
    const snap = t.snap();
    expect(snap.phase).toBe('complete');
    expect(snap.pots[0]?.amount).toBe(500);
    expect(snap.pots[0]?.shares).toEqual({ '1': 200, '3': 300 });
  });
});
