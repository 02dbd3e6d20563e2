// The floor's ruling on an undercall facing a raise (tda 51; seed 002 undercall examples 1 and 4): the player may
// fold, forfeiting the bet its chips answered. Until the floor says so the engine holds the seat to the call
// (chipReading.ts readUndercall); this applies the other ruling.
import { resolveAlert } from '../alerts/raise.js';
import type { HandState } from '../hand/state.js';
import { killHand } from './round.js';

export function floorFoldUndercall(state: HandState, seatNo: number): void {
  const s = state.seats[seatNo];
  if (!s || s.folded) return;
  const alert = state.alerts.find(
    (a) => a.code === 'UNDERCALL' && a.seat === seatNo && !a.resolved && a.facts?.variant === 'floor',
  );
  if (!alert) {
    // no undercall to rule on: the floor's fold is a kill (the uncalled part goes back as for any killed hand)
    killHand(state, seatNo, 'floor');
    return;
  }
  const forfeit = Math.min(alert.facts?.forfeit ?? s.committed, s.committed);
  const back = s.committed - forfeit;
  s.committed -= back;
  s.total -= back;
  s.stack += back;
  s.returned += back;
  s.owed = 0;
  s.allIn = false;
  resolveAlert(state, alert.id);
  killHand(state, seatNo, 'tda 51', back);
}
