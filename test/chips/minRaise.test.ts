import { describe, expect, it } from 'vitest';
import { minRaiseTo } from '../../src/engine/betting/chipReading.js';
import { readChips } from '../../src/engine/betting/readChips.js';
import { ctx } from './context.js';

// seed 002 minimum-raise examples (tda 43): the minimum raise adds the largest full bet or raise of the round.
describe('tda 43 minimum raise, seed 002 examples 1 to 4-B', () => {
  it('example 1: 600, raised to 1600, re-raised by 2000 to 3600: D may raise to 5600 at least', () => {
    const d = ctx({ bigBlind: 200, currentBet: 3600, minRaiseIncrement: 2000 });
    expect(minRaiseTo(d)).toBe(5600);
    expect(readChips(d, [], [5000, 500, 100])).toMatchObject({ action: 'raise', to: 5600, owed: 0, giveBack: 0 });
    const short = readChips(d, [], [5000, 500]);
    expect(short).toMatchObject({ action: 'raise', to: 5600, owed: 100 });
    expect(short.alert?.code).toBe('MULTI_CHIP');
  });

  it('example 2: an all-in to 150 over the 100 blind is no full raise: B raises to 250 at least', () => {
    const b = ctx({ bigBlind: 100, currentBet: 150, minRaiseIncrement: 100 });
    expect(minRaiseTo(b)).toBe(250);
    expect(readChips(b, [], [100, 100, 25, 25])).toMatchObject({ action: 'raise', to: 250, owed: 0 });
  });

  it('example 3: 300 bet, B pushes two 500 (a raise of 700 to 1000); C may raise to 1700', () => {
    const b = ctx({ bigBlind: 200, currentBet: 300, minRaiseIncrement: 300 });
    expect(readChips(b, [], [500, 500])).toMatchObject({ action: 'raise', to: 1000, owed: 0, giveBack: 0 });
    expect(minRaiseTo(ctx({ bigBlind: 200, currentBet: 1000, minRaiseIncrement: 700 }))).toBe(1700);
  });

  it('example 4-A: 25-50, raise of 75 to 125, 200, then 500: D raises to 800 at least', () => {
    expect(minRaiseTo(ctx({ bigBlind: 50, currentBet: 125, minRaiseIncrement: 75 }))).toBe(200);
    expect(minRaiseTo(ctx({ bigBlind: 50, currentBet: 500, minRaiseIncrement: 300 }))).toBe(800);
  });

  it('example 4-B: 25-50, raise of 450 to 500, called twice: 500 to call and 950 at least to raise', () => {
    const d = ctx({ bigBlind: 50, currentBet: 500, minRaiseIncrement: 450 });
    expect(minRaiseTo(d)).toBe(950);
    expect(readChips(d, [], [500])).toMatchObject({ action: 'call', to: 500 });
    expect(readChips(d, [], [500, 100, 100, 100, 100, 25, 25])).toMatchObject({ action: 'raise', to: 950, owed: 0 });
  });

  it('with no bet, the minimum bet is the big blind', () => {
    expect(minRaiseTo(ctx({ bigBlind: 100, currentBet: 0 }))).toBe(100);
  });
});
