import { describe, expect, it } from 'vitest';
import { texts } from '../alertTexts.js';
import { codes, muck, play } from './table.js';

const raiseTo1100 = { chips: [1000, 100], at: 'bet3' };

describe('chip readings announced on the table, with their text', () => {
  it('tda 44: a 5000 chip facing 1100 is a call; the dealer reads the remedy aloud', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { chips: [5000], at: 'bet4' },
    ]);
    expect(codes(o)).toEqual(['OVERSIZED_CHIP']);
    expect({ ...o.alerts[0], ...texts(o.alerts[0]) }).toMatchObject({
      severity: 'info',
      rule: { book: 'tda', id: '44' },
      seat: 4,
      remedy: 'Announce "call, 1100" and give 3900 back to the player.',
      remedyFr: 'Annoncez « suivre, 1\u202f100 » et rendez 3\u202f900 au joueur.',
    });
    expect(o.next).toEqual({ toAct: 5, toCall: 1100, minRaiseTo: 1700, canRaise: true });
    expect(o.stacks['4']).toBe(18900);
  });

  it('the dealer making change after the oversized chip (5000 lifted, 1100 put back) is no withdrawal', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { chips: [5000], at: 'bet4' },
      { chips: [], at: 'bet4' },
      { chips: [1000, 100], at: 'bet4' },
      { chips: [1000, 100], at: 'bet5' },
    ]);
    expect(codes(o)).toEqual(['OVERSIZED_CHIP']);
    expect(o.next?.toAct).toBe(6);
    expect(o.stacks['4']).toBe(18900);
  });

  it('seed 002 multi-chip example 2: the completion of 200 arriving later is not a string bet', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { chips: [1000, 100, 100, 100, 100, 100], at: 'bet4' },
      { chips: [1000, 100, 100, 100, 100, 100, 100, 100], at: 'bet4' },
    ]);
    expect(codes(o)).toEqual(['MULTI_CHIP']);
    expect(texts(o.alerts[0])?.remedy).toBe('Announce "raise to 1700"; the player adds 200.');
    expect(o.next).toEqual({ toAct: 5, toCall: 1700, minRaiseTo: 2300, canRaise: true });
  });
});

describe('tda 56 string bets on the table', () => {
  it('a call of 1100, then 600 more in a second motion before seat 5 acts: STRING_BET, still a call', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { chips: [1000, 100], at: 'bet4' },
      { chips: [1000, 500, 100, 100], at: 'bet4' },
    ]);
    expect(codes(o)).toEqual(['STRING_BET']);
    expect(o.alerts[0]).toMatchObject({ severity: 'warn', rule: { book: 'tda', id: '56' }, seat: 4 });
    expect(texts(o.alerts[0])?.remedy).toContain('a call of 1100');
    expect(o.next).toEqual({ toAct: 5, toCall: 1100, minRaiseTo: 1700, canRaise: true });
    expect(o.stacks['4']).toBe(18900);
  });

  it('the same chips within the motion window are one motion: a raise, no string bet', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { chips: [1000, 100], at: 'bet4', t: 20000 },
      { chips: [1000, 500, 100, 100], at: 'bet4', t: 20300 },
    ]);
    expect(codes(o)).toEqual([]);
    expect(o.next).toMatchObject({ toAct: 5, toCall: 1700 });
  });

  it('chips after a declared "raise to 3000" pay it: no string bet', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { say: 'raise', seat: 4, to: 3000 },
      { chips: [1000, 1000], at: 'bet4' },
      { chips: [1000, 1000, 1000], at: 'bet4' },
    ]);
    expect(codes(o)).toEqual([]);
    expect(o.next).toMatchObject({ toAct: 5, toCall: 3000 });
  });
});

describe('LOI 36: a raise said without its amount is paid in one motion', () => {
  it('"raise", 2000 pushed, then 1000 more in a second motion: the raise is to 2000 (STRING_BET)', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { say: 'raise', seat: 4 },
      { chips: [1000, 1000], at: 'bet4' },
      { chips: [1000, 1000, 1000], at: 'bet4' },
    ]);
    expect(codes(o)).toEqual(['STRING_BET']);
    expect(o.actions.slice(-1)).toEqual(['p4 cbr 2000']);
    expect(o.next).toMatchObject({ toAct: 5, toCall: 2000 });
  });
});

describe('tda 46B chips withdrawn on the table', () => {
  it('a raise to 1500 taken back to 1000 before seat 4 acts: CHIPS_WITHDRAWN, the raise stands', () => {
    const o = play([
      { chips: [1000, 500], at: 'bet3' },
      { chips: [1000], at: 'bet3' },
    ]);
    expect(codes(o)).toEqual(['CHIPS_WITHDRAWN']);
    expect(texts(o.alerts[0])?.remedy).toBe('Have the player put the 500 back: the 1500 in the zone stands.');
    expect(o.next).toMatchObject({ toAct: 4, toCall: 1500 });
  });

  it('the big blind facing a raise takes its chips back and folds: CHIPS_WITHDRAWN, its blind stays in the pot', () => {
    const o = play([
      { chips: [1000, 500], at: 'bet3' },
      ...muck(4),
      ...muck(5),
      ...muck(6),
      ...muck(1),
      { chips: [], at: 'bet2' },
      ...muck(2),
    ]);
    expect(codes(o)).toContain('CHIPS_WITHDRAWN');
    expect(texts(o.alerts.find((a) => a.code === 'CHIPS_WITHDRAWN'))?.remedy).toContain(
      'may not take chips back and fold',
    );
    expect(o.stacks['2']).toBe(19500);
  });

  it('seed 002 situation 2 on the table: the big blind lifts its blind, then pushes a 1000 chip: a call, no alert but the oversized chip', () => {
    const o = play([
      { chips: [1000, 500], at: 'bet3' },
      ...muck(4),
      ...muck(5),
      ...muck(6),
      ...muck(1),
      { chips: [], at: 'bet2' },
      { chips: [1000, 1000], at: 'bet2' },
    ]);
    expect(codes(o)).toEqual(['MULTI_CHIP']);
    expect(o.stacks['2']).toBe(18500);
  });
});

describe('tda 53 action out of turn on the table', () => {
  it('seat 5 calls out of turn facing 1100; seat 4 calls: the action did not change, seat 5 call binds', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { chips: [1000, 100], at: 'bet5' },
      { chips: [1000, 100], at: 'bet4' },
    ]);
    expect(codes(o)).toEqual(['ACTION_OUT_OF_TURN']);
    expect(texts(o.alerts[0])?.remedy).toBe(
      "Bring the action back to seat 4; seat 5's action will bind if the action to it does not change.",
    );
    expect(o.next).toMatchObject({ toAct: 6, toCall: 1100 });
    expect(o.stacks['5']).toBe(18900);
  });

  it('seat 5 calls out of turn; seat 4 raises: the call is void, seat 5 has every option', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { chips: [1000, 100], at: 'bet5' },
      { chips: [1000, 1000, 500], at: 'bet4' },
    ]);
    expect(codes(o)).toEqual(['ACTION_OUT_OF_TURN', 'ACTION_OUT_OF_TURN']);
    expect(texts(o.alerts[1])?.message).toContain('changed');
    expect(o.next).toMatchObject({ toAct: 5, toCall: 2500, canRaise: true });
  });

  it('seed 002 out-of-turn example 1: seat 6 says "raise to 3000" out of turn, seat 5 calls: the raise binds', () => {
    const o = play([raiseTo1100, ...muck(4), { say: 'raise', seat: 6, to: 3000 }, { chips: [1000, 100], at: 'bet5' }]);
    expect(codes(o)).toEqual(['ACTION_OUT_OF_TURN']);
    expect(o.actions.slice(-2)).toEqual(['p5 cc', 'p6 cbr 3000']);
    expect(o.next).toEqual({ toAct: 1, toCall: 2750, minRaiseTo: 4900, canRaise: true });
  });

  it('seed 002 out-of-turn example 1: seat 5 raises instead: seat 6 gets every option back', () => {
    const o = play([
      raiseTo1100,
      ...muck(4),
      { say: 'raise', seat: 6, to: 3000 },
      { chips: [1000, 1000, 500], at: 'bet5' },
    ]);
    expect(codes(o)).toEqual(['ACTION_OUT_OF_TURN', 'ACTION_OUT_OF_TURN']);
    expect(texts(o.alerts[1])?.remedy).toBe(
      'Give seat 6 its chips back; it now has every option: fold, call or raise.',
    );
    expect(o.next).toEqual({ toAct: 6, toCall: 2500, minRaiseTo: 3900, canRaise: true });
  });

  it('tda 53: an out-of-turn fold binds', () => {
    const o = play([{ chips: [1000, 100], at: 'bet3' }, ...muck(5), { chips: [1000, 1000, 500], at: 'bet4' }]);
    expect(codes(o)).toEqual(['ACTION_OUT_OF_TURN']);
    expect(o.next?.toAct).toBe(6);
    expect(o.actions).toContain('p5 f');
  });

  it('seed 002 out-of-turn example 1: past a skipped seat 4, seat 5 calls and seat 6 folds: substantial, they bind, stop for the floor', () => {
    const o = play([{ chips: [1000, 100], at: 'bet3' }, { chips: [1000, 100], at: 'bet5' }, ...muck(6)]);
    expect(codes(o)).toEqual(['ACTION_OUT_OF_TURN', 'ACTION_OUT_OF_TURN', 'ACTION_OUT_OF_TURN']);
    expect(o.alerts[2]).toMatchObject({ severity: 'stop', rule: { book: 'tda', id: '53' } });
    expect(texts(o.alerts[2])?.remedy).toBe(
      "Stop and call the floor to rule on seat 4's hand (let it act, or kill it); the actions of seats 5 and 6 stand.",
    );
    expect(o.next).toBeNull();
  });

  it('tda 59B: "call" said while the bettor had not given its amount binds to the amount', () => {
    const o = play([
      { say: 'raise', seat: 3 },
      { say: 'call', seat: 4 },
      { chips: [1000, 1000, 1000], at: 'bet3' },
    ]);
    expect(o.next).toMatchObject({ toAct: 5, toCall: 3000 });
    expect(o.stacks['4']).toBe(17000);
  });
});

describe('tda 55 and tda 47 on the table', () => {
  it('tda 55: "check" said facing a bet leaves only call or fold', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { say: 'check', seat: 4 },
    ]);
    expect(o.next).toMatchObject({ toAct: 4, toCall: 1100, canRaise: false, minRaiseTo: null });
  });

  it('tda 55: chips worth a raise after "check" facing a bet are held to the call, citing tda 55', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { say: 'check', seat: 4 },
      { chips: [1000, 1000, 500], at: 'bet4' },
    ]);
    expect(codes(o)).toEqual(['RAISE_NOT_ALLOWED']);
    expect({ ...o.alerts[0], ...texts(o.alerts[0]) }).toMatchObject({
      rule: { book: 'tda', id: '55' },
      message: 'Seat 4 checked facing a bet: the player may only call or fold.',
      remedy: 'Hold the player to a call of 1100 and give 1400 back.',
    });
    expect(o.next).toMatchObject({ toAct: 5, toCall: 1100 });
  });

  it('tda 43B: a declared raise to 1500 facing 1100 is completed to 1700, with its text', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { say: 'raise', seat: 4, to: 1500 },
    ]);
    expect(codes(o)).toEqual(['RAISE_UNDER_MINIMUM']);
    expect(texts(o.alerts[0])?.remedy).toBe(
      'Announce "raise to 1700"; the player adds 1700 to make the minimum raise.',
    );
    expect(o.next).toMatchObject({ toAct: 5, toCall: 1700 });
  });

  it('tda 51: an undercall facing a raise with six players: a stop, the floor decides, the text says both choices', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { chips: [500], at: 'bet4' },
    ]);
    expect(codes(o)).toEqual(['UNDERCALL']);
    expect(texts(o.alerts[0])?.remedy).toBe(
      'Stop and call the floor: the floor decides whether the player adds 600 to call 1100, or folds and leaves 500 in the pot.',
    );
    expect(o.alerts[0].severity).toBe('stop');
    expect(o.next).toBeNull();
  });
});

describe('LOI 28, tda 65A: a killed hand gets back its uncalled bet', () => {
  it('seat 3 raises to 3000 and the floor kills its hand before anyone acts: 2500 back, seat 4 faces the blind', () => {
    const o = play([
      { chips: [1000, 1000, 1000], at: 'bet3' },
      { floor: 'kill', seat: 3 },
    ]);
    expect(o.stacks['3']).toBe(20000 - 500);
    expect(o.next).toMatchObject({ toAct: 4, toCall: 500 });
  });

  it('LOI 5: the clock runs out after a minute and ten seconds: CLOCK_EXPIRED, the hand is dead', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3', t: 20000 },
      { dealer: 'clock', seat: 4, t: 30000 },
      { dealer: 'floor', t: 99000 },
      { dealer: 'floor', t: 100000 },
    ]);
    expect(codes(o)).toEqual(['CLOCK_EXPIRED']);
    expect({ ...o.alerts[0], ...texts(o.alerts[0]) }).toMatchObject({
      rule: { book: 'LOI', id: '5' },
      seat: 4,
      severity: 'warn',
      remedy: 'The hand is dead: take the cards to the muck.',
      remedyFr: 'La main est morte : mettez les cartes au rebut.',
    });
    expect(o.actions).not.toContain('p4 cc');
    expect(o.next?.toAct).toBe(5);
  });
});

describe('tda 52 on the table', () => {
  it('seed 002 multi-chip example 2 read as a raise to 1700; seat 5 matches the 1500 showing: all complete to 1700', () => {
    const o = play([
      { chips: [1000, 100], at: 'bet3' },
      { chips: [1000, 100, 100, 100, 100, 100], at: 'bet4' },
      { chips: [1000, 500], at: 'bet5' },
    ]);
    expect(codes(o)).toEqual(['MULTI_CHIP', 'UNDERCALL']);
    expect(o.alerts[1]).toMatchObject({ rule: { book: 'tda', id: '52' }, seat: 5 });
    expect(texts(o.alerts[1])?.remedy).toBe('Tell the player the bet is 1700: they must add 200 to complete the call.');
    expect(o.next).toMatchObject({ toAct: 6, toCall: 1700 });
  });
});
