// Eliminations, places and prizes: club 8-18 (the prize per place; the eliminated player leaves), two players out in
// one hand placed by their stacks at its start, tda 71 / seed 004 (the place held at elimination), rebuys and
// add-ons only where the structure has them (club 7-1..7-5, LOI 19, seed 003 regulation 3), CSV and JSON export.
import { describe, expect, it } from 'vitest';
import {
  type Player,
  parseStructure,
  payoutTable,
  Standings,
  type Structure,
  standingsCsv,
  standingsJson,
} from '../../src/tournament/index.js';

const players: Player[] = Array.from({ length: 6 }, (_, i) => ({
  id: `p${i + 1}`,
  name: `Player ${i + 1}`,
  country: 'FR',
}));
const freezeout: Structure = parseStructure(
  JSON.stringify({
    startingStack: 1000,
    chips: [25],
    levels: [
      { sb: 25, bb: 50, minutes: 15 },
      { sb: 50, bb: 100, minutes: 15 },
    ],
    payouts: [50, 30, 20],
  }),
  'json',
);

describe('club 8-18: places and the prize per place', () => {
  it('the payout table pays the whole pool, what rounding leaves to the first place', () => {
    expect(payoutTable(1000, [50, 30, 20])).toEqual([
      { place: 1, prize: 500 },
      { place: 2, prize: 300 },
      { place: 3, prize: 200 },
    ]);
    expect(payoutTable(1001, [50, 30, 20], 5)).toEqual([
      { place: 1, prize: 501 },
      { place: 2, prize: 300 },
      { place: 3, prize: 200 },
    ]);
  });

  it('each bust takes the next place from the bottom; the last player in is first', () => {
    const s = new Standings(players, freezeout, 100);
    expect(s.bust('T1#3', [{ player: 'p4', stackAtStart: 200 }])[0]?.place).toBe(6);
    expect(s.bust('T1#5', [{ player: 'p2', stackAtStart: 900 }])[0]?.place).toBe(5);
    s.bust('T1#8', [{ player: 'p6', stackAtStart: 1 }]);
    s.bust('T1#9', [{ player: 'p1', stackAtStart: 1 }]);
    s.bust('T1#12', [{ player: 'p3', stackAtStart: 1 }]);
    expect(s.crown('p5', 'T1#12', 6000).place).toBe(1);
    expect(s.results().map((r) => [r.place, r.id, r.prize])).toEqual([
      [1, 'p5', 300],
      [2, 'p3', 180],
      [3, 'p1', 120],
      [4, 'p6', 0],
      [5, 'p2', 0],
      [6, 'p4', 0],
    ]);
  });
});

describe('two players out in one hand: ranked by their stacks at its start', () => {
  it('the bigger stack finishes higher', () => {
    const s = new Standings(players, freezeout, 100);
    const f = s.bust('T1#4', [
      { player: 'p1', stackAtStart: 3000 },
      { player: 'p2', stackAtStart: 1200 },
    ]);
    expect(f.map((x) => [x.player, x.place])).toEqual([
      ['p2', 6],
      ['p1', 5],
    ]);
  });

  it('equal stacks share the places and their prizes', () => {
    const s = new Standings(players, freezeout, 100);
    s.bust('a', [{ player: 'p1', stackAtStart: 10 }]);
    s.bust('b', [{ player: 'p2', stackAtStart: 10 }]);
    s.bust('c', [{ player: 'p3', stackAtStart: 10 }]);
    const f = s.bust('d', [
      { player: 'p4', stackAtStart: 500 },
      { player: 'p5', stackAtStart: 500 },
    ]);
    expect(f.map((x) => [x.player, x.place, x.tiedWith])).toEqual([
      ['p4', 2, ['p5']],
      ['p5', 2, ['p4']],
    ]);
    // 2nd and 3rd (180 + 120) shared
    expect(f.map((x) => s.prizeOf(x))).toEqual([150, 150]);
  });

  it('a player already out, or a hand leaving nobody in, is refused', () => {
    const s = new Standings(players.slice(0, 2), freezeout, 100);
    expect(() =>
      s.bust('x', [
        { player: 'p1', stackAtStart: 1 },
        { player: 'p2', stackAtStart: 1 },
      ]),
    ).toThrowError(/nobody would be left/);
    s.bust('x', [{ player: 'p1', stackAtStart: 1 }]);
    expect(() => s.bust('y', [{ player: 'p1', stackAtStart: 1 }])).toThrowError(/p1 is already out/);
  });
});

describe('club 7-1, seed 003 regulation 3: a freezeout has no rebuy', () => {
  it('a rebuy is refused with the rule', () => {
    expect(() => new Standings(players, freezeout, 100).rebuy('p1', 1, 0, 50)).toThrowError(
      /a freezeout: no rebuy \(club 7-1, seed 003 regulation 3\)/,
    );
  });
});

describe('club 7-2..7-5, LOI 19: rebuys and the add-on', () => {
  const rebuys = parseStructure(
    JSON.stringify({
      startingStack: 1000,
      chips: [25],
      levels: [
        { sb: 25, bb: 50, minutes: 15 },
        { sb: 50, bb: 100, minutes: 15 },
        { sb: 100, bb: 200, minutes: 15 },
      ],
      rebuy: { untilLevel: 1, chips: 1000, max: 2 },
      addOn: { chips: 1500 },
      payouts: [100],
    }),
    'json',
  );
  it('a rebuy when below the big blind during the rebuy levels, up to the maximum; the pool grows', () => {
    const s = new Standings(players, rebuys, 100);
    expect(s.rebuy('p1', 1, 0, 50)).toBe(1000);
    expect(() => s.rebuy('p2', 1, 50, 50)).toThrowError(/not below the big blind 50 \(club 7-2\)/);
    expect(s.rebuy('p1', 1, 25, 50)).toBe(1000);
    expect(() => s.rebuy('p1', 1, 0, 50)).toThrowError(/2 rebuys, the most allowed/);
    expect(() => s.rebuy('p3', 2, 0, 100)).toThrowError(/rebuys end with level 1/);
    expect(s.addOn('p3', 2)).toBe(1500);
    expect(() => s.addOn('p3', 2)).toThrowError(/has had the add-on/);
    expect(() => s.addOn('p4', 3)).toThrowError(/end of level 1 \(club 7-4\)/);
    expect(s.prizePool).toBe((6 + 2 + 1) * 100);
  });
});

describe('the final standings exported', () => {
  it('CSV (a name a spreadsheet would run as a formula is defused) and JSON', () => {
    const ps: Player[] = [
      { id: 'a', name: 'Ann, "the rock"', country: 'FR' },
      { id: 'b', name: '=SUM(A1)', country: 'BE' },
    ];
    const st = parseStructure(
      JSON.stringify({ startingStack: 100, chips: [25], levels: [{ sb: 25, bb: 50, minutes: 5 }], payouts: [100] }),
      'json',
    );
    const s = new Standings(ps, st, 50);
    s.bust('T1#2', [{ player: 'b', stackAtStart: 100 }]);
    s.crown('a', 'T1#2', 200);
    expect(standingsCsv(s.results())).toBe(
      `place,id,name,country,prize,hand,rebuys\n1,a,"Ann, ""the rock""",FR,100,T1#2,0\n2,b,'=SUM(A1),BE,0,T1#2,0\n`,
    );
    const json = JSON.parse(standingsJson('Sunday', s.prizePool, s.results()));
    expect(json).toMatchObject({
      v: 1,
      tournament: 'Sunday',
      prizePool: 100,
      standings: [
        { place: 1, id: 'a', prize: 100 },
        { place: 2, id: 'b' },
      ],
    });
  });
});
