// A void hand: every chip goes back to the stack it came from, blinds and ante included, and the hand is over with
// nothing awarded. A defective deck (tda 35: "la main s'arrêtera et tous les jetons seront rendus") and the floor's
// own ruling (floorVoid) end a hand this way.
import type { HandState } from './state.js';

export function voidHand(state: HandState): void {
  if (state.phase === 'complete') return;
  const received: number[] = new Array(state.seats.length).fill(0);
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (!s) continue;
    s.stack += s.total + s.ante;
    s.returned += s.total + s.ante;
    s.allIn = false;
    s.total = 0;
    s.committed = 0;
    s.ante = 0;
    s.owed = 0;
  }
  state.deadMoney = 0;
  state.round.toAct = 0;
  state.round.complete = true;
  state.award = { pots: [], received };
  state.phase = 'complete';
}
