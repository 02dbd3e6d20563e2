import { describe, expect, it } from 'vitest';
import { isSubstantialAction, outOfTurnRuling, skippedSeatRuling } from '../../src/engine/betting/outOfTurn.js';

describe('tda 53 action out of turn, seed 002 examples', () => {
  it('example 1: seat 6 raises to 800 out of turn facing 300; seat 5 calls: the action did not change, the raise binds', () => {
    const r = outOfTurnRuling({ seat: 6, kind: 'raise', to: 800, facing: 300 }, 300);
    expect(r).toEqual({ binds: true, variant: 'binds', legal: [] });
  });

  it('example 1: seat 5 raises to 600 instead: the action changed, seat 6 takes back its 800 and has every option', () => {
    const r = outOfTurnRuling({ seat: 6, kind: 'raise', to: 800, facing: 300 }, 600);
    expect(r).toEqual({ binds: false, variant: 'void', legal: ['fold', 'call', 'raise', 'allin'] });
  });

  it('example 2: seat 6 checks out of turn, seat 5 checks: the check binds', () => {
    expect(outOfTurnRuling({ seat: 6, kind: 'check', facing: 0 }, 0).binds).toBe(true);
  });

  it('tda 53 (default, both rulesets): example 2: seat 6 checked out of turn, seat 5 bets 300: every option', () => {
    const r = outOfTurnRuling({ seat: 6, kind: 'check', facing: 0 }, 300);
    expect(r).toEqual({ binds: false, variant: 'void', legal: ['fold', 'call', 'raise', 'allin'] });
  });

  it('tda 53 house rule (seed 002 passive example): seat 2 checked out of turn, seat 1 bets 1000: call or fold only', () => {
    const r = outOfTurnRuling({ seat: 2, kind: 'check', facing: 0 }, 1000, { checkCallOrFold: true });
    expect(r).toEqual({ binds: false, variant: 'callOrFold', legal: ['fold', 'call'] });
  });

  it('tda 53: an out-of-turn fold binds even when the action changed', () => {
    expect(outOfTurnRuling({ seat: 4, kind: 'fold', facing: 300 }, 900)).toEqual({
      binds: true,
      variant: 'foldBinds',
      legal: [],
    });
  });

  it('an out-of-turn call voided by a raise in between', () => {
    expect(outOfTurnRuling({ seat: 4, kind: 'call', to: 300, facing: 300 }, 900).variant).toBe('void');
  });
});

describe('tda 53 / tda 36: substantial action past a skipped seat', () => {
  it('out-of-turn example 1: seat 5 calls 600 and seat 6 folds past seat 4: substantial, they bind, the floor rules on seat 4', () => {
    const past = [{ putsChips: true }, { putsChips: false }];
    expect(isSubstantialAction(past)).toBe(true);
    expect(skippedSeatRuling({ actionsPastSkippedSeat: past, skippedSpokeUp: false })).toBe('bindsFloorRules');
  });

  it('out-of-turn example 2: seat 5 folds and seat 6 calls 600 past seat 4: substantial', () => {
    const past = [{ putsChips: false }, { putsChips: true }];
    expect(skippedSeatRuling({ actionsPastSkippedSeat: past, skippedSpokeUp: false })).toBe('bindsFloorRules');
  });

  it('two folds are not substantial; three actions are', () => {
    expect(isSubstantialAction([{ putsChips: false }, { putsChips: false }])).toBe(false);
    expect(isSubstantialAction([{ putsChips: false }, { putsChips: false }, { putsChips: false }])).toBe(true);
    expect(isSubstantialAction([{ putsChips: true }])).toBe(false);
  });

  it('a skipped player who speaks up keeps the question open', () => {
    const past = [{ putsChips: true }, { putsChips: true }];
    expect(skippedSeatRuling({ actionsPastSkippedSeat: past, skippedSpokeUp: true })).toBe('pending');
  });
});
