// Penalties, as the tournament director records them (LOI 7, LOI 33, tda 71, seed 003 regulation 6). The book is
// the player's, not the seat's: a penalty goes with them when they are moved or their table breaks, and what is left
// of it at the end of a day is what they start the next one with (tda 71's example: 8 hands given, 3 served, 5 left).
// While a penalty runs the player is away from the table: dealt in, their hand killed, their blinds posted (tda 71:
// "averti de ne pas s'asseoir à la table"). Pure: time is the tournament's played time (levels only: the clock paused
// and breaks do not serve a suspension), handed in by the floor.
import type { PenaltyFact } from '../engine/alerts/facts.js';
import { type BookRule, loi, seed, tda } from '../engine/rules/ruleRef.js';
import { TournamentError } from './errors.js';

/** the penalties the floor gives: one set with the alerts' penalty fact (src/engine/alerts/facts.ts) */
export type PenaltyKind = PenaltyFact;

/** the rule each penalty applies (seed 003's regulation 6 cited as `003 §6`) */
export const PENALTY_RULES: Record<PenaltyKind, readonly BookRule[]> = {
  warning: [loi('33')],
  hands: [tda('71')],
  rounds: [tda('71')],
  minutes: [loi('33')],
  levels: [seed('003 §6')],
  deadHand: [tda('71')],
  elimination: [tda('71')],
  disqualification: [loi('33')],
};

/** LOI 33's suspensions, in increasing order */
export const SUSPENSION_MINUTES = [10, 20, 30, 40] as const;

export interface PenaltyGiven {
  player: string;
  kind: PenaltyKind;
  /** hands, rounds, minutes or levels: how many */
  count?: number;
  /** what the player did (LOI 7: a card shown, a card off the table, soft play, abuse...) */
  reason: string;
  /** `table#hand` in play when it was given */
  hand: string;
}

export interface Penalty extends PenaltyGiven {
  id: number;
  rule: readonly BookRule[];
  /** hands still to sit out ('hands', 'rounds') */
  handsLeft?: number;
  /** played ms at which a suspension ends ('minutes') */
  untilPlayedMs?: number;
  /** the level whose start ends it ('levels') */
  untilLevel?: number;
}

export interface PenaltyBookState {
  v: 1;
  penalties: Penalty[];
}

export interface PlayClock {
  /** ms of level time run so far */
  playedMs: number;
  /** the level in play */
  level: number;
}

function whole(n: number | undefined, what: string, min: number, max: number): number {
  if (n === undefined || !Number.isInteger(n) || n < min || n > max)
    throw new TournamentError('PENALTY_INVALID', `${what}: a whole number from ${min} to ${max}, got ${n}`);
  return n;
}

export class PenaltyBook {
  private readonly list: Penalty[] = [];

  constructor(saved?: PenaltyBookState) {
    if (saved === undefined) return;
    if (saved?.v !== 1 || !Array.isArray(saved.penalties))
      throw new TournamentError('PENALTY_INVALID', 'saved penalties: not a version 1 book');
    this.list.push(...saved.penalties.map((p) => ({ ...p })));
  }

  /**
   * Records a penalty. `tableSize` is the number of players at the player's table now (a round, tda 71); `clock` the
   * tournament's played time and level.
   */
  give(g: PenaltyGiven, tableSize: number, clock: PlayClock): Penalty {
    if (!/\S/.test(g.reason)) throw new TournamentError('PENALTY_INVALID', 'a penalty needs its reason (LOI 7)');
    if (!(g.kind in PENALTY_RULES)) throw new TournamentError('PENALTY_INVALID', `no penalty "${g.kind}"`);
    const p: Penalty = { ...g, reason: g.reason.trim(), id: this.list.length + 1, rule: PENALTY_RULES[g.kind] };
    switch (g.kind) {
      case 'hands':
        p.handsLeft = whole(g.count, 'hands of penalty (tda 71)', 1, 1000);
        break;
      case 'rounds':
        p.handsLeft = whole(g.count, 'rounds of penalty (tda 71)', 1, 100) * whole(tableSize, 'players', 2, 10);
        break;
      case 'minutes': {
        const m = g.count;
        if (!SUSPENSION_MINUTES.includes(m as (typeof SUSPENSION_MINUTES)[number]))
          throw new TournamentError(
            'PENALTY_INVALID',
            `a suspension is of ${SUSPENSION_MINUTES.join(', ')} minutes (LOI 33), got ${m}`,
          );
        p.untilPlayedMs = clock.playedMs + (m as number) * 60_000;
        break;
      }
      case 'levels':
        p.untilLevel = clock.level + whole(g.count, 'levels out of the table (seed 003 regulation 6)', 1, 5);
        break;
      default:
        if (g.count !== undefined)
          throw new TournamentError('PENALTY_INVALID', `a ${g.kind} has no count (${PENALTY_RULES[g.kind]})`);
    }
    this.list.push(p);
    return p;
  }

  /** the player is away from the table serving a penalty now */
  sitsOut(player: string, clock: PlayClock): boolean {
    return this.running(player, clock).length > 0;
  }

  /** the penalties the player is serving now */
  running(player: string, clock: PlayClock): Penalty[] {
    return this.list.filter(
      (p) =>
        p.player === player &&
        ((p.handsLeft !== undefined && p.handsLeft > 0) ||
          (p.untilPlayedMs !== undefined && clock.playedMs < p.untilPlayedMs) ||
          (p.untilLevel !== undefined && clock.level < p.untilLevel)),
    );
  }

  /** a hand was dealt at the player's table while they sat out: one hand of each hand penalty is served */
  handDealt(player: string): void {
    for (const p of this.list) if (p.player === player && p.handsLeft !== undefined && p.handsLeft > 0) p.handsLeft--;
  }

  of(player: string): Penalty[] {
    return this.list.filter((p) => p.player === player);
  }

  all(): readonly Penalty[] {
    return this.list;
  }

  save(): PenaltyBookState {
    return { v: 1, penalties: this.list.map((p) => ({ ...p })) };
  }
}

/** the tournament's played time from its structure and clock: the levels run so far, breaks left out */
export function playedMs(
  periods: readonly { kind: 'level' | 'break'; minutes: number }[],
  period: number,
  remainingMs: number,
): number {
  let ms = 0;
  for (let i = 0; i < period; i++) {
    const p = periods[i];
    if (p?.kind === 'level') ms += p.minutes * 60_000;
  }
  const cur = periods[period];
  if (cur?.kind === 'level') ms += cur.minutes * 60_000 - remainingMs;
  return ms;
}
