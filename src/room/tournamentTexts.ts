// The dealer's table alerts of a tournament's seating orders (roomTournament.ts, tournamentFloorOps.ts), each a code
// of the catalogue and its facts (ROOM_SEATING, ROOM_PENALTY: src/i18n/alerts/seating.ts renders them, English and
// French), and the room's console lines. A table's number is its room id ("table 2").
import { type BookRule, rulesTag } from '../engine/rules/ruleRef.js';
import type { Move } from '../tournament/balancing.js';
import type { PenaltyKind } from '../tournament/penalties.js';
import type { SeatingAlert } from './seatingWire.js';

/** to the table the player leaves */
export function leaveAlert(m: Move, name: string): SeatingAlert {
  const facts = { variant: 'leave', player: name, seat: m.from.seat, table: m.from.table } as const;
  return {
    code: 'ROOM_SEATING',
    facts: { ...facts, toTable: m.to.table, withSeat: m.to.seat, move: m.reason, cited: [...m.rule] },
  };
}

/** to the table the player comes to; `waits`: the blinds have passed the seat (LOI 32, club 8-10) */
export function arriveAlert(m: Move, name: string, stack: number, waits: boolean): SeatingAlert {
  return {
    code: 'ROOM_SEATING',
    facts: {
      variant: 'arrive',
      player: name,
      seat: m.to.seat,
      table: m.from.table,
      amount: stack,
      move: m.reason,
      cited: [...m.rule],
      ...(waits ? { waits: true } : {}),
    },
  };
}

/** a player out: their seat is freed (`noShow`: never came, seed 003 regulation 10) */
export function outAlert(name: string, seat: number, place: number, prize: number, noShow = false): SeatingAlert {
  return {
    code: 'ROOM_SEATING',
    facts: { variant: 'out', player: name, seat, place, prize, ...(noShow ? { noShow: true } : {}) },
  };
}

/** a player registered late, seated with the starting stack */
export function lateAlert(name: string, seat: number, stack: number, waits: boolean): SeatingAlert {
  return {
    code: 'ROOM_SEATING',
    facts: { variant: 'late', player: name, seat, amount: stack, ...(waits ? { waits: true } : {}) },
  };
}

/** a player not at their seat (club 3-2), or arrived */
/** a player absent (club 3-2: never came; LOI 23: away after playing, the blinds owed still taken) or back */
export function absentAlert(name: string, seat: number, kind: 'away' | 'noShow' | null): SeatingAlert {
  const variant = kind === 'away' ? 'away' : kind === 'noShow' ? 'absent' : 'back';
  return { code: 'ROOM_SEATING', facts: { variant, player: name, seat } };
}

export function moveLine(m: Move, name: string): string {
  return `tournament: move (${m.reason}): ${name} ${m.from.table}-${m.from.seat} → ${m.to.table}-${m.to.seat} (${rulesTag(m.rule)})`;
}

/** a penalty the floor gave, to the player's table (LOI 7, 33; tda 68, 71; seed 003 regulation 6); `hands`: what
 * the table runs it for (0: told only) */
export function penaltyAlert(
  p: { kind: PenaltyKind; count?: number; reason: string; handsLeft?: number; rule: readonly BookRule[] },
  name: string,
  seat: number,
  hands: number,
): SeatingAlert {
  return {
    code: 'ROOM_PENALTY',
    facts: {
      variant: 'given',
      player: name,
      seat,
      penalty: p.kind,
      count: p.count ?? 0,
      handsLeft: p.handsLeft ?? 0,
      words: p.reason,
      cited: [...p.rule],
      amount: hands,
    },
  };
}

/** a suspension served: the player plays again */
export function servedAlert(name: string, seat: number): SeatingAlert {
  return { code: 'ROOM_PENALTY', facts: { variant: 'served', player: name, seat, amount: 0 } };
}

/** tda 71: a penalty that follows its player to the table they move to */
export function carriedAlert(name: string, from: string, seat: number, hands: number): SeatingAlert {
  return { code: 'ROOM_PENALTY', facts: { variant: 'carried', player: name, table: from, seat, amount: hands } };
}
