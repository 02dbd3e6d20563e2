import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BettingContext, minRaiseTo, sum } from '../../src/engine/betting/chipReading.js';
import { readChips } from '../../src/engine/betting/readChips.js';
import type { Declaration } from '../../src/engine/types.js';

const denominations = [25, 100, 500, 1000, 5000];
const chipList = (max: number) => fc.array(fc.constantFrom(...denominations), { maxLength: max });

/** A consistent round: a bet faced, what the seat has in, its stack behind, and chips lying and pushed. */
const round = fc
  .record({
    bigBlind: fc.constantFrom(100, 200, 500),
    raises: fc.integer({ min: 0, max: 4 }),
    incrementSteps: fc.integer({ min: 1, max: 8 }),
    prior: chipList(4),
    pushed: chipList(8),
    behind: fc.integer({ min: 0, max: 40000 }),
    canRaise: fc.boolean(),
    say: fc.option(fc.constantFrom<Declaration>('check', 'call', 'fold', 'bet', 'raise', 'allin'), { nil: undefined }),
    declaredTo: fc.option(fc.integer({ min: 1, max: 60000 }), { nil: undefined }),
  })
  .map((r) => {
    const committed = sum(r.prior);
    const minRaiseIncrement = r.bigBlind * r.incrementSteps;
    const currentBet = r.raises === 0 ? Math.max(0, committed) : committed + r.raises * minRaiseIncrement;
    const ctx: BettingContext = {
      bigBlind: r.bigBlind,
      currentBet,
      committed,
      minRaiseIncrement,
      stack: sum(r.pushed) + r.behind,
      canRaise: r.canRaise,
      unit: 25,
    };
    return { ctx, prior: r.prior, zone: [...r.prior, ...r.pushed], say: r.say, declaredTo: r.declaredTo };
  })
  // a seat with nothing behind never acts
  .filter((r) => r.ctx.stack > 0);

describe('readChips properties: any chips, any declaration', () => {
  it('never commits more than the stack, less than what is in, and accounts for every chip in the zone', () => {
    fc.assert(
      fc.property(round, ({ ctx, prior, zone, say, declaredTo }) => {
        const declaration = say
          ? { say, ...(declaredTo && (say === 'bet' || say === 'raise') ? { to: declaredTo } : {}) }
          : undefined;
        const r = readChips(ctx, prior, zone, declaration);
        const total = sum(zone);
        expect(r.to).toBeLessThanOrEqual(ctx.committed + ctx.stack);
        expect(r.to).toBeGreaterThanOrEqual(ctx.committed);
        expect(r.giveBack).toBeGreaterThanOrEqual(0);
        expect(r.owed).toBeGreaterThanOrEqual(0);
        if (r.undetermined) return;
        if (r.action !== 'fold') expect(total - r.giveBack + r.owed).toBe(r.to);
        if (r.action === 'raise' || r.action === 'bet') {
          expect(r.to).toBeGreaterThan(ctx.currentBet);
          if (!r.allIn) expect(r.to).toBeGreaterThanOrEqual(minRaiseTo(ctx));
          if (ctx.currentBet > 0) expect(ctx.canRaise).toBe(true);
        }
        if (r.action === 'call') expect(r.to).toBe(Math.min(ctx.currentBet, ctx.committed + ctx.stack));
        if (r.action === 'check') expect(r.to).toBe(ctx.currentBet);
        if (r.allIn) expect(r.to).toBe(ctx.committed + ctx.stack);
        // the silent readings announce something only when chips go back or a completion is owed
        if (r.alert?.code === 'OVERSIZED_CHIP' || r.alert?.code === 'MULTI_CHIP') {
          expect(r.giveBack + r.owed).toBeGreaterThan(0);
        }
      }),
      { numRuns: 5000 },
    );
  });
});
