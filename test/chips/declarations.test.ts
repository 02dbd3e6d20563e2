import { describe, expect, it } from 'vitest';
import {
  bindDeclaration,
  firstActionStands,
  readCallBeforeAmountKnown,
} from '../../src/engine/betting/declarations.js';
import { readChips } from '../../src/engine/betting/readChips.js';
import { ctx } from './context.js';

const facing1100 = ctx({ bigBlind: 500, currentBet: 1100, minRaiseIncrement: 600 });
const flop = ctx({ bigBlind: 100, currentBet: 0 });

describe('tda 40, 41A, 51A: "call" obliges the full call', () => {
  it('"call" then a 5000 chip: a call of 1100, 3900 back, no alert (the word said it)', () => {
    const r = readChips(facing1100, [], [5000], { say: 'call' });
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 3900, owed: 0 });
    expect(r.alert).toBeUndefined();
  });
  it('"call" then chips that would be a raise: still a call, the extra back', () => {
    expect(readChips(facing1100, [], [1000, 500, 100], { say: 'call' })).toMatchObject({
      action: 'call',
      to: 1100,
      giveBack: 500,
    });
  });
  it('"call" then chips short of it: a call, the rest owed (no undercall)', () => {
    const r = readChips(facing1100, [], [500], { say: 'call' });
    expect(r).toMatchObject({ action: 'call', to: 1100, owed: 600 });
    expect(r.alert).toBeUndefined();
  });
  it('seed 002 undercall example 3: C says "call" facing 8000: the call binds, 8000 owed', () => {
    const b = bindDeclaration(ctx({ bigBlind: 2000, currentBet: 8000, minRaiseIncrement: 6000 }), { say: 'call' });
    expect(b.kind).toBe('action');
    if (b.kind === 'action') expect(b.reading).toMatchObject({ action: 'call', to: 8000, owed: 8000 });
  });
});

describe('tda 55: declarations with no bet to face, and "check" facing a bet', () => {
  it('tda 55A: "call" with no bet to face is a check', () => {
    expect(readChips(flop, [], [], { say: 'call' })).toMatchObject({ action: 'check', to: 0 });
  });
  it('tda 55A: the big blind saying "call" in its option checks', () => {
    const option = ctx({ bigBlind: 100, currentBet: 100, committed: 100 });
    expect(readChips(option, [100], [100], { say: 'call' })).toMatchObject({ action: 'check', to: 100 });
  });
  it('tda 55B: "raise" with no bet to face is a bet of at least the big blind (two 25 chips: completed to 100)', () => {
    const r = readChips(flop, [], [25, 25], { say: 'raise' });
    expect(r).toMatchObject({ action: 'bet', to: 100, owed: 50 });
    expect(r.alert?.code).toBe('BET_UNDER_MINIMUM');
  });
  it('tda 55: "check" facing a bet, no chips: the seat may only call or fold', () => {
    const r = readChips(facing1100, [], [], { say: 'check' });
    expect(r.undetermined).toEqual(['fold', 'call']);
    expect(bindDeclaration(facing1100, { say: 'check' })).toEqual({ kind: 'restricted', legal: ['fold', 'call'] });
  });
  it('tda 55: "check" facing a bet, then chips worth a raise: held to a call (RAISE_NOT_ALLOWED)', () => {
    const r = readChips(facing1100, [], [1000, 500, 500], { say: 'check' });
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 900 });
    expect(r.alert).toMatchObject({ code: 'RAISE_NOT_ALLOWED', rule: { book: 'tda', id: '55' } });
  });
  it('"check" with no bet to face is a check', () => {
    expect(bindDeclaration(flop, { say: 'check' })).toMatchObject({ kind: 'action', reading: { action: 'check' } });
  });
});

describe('tda 43B, LOI 36, tda 44: "raise" obliges the minimum', () => {
  it('tda 43B: "raise to 1500" facing 1100 (minimum 1700) is completed to 1700 (RAISE_UNDER_MINIMUM)', () => {
    const r = readChips(facing1100, [], [1000, 500], { say: 'raise', to: 1500 });
    expect(r).toMatchObject({ action: 'raise', to: 1700, owed: 200, giveBack: 0 });
    expect(r.alert).toMatchObject({ code: 'RAISE_UNDER_MINIMUM', rule: { book: 'tda', id: '43B' }, severity: 'info' });
    expect(r.alert?.facts?.declared).toBe(1500);
  });
  it('tda 44: "raise" and one 5000 chip with no amount is a raise to 5000', () => {
    const r = readChips(facing1100, [], [5000], { say: 'raise' });
    expect(r).toMatchObject({ action: 'raise', to: 5000, owed: 0, giveBack: 0 });
    expect(r.alert).toBeUndefined();
  });
  it('"raise" and one 1000 chip facing 1100: short of the minimum, completed to 1700', () => {
    const r = readChips(facing1100, [], [1000], { say: 'raise' });
    expect(r).toMatchObject({ action: 'raise', to: 1700, owed: 700 });
    expect(r.alert?.code).toBe('RAISE_UNDER_MINIMUM');
  });
  it('"raise to 3000" with 5000 pushed: a raise to 3000, 2000 back', () => {
    expect(readChips(facing1100, [], [5000], { say: 'raise', to: 3000 })).toMatchObject({
      action: 'raise',
      to: 3000,
      giveBack: 2000,
    });
  });
  it('LOI 36: "raise" with no amount waits for the chips of one motion, at least the minimum', () => {
    expect(bindDeclaration(facing1100, { say: 'raise' })).toEqual({ kind: 'awaitChips', action: 'raise', minTo: 1700 });
  });
  it('"raise 8000" said first binds at once: raise to 8000, all owed', () => {
    const b = bindDeclaration(facing1100, { say: 'raise', to: 8000 });
    expect(b).toMatchObject({ kind: 'action', reading: { action: 'raise', to: 8000, owed: 8000 } });
  });
  it('a declared raise beyond the stack is all-in', () => {
    expect(readChips({ ...facing1100, stack: 3000 }, [], [1000], { say: 'raise', to: 9000 })).toMatchObject({
      action: 'raise',
      to: 3000,
      allIn: true,
      owed: 2000,
    });
  });
  it('tda 47: "raise" by a seat whose option is closed is held to a call', () => {
    const r = readChips({ ...facing1100, canRaise: false }, [], [1000, 1000], { say: 'raise' });
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 900 });
    expect(r.alert).toMatchObject({ code: 'RAISE_NOT_ALLOWED', rule: { book: 'tda', id: '47' }, severity: 'warn' });
  });
});

describe('declarations: all-in, fold', () => {
  it('"all in" binds the whole stack', () => {
    expect(readChips({ ...facing1100, stack: 4000 }, [], [], { say: 'allin' })).toMatchObject({
      action: 'raise',
      to: 4000,
      allIn: true,
      owed: 4000,
    });
  });
  it('"all in" for less than the call is an all-in call', () => {
    expect(readChips({ ...facing1100, stack: 800 }, [], [], { say: 'allin' })).toMatchObject({
      action: 'call',
      to: 800,
      allIn: true,
    });
  });
  it('"fold" with chips pushed after it: a fold, the chips back', () => {
    expect(readChips(facing1100, [], [1000], { say: 'fold' })).toMatchObject({ action: 'fold', giveBack: 1000 });
  });
});

describe('tda 40A: words and chips in conflict, the first action stands', () => {
  it('a 5000 chip pushed, then "raise": the chip came first: a call', () => {
    const r = readChips(facing1100, [], [5000], { say: 'raise', afterChips: true });
    expect(r).toMatchObject({ action: 'call', to: 1100, giveBack: 3900 });
    expect(r.alert?.code).toBe('OVERSIZED_CHIP');
  });
  it('"raise" first, then the chip: a raise to the chip', () => {
    expect(readChips(facing1100, [], [5000], { say: 'raise', afterChips: false }).action).toBe('raise');
  });
  it('firstActionStands compares the times; a tie goes to the words', () => {
    expect(firstActionStands(1000, 1200)).toBe('words');
    expect(firstActionStands(1300, 1200)).toBe('chips');
    expect(firstActionStands(1200, 1200)).toBe('words');
  });
});

describe('tda 59B: a "call" said before the amount was known', () => {
  it('binds to the amount once known, even all-in', () => {
    const known = ctx({ bigBlind: 100, currentBet: 12000, minRaiseIncrement: 12000, stack: 9000 });
    expect(readCallBeforeAmountKnown(known, 0)).toMatchObject({ action: 'call', to: 9000, allIn: true, owed: 9000 });
  });
});
