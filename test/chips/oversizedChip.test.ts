import { describe, expect, it } from 'vitest';
import { readChips } from '../../src/engine/betting/readChips.js';
import { ctx } from './context.js';

describe('tda 44, LOI 11: one oversized chip', () => {
  const facing1100 = ctx({ bigBlind: 500, currentBet: 1100, minRaiseIncrement: 600 });

  it('tda 44: one 5000 chip pushed silently facing 1100 is a call, 3900 back (scenario oversized-chip-call)', () => {
    const r = readChips(facing1100, [], [5000]);
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 3900, owed: 0, allIn: false });
    expect(r.alert).toMatchObject({ code: 'OVERSIZED_CHIP', rule: { book: 'tda', id: '44' }, severity: 'info' });
  });

  it('tda 44: a single chip of exactly the call is a plain call, nothing announced', () => {
    const r = readChips(ctx({ bigBlind: 500, currentBet: 1000, minRaiseIncrement: 500 }), [], [1000]);
    expect(r).toMatchObject({ action: 'call', to: 1000, giveBack: 0 });
    expect(r.alert).toBeUndefined();
  });

  it('LOI 11: before the flop a big chip pushed silently by the small blind (250 in) is a call', () => {
    const sb = ctx({ bigBlind: 500, currentBet: 500, committed: 250, minRaiseIncrement: 500 });
    const r = readChips(sb, [100, 100, 25, 25], [100, 100, 25, 25, 1000]);
    expect(r).toMatchObject({ action: 'call', to: 500, giveBack: 750 });
    expect(r.alert?.code).toBe('OVERSIZED_CHIP');
  });

  it('LOI 11 / tda 44: with no bet to face, one big chip opens for its full value', () => {
    const r = readChips(ctx({ bigBlind: 200, currentBet: 0 }), [], [5000]);
    expect(r).toMatchObject({ action: 'bet', to: 5000, giveBack: 0, owed: 0 });
    expect(r.alert).toBeUndefined();
  });

  it('tda 44: a single chip is a call even when its value passes the 50% line', () => {
    expect(readChips(facing1100, [], [25000])).toMatchObject({ action: 'call', to: 1100, giveBack: 23900 });
  });

  it('tda 44: a single chip worth more than a short stack calls all-in, the rest back', () => {
    const r = readChips({ ...facing1100, stack: 5000 }, [], [5000]);
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 3900, allIn: false });
    const allIn = readChips({ ...facing1100, currentBet: 6000, stack: 5000 }, [], [5000]);
    expect(allIn).toMatchObject({ action: 'call', to: 5000, allIn: true, giveBack: 0 });
  });
});

describe('tda 43: opening bets under the big blind', () => {
  const flop = ctx({ bigBlind: 100, currentBet: 0 });
  it('BET_UNDER_MINIMUM: two 25 chips opening after the flop are completed to the big blind (50 owed)', () => {
    const r = readChips(flop, [], [25, 25]);
    expect(r).toMatchObject({ action: 'bet', to: 100, owed: 50, giveBack: 0 });
    expect(r.alert).toMatchObject({ code: 'BET_UNDER_MINIMUM', severity: 'info' });
  });
  it('an all-in for less than the big blind is a bet as it is', () => {
    const r = readChips({ ...flop, stack: 75 }, [], [25, 25, 25]);
    expect(r).toMatchObject({ action: 'bet', to: 75, allIn: true, owed: 0 });
    expect(r.alert).toBeUndefined();
  });
  it('several chips open for their total', () => {
    expect(readChips(flop, [], [100, 100, 25])).toMatchObject({ action: 'bet', to: 225 });
  });
  it('an empty zone with no bet faced is a check', () => {
    expect(readChips(flop, [], [])).toMatchObject({ action: 'check', to: 0 });
  });
});
