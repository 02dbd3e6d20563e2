import { describe, expect, it } from 'vitest';
import { minRaiseTo } from '../../src/engine/betting/chipReading.js';
import { readChips } from '../../src/engine/betting/readChips.js';
import { ctx } from './context.js';

// seed 002 short all-in examples (tda 47, LOI 38): what a seat's chips read as once the engine says whether its option
// is open (canRaise) and what the minimum raise is.
describe('tda 47, LOI 38: short all-ins, seed 002 examples', () => {
  it('example 1: A faces a total raise of 100 (two short all-ins): a full raise, A may raise to 300', () => {
    const a = ctx({ bigBlind: 100, currentBet: 200, committed: 100, minRaiseIncrement: 100 });
    expect(minRaiseTo(a)).toBe(300);
    expect(readChips(a, [25, 25, 25, 25], [25, 25, 25, 25, 100, 100])).toMatchObject({ action: 'raise', to: 300 });
  });

  it('example 1-A: C (125 in) faces 75 more, no full raise: chips worth a raise are held to a call (RAISE_NOT_ALLOWED)', () => {
    const c = ctx({ bigBlind: 100, currentBet: 200, committed: 125, minRaiseIncrement: 100, canRaise: false });
    const r = readChips(c, [100, 25], [100, 25, 100, 25, 25, 25, 25]);
    expect(r).toMatchObject({ action: 'call', to: 200, giveBack: 125, owed: 0 });
    expect(r.alert).toMatchObject({ code: 'RAISE_NOT_ALLOWED', rule: { book: 'tda', id: '47' }, severity: 'warn' });
  });

  it('example 1-A: the exact 75 to call is a plain call', () => {
    const c = ctx({ bigBlind: 100, currentBet: 200, committed: 125, minRaiseIncrement: 100, canRaise: false });
    const r = readChips(c, [100, 25], [100, 25, 25, 25, 25]);
    expect(r).toMatchObject({ action: 'call', to: 200, giveBack: 0 });
    expect(r.alert).toBeUndefined();
  });

  it('example 1-B: A raised to 300, C (125 in) faces 175 more, a full raise: C may raise (to 400 at least)', () => {
    const c = ctx({ bigBlind: 100, currentBet: 300, committed: 125, minRaiseIncrement: 100 });
    expect(minRaiseTo(c)).toBe(400);
    expect(readChips(c, [100, 25], [100, 25, 100, 100, 100])).toMatchObject({ action: 'raise', to: 425 });
  });

  it('example 2: 300, all-ins to 500, 650, 800: the minimum raise stays 300, F raises to 1100 at least', () => {
    const f = ctx({ bigBlind: 100, currentBet: 800, minRaiseIncrement: 300 });
    expect(minRaiseTo(f)).toBe(1100);
    expect(readChips(f, [], [1000, 100])).toMatchObject({ action: 'raise', to: 1100, owed: 0 });
    expect(readChips(f, [], [1000])).toMatchObject({ action: 'call', to: 800, giveBack: 200 });
  });

  it('example 3-A: A called 4000 and faces 3500 more from a short all-in: held to a call', () => {
    const a = ctx({ bigBlind: 4000, currentBet: 7500, committed: 4000, minRaiseIncrement: 4000, canRaise: false });
    const r = readChips(a, [1000, 1000, 1000, 1000], [1000, 1000, 1000, 1000, 5000, 1000, 1000, 1000]);
    expect(r).toMatchObject({ action: 'call', to: 7500, giveBack: 4500 });
    expect(r.alert?.code).toBe('RAISE_NOT_ALLOWED');
  });

  it('example 3-A: the big blind, not yet acted, may raise to 11500', () => {
    const bb = ctx({ bigBlind: 4000, currentBet: 7500, committed: 4000, minRaiseIncrement: 4000 });
    expect(minRaiseTo(bb)).toBe(11500);
    expect(readChips(bb, [1000, 1000, 1000, 1000], [1000, 1000, 1000, 1000, 5000, 1000, 1000, 500])).toMatchObject({
      action: 'raise',
      to: 11500,
      owed: 0,
    });
  });

  it('example 3-B: after the big blind raised to 11500, A faces a full raise and may raise again', () => {
    const a = ctx({ bigBlind: 4000, currentBet: 11500, committed: 4000, minRaiseIncrement: 4000 });
    expect(minRaiseTo(a)).toBe(15500);
    expect(readChips(a, [1000, 1000, 1000, 1000], [1000, 1000, 1000, 1000, 5000, 5000, 1000, 500]).action).toBe(
      'raise',
    );
  });
});
