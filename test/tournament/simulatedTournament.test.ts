// Issue 25's "done when": a simulated tournament of 27 players on three tables, from the draw to the winner, at fast
// pace: each hand played on the real engine (its pure API, the events a live table sends) by a push-or-fold dealer;
// the floor balances (club 8-1, 8-7, LOI 25), breaks a table (LOI 13, seed 002), stops at two breaks to count every
// stack from its chips (a moved chip is found) and colour up with chip races read back (LOI 2), places the busted
// (two in one hand by their stacks at its start) and pays (club 8-18); every chip is accounted for at the end.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesTag } from '../../src/engine/rules/ruleRef.js';
import { type FloorEvent, parseStructure, simulateTournament } from '../../src/tournament/index.js';

const SUNDAY = parseStructure(
  readFileSync(new URL('../fixtures/tournament/sunday.toml', import.meta.url), 'utf8'),
  'toml',
);

describe('a simulated tournament: 27 players, three tables, from the draw to the winner', () => {
  const report = simulateTournament({
    structure: SUNDAY,
    players: 27,
    tables: 3,
    maxSeats: 9,
    seed: 1,
    buyIn: 100,
    faultAtFirstCount: true,
  });
  const { floor } = report;
  const of = <K extends FloorEvent['kind']>(k: K): Extract<FloorEvent, { kind: K }>[] =>
    floor.log.filter((e): e is Extract<FloorEvent, { kind: K }> => e.kind === k);

  it('LOI 13, seed 002, club 2-2: the draw seats all 27, nine to a table, and each table draws its first button', () => {
    expect(of('draw')[0]?.draw.lines).toHaveLength(27);
    expect(of('button').map((b) => b.table)).toEqual(['T1', 'T2', 'T3']);
  });

  it('club 8-1: the tables are balanced, and one table (at least) is broken when the players fit at one fewer', () => {
    const moves = of('move');
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(rulesTag(m.move.rule)).toMatch(/club 8-1, 8-7, 8-8; LOI 25, 32/);
    const broken = of('tableBroken');
    expect(broken.length).toBeGreaterThanOrEqual(1);
    // the first break came when 18 players were left: two tables of nine
    const firstBreak = floor.log.indexOf(broken[0] as FloorEvent);
    const outBefore = floor.log.slice(0, firstBreak).filter((e) => e.kind === 'bust').length;
    expect(27 - outBefore).toBeLessThanOrEqual(18);
    expect(broken[0]?.broken.moves.every((m) => m.reason === 'break')).toBe(true);
  });

  it("LOI 25, club 8-8: a player moved to balance takes the worst seat: the big blind is the first blind they post (the small blind when they sat in the last big blind's empty seat)", () => {
    const moves = of('move').filter((m) => m.move.reason === 'balance');
    expect(moves.length).toBeGreaterThan(0);
    let checked = 0;
    for (const m of moves) {
      const since = floor.log.slice(floor.log.indexOf(m));
      // the hands at the new table until the player leaves it (moved again, or out)
      const stop = since.findIndex(
        (e) =>
          (e.kind === 'move' && e !== m && e.move.player === m.move.player) ||
          (e.kind === 'tableBroken' && e.broken.moves.some((x) => x.player === m.move.player)) ||
          (e.kind === 'bust' && e.finish.player === m.move.player),
      );
      const hands = (stop < 0 ? since : since.slice(0, stop))
        .filter((e): e is Extract<FloorEvent, { kind: 'hand' }> => e.kind === 'hand' && e.table === m.move.to.table)
        .map((e) => report.played.find((h) => h.hand === e.hand));
      const firstBlind = hands.find((h) => h?.bb === m.move.player || h?.sb === m.move.player);
      if (!firstBlind) continue; // left the table before a blind came to them
      // the receiving table's big blind when the player sat down
      const before = floor.log
        .slice(0, floor.log.indexOf(m))
        .filter((e): e is Extract<FloorEvent, { kind: 'hand' }> => e.kind === 'hand' && e.table === m.move.to.table)
        .at(-1);
      const lastBb = report.played.find((h) => h.hand === before?.hand)?.bbSeat;
      const blind = lastBb === m.move.to.seat ? firstBlind.sb : firstBlind.bb;
      expect(blind, `${m.move.player} at ${firstBlind.hand}`).toBe(m.move.player);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('LOI 18: each level is taken at a shuffle, in order, at every table still playing', () => {
    const levels = of('level');
    for (const table of ['T1', 'T2']) {
      const seq = levels.filter((l) => l.table === table).map((l) => l.level.level);
      expect(seq).toEqual([...seq].sort((a, b) => a - b));
      expect(seq[0]).toBe(1);
    }
    expect(Math.max(...levels.map((l) => l.level.level))).toBeGreaterThanOrEqual(5);
  });

  it('seed 003 regulation 5: the counts at the breaks find the moved chip, naming both seats and the amount', () => {
    const counts = of('count');
    expect(counts.length).toBeGreaterThanOrEqual(3);
    const found = counts.flatMap((c) => c.discrepancies);
    expect(found).toHaveLength(2);
    expect(found.map((d) => d.kind)).toEqual(['moved', 'moved']);
    expect(found[0]?.difference).toBe(-(found[1]?.difference ?? 0));
    expect(found[0]?.withSeat).toBe(found[1]?.seat);
    expect(report.discrepancies).toBe(2);
  });

  it('LOI 2: two colour-ups with chip races, each read back right', () => {
    const ups = of('colourUp');
    expect(new Set(ups.map((u) => u.race.newChip))).toEqual(new Set([100, 500]));
    expect(ups.filter((u) => u.race.raceChips > 0).length).toBeGreaterThanOrEqual(2);
    for (const u of ups) {
      expect(u.check).toEqual([]);
      expect(u.race.seats.filter((s) => s.wonRace).length).toBe(u.race.raceChips);
    }
  });

  it('club 8-18: every player has a place, the places run from 27 to 1, and the prizes pay the whole pool', () => {
    const rows = floor.standings.results();
    expect(rows).toHaveLength(27);
    expect(new Set(rows.map((r) => r.id)).size).toBe(27);
    expect(rows[0]?.place).toBe(1);
    expect(Math.max(...rows.map((r) => r.place))).toBeLessThanOrEqual(27);
    expect(rows.reduce((a, r) => a + r.prize, 0)).toBe(floor.standings.prizePool);
    expect(floor.standings.prizePool).toBe(2700);
    // two out in one hand: the one with the bigger stack at its start finishes higher
    const busts = of('bust');
    for (const b of busts) {
      const same = busts.filter((x) => x.finish.hand === b.finish.hand && x !== b);
      for (const o of same)
        if (o.finish.stackAtStart > b.finish.stackAtStart) expect(o.finish.place).toBeLessThan(b.finish.place);
    }
  });

  it('every chip accounted for: the winner holds all the chips put into play (starting stacks and the races)', () => {
    const book = floor.chipBook();
    expect(book.held).toBe(book.issued);
    const races = of('colourUp').reduce((a, u) => a + u.race.netChange, 0);
    expect(book.issued).toBe(27 * 5000 + races);
    const winner = of('winner')[0]?.finish.player;
    expect([...floor.stacks.entries()]).toEqual([[winner, book.issued]]);
  });

  it('the progress lines a newcomer reads', () => {
    expect(report.lines[0]).toMatch(/^draw \(LOI 13, seed 002 double blind\): 27 players seated$/);
    expect(report.lines.some((l) => /colour-up to 100, \d+ chips raced/.test(l))).toBe(true);
    expect(report.lines.some((l) => / wins, prize 1350$/.test(l))).toBe(true);
  });
});

describe('any field: heads-up to more players than a deck has cards', () => {
  it.each([2, 10, 60])('%i players play to one winner holding every chip', (n) => {
    const r = simulateTournament({
      structure: SUNDAY,
      players: n,
      tables: Math.ceil(n / 9),
      maxSeats: 9,
      seed: 3,
      buyIn: 10,
    });
    const book = r.floor.chipBook();
    expect(book.held).toBe(book.issued);
    expect(r.floor.standings.left).toBe(0);
    expect(r.floor.standings.results()).toHaveLength(n);
  });
});

describe('club 3-1, seed 003 regulation 10: registered players who never come', () => {
  const r = simulateTournament({
    structure: SUNDAY,
    players: 27,
    tables: 3,
    maxSeats: 9,
    seed: 1,
    buyIn: 100,
    noShows: 2,
  });
  const noShows = r.floor.log.filter((e): e is Extract<FloorEvent, { kind: 'noShow' }> => e.kind === 'noShow');

  it('are dealt in with their blinds taken (the engine kills their hands) until the first level ends, then are out', () => {
    expect(noShows.map((e) => e.finish.player).sort()).toEqual(['p026', 'p027']);
    for (const e of noShows) {
      expect(e.chipsRemoved).toBeLessThan(5000); // blinds were taken
      expect(e.chipsRemoved).toBeGreaterThan(0);
      // removed at the first shuffle of level 2, not before
      const at = r.floor.log.indexOf(e);
      const level2 = r.floor.log.findIndex((x) => x.kind === 'level' && x.level.level === 2);
      expect(at).toBeGreaterThan(level2);
    }
  });

  it('their chips leave play: the chip book still balances, and the places count them', () => {
    const book = r.floor.chipBook();
    expect(book.held).toBe(book.issued);
    const races = r.floor.log.reduce((a, e) => a + (e.kind === 'colourUp' ? e.race.netChange : 0), 0);
    expect(book.issued).toBe(27 * 5000 + races - noShows.reduce((a, e) => a + e.chipsRemoved, 0));
    expect(r.floor.standings.results()).toHaveLength(27);
    expect(
      r.lines.some((l) =>
        /^Player 27 never came: out in place \d+, \d+ chips taken out of play \(seed 003 regulation 10\)$/.test(l),
      ),
    ).toBe(true);
  });
});
