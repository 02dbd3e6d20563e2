// The next hand's table: the big blind always moves forward one seat (dead button: LOI 6, club 8-6), a missing small
// blind is not posted (club 8-13), busted seats leave, and heads-up the button posts the small blind (club 8-16, 8-17).
import type { HandSnapshot, TableConfig } from '../types.js';
import { clockwiseFrom } from './create.js';

export interface NextHandChanges {
  /** seat -> stack: players joining (or rebuying) */
  seats?: Record<number, number>;
  blinds?: [number, number];
  bbAnte?: number;
}

export function nextHandConfig(prev: TableConfig, final: HandSnapshot, changes: NextHandChanges = {}): TableConfig {
  const seats: Record<number, number> = {};
  for (const [seat, stack] of Object.entries(final.stacks)) if (stack > 0) seats[Number(seat)] = stack;
  for (const [seat, stack] of Object.entries(changes.seats ?? {})) {
    if (stack > 0) seats[Number(seat)] = stack;
    else delete seats[Number(seat)];
  }
  const occupied = Object.keys(seats)
    .map(Number)
    .sort((a, b) => a - b);
  const base: TableConfig = {
    ...prev,
    seats,
    blinds: changes.blinds ?? prev.blinds,
    bbAnte: changes.bbAnte ?? prev.bbAnte,
    absent: prev.absent.filter((s) => seats[s] !== undefined),
  };
  delete base.sb;
  delete base.bb;
  if (occupied.length < 2) return { ...base, button: prev.button };
  if (occupied.length === 2) {
    // heads-up: the big blind moves to the next player; the other one has the button and the small blind
    const bb = clockwiseFrom(occupied, final.bb)[0];
    const button = occupied.find((s) => s !== bb) as number;
    return { ...base, button, sb: button, bb };
  }
  // the big blind moves forward one occupied seat; the small blind is the previous big blind's seat if still
  // occupied (else no small blind), and the button the seat the small blind occupied (possibly empty: dead button)
  const bb = clockwiseFrom(occupied, final.bb)[0];
  const prevBbSeat = final.bb;
  const sb = seats[prevBbSeat] !== undefined ? prevBbSeat : null;
  // the button goes where the small blind was; with no small blind last hand, to the (empty) seat just before the
  // last big blind, where it would have been
  const button = final.sb ?? (final.bb === 1 ? 10 : final.bb - 1);
  const cfg: TableConfig = { ...base, button, bb };
  const order = clockwiseFrom(occupied, button);
  // only record sb/bb when they differ from the default placement
  const defaultSb = order[0];
  const defaultBb = order[1];
  if (sb !== defaultSb) cfg.sb = sb;
  if (bb !== defaultBb) cfg.bb = bb;
  return cfg;
}
