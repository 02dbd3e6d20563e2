// What the tournament director's screen shows of a running tournament, as plain data taken from the floor: the clock
// (level, blinds and ante, time left, running or paused, a break), players left, the average stack, each table with
// its player count, the last moves (balancing, a table broken) and the standings so far (places and prizes). Pure:
// the web page (web/src/tournament.ts) renders it, `feltwire tournament --sim N --serve PORT` serves it.
import type { TournamentFloor } from './floor.js';
import type { FloorEvent } from './floorShapes.js';
import { countOf } from './seating.js';

export type TdMove =
  | { kind: 'move'; player: string; from: string; to: string; reason: 'balance' | 'break' }
  | { kind: 'broken'; table: string; players: number };

export interface TdView {
  name: string;
  /** hands played so far */
  hands: number;
  entrants: number;
  left: number;
  averageStack: number;
  prizePool: number;
  clock: {
    kind: 'level' | 'break';
    level: number;
    sb: number;
    bb: number;
    bbAnte: number;
    /** the break's length in minutes (a break) */
    breakMinutes: number | null;
    remainingMs: number;
    running: boolean;
    ended: boolean;
    /** the next level's blinds, or null */
    next: { level: number; sb: number; bb: number; bbAnte: number } | null;
  };
  tables: { id: string; players: number }[];
  /** the latest first */
  moves: TdMove[];
  standings: { place: number; name: string; country: string; prize: number }[];
  winner: string | null;
  finished: boolean;
}

const MOVES_SHOWN = 8;

export function tdView(floor: TournamentFloor, hands: number): TdView {
  const st = floor.clock.status();
  const name = (id: string): string => floor.players.find((p) => p.id === id)?.name ?? id;
  const moves: TdMove[] = [];
  for (let i = floor.log.length - 1; i >= 0 && moves.length < MOVES_SHOWN; i--) {
    const e = floor.log[i] as FloorEvent;
    if (e.kind === 'move')
      moves.push({
        kind: 'move',
        player: name(e.move.player),
        from: `${e.move.from.table}-${e.move.from.seat}`,
        to: `${e.move.to.table}-${e.move.to.seat}`,
        reason: e.move.reason,
      });
    else if (e.kind === 'tableBroken')
      moves.push({ kind: 'broken', table: e.broken.table, players: e.broken.moves.length });
  }
  const winner = floor.log.find((e) => e.kind === 'winner');
  const held = floor.chipBook().held;
  // the winner is crowned (placed first) but still in: one player left
  const left = winner ? 1 : floor.standings.left;
  const nextLevel = floor.structure.periods.slice(st.period + 1).find((p) => p.kind === 'level');
  return {
    name: floor.structure.name,
    hands,
    entrants: floor.players.length,
    left,
    averageStack: left > 0 ? Math.round(held / left) : 0,
    prizePool: floor.standings.prizePool,
    clock: {
      kind: st.current.kind,
      level: st.level.level,
      sb: st.level.sb,
      bb: st.level.bb,
      bbAnte: st.level.bbAnte,
      breakMinutes: st.current.kind === 'break' ? st.current.minutes : null,
      remainingMs: Math.max(0, Math.round(st.remainingMs)),
      running: st.running,
      ended: st.ended,
      next:
        nextLevel?.kind === 'level'
          ? { level: nextLevel.level, sb: nextLevel.sb, bb: nextLevel.bb, bbAnte: nextLevel.bbAnte }
          : null,
    },
    tables: floor.liveTables().map((t) => ({ id: t.id, players: countOf(t) })),
    moves,
    standings: floor.standings
      .results()
      .map((r) => ({ place: r.place, name: r.name, country: r.country, prize: r.prize })),
    winner: winner?.kind === 'winner' ? name(winner.finish.player) : null,
    finished: winner !== undefined,
  };
}
