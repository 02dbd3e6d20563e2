// The players of a room tournament as the TD's page lists them (web/src/tournamentFloor.ts): where each sits, whether
// they are absent (club 3-1, 3-2), and the penalties they serve now (LOI 7's reason, the rule, the hands left; tda 71).
import type { RuleRef } from '../engine/rules/ruleRef.js';
import type { TournamentFloor } from '../tournament/floor.js';
import type { PenaltyKind } from '../tournament/penalties.js';
import type { Player } from '../tournament/registration.js';
import { tdView } from '../tournament/tdView.js';
import type { LiveTdView, MoveStep, Transit } from './tournamentJournal.js';

export interface TdRosterRow {
  id: string;
  name: string;
  country: string;
  /** `table-seat`, or null between two tables */
  seat: string | null;
  absent: boolean;
  penalties: {
    id: number;
    kind: PenaltyKind;
    count: number | null;
    rule: RuleRef[];
    reason: string;
    handsLeft: number | null;
  }[];
}

/** the players still in, in the order they registered */
export function tdRoster(floor: TournamentFloor, players: readonly Player[]): TdRosterRow[] {
  const seatOf = new Map<string, string>();
  for (const t of floor.tables) for (const [seat, p] of Object.entries(t.seats)) seatOf.set(p, `${t.id}-${seat}`);
  const absent = new Set(floor.absentPlayers());
  const play = floor.playClock();
  return players
    .filter((p) => !floor.standings.isOut(p.id))
    .map((p) => ({
      id: p.id,
      name: p.name,
      country: p.country,
      seat: seatOf.get(p.id) ?? null,
      absent: absent.has(p.id),
      penalties: floor.penalties.running(p.id, play).map((x) => ({
        id: x.id,
        kind: x.kind,
        count: x.count ?? null,
        rule: [...x.rule],
        reason: x.reason,
        handsLeft: x.handsLeft ?? null,
      })),
    }));
}

/** The TD's live view of a room tournament (roomTournament.ts): the floor's, with the moves under way, the last move
 * steps and problems, and the roster. */
export function liveTdView(
  floor: TournamentFloor,
  players: readonly Player[],
  hands: number,
  transits: Iterable<Transit>,
  moveSteps: readonly MoveStep[],
  problems: readonly string[],
): LiveTdView {
  const name = (id: string) => players.find((p) => p.id === id)?.name ?? id;
  return {
    ...tdView(floor, hands),
    live: true,
    step: hands,
    steps: 0,
    inTransit: [...transits].map((t) => ({
      player: name(t.move.player),
      from: `${t.move.from.table}-${t.move.from.seat}`,
      to: `${t.move.to.table}-${t.move.to.seat}`,
    })),
    steps_: moveSteps.slice(-20),
    problems: problems.slice(-10),
    roster: tdRoster(floor, players),
  };
}
