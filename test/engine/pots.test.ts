// Pots and showdown: side pots per all-in level awarded outermost first (LOI 4), ties split with odd chips by the
// smallest denomination clockwise from the button (LOI 3), cards speak (LOI 29), the all-in and showdown prompts.
import { describe, expect, it } from 'vitest';
import { splitPot } from '../../src/engine/pots/oddChips.js';
import { Table } from './table.js';

describe('LOI 3: odd chips', () => {
  it('the remainder is broken down to the smallest denomination and given clockwise from the button', () => {
    expect([...splitPot(3075, [1, 2], 25)]).toEqual([
      [1, 1550],
      [2, 1525],
    ]);
    expect([...splitPot(100, [3, 5, 7], 25)]).toEqual([
      [3, 50],
      [5, 25],
      [7, 25],
    ]);
    expect([...splitPot(101, [4, 6], 1)]).toEqual([
      [4, 51],
      [6, 50],
    ]);
  });
});

describe('LOI 4: side pots with three all-ins and an odd chip', () => {
  // five seats, button 5: the small blind (1) folds its 25; the big blind (2) and seats 3 and 4 are all-in for
  // 1,025, 2,000 and 3,000; seat 5 covers. Seats 2 and 3 tie the main pot with the same straight.
  function threeAllIns(): Table {
    const t = new Table({
      seats: { 1: 10000, 2: 1025, 3: 2000, 4: 3000, 5: 10000 },
      button: 5,
      blinds: [25, 50],
    }).start({
      1: ['5c', '6d'],
      2: ['Td', '3c'],
      3: ['Th', '4c'],
      4: ['9s', '9d'],
      5: ['2c', '7h'],
    });
    t.say(3, 'allin').bet(3, 2000).say(4, 'allin').bet(4, 3000).say(5, 'call').bet(5, 3000);
    t.fold(1).say(2, 'allin').bet(2, 1025);
    return t;
  }
  const runOut = (t: Table): Table => {
    for (const seat of [2, 3, 4, 5]) t.show(seat);
    return t.street(0).board('Ah', 'Kd', 'Qs').burn().board('Jc').burn().board('2h');
  };

  it('TABLE_ALL_HANDS is raised as soon as no further betting is possible; one pot per all-in level', () => {
    const t = threeAllIns();
    expect(t.codes()).toEqual(['TABLE_ALL_HANDS']);
    expect(t.state.alerts[0].severity).toBe('info');
    expect(t.snap().pots.map((p) => [p.amount, p.eligible])).toEqual([
      [4125, [2, 3, 4, 5]],
      [2925, [3, 4, 5]],
      [2000, [4, 5]],
    ]);
  });

  it('pots are awarded from the last side pot back; the main pot splits with the odd chip to the first seat left of the button', () => {
    const snap = runOut(threeAllIns()).snap();
    expect(snap.phase).toBe('complete');
    // main 4,125 = 165 chips of 25: 83 to seat 2 (first winner left of the button), 82 to seat 3
    expect(snap.pots.map((p) => p.winners)).toEqual([[2, 3], [3], [4]]);
    expect(snap.pots[0].shares).toEqual({ '2': 2075, '3': 2050 });
    expect(snap.stacks).toEqual({ '1': 9975, '2': 2075, '3': 4975, '4': 2000, '5': 7000 });
  });

  it('chips are conserved through the award', () => {
    const total = Object.values(runOut(threeAllIns()).snap().stacks).reduce((a, b) => a + b, 0);
    expect(total).toBe(10000 + 1025 + 2000 + 3000 + 10000);
  });

  it('the shared side-pot example: 25-unit odd chip to the first winner left of the button', () => {
    const t = new Table({ seats: { 1: 1025, 2: 2000, 3: 3000 }, button: 3, blinds: [25, 50] }).start({
      1: ['Td', '3c'],
      2: ['Th', '4c'],
      3: ['9s', '9d'],
    });
    t.say(3, 'allin').bet(3, 3000).say(1, 'allin').bet(1, 1025).say(2, 'allin').bet(2, 2000);
    for (const seat of [1, 2, 3]) t.show(seat);
    t.street(0).board('Ah', 'Kd', 'Qs').burn().board('Jc').burn().board('2h');
    expect(t.snap().stacks).toEqual({ '1': 1550, '2': 3475, '3': 1000 });
  });
});

describe('showdown', () => {
  function riverCheckedDown(bet: boolean): Table {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3 }).start({
      1: ['Ah', 'Ad'],
      2: ['Kh', 'Kd'],
      3: ['2c', '7d'],
    });
    t.say(3, 'call').bet(3, 100).say(1, 'call').bet(1, 100).say(2, 'check');
    t.street(0).board('Qs', 'Jc', '5h');
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    t.street(1);
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    t.street(1);
    if (bet) t.say(1, 'check').say(2, 'bet', 300).bet(2, 300).say(3, 'call').bet(3, 300).say(1, 'call').bet(1, 300);
    else for (const seat of [1, 2, 3]) t.say(seat, 'check');
    return t;
  }

  it('seed 003: with a bet on the river the last aggressor shows first', () => {
    const t = riverCheckedDown(true);
    expect(t.state.alerts.at(-1)).toMatchObject({ code: 'SHOWDOWN_ORDER', seat: 2, severity: 'info' });
  });

  it('seed 003: otherwise the first live seat left of the button shows first', () => {
    const t = riverCheckedDown(false);
    expect(t.state.alerts.at(-1)).toMatchObject({ code: 'SHOWDOWN_ORDER', seat: 1 });
  });

  it('LOI 29: cards speak; a hand mucked at showdown is dead (club 5-3) and the hand is over once all are tabled', () => {
    const t = riverCheckedDown(true);
    expect(t.snap().phase).toBe('showdown');
    t.show(2).fold(1);
    expect(t.snap().phase).toBe('showdown');
    t.show(3);
    const snap = t.snap();
    expect(snap.phase).toBe('complete');
    expect(snap.pots[0].winners).toEqual([2]);
    expect(snap.stacks['2']).toBe(10000 - 400 + 1200);
  });

  it('the last hand left wins without a showdown; the uncalled bet goes back', () => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3 }).start();
    t.say(3, 'raise', 1000).bet(3, 1000).fold(1).fold(2);
    const snap = t.snap();
    expect(snap.phase).toBe('complete');
    expect(snap.stacks).toEqual({ '1': 9950, '2': 9900, '3': 10150 });
  });
});

describe('club 5-3: a hand that touched the muck is dead', () => {
  it('mucked between streets: the hand is dead; the last hand left wins', () => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3 }).start();
    t.fold(3).say(1, 'call').bet(1, 100).say(2, 'check').collect();
    t.fold(2);
    const snap = t.snap();
    expect(snap.phase).toBe('complete');
    expect(snap.stacks).toEqual({ '1': 10100, '2': 9900, '3': 10000 });
  });
});

describe('TDA 2024 rule 16 (seed 002 all-in examples): every hand tabled', () => {
  it('with an all-in player in the hand, every hand is tabled at showdown even after later betting between others', () => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 500 }, button: 3 }).start();
    t.say(3, 'allin').bet(3, 500).say(1, 'call').bet(1, 500).say(2, 'call').bet(2, 500);
    expect(t.codes()).toEqual([]);
    t.street(3);
    t.say(1, 'bet', 1000).bet(1, 1000).say(2, 'call').bet(2, 1000).street(1);
    t.say(1, 'check').say(2, 'check').street(1);
    t.say(1, 'check').say(2, 'check');
    expect(t.codes()).toEqual(['TABLE_ALL_HANDS']);
    expect(t.snap().phase).toBe('showdown');
    for (const seat of [1, 2, 3]) t.show(seat);
    expect(t.snap().phase).toBe('complete');
    expect(Object.values(t.snap().stacks).reduce((a, b) => a + b, 0)).toBe(20500);
  });
});
