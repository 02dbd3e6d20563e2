import { describe, expect, it } from 'vitest';
import { readChips } from '../../src/engine/betting/readChips.js';
import { ctx } from './context.js';

// seed 002 prior-chips situations (tda 46): NLHE 25-50, the big blind lies as two 25 chips, the button raised to 600.
const bb = ctx({ bigBlind: 50, currentBet: 600, committed: 50, minRaiseIncrement: 550 });
const blind = [25, 25];

describe('tda 46 chips already in the zone, seed 002 situations 1-5', () => {
  it('situation 1.1: one 1000 chip added on the two 25s is a call of 600, 450 back', () => {
    const r = readChips(bb, blind, [25, 25, 1000]);
    expect(r).toMatchObject({ action: 'call', to: 600, giveBack: 450, owed: 0 });
    expect(r.alert?.code).toBe('OVERSIZED_CHIP');
  });

  it('situation 1.2.1: two 500 added, both needed with the 25s to call: a call, 450 back', () => {
    const r = readChips(bb, blind, [25, 25, 500, 500]);
    expect(r).toMatchObject({ action: 'call', to: 600, giveBack: 450 });
    expect(r.alert?.code).toBe('MULTI_CHIP');
  });

  it('situation 1.2.2: a 100 and a 500 added, both needed: a call, 50 back', () => {
    const r = readChips(bb, blind, [25, 25, 100, 500]);
    expect(r).toMatchObject({ action: 'call', to: 600, giveBack: 50 });
  });

  it('situation 1.3: a 1000 and a 500 added, the 500 not needed: a multi-chip bet of 1550, over the 50% line: a raise to 1550', () => {
    const r = readChips(bb, blind, [25, 25, 1000, 500]);
    expect(r).toMatchObject({ action: 'raise', to: 1550, giveBack: 0, owed: 0 });
    expect(r.alert).toBeUndefined();
  });

  it('situation 1.3 under the line: a 500 and two 100 added (750 < 600 + 275) are a call, 150 back', () => {
    const r = readChips(bb, blind, [25, 25, 500, 100, 100]);
    expect(r).toMatchObject({ action: 'call', to: 600, giveBack: 150 });
    expect(r.alert?.code).toBe('MULTI_CHIP');
  });

  it('situation 2.1: both 25s taken back and one 1000 chip pushed: a call, 400 back', () => {
    const r = readChips(bb, blind, [1000]);
    expect(r).toMatchObject({ action: 'call', to: 600, giveBack: 400 });
    expect(r.alert?.code).toBe('OVERSIZED_CHIP');
  });

  it('situation 2.2: both 25s taken back and several chips pushed: a multi-chip bet (500+500+100 = 1100: a raise to 1150)', () => {
    const r = readChips(bb, blind, [500, 500, 100]);
    expect(r).toMatchObject({ action: 'raise', to: 1150, owed: 50 });
    expect(r.alert?.code).toBe('MULTI_CHIP');
  });

  it('situation 3: one 25 taken back, a 1000 added: a multi-chip bet of 1025 over the line, a raise completed to 1150', () => {
    const r = readChips(bb, blind, [25, 1000]);
    expect(r).toMatchObject({ action: 'raise', to: 1150, owed: 125 });
  });

  it('situation 3 under the line: one 25 taken back, a 500 and a 100 added (625): a call, 25 back', () => {
    const r = readChips(bb, blind, [25, 500, 100]);
    expect(r).toMatchObject({ action: 'call', to: 600, giveBack: 25 });
    expect(r.alert?.code).toBe('MULTI_CHIP');
  });

  // situation 4: NLHE 50-100, the big blind lies as one 1000 chip, a raise to 700 (600 + the blind).
  const bb1000 = ctx({ bigBlind: 100, currentBet: 700, committed: 100, minRaiseIncrement: 600 });
  it('situation 4: the 1000 chip covers the call, a 100 chip added makes one multi-chip bet of 1100: a raise completed to 1300', () => {
    const r = readChips(bb1000, [1000], [1000, 100]);
    expect(r).toMatchObject({ action: 'raise', to: 1300, owed: 200, giveBack: 0 });
    expect(r.alert?.code).toBe('MULTI_CHIP');
  });

  it('situation 4: the same whether the 1000 chip was lifted and put back with the new one', () => {
    expect(readChips(bb1000, [1000], [100, 1000])).toEqual(readChips(bb1000, [1000], [1000, 100]));
  });

  it('situation 4: the 1000 chip left alone is not an action yet', () => {
    const r = readChips(bb1000, [1000], [1000]);
    expect(r.undetermined).toEqual(['fold', 'call', 'raise', 'allin']);
  });

  it('situation 5: gathering and pushing every chip is a bet of all of it (all-in)', () => {
    const short = { ...bb, stack: 1450 };
    const r = readChips(short, blind, [25, 25, 1000, 100, 100, 100, 100, 25, 25]);
    expect(r).toMatchObject({ action: 'raise', to: 1500, allIn: true, owed: 0, giveBack: 0 });
  });
});

describe("tda 46 the big blind's option: prior chips covering the call are read with what is added", () => {
  const option = ctx({ bigBlind: 100, currentBet: 100, committed: 100, minRaiseIncrement: 100 });
  it('a 100 added to the 100 blind: a raise to 200', () => {
    expect(readChips(option, [100], [100, 100])).toMatchObject({ action: 'raise', to: 200, owed: 0 });
  });
  it('a 500 chip added to the blind: one multi-chip bet of 600, a raise to 600', () => {
    expect(readChips(option, [100], [100, 500])).toMatchObject({ action: 'raise', to: 600 });
  });
  it('a 25 added to a blind of four 25s stays under the line: a check, 25 back (MULTI_CHIP)', () => {
    const r = readChips(option, [25, 25, 25, 25], [25, 25, 25, 25, 25]);
    expect(r).toMatchObject({ action: 'check', to: 100, giveBack: 25 });
    expect(r.alert?.code).toBe('MULTI_CHIP');
  });
  it('nothing added: a check', () => {
    expect(readChips(option, [100], [100])).toMatchObject({ action: 'check', to: 100, giveBack: 0 });
  });
  it('the big-blind ante lying with the blind is not part of the bet', () => {
    const withAnte = { ...option, zoneDead: 100 };
    expect(readChips(withAnte, [100, 100], [100, 100, 100])).toMatchObject({ action: 'raise', to: 200 });
  });
});
