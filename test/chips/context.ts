// A betting context for the chip-reading tests: deep stacks, every option open, unless a test says otherwise.
import type { BettingContext } from '../../src/engine/betting/chipReading.js';

export function ctx(over: Partial<BettingContext> & Pick<BettingContext, 'bigBlind' | 'currentBet'>): BettingContext {
  return {
    committed: 0,
    minRaiseIncrement: over.bigBlind,
    stack: 20000,
    canRaise: true,
    unit: 25,
    ...over,
  };
}
