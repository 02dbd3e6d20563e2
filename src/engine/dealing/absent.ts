// Absent players (LOI 8, club 2-18, 3-2): an absent player's hand is dealt, and killed unless the player is seated by
// the last card of the first round (tda) or the end of the initial deal (club). The floor or dealer says when an
// absent player sits down; until the hand is killed, that makes it live.
import type { HandState } from '../hand/state.js';

export function playerSits(state: HandState, seatNo: number): void {
  const s = state.seats[seatNo];
  if (!s?.absent) return;
  s.absent = false;
}
