// Random players with a plausible temperament: mostly calls and checks, some folds and raises, all-ins rarely.
// They only ever choose among the legal actions the engine's snapshot offers (next.legal, minRaiseTo, maxRaiseTo).
import type { NextAction, SeatView } from '../engine/types.js';
import type { Rng } from './rng.js';

export type Decision =
  | { kind: 'fold' }
  | { kind: 'check' }
  | { kind: 'call'; add: number }
  /** bet or raise to a round total (all-in when it is the seat's whole stack) */
  | { kind: 'raise'; to: number; add: number };

export interface Temperament {
  fold: number;
  raise: number;
  /** chance to open the betting when nobody has bet */
  bet: number;
  allIn: number;
}

export const DEFAULT_TEMPERAMENT: Temperament = { fold: 0.25, raise: 0.12, bet: 0.3, allIn: 0.006 };

const roundTo = (x: number, unit: number) => Math.max(unit, Math.round(x / unit) * unit);

export function decide(
  next: NextAction,
  seat: SeatView,
  pot: number,
  rng: Rng,
  unit: number,
  tm = DEFAULT_TEMPERAMENT,
): Decision {
  const legal = new Set(next.legal);
  const stackTotal = seat.committed + seat.stack;
  const raiseTo = (target: number): Decision => {
    const min = next.minRaiseTo ?? stackTotal;
    const max = Math.min(next.maxRaiseTo ?? stackTotal, stackTotal);
    let to = Math.min(max, Math.max(min, roundTo(target, unit)));
    if (max - to < unit) to = max;
    return { kind: 'raise', to, add: to - seat.committed };
  };
  const canRaise =
    next.canRaise && next.minRaiseTo !== null && (legal.has('raise') || legal.has('bet') || legal.has('allin'));
  if (next.toCall > 0) {
    if (canRaise && rng.chance(tm.allIn)) return raiseTo(stackTotal);
    if (legal.has('fold') && rng.chance(next.toCall > seat.stack / 3 ? Math.min(0.85, tm.fold * 3.4) : tm.fold))
      return { kind: 'fold' };
    if (canRaise && rng.chance(tm.raise)) return raiseTo((next.minRaiseTo ?? 0) + rng.int(0, 2) * unit * 4);
    return { kind: 'call', add: Math.min(next.toCall, seat.stack) };
  }
  if (canRaise && rng.chance(tm.bet)) return raiseTo(Math.max(next.minRaiseTo ?? 0, pot * (0.3 + rng.next() * 0.5)));
  return { kind: 'check' };
}
