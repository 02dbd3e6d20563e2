// Seats around the table: who can still act, how many hands are live, the next occupied seat clockwise.
import type { HandState, SeatState } from '../hand/state.js';

export const canAct = (s: SeatState): boolean => !s.folded && !s.allIn;

export function liveCount(state: HandState): number {
  return state.live;
}

/** Next occupied seat clockwise after `seat` (in seatOrder). */
export function seatAfter(state: HandState, seat: number): number {
  const order = state.seatOrder;
  const n = order.length;
  let i = order.indexOf(seat);
  if (i < 0) {
    // seat not occupied (dead button): first occupied seat numerically after it
    for (let k = 0; k < n; k++) if (order[k] > seat) return order[k];
    return order[0];
  }
  i = (i + 1) % n;
  return order[i];
}
