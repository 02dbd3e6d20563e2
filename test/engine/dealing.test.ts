// The initial deal: order, entitled seats, exposed cards, card counts, substantial action and misdeals
// (tda 35-38, club 2-4, 2-17, 2-18, 2-20; seed 002 examples A and B).
import { describe, expect, it } from 'vitest';
import { isPost } from '../../src/engine/hand/decisions.js';
import type { Ruleset } from '../../src/engine/types.js';
import { texts } from '../alertTexts.js';
import { Table } from './table.js';

const four = (ruleset: Ruleset = 'tda', absent: number[] = []): Table =>
  new Table({ seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000 }, button: 4, ruleset, absent }).shuffle().blinds();

describe('deal order', () => {
  it('tda 35: the deal starts left of the button, one card at a time, two rounds', () => {
    const t = four().deal();
    expect(t.codes()).toEqual([]);
    expect(t.snap().phase).toBe('betting');
    expect(
      t
        .phh()
        .slice(0, 4)
        .every((a) => /^d dh p\d [2-9TJQKA][shdc][2-9TJQKA][shdc]$/.test(a)),
    ).toBe(true);
  });

  it('tda 35: the first card to the wrong seat is a misdeal', () => {
    const t = four().at('2s', 'seat2');
    expect(t.codes()).toEqual(['DEAL_WRONG_SEAT', 'MISDEAL']);
    expect(t.snap().phase).toBe('misdeal');
    expect(t.state.alerts[0]).toMatchObject({ severity: 'stop', rule: { book: 'tda', id: '35' }, seat: 2 });
  });

  it('club 2-17: the order broken later is a misdeal', () => {
    const t = four('club').at('2s', 'seat1').at('3s', 'seat3');
    expect(t.codes()).toEqual(['DEAL_WRONG_SEAT', 'MISDEAL']);
    expect(t.state.alerts[0].rule).toEqual({ book: 'club', id: '2-17' });
  });

  it('tda 35: the order broken later is a warning; the floor decides', () => {
    const t = four('tda').at('2s', 'seat1').at('3s', 'seat3');
    expect(t.codes()).toEqual(['DEAL_WRONG_SEAT']);
    expect(t.state.alerts[0].severity).toBe('warn');
  });

  it('tda 35: the button may receive its two cards consecutively', () => {
    const t = four();
    for (const [c, seat] of [
      ['2s', 1],
      ['3s', 2],
      ['4s', 3],
      ['5s', 1],
      ['6s', 2],
      ['7s', 3],
      ['8s', 4],
      ['9s', 4],
    ] as const)
      t.at(c, `seat${seat}`);
    expect(t.codes()).toEqual([]);
    expect(t.snap().phase).toBe('betting');
  });

  it('DEAL_NOT_ENTITLED: a card to an empty seat is a misdeal (tda 35)', () => {
    const t = four().at('2s', 'seat7');
    expect(t.codes()).toEqual(['DEAL_NOT_ENTITLED', 'MISDEAL']);
  });

  it('DEAL_MISSED_SEAT: an entitled seat with no cards when the action starts is a misdeal', () => {
    const t = four();
    for (const [c, seat] of [
      ['2s', 1],
      ['3s', 2],
      ['4s', 3],
      ['5s', 1],
      ['6s', 2],
      ['7s', 3],
    ] as const)
      t.at(c, `seat${seat}`);
    t.say(3, 'call');
    expect(t.codes()).toContain('DEAL_MISSED_SEAT');
    expect(t.codes()).toContain('MISDEAL');
  });

  it('tda 35: the redeal is an exact replay: same button, same blinds', () => {
    const t = four().at('2s', 'seat2').shuffle();
    expect(t.snap().phase).toBe('dealing');
    expect(t.snap().stacks).toEqual({ '1': 9950, '2': 9900, '3': 10000, '4': 10000 });
    t.deal({ 1: ['2s', '3s'] });
    expect(t.snap().phase).toBe('betting');
    expect(t.snap().next?.toAct).toBe(3);
  });

  it('MISDEAL pressed by the dealer before substantial action; refused after it', () => {
    const t = four().deal();
    t.ev({ kind: 'dealer', button: 'misdeal' });
    expect(t.codes()).toEqual(['MISDEAL']);
    const u = four().deal().say(3, 'call').bet(3, 100).say(4, 'call').bet(4, 100);
    u.ev({ kind: 'dealer', button: 'misdeal' });
    expect(u.codes()).toEqual([]);
  });
});

describe('CARD_EXPOSED during the deal', () => {
  it('club 2-4: the exposed card becomes the first burn and the player gets the card that would have been burned', () => {
    const t = four('club');
    t.at('2c', 'seat1').at('4h', 'seat2').at('6c', 'seat3', 'up').at('8h', 'seat4');
    t.at('3d', 'seat1').at('5s', 'seat2').at('7d', 'seat3').at('9s', 'seat4');
    const a = t.state.alerts.find((x) => x.code === 'CARD_EXPOSED');
    expect(a).toMatchObject({ severity: 'warn', rule: { book: 'club', id: '2-4' }, seat: 3 });
    expect(t.codes()).not.toContain('MISDEAL');
    // the remedy: the exposed card to the burn, the next card to seat 3
    t.off('6c', 'seat3').at('Tc', 'seat3').at('6c', 'burn');
    expect(a?.resolved).toBe(true);
    expect(t.snap().seats.find((s) => s.seat === 3)?.cards).toEqual(['7d', 'Tc']);
    // the flop then comes without a further burn
    t.say(3, 'call').bet(3, 100).say(4, 'call').bet(4, 100).say(1, 'call').bet(1, 100).say(2, 'check').collect();
    t.board('Ah', 'Kd', '7c');
    expect(t.snap().board).toEqual(['Ah', 'Kd', '7c']);
    expect(t.codes()).not.toContain('BURN_MISSED');
  });

  it('club 2-4: the replacement may come before the exposed card is taken away', () => {
    const t = four('club');
    t.at('2c', 'seat1').at('4h', 'seat2').at('6c', 'seat3', 'up').at('8h', 'seat4');
    t.at('3d', 'seat1').at('5s', 'seat2').at('7d', 'seat3').at('9s', 'seat4');
    t.at('Tc', 'seat3').off('6c', 'seat3').at('6c', 'burn');
    expect(t.codes()).toEqual(['CARD_EXPOSED']);
    expect(t.state.alerts[0].resolved).toBe(true);
    expect(t.snap().seats.find((s) => s.seat === 3)?.cards).toEqual(['7d', 'Tc']);
  });

  it('tda 35: a second exposed card during the deal is a misdeal', () => {
    const t = four('tda').at('2c', 'seat1', 'up').at('4h', 'seat2', 'up');
    expect(t.codes()).toEqual(['CARD_EXPOSED', 'CARD_EXPOSED', 'MISDEAL']);
  });

  it('club 2-17: the very first card of the deal exposed is a misdeal', () => {
    const t = four('club').at('2c', 'seat1', 'up');
    expect(t.codes()).toEqual(['CARD_EXPOSED', 'MISDEAL']);
  });

  it("club 2-4: the self-dealer's own exposed card stays in the hand", () => {
    const t = four('club').at('2c', 'seat1').at('4h', 'seat2').at('6c', 'seat3').at('8h', 'seat4', 'up');
    expect(texts(t.state.alerts[0])?.remedy).toMatch(/stays in the hand/);
  });

  it('tda 68: a card exposed during play: warn, the hand stays live, everyone may see it', () => {
    const t = four().deal({ 3: ['Ah', 'Kd'] });
    t.at('Ah', 'seat3', 'up');
    expect(t.state.alerts[0]).toMatchObject({
      code: 'CARD_EXPOSED',
      severity: 'warn',
      rule: { book: 'tda', id: '68' },
    });
    expect(t.snap().seats.find((s) => s.seat === 3)).toMatchObject({ shown: ['Ah'], folded: false });
  });
});

describe('DEAL_CARD_COUNT', () => {
  it('seed 002 example B (tda 38): a third card found after substantial action: that hand is dead, play goes on', () => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000, 5: 10000 }, button: 5 }).start();
    t.fold(3).say(4, 'call').bet(4, 100);
    t.at('Qs', 'seat5');
    const a = t.state.alerts.find((x) => x.code === 'DEAL_CARD_COUNT');
    expect(a).toMatchObject({ severity: 'warn', rule: { book: 'tda', id: '38' }, seat: 5 });
    expect(t.snap().seats.find((s) => s.seat === 5)?.dead).toBe(true);
    expect(t.snap().next?.toAct).toBe(1);
  });

  it('tda 35: a seat with three cards before substantial action is a misdeal', () => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000, 5: 10000 }, button: 5 }).start();
    t.at('Qs', 'seat4');
    expect(t.codes()).toEqual(['DEAL_CARD_COUNT', 'MISDEAL']);
  });

  it('club 2-17: one extra card to the small blind is taken back as the first burn', () => {
    const t = four('club').deal();
    t.at('Qs', 'seat1');
    expect(t.state.alerts[0]).toMatchObject({
      code: 'DEAL_CARD_COUNT',
      severity: 'warn',
      rule: { book: 'club', id: '2-17' },
    });
    expect(t.codes()).not.toContain('MISDEAL');
  });
});

describe('absent players', () => {
  it('LOI 8 (tda): an absent player is dealt in, blinds posted, and the hand is killed after the first round', () => {
    const t = four('tda', [2]).deal();
    const s2 = t.snap().seats.find((s) => s.seat === 2);
    expect(s2).toMatchObject({ dead: true, folded: true, stack: 9900 });
    t.say(3, 'call').bet(3, 100).say(4, 'call').bet(4, 100).say(1, 'call').bet(1, 100);
    // the big blind is dead: the round is over, the flop is next
    expect(t.snap().next).toBeNull();
    expect(t.snap().phase).toBe('board');
  });

  it('club 2-18: the absent hand is killed when the initial deal ends', () => {
    const t = four('club', [3]);
    t.at('2c', 'seat1').at('4h', 'seat2').at('6c', 'seat3').at('8h', 'seat4');
    expect(t.state.seats[3]?.dead).toBe(false);
    t.at('3d', 'seat1').at('5s', 'seat2').at('7d', 'seat3').at('9s', 'seat4');
    expect(t.state.seats[3]?.dead).toBe(true);
  });
});

describe('tda 35, LOI 8: a deal that skips an absent player is a misdeal', () => {
  /** Seats 1, 2, 4 get two cards each; absent seat 3 none. */
  const skipping = (t: Table): Table =>
    t.at('2c', 'seat1').at('4h', 'seat2').at('8h', 'seat4').at('3d', 'seat1').at('5s', 'seat2').at('9s', 'seat4');

  it('tda 35: cards go to absent players: a deal skipping absent seat 3 is a misdeal (stop), not a warning', () => {
    const t = skipping(four('tda', [3]));
    const missed = t.state.alerts.find((a) => a.code === 'DEAL_MISSED_SEAT');
    expect(missed).toMatchObject({ severity: 'stop', rule: { book: 'tda', id: '35' }, seat: 3 });
    expect(texts(missed)?.remedy).toMatch(/absent player is dealt in/);
    expect(texts(missed)?.remedyFr).toMatch(/joueur absent reçoit ses cartes/);
    expect(t.codes().filter((c) => c === 'MISDEAL')).toHaveLength(1);
    expect(t.snap().phase).toBe('misdeal');
    expect(t.snap().next).toBeNull();
  });

  it('tda 35: the hand history records no deal for the skipped absent seat (no "d dh p3 ????")', () => {
    const t = skipping(four('tda', [3]));
    // the first seat speaks, as a table would go on
    t.say(4, 'call');
    expect(t.phh().filter((l) => l.startsWith('d dh'))).toEqual([]);
    // only the blinds the rules posted
    expect(t.snap().decisions.filter((d) => !isPost(d))).toEqual([]);
  });

  it('tda 35: the same deal skipping a present seat is a misdeal too', () => {
    const t = skipping(four('tda')).say(4, 'call');
    expect(t.state.alerts.find((a) => a.code === 'DEAL_MISSED_SEAT')).toMatchObject({
      rule: { book: 'tda', id: '35' },
      seat: 3,
    });
    expect(t.snap().phase).toBe('misdeal');
  });

  it('club 2-17: a deal skipping absent seat 3 raises one MISDEAL, not one per card still dealt', () => {
    const t = skipping(four('club', [3]));
    expect(t.codes().filter((c) => c === 'MISDEAL')).toHaveLength(1);
    expect(t.codes()).not.toContain('DEAL_CARD_COUNT');
    expect(t.snap().phase).toBe('misdeal');
    expect(t.phh()).toEqual([]);
  });

  it('tda 35: after the misdeal the redeal to every seat, the absent one included, plays (LOI 8 kills that hand)', () => {
    const t = skipping(four('tda', [3]));
    for (const [c, seat] of [
      ['2c', 1],
      ['4h', 2],
      ['8h', 4],
      ['3d', 1],
      ['5s', 2],
      ['9s', 4],
    ] as const)
      t.off(c, `seat${seat}`);
    t.shuffle().deal();
    expect(t.snap().phase).toBe('betting');
    expect(t.state.seats[3]).toMatchObject({ dead: true, folded: true });
    expect(t.phh().filter((l) => l.startsWith('d dh'))).toHaveLength(4);
  });
});

describe('tda 37: button with too few cards', () => {
  function buttonShort(): Table {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000 }, button: 4 }).shuffle().blinds();
    for (const [c, seat] of [
      ['2c', 1],
      ['4h', 2],
      ['6c', 3],
      ['8h', 4],
      ['3d', 1],
      ['5s', 2],
      ['7d', 3],
    ] as const)
      t.at(c, `seat${seat}`);
    return t.say(3, 'call').bet(3, 100);
  }

  it('the button short of a card gets the next card, even after substantial action', () => {
    const t = buttonShort();
    const a = t.state.alerts.find((x) => x.code === 'DEAL_CARD_COUNT');
    expect(a).toMatchObject({ severity: 'warn', rule: { book: 'tda', id: '37' }, seat: 4 });
    expect(t.codes()).not.toContain('MISDEAL');
    t.at('9s', 'seat4');
    expect(a?.resolved).toBe(true);
    t.say(4, 'call').bet(4, 100);
    expect(t.snap().seats.find((s) => s.seat === 4)?.dead).toBe(false);
  });

  it('a button that acts with too few cards has a dead hand', () => {
    const t = buttonShort().say(4, 'call').bet(4, 100);
    expect(t.snap().seats.find((s) => s.seat === 4)).toMatchObject({ dead: true, folded: true });
    expect(t.state.alerts.at(-1)).toMatchObject({ code: 'DEAL_CARD_COUNT', rule: { book: 'tda', id: '37' } });
    expect(t.snap().next?.toAct).toBe(1);
  });
});

describe('substantial action', () => {
  const five = (ruleset: Ruleset) =>
    new Table({ seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000, 5: 10000 }, button: 5, ruleset }).start();

  it('tda 36 (seed 002 example B): a fold and a call are substantial action: a third card kills the hand', () => {
    const t = five('tda').fold(3).say(4, 'call').bet(4, 100).at('Qs', 'seat5');
    expect(t.state.alerts[0]).toMatchObject({ code: 'DEAL_CARD_COUNT', rule: { book: 'tda', id: '38' } });
  });

  it('club 2-20: a fold and a call are not yet two players having bet: a third card is still a misdeal', () => {
    const t = five('club').fold(3).say(4, 'call').bet(4, 100).at('Qs', 'seat5');
    expect(t.codes()).toEqual(['DEAL_CARD_COUNT', 'MISDEAL']);
  });

  it('club 2-20: once two players after the blinds have bet, play goes on without the hand concerned', () => {
    const t = five('club').say(3, 'call').bet(3, 100).say(4, 'call').bet(4, 100).at('Qs', 'seat5');
    expect(t.state.alerts[0]).toMatchObject({ code: 'DEAL_CARD_COUNT', rule: { book: 'club', id: '2-20' } });
    expect(t.snap().seats.find((s) => s.seat === 5)?.dead).toBe(true);
  });
});

describe('club 2-16: a dead card mixed into a hand', () => {
  it('a burn card that reaches a seat kills that hand; the others play on', () => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset: 'club' }).start();
    t.say(3, 'call')
      .bet(3, 100)
      .say(1, 'call')
      .bet(1, 100)
      .say(2, 'check')
      .collect()
      .burn('9h')
      .board('Ah', 'Kd', '7c');
    t.off('9h', 'burn').at('9h', 'seat2');
    expect(t.state.alerts.at(-1)).toMatchObject({
      code: 'DEAL_CARD_COUNT',
      rule: { book: 'club', id: '2-16' },
      seat: 2,
    });
    expect(t.snap().seats.find((s) => s.seat === 2)?.dead).toBe(true);
    expect(t.snap().next?.toAct).toBe(1);
  });
});
