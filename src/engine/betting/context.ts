// What the chip readings need to know about the round and a seat (BettingContext), and which of a zone's chips are
// this round's. Shared by the chip flow and the chip procedures, so neither has to reach into the other.
import type { HandState, SeatState } from '../hand/state.js';
import { smallestChip } from '../pots/oddChips.js';
import type { BettingContext } from './chipReading.js';
import { mayRaise } from './round.js';
import { minusChips } from './zoneChips.js';

/** The chips of a zone that belong to this round (the ante and uncollected chips taken out). */
export function roundChips(s: SeatState, chips: readonly number[]): number[] {
  return minusChips(chips, s.zoneBase);
}

export function bettingContext(state: HandState, s: SeatState): BettingContext {
  return {
    bigBlind: state.config.blinds[1],
    currentBet: state.round.currentBet,
    committed: s.committed,
    minRaiseIncrement: state.round.minRaiseIncrement,
    stack: s.stack,
    canRaise: mayRaise(state, s),
    unit: smallestChip(state.config.chips),
    // the ante and last round's chips are already taken out of the zone (roundChips)
    zoneDead: 0,
    facingOpeningBet: state.round.levels.length <= 1,
    playersInHand: state.live,
    betLevels: state.round.levels.slice(),
  };
}
