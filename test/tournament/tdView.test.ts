// The TD's screen's view of the floor (src/tournament/tdView.ts), step by step through a simulated tournament: the
// players left only fall and end at the winner, the average stack is the chips held over the players left, the moves
// are the floor's latest first, the clock is the floor's, the standings are the places and prizes the floor gave.
import { describe, expect, it } from 'vitest';
import { defaultStructure, simulateTournament, type TdView, tdView } from '../../src/tournament/index.js';

describe('tdView', () => {
  it('follows a 27-player tournament from the draw to the winner', () => {
    const steps: TdView[] = [];
    const checks: string[] = [];
    const report = simulateTournament({
      structure: defaultStructure(),
      players: 27,
      tables: 3,
      maxSeats: 9,
      seed: 3,
      buyIn: 100,
      onStep: (floor, hands) => {
        const v = tdView(floor, hands);
        steps.push(v);
        const held = floor.chipBook().held;
        if (v.averageStack !== Math.round(held / v.left)) checks.push(`average at step ${steps.length}`);
        const counted = v.tables.reduce((a, t) => a + t.players, 0);
        if (counted !== v.left) checks.push(`tables hold ${counted}, ${v.left} left at step ${steps.length}`);
        const st = floor.clock.status();
        if (v.clock.kind !== st.current.kind || v.clock.level !== st.level.level) checks.push('clock');
      },
    });
    expect(checks).toEqual([]);
    const first = steps[0] as TdView;
    expect(first).toMatchObject({ entrants: 27, left: 27, hands: 0, moves: [], standings: [], winner: null });
    expect(first.clock).toMatchObject({ kind: 'level', level: 1, sb: 25, bb: 50, bbAnte: 0, running: true });
    expect(first.clock.next).toEqual({ level: 2, sb: 50, bb: 100, bbAnte: 100 });
    expect(first.tables.map((t) => t.players)).toEqual([9, 9, 9]);
    const lefts = steps.map((s) => s.left);
    expect(lefts.slice().sort((a, b) => b - a)).toEqual(lefts);
    expect(steps.some((s) => s.clock.kind === 'break' && s.clock.breakMinutes === 10)).toBe(true);
    // the moves: the floor's log, latest first, at most eight
    const last = steps.at(-1) as TdView;
    const logged = report.floor.log.filter((e) => e.kind === 'move' || e.kind === 'tableBroken');
    expect(last.moves).toHaveLength(Math.min(8, logged.length));
    const newest = logged.at(-1);
    if (newest?.kind === 'tableBroken')
      expect(last.moves[0]).toMatchObject({ kind: 'broken', table: newest.broken.table });
    else if (newest?.kind === 'move')
      expect(last.moves[0]).toMatchObject({ kind: 'move', to: `${newest.move.to.table}-${newest.move.to.seat}` });
    expect(steps.some((s) => s.moves.some((m) => m.kind === 'move' && m.reason === 'balance'))).toBe(true);
    // the end: one player left, the winner first in the standings with the first prize
    const results = report.floor.standings.results();
    expect(last).toMatchObject({ finished: true, left: 1, hands: report.hands, winner: results[0]?.name });
    expect(last.standings).toEqual(
      results.map((r) => ({ place: r.place, name: r.name, country: r.country, prize: r.prize })),
    );
    expect(last.standings[0]?.prize).toBe(report.floor.standings.prizes().find((p) => p.place === 1)?.prize);
    expect(last.standings[0]?.prize).toBeGreaterThan(0);
    expect(last.averageStack).toBe(report.floor.chipBook().held);
  });
});
