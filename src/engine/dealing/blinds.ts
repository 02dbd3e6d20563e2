// The blinds and the big-blind ante as they lie in the zones when the action starts (tda 72; seed 002 prior-chips
// situation 4): BLIND_INCORRECT for a wrong seat or amount; the big blind's zone split into blind and ante.
import { raiseAlert } from '../alerts/raise.js';
import { chipSum, removeValue } from '../betting/zoneChips.js';
import type { HandState } from '../hand/state.js';

/** BLIND_INCORRECT: the blinds' zones must hold the blind (and the big blind's zone the ante), nothing else. */
export function checkBlinds(state: HandState): void {
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (!s) continue;
    const expected = s.committed + s.ante;
    const have = chipSum(s.zone);
    // a blind posted with one larger chip is normal (seed 002 prior-chips situation 4): the chip lies as the blind's
    // prior chips and the change is made when the round is read
    const oneLargerChip = s.committed > 0 && s.ante === 0 && s.zone.length === 1 && have > expected;
    // the change for that chip is owed back to the seat by the rules until a push reads the chip with it
    if (oneLargerChip) s.returned += have - expected;
    if (have !== expected && !oneLargerChip) {
      raiseAlert(state, 'BLIND_INCORRECT', {
        seat,
        amount: expected,
        zoneTotal: have,
      });
    }
    if (s.ante > 0) {
      // the big blind's zone holds blind and ante; the ante is not part of the bet (tda 72)
      const rest = removeValue(s.zone, s.ante);
      const base = s.zone.slice();
      for (const c of rest) {
        const i = base.indexOf(c);
        if (i >= 0) base.splice(i, 1);
      }
      s.zoneBase = chipSum(base) === s.ante ? base : [s.ante];
    }
  }
}
