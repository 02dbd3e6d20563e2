// seed 002's multi-chip and prior-chip examples played on the table: the action read, the amounts committed and what
// the next seat faces (`next`).
import { describe, expect, it } from 'vitest';
import { texts } from '../alertTexts.js';
import { codes, muck, nextStreet, play, playTable, SIX_HANDED, type TableSetup } from './table.js';

// blinds 250-500, seat 3 raised by 600 to 1100 (multi-chip examples 1-B, 2, 3)
const raiseTo1100 = { chips: [1000, 100], at: 'bet3' };

describe('tda 45 multi-chip examples on the table', () => {
  it('example 1-B: a 500 and a 1000 are a call of 1100; seat 5 faces 1100, minimum raise to 1700', () => {
    const o = play([raiseTo1100, { chips: [500, 1000], at: 'bet4' }]);
    expect(codes(o)).toEqual(['MULTI_CHIP']);
    expect(o.actions.slice(-1)).toEqual(['p4 cc']);
    expect(o.stacks['4']).toBe(18900);
    expect(o.next).toEqual({ toAct: 5, toCall: 1100, minRaiseTo: 1700, canRaise: true });
  });

  it('example 2: a 1000 and five 100 are a raise to 1700; seat 5 faces 1700, minimum raise to 2300', () => {
    const o = play([raiseTo1100, { chips: [1000, 100, 100, 100, 100, 100], at: 'bet4' }]);
    expect(o.actions.slice(-1)).toEqual(['p4 cbr 1700']);
    expect(o.stacks['4']).toBe(18300);
    expect(o.next).toEqual({ toAct: 5, toCall: 1700, minRaiseTo: 2300, canRaise: true });
  });

  it('example 3: a 1000 and three 100 are a call, two 100 back; seat 5 faces 1100', () => {
    const o = play([raiseTo1100, { chips: [1000, 100, 100, 100], at: 'bet4' }]);
    expect(codes(o)).toEqual(['MULTI_CHIP']);
    expect(texts(o.alerts[0])?.remedy).toBe('Announce "call, 1100" and give 200 back to the player.');
    expect(o.stacks['4']).toBe(18900);
    expect(o.next).toEqual({ toAct: 5, toCall: 1100, minRaiseTo: 1700, canRaise: true });
  });

  // after the flop: everyone called 500 preflop, seat 1 opens
  const toFlop = [
    ...[3, 4, 5, 6].map((seat) => ({ chips: [500], at: `bet${seat}` })),
    { chips: [100, 100, 25, 25, 100, 100, 25, 25], at: 'bet1' },
    { say: 'check', seat: 2 },
    ...nextStreet([1, 2, 3, 4, 5, 6], ['2d', 'Ah', 'Kd', '7c']),
  ];

  it('example 1-A: seat 1 opens 1200 after the flop, two 1000 chips are a call; seat 3 faces 1200', () => {
    const o = play([...toFlop, { chips: [1000, 100, 100], at: 'bet1' }, { chips: [1000, 1000], at: 'bet2' }]);
    expect(codes(o)).toEqual(['MULTI_CHIP']);
    expect(o.stacks['2']).toBe(20000 - 500 - 1200);
    expect(o.next).toEqual({ toAct: 3, toCall: 1200, minRaiseTo: 2400, canRaise: true });
  });

  it('example 4-A: opening 1400, a 1000 and three 500 are a minimum raise to 2800; seat 3 faces 2800', () => {
    const o = play([
      ...toFlop,
      { chips: [1000, 100, 100, 100, 100], at: 'bet1' },
      { chips: [1000, 500, 500, 500], at: 'bet2' },
    ]);
    expect(codes(o)).toEqual(['MULTI_CHIP']);
    expect(o.actions.slice(-1)).toEqual(['p2 cbr 2800']);
    expect(o.next).toEqual({ toAct: 3, toCall: 2800, minRaiseTo: 4200, canRaise: true });
  });

  it('example 4-B: opening 1400, a 1000 and two 500 are a call, 600 back; seat 3 faces 1400', () => {
    const o = play([
      ...toFlop,
      { chips: [1000, 100, 100, 100, 100], at: 'bet1' },
      { chips: [1000, 500, 500], at: 'bet2' },
    ]);
    expect(o.actions.slice(-1)).toEqual(['p2 cc']);
    expect(o.stacks['2']).toBe(20000 - 500 - 1400);
    expect(o.next).toEqual({ toAct: 3, toCall: 1400, minRaiseTo: 2800, canRaise: true });
  });
});

// seed 002 prior-chips situations: NLHE 25-50, the big blind (seat 2) lies as two 25 chips, the button (seat 3)
// raises to 600, the small blind folds.
const threeHanded: TableSetup = {
  seats: [1, 2, 3],
  button: 3,
  blinds: [25, 50],
  blindChips: [
    [1, [25]],
    [2, [25, 25]],
  ],
  stack: 20000,
};
const buttonRaises = [{ chips: [500, 100], at: 'bet3' }, ...muck(1)];

describe('tda 46 prior-chips situations on the table', () => {
  it('situation 1.1: a 1000 chip on the two 25s is a call; the round is over', () => {
    const o = playTable(threeHanded, [...buttonRaises, { chips: [25, 25, 1000], at: 'bet2' }]);
    expect(codes(o)).toEqual(['OVERSIZED_CHIP']);
    expect(o.stacks['2']).toBe(19400);
    expect(o.next).toBeNull();
  });

  it('situation 1.3: a 1000 and a 500 on the two 25s are a raise to 1550; the button faces 950 more', () => {
    const o = playTable(threeHanded, [...buttonRaises, { chips: [25, 25, 1000, 500], at: 'bet2' }]);
    expect(codes(o)).toEqual([]);
    expect(o.next).toEqual({ toAct: 3, toCall: 950, minRaiseTo: 2500, canRaise: true });
  });

  it('situation 2: the 25s taken back and two 500 pushed are a call (every chip needed), 400 back', () => {
    const o = playTable(threeHanded, [...buttonRaises, { chips: [], at: 'bet2' }, { chips: [500, 500], at: 'bet2' }]);
    expect(codes(o)).toEqual(['MULTI_CHIP']);
    expect(o.stacks['2']).toBe(19400);
  });

  it('situation 3: one 25 taken back and a 1000 added: a raise completed to 1150', () => {
    const o = playTable(threeHanded, [...buttonRaises, { chips: [25, 1000], at: 'bet2' }]);
    expect(codes(o)).toEqual(['MULTI_CHIP']);
    expect(o.actions.slice(-1)).toEqual(['p2 cbr 1150']);
    expect(o.next).toEqual({ toAct: 3, toCall: 550, minRaiseTo: 1700, canRaise: true });
  });

  it("the big blind's option: a 100 chip added to the blind when all called is a raise to 150", () => {
    const o = playTable(threeHanded, [
      { chips: [25, 25], at: 'bet3' },
      { chips: [25, 25], at: 'bet1' },
      { chips: [25, 25, 100], at: 'bet2' },
    ]);
    expect(o.actions.slice(-1)).toEqual(['p2 cbr 150']);
    expect(o.next).toEqual({ toAct: 3, toCall: 100, minRaiseTo: 250, canRaise: true });
  });
});

describe('the six-handed table used by these tests', () => {
  it('deals and posts the blinds: seat 3 to act facing 500', () => {
    expect(playTable(SIX_HANDED, []).next).toEqual({ toAct: 3, toCall: 500, minRaiseTo: 1000, canRaise: true });
  });
});

// seed 002 undercall examples: blinds 1000-2000, six players see the flop for 2000 each, then seat 1 opens.
const bigBlinds: TableSetup = {
  seats: [1, 2, 3, 4, 5, 6],
  button: 6,
  blinds: [1000, 2000],
  blindChips: [
    [1, [1000]],
    [2, [1000, 1000]],
  ],
  stack: 50000,
};
const flopFor2000 = [
  ...[3, 4, 5, 6].map((seat) => ({ chips: [1000, 1000], at: `bet${seat}` })),
  { chips: [1000, 1000], at: 'bet1' },
  { say: 'check', seat: 2 },
  ...nextStreet([1, 2, 3, 4, 5, 6], ['2d', 'Ah', 'Kd', '7c']),
];

describe('tda 51 undercall examples on the table', () => {
  const example1 = [
    ...flopFor2000,
    { chips: [1000, 1000], at: 'bet1' },
    { chips: [5000, 1000, 1000, 1000], at: 'bet2' },
    { chips: [1000, 1000], at: 'bet3' },
  ];

  it('tda 51: example 1: 2000 opened, raised to 8000, 2000 pushed silently: a stop; no call presumed, the turn stays', () => {
    const o = playTable(bigBlinds, example1);
    expect(codes(o)).toEqual(['UNDERCALL']);
    expect(o.alerts[0]).toMatchObject({ severity: 'stop', rule: { book: 'tda', id: '51' }, seat: 3 });
    expect(texts(o.alerts[0])?.remedy).toBe(
      'Stop and call the floor: the floor decides whether the player adds 6000 to call 8000, or folds and leaves 2000 in the pot.',
    );
    // the seat is neither in for 8000 nor out: its stack holds the 2000 pushed until the floor rules
    expect(o.next).toBeNull();
    expect(o.state.round.toAct).toBe(3);
    expect(o.stacks['3']).toBe(50000 - 2000);
    expect(o.state.seats[3]).toMatchObject({ committed: 0, acted: false, folded: false });
  });

  it('tda 51: example 1: the floor rules a call: seat 3 is in for 8000, owes 6000, the next seat faces 8000', () => {
    const o = playTable(bigBlinds, [...example1, { floor: 'call', seat: 3 }]);
    expect(o.stacks['3']).toBe(50000 - 2000 - 8000);
    expect(o.state.seats[3]).toMatchObject({ committed: 8000, owed: 6000 });
    expect(o.actions.at(-1)).toBe('p3 cc');
    expect(o.state.alerts[0]).toMatchObject({ resolved: true, decision: { decision: 'call seat 3', by: 'floor' } });
    expect(o.next).toMatchObject({ toAct: 4, toCall: 8000 });
  });

  it('tda 51: example 1: the floor lets seat 3 fold: the 2000 stays in the pot, the next seat faces 8000', () => {
    const o = playTable(bigBlinds, [...example1, { floor: 'fold', seat: 3 }]);
    expect(o.stacks['3']).toBe(50000 - 2000 - 2000);
    expect(o.state.seats[3]).toMatchObject({ folded: true, committed: 2000 });
    expect(o.actions.at(-1)).toBe('p3 f');
    expect(o.next).toMatchObject({ toAct: 4, toCall: 8000 });
  });

  it('tda 51: example 1: the player adds the 6000 before the floor rules: a call, the question answered', () => {
    const o = playTable(bigBlinds, [...example1, { chips: [5000, 1000, 1000, 1000], at: 'bet3' }]);
    expect(o.stacks['3']).toBe(50000 - 2000 - 8000);
    expect(o.state.alerts[0]?.resolved).toBe(true);
    expect(o.next).toMatchObject({ toAct: 4, toCall: 8000 });
  });

  it('example 2: the opening bet of 8000 answered with 2000: the call must be completed; the next seat faces 8000', () => {
    const o = playTable(bigBlinds, [
      ...flopFor2000,
      { chips: [5000, 1000, 1000, 1000], at: 'bet1' },
      { chips: [1000, 1000], at: 'bet2' },
    ]);
    expect(codes(o)).toEqual(['UNDERCALL']);
    expect(texts(o.alerts[0])?.remedy).toBe(
      'Tell the player the bet is 8000: they must add 6000 to complete the call.',
    );
    expect(o.stacks['2']).toBe(50000 - 2000 - 8000);
    expect(o.next).toMatchObject({ toAct: 3, toCall: 8000 });
  });

  it('example 3: "call" said facing 8000 binds the full 8000', () => {
    const o = playTable(bigBlinds, [
      ...flopFor2000,
      { chips: [1000, 1000], at: 'bet1' },
      { chips: [5000, 1000, 1000, 1000], at: 'bet2' },
      { say: 'call', seat: 3 },
      { chips: [1000, 1000], at: 'bet3' },
    ]);
    expect(codes(o)).toEqual([]);
    expect(o.stacks['3']).toBe(50000 - 2000 - 8000);
    expect(o.next).toMatchObject({ toAct: 4, toCall: 8000 });
  });

  it('example 4: 400 called, raised to 1200, a 500 chip pushed: the floor may let B fold losing 400, 100 back', () => {
    const o = playTable(
      {
        seats: [1, 2, 3, 4, 5, 6],
        button: 6,
        blinds: [200, 400],
        blindChips: [
          [1, [100, 100]],
          [2, [100, 100, 100, 100]],
        ],
        stack: 20000,
      },
      [
        { chips: [100, 100, 100, 100], at: 'bet3' },
        { chips: [1000, 100, 100], at: 'bet4' },
        { chips: [500], at: 'bet5' },
      ],
    );
    expect(codes(o)).toEqual(['UNDERCALL']);
    expect(texts(o.alerts[0])?.remedy).toBe(
      'Stop and call the floor: the floor decides whether the player adds 700 to call 1200, or folds and leaves 400 in the pot.',
    );
    expect(o.alerts[0].severity).toBe('stop');
    expect(o.next).toBeNull();
  });
});
