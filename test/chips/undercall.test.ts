import { describe, expect, it } from 'vitest';
import { readChips } from '../../src/engine/betting/readChips.js';
import { undercallForfeit, undercallRuling } from '../../src/engine/betting/undercall.js';
import { ctx } from './context.js';

describe('tda 51 undercall, seed 002 undercall examples', () => {
  it('example 1: 2000 opened, raised to 8000, C pushes 2000 silently with more than two players: the floor decides', () => {
    const c = ctx({
      bigBlind: 2000,
      currentBet: 8000,
      minRaiseIncrement: 6000,
      facingOpeningBet: false,
      playersInHand: 3,
      betLevels: [2000, 8000],
    });
    const r = readChips(c, [], [1000, 1000]);
    expect(r).toMatchObject({ action: 'call', to: 8000, owed: 6000 });
    expect(r.alert).toMatchObject({ code: 'UNDERCALL', rule: { book: 'tda', id: '51' }, severity: 'stop' });
    expect(r.alert?.facts).toMatchObject({ ruling: 'floor', forfeit: 2000, call: 8000, zoneTotal: 2000 });
  });

  it('example 2: facing the opening bet of 8000 with four players, 2000 pushed must be completed to 8000', () => {
    const c = ctx({
      bigBlind: 2000,
      currentBet: 8000,
      minRaiseIncrement: 8000,
      facingOpeningBet: true,
      playersInHand: 4,
    });
    const r = readChips(c, [], [1000, 1000]);
    expect(r).toMatchObject({ action: 'call', to: 8000, owed: 6000 });
    expect(r.alert?.facts?.ruling).toBe('complete');
  });

  it('example 4: 400 bet, raised to 1200, a 500 chip pushed: the floor may let B fold losing 400, 100 back', () => {
    const c = ctx({
      bigBlind: 400,
      currentBet: 1200,
      minRaiseIncrement: 800,
      facingOpeningBet: false,
      playersInHand: 3,
      betLevels: [400, 1200],
    });
    const r = readChips(c, [], [500]);
    expect(r.alert).toMatchObject({ code: 'UNDERCALL' });
    expect(r.alert?.facts).toMatchObject({ ruling: 'floor', forfeit: 400 });
    expect(undercallForfeit([400, 1200], 500, 0)).toBe(400);
  });

  it('heads-up, facing a raise, the undercall must be completed', () => {
    expect(undercallRuling({ facingOpeningBet: false, playersInHand: 2 })).toBe('complete');
    expect(undercallRuling({ facingOpeningBet: false, playersInHand: 3 })).toBe('floor');
    expect(undercallRuling({ facingOpeningBet: true, playersInHand: 6 })).toBe('complete');
  });

  it('before the flop, facing the big blind (the opening bet), a short push must be completed', () => {
    const r = readChips(ctx({ bigBlind: 500, currentBet: 500 }), [], [100, 100, 100]);
    expect(r).toMatchObject({ action: 'call', to: 500, owed: 200 });
    expect(r.alert?.facts?.ruling).toBe('complete');
  });

  it('the forfeit is never less than what the seat had committed before', () => {
    expect(undercallForfeit([400, 1200, 3000], 1000, 1200)).toBe(1200);
  });
});

describe('tda 52: a raise under the minimum acted on by others', () => {
  it('1500 showing for a raise read to 1700 (200 owed): a seat matching the 1500 completes to 1700', () => {
    const c = ctx({
      bigBlind: 500,
      currentBet: 1700,
      minRaiseIncrement: 600,
      facingOpeningBet: false,
      playersInHand: 6,
      shortBetsShowing: [1500],
    });
    const r = readChips(c, [], [1000, 500]);
    expect(r).toMatchObject({ action: 'call', to: 1700, owed: 200 });
    expect(r.alert).toMatchObject({
      code: 'UNDERCALL',
      rule: { book: 'tda', id: '52' },
      facts: { ruling: 'complete' },
    });
  });
});
