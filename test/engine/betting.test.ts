// Betting rules: blinds and antes, action order, the minimum raise (tda 43, seed 002 examples 1 to 4-B), reopening
// after short all-ins (tda 47, seed 002 short all-in examples), checks inferred, and the verify/can pairs.
import { describe, expect, it } from 'vitest';
import { canAllIn, canCall, canCheck, canRaiseTo, verifyAllIn, verifyRaiseTo } from '../../src/engine/index.js';
import { Table } from './table.js';

const six = (stacks: Partial<Record<number, number>> = {}, blinds: [number, number] = [100, 200]): Table =>
  new Table({
    seats: { 1: 20000, 2: 20000, 3: 20000, 4: 20000, 5: 20000, 6: 20000, ...stacks } as Record<number, number>,
    button: 6,
    blinds,
  });

/** Six seats, everyone calls the big blind preflop, the flop is dealt; seat 1 is first to act. */
function toFlop(blinds: [number, number], stacks: Partial<Record<number, number>> = {}): Table {
  const t = six(stacks, blinds).start();
  for (const seat of [3, 4, 5, 6, 1]) t.say(seat, 'call').bet(seat, blinds[1]);
  t.say(2, 'check');
  return t.street(3);
}

describe('blinds and order', () => {
  it('tda 72: the big blind posts blind then ante; the ante is dead money in the main pot', () => {
    const t = new Table({ seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 3, blinds: [100, 200], bbAnte: 200 }).start();
    const snap = t.snap();
    expect(snap.stacks).toEqual({ '1': 4900, '2': 4600, '3': 5000 });
    expect(snap.pots[0].amount).toBe(500);
    expect(snap.next).toMatchObject({ toAct: 3, toCall: 200, minRaiseTo: 400 });
    expect(t.codes()).not.toContain('BLIND_INCORRECT');
  });

  it('tda 72: a big blind short of blind and ante pays the blind first', () => {
    const t = new Table({ seats: { 1: 5000, 2: 250, 3: 5000 }, button: 3, blinds: [100, 200], bbAnte: 200 }).start();
    expect(t.state.seats[2]?.committed).toBe(200);
    expect(t.state.seats[2]?.ante).toBe(50);
    expect(t.state.seats[2]?.allIn).toBe(true);
  });

  it('BLIND_INCORRECT: a blind zone holding the wrong amount when the deal ends', () => {
    const t = new Table({ seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 3 })
      .shuffle()
      .chips(1, [25])
      .chips(2, [100])
      .deal();
    expect(t.codes()).toEqual(['BLIND_INCORRECT']);
    expect(t.state.alerts[0]).toMatchObject({ seat: 1, severity: 'warn' });
  });

  it('club 8-16: heads-up the button posts the small blind, acts first before the flop and last after it', () => {
    const t = new Table({ seats: { 2: 5000, 5: 5000 }, button: 5 }).start();
    expect(t.state.sb).toBe(5);
    expect(t.state.bb).toBe(2);
    expect(t.snap().next?.toAct).toBe(5);
    t.say(5, 'call').bet(5, 100).say(2, 'check').street(3);
    expect(t.snap().next?.toAct).toBe(2);
  });

  it('action starts left of the big blind preflop and left of the button after the flop', () => {
    const t = toFlop([100, 200]);
    expect(t.snap().next?.toAct).toBe(1);
    const pre = six().start();
    expect(pre.snap().next?.toAct).toBe(3);
  });
});

describe('tda 43: minimum raise (seed 002 examples)', () => {
  it('seed 002 minimum raise example 1: 600, 1600, 3600 -> D raises to at least 5600', () => {
    const t = toFlop([100, 200]);
    t.say(1, 'bet', 600).bet(1, 600).say(2, 'raise', 1600).bet(2, 1600).say(3, 'raise', 3600).bet(3, 3600);
    expect(t.snap().next).toMatchObject({ toAct: 4, toCall: 3600, minRaiseTo: 5600, canRaise: true });
  });

  it('seed 002 minimum raise example 2: a short all-in raise of 50 leaves the minimum at the big blind', () => {
    const t = six({ 3: 150 }, [50, 100]).start();
    t.say(3, 'allin').bet(3, 150);
    expect(t.snap().next).toMatchObject({ toAct: 4, toCall: 150, minRaiseTo: 250 });
  });

  it('seed 002 minimum raise example 3: 300 then 1000 -> the next raise is to at least 1700', () => {
    const t = toFlop([100, 200]);
    t.say(1, 'bet', 300).bet(1, 300).say(2, 'raise', 1000).bet(2, 1000);
    expect(t.snap().next).toMatchObject({ toAct: 3, toCall: 1000, minRaiseTo: 1700 });
  });

  it('seed 002 minimum raise example 4-A: 125, 200, 500 -> at least 800', () => {
    const t = six({}, [25, 50]).start();
    t.say(3, 'raise', 125).bet(3, 125).say(4, 'raise', 200).bet(4, 200).say(5, 'raise', 500).bet(5, 500);
    expect(t.snap().next).toMatchObject({ toAct: 6, toCall: 500, minRaiseTo: 800 });
  });

  it('seed 002 minimum raise example 4-B: a raise to 500, two calls -> at least 950', () => {
    const t = six({}, [25, 50]).start();
    t.say(3, 'raise', 500).bet(3, 500).say(4, 'call').bet(4, 500).say(5, 'call').bet(5, 500);
    expect(t.snap().next).toMatchObject({ toAct: 6, toCall: 500, minRaiseTo: 950 });
  });

  it('tda 43: a raise under the minimum is refused by verify and not offered', () => {
    const t = toFlop([100, 200]);
    t.say(1, 'bet', 600).bet(1, 600);
    expect(verifyRaiseTo(t.state, 2, 1000)).toBe('UNDER_MINIMUM');
    expect(canRaiseTo(t.state, 2, 1200)).toBe(true);
    expect(verifyRaiseTo(t.state, 3, 1200)).toBe('NOT_YOUR_TURN');
    expect(verifyRaiseTo(t.state, 2, 30000)).toBe('OVER_STACK');
    expect(canCheck(t.state, 2)).toBe(false);
    expect(canCall(t.state, 2)).toBe(true);
  });

  it('minimum bet: the big blind; an all-in for less is allowed', () => {
    const t = toFlop([100, 200], { 1: 350 });
    expect(t.snap().next).toMatchObject({ toAct: 1, toCall: 0, minRaiseTo: 150, maxRaiseTo: 150 });
    expect(canRaiseTo(t.state, 1, 150)).toBe(true);
    expect(canAllIn(t.state, 1)).toBe(true);
  });
});

describe('tda 47: reopening after short all-ins (seed 002 short all-in examples)', () => {
  // blinds 50-100, post flop: A (seat 1) opens 100, B (2) all-in 125, C (3) calls 125, D (4) all-in 200, E (5) calls
  function example1(): Table {
    const t = new Table({ seats: { 1: 10000, 2: 225, 3: 10000, 4: 300, 5: 10000, 6: 10000 }, button: 6 }).start();
    for (const seat of [3, 4, 5]) t.say(seat, 'call').bet(seat, 100);
    t.fold(6).say(1, 'call').bet(1, 100).say(2, 'check').street(3);
    t.say(1, 'bet', 100).bet(1, 100).say(2, 'allin').bet(2, 125).say(3, 'call').bet(3, 125);
    t.say(4, 'allin').bet(4, 200).say(5, 'call').bet(5, 200);
    return t;
  }

  it('seed 002 short all-in example 1: two short all-ins adding up to a full raise reopen the betting for A', () => {
    expect(example1().snap().next).toMatchObject({ toAct: 1, toCall: 100, minRaiseTo: 300, canRaise: true });
  });

  it('seed 002 short all-in example 1-A: C facing an increment of 75 may only call or fold', () => {
    const t = example1().say(1, 'call').bet(1, 200);
    const next = t.snap().next;
    expect(next).toMatchObject({ toAct: 3, toCall: 75, canRaise: false, minRaiseTo: null });
    expect(next?.legal).toEqual(['fold', 'call']);
    expect(verifyRaiseTo(t.state, 3, 400)).toBe('RAISE_NOT_ALLOWED');
    expect(verifyAllIn(t.state, 3)).toBe('RAISE_NOT_ALLOWED');
  });

  it('seed 002 short all-in example 1-B: A raising to 300 gives C the right to raise again', () => {
    const t = example1().say(1, 'raise', 300).bet(1, 300);
    expect(t.snap().next).toMatchObject({ toAct: 3, toCall: 175, canRaise: true, minRaiseTo: 400 });
  });

  it('seed 002 short all-in example 2: 300, all-ins to 500, 650, 800 -> F raises to at least 1100', () => {
    const t = new Table({
      seats: { 1: 10000, 2: 600, 3: 750, 4: 900, 5: 10000, 6: 10000 },
      button: 6,
    }).start();
    for (const seat of [3, 4, 5, 6, 1]) t.say(seat, 'call').bet(seat, 100);
    t.say(2, 'check').street(3);
    t.say(1, 'bet', 300).bet(1, 300).say(2, 'allin').bet(2, 500).say(3, 'allin').bet(3, 650);
    t.say(4, 'allin').bet(4, 800).say(5, 'call').bet(5, 800);
    expect(t.snap().next).toMatchObject({ toAct: 6, toCall: 800, minRaiseTo: 1100, canRaise: true });
  });

  // blinds 2000-4000: A (3) calls 4000, B (4) folds, C (5) all-in 7500, the others fold, the small blind folds
  function example3(): Table {
    const t = new Table({
      seats: { 1: 100000, 2: 100000, 3: 100000, 4: 100000, 5: 7500, 6: 100000 },
      button: 6,
      blinds: [2000, 4000],
    }).start();
    t.say(3, 'call').bet(3, 4000).fold(4).say(5, 'allin').bet(5, 7500).fold(6).fold(1);
    return t;
  }

  it('seed 002 short all-in example 3-A: the big blind may raise to 11,500; A, facing 3,500 more, may not', () => {
    const t = example3();
    expect(t.snap().next).toMatchObject({ toAct: 2, toCall: 3500, minRaiseTo: 11500, canRaise: true });
    t.say(2, 'call').bet(2, 7500);
    expect(t.snap().next).toMatchObject({ toAct: 3, toCall: 3500, canRaise: false });
  });

  it('seed 002 short all-in example 3-B: after the big blind raises to 11,500, A may raise again', () => {
    const t = example3().say(2, 'raise', 11500).bet(2, 11500);
    expect(t.snap().next).toMatchObject({ toAct: 3, toCall: 7500, canRaise: true, minRaiseTo: 15500 });
  });

  it('RAISE_NOT_ALLOWED: a declared raise by a seat whose option is closed is held to a call', () => {
    const t = example1().say(1, 'call').bet(1, 200).say(3, 'raise', 500);
    expect(t.codes()).toContain('RAISE_NOT_ALLOWED');
    expect(t.state.seats[3]?.committed).toBe(200);
  });
});

describe('checks inferred (docs/rules.md, Sensors)', () => {
  it('on a street with no bet, a later seat betting means the seats before it checked', () => {
    const t = toFlop([100, 200]);
    t.bet(3, 600).tick();
    expect(t.phh().slice(-3)).toEqual(['p1 cc', 'p2 cc', 'p3 cbr 600']);
    expect(t.codes()).not.toContain('ACTION_OUT_OF_TURN');
    expect(t.snap().next?.toAct).toBe(4);
  });

  it('the burn for the next street means the seats still to act checked', () => {
    const t = toFlop([100, 200]);
    t.collect().burn();
    expect(t.phh().filter((a) => a.endsWith(' cc')).length).toBe(6 + 6);
    expect(t.codes()).toEqual([]);
    t.board(t.card());
    expect(t.state.board.length).toBe(4);
  });

  it('facing a bet nothing is inferred: a later seat acting first is out of turn (tda 53)', () => {
    const t = toFlop([100, 200]);
    t.say(1, 'bet', 600).bet(1, 600).say(3, 'call');
    expect(t.codes()).toContain('ACTION_OUT_OF_TURN');
    expect(t.snap().next?.toAct).toBe(2);
  });
});

describe('collection', () => {
  it('chips of the last round collected after the next street is dealt are not an action', () => {
    const t = toFlop([100, 200]);
    // toFlop collected already; bet on the flop, call, then deal the turn before collecting
    t.say(1, 'bet', 400).bet(1, 400).say(2, 'call').bet(2, 400);
    for (const seat of [3, 4, 5, 6]) t.say(seat, 'fold').fold(seat);
    t.burn().board(t.card());
    expect(t.snap().next).toMatchObject({ toAct: 1, toCall: 0 });
    t.chips(1, []).chips(2, []).tick();
    expect(t.codes()).toEqual([]);
    expect(t.snap().next).toMatchObject({ toAct: 1, toCall: 0 });
    t.bet(1, 600).tick();
    expect(t.phh().at(-1)).toBe('p1 cbr 600');
  });
});

describe('tda 40A: words after chips', () => {
  it('a declaration right after the seat pushed its chips is not a new action nor out of turn', () => {
    const t = toFlop([100, 200]);
    t.bet(1, 600).say(1, 'bet', 600);
    expect(t.codes()).toEqual([]);
    expect(t.snap().next).toMatchObject({ toAct: 2, toCall: 600 });
  });
});
