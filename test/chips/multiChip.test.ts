import { describe, expect, it } from 'vitest';
import { isEveryChipNeeded, reachesHalfMinimumRaise } from '../../src/engine/betting/chipReading.js';
import { readChips } from '../../src/engine/betting/readChips.js';
import { ctx } from './context.js';

// seed 002, "multi-chip bets" (tda 45, LOI 10): blinds 250-500, the first player raised by 600 to 1100.
const facing1100 = ctx({ bigBlind: 500, currentBet: 1100, minRaiseIncrement: 600 });
// examples 4-A and 4-B: player A opened for 1400.
const facing1400 = ctx({ bigBlind: 200, currentBet: 1400, minRaiseIncrement: 1400 });

describe('tda 45 multi-chip bets, seed 002 examples', () => {
  it('example 1-A: facing an opening bet of 1200, two 1000 chips are a call (every chip needed), 800 back', () => {
    const r = readChips(ctx({ bigBlind: 500, currentBet: 1200, minRaiseIncrement: 1200 }), [], [1000, 1000]);
    expect(r).toMatchObject({ action: 'call', to: 1200, giveBack: 800, owed: 0, allIn: false });
    expect(r.alert?.code).toBe('MULTI_CHIP');
    expect(r.alert?.rule).toEqual({ book: 'tda', id: '45' });
  });

  it('example 1-B: a 500 and a 1000 facing 1100 are a call, 400 back', () => {
    const r = readChips(facing1100, [], [500, 1000]);
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 400, owed: 0 });
    expect(r.alert?.code).toBe('MULTI_CHIP');
  });

  it('example 2: a 1000 and five 100 (1500) reach 1400 = 1100 + 50% of 600: a raise completed to 1700', () => {
    const r = readChips(facing1100, [], [1000, 100, 100, 100, 100, 100]);
    expect(r).toMatchObject({ action: 'raise', to: 1700, giveBack: 0, owed: 200, allIn: false });
    expect(r.alert?.code).toBe('MULTI_CHIP');
    expect(r.alert?.severity).toBe('info');
  });

  it('example 2, the line itself: 1400 is a raise, 1300 is not', () => {
    expect(reachesHalfMinimumRaise(facing1100, 1400)).toBe(true);
    expect(reachesHalfMinimumRaise(facing1100, 1399)).toBe(false);
    expect(readChips(facing1100, [], [1000, 100, 100, 100, 100]).action).toBe('raise');
  });

  it('example 3: a 1000 and three 100 (1300) stay under the 50% line: a call, two 100 back', () => {
    const r = readChips(facing1100, [], [1000, 100, 100, 100]);
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 200, owed: 0 });
    expect(r.alert?.code).toBe('MULTI_CHIP');
  });

  it('example 4-A: opening 1400, a 1000 and three 500 (2500) pass 2100: a minimum raise to 2800', () => {
    const r = readChips(facing1400, [], [1000, 500, 500, 500]);
    expect(r).toMatchObject({ action: 'raise', to: 2800, owed: 300, giveBack: 0 });
    expect(r.alert?.code).toBe('MULTI_CHIP');
  });

  it('example 4-B: a 1000 and two 500 (2000) are under 2100: a call of 1400, 600 back', () => {
    const r = readChips(facing1400, [], [1000, 500, 500]);
    expect(r).toMatchObject({ action: 'call', to: 1400, giveBack: 600, owed: 0 });
    expect(r.alert?.code).toBe('MULTI_CHIP');
  });

  it('an exact raise in several chips announces nothing', () => {
    const r = readChips(facing1100, [], [1000, 500, 100, 100]);
    expect(r).toMatchObject({ action: 'raise', to: 1700, owed: 0, giveBack: 0 });
    expect(r.alert).toBeUndefined();
  });

  it('an exact call in several chips announces nothing', () => {
    const r = readChips(facing1100, [], [1000, 100]);
    expect(r).toMatchObject({ action: 'call', to: 1100, owed: 0, giveBack: 0 });
    expect(r.alert).toBeUndefined();
  });
});

describe('tda 45 multi-chip bets with the last chips, seed 002 points 1-4', () => {
  it('point 1: "every chip needed" means taking the smallest away leaves less than the call', () => {
    expect(isEveryChipNeeded([500, 1000], 1500, 1100)).toBe(true);
    expect(isEveryChipNeeded([1000, 100, 100, 100], 1300, 1100)).toBe(false);
  });

  it('point 3: the last chips, all needed to call, are a call, not an all-in (1000 + 500 of a 1500 stack, 1100 to call)', () => {
    const r = readChips({ ...facing1100, stack: 1500 }, [], [1000, 500]);
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 400, allIn: false });
  });

  it('point 2.2 / 4: the last chips not all needed are all-in whatever the 50% line (example 4-B all-in: 2000)', () => {
    const r = readChips({ ...facing1400, stack: 2000 }, [], [1000, 500, 500]);
    expect(r).toMatchObject({ action: 'raise', to: 2000, allIn: true, giveBack: 0, owed: 0 });
    expect(r.alert).toBeUndefined();
  });

  it('point 4: example 4-A all-in (2500 stack) is an all-in raise to 2500, not a completion to 2800', () => {
    const r = readChips({ ...facing1400, stack: 2500 }, [], [1000, 500, 500, 500]);
    expect(r).toMatchObject({ action: 'raise', to: 2500, allIn: true, owed: 0 });
  });

  it('a completion the stack cannot pay is an all-in (2500 read as a raise to 2800 with 2600 behind)', () => {
    const r = readChips({ ...facing1400, stack: 2600 }, [], [1000, 500, 500, 500]);
    expect(r).toMatchObject({ action: 'raise', to: 2600, allIn: true, owed: 100 });
  });

  it('the last chips short of the call are an all-in call for less, not an undercall', () => {
    const r = readChips({ ...facing1100, stack: 800 }, [], [500, 100, 100, 100]);
    expect(r).toMatchObject({ action: 'call', to: 800, allIn: true, owed: 0 });
    expect(r.alert).toBeUndefined();
  });
});

describe('LOI 10: the raise amount', () => {
  const facing100 = ctx({ bigBlind: 50, currentBet: 100, minRaiseIncrement: 100 });
  it('opening 100, several chips to 170 (at least half a raise) must be rounded up to 200', () => {
    const r = readChips(facing100, [], [100, 25, 25, 5, 5, 5, 5]);
    expect(r).toMatchObject({ action: 'raise', to: 200, owed: 30 });
  });
  it('opening 100, several chips to 140 (under half a raise) are a call of 100', () => {
    const r = readChips(facing100, [], [100, 25, 5, 5, 5]);
    expect(r).toMatchObject({ action: 'call', to: 100, giveBack: 40 });
  });
});
