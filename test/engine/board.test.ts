// Board and burns: the dealer's errors and both rulesets' remedies (club 2-5 to 2-13, tda 39, tda 74), and the
// engine watching the remedy being carried out.

import { describe, expect, it } from 'vitest';
import { isPost, PROCEDURE_KINDS } from '../../src/engine/hand/decisions.js';
import { type RuleRef, ruleTag } from '../../src/engine/rules/ruleRef.js';
import type { Ruleset } from '../../src/engine/types.js';
import { phhLine } from '../../src/phh/write.js';
import { texts } from '../alertTexts.js';
import { Table } from './table.js';

/** Three seats, preflop called and checked, chips collected: the flop is next. */
function beforeFlop(ruleset: Ruleset = 'tda', orderKnown = true): Table {
  const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset, orderKnown }).start();
  t.say(3, 'call').bet(3, 100).say(1, 'call').bet(1, 100).say(2, 'check').collect();
  return t;
}

function openAlert(t: Table, code: string) {
  return t.state.alerts.find((a) => a.code === code);
}

describe('BURN_MISSED', () => {
  for (const ruleset of ['tda', 'club'] as const) {
    const rule: RuleRef = ruleset === 'tda' ? { book: 'tda', id: '38' } : { book: 'club', id: '2-5' };
    it(`${ruleTag(rule)}: a flop without a burn: the first card is the burn, the next card completes the flop`, () => {
      const t = beforeFlop(ruleset).board('Ah', 'Kd', '7c');
      const a = openAlert(t, 'BURN_MISSED');
      expect(a).toMatchObject({ severity: 'warn', rule });
      expect(texts(a)?.remedy).toMatch(/A♥.*burn/);
      expect(texts(a)?.remedyFr).toMatch(/brûlée/);
      expect(t.state.board.map(String).length).toBe(2);
      expect(t.snap().next).toBeNull();
      // the remedy: Ah goes to the burn, the next card completes the flop
      t.off('Ah', 'board').at('Ah', 'burn').board('2s');
      expect(a?.resolved).toBe(true);
      expect(t.snap().board).toEqual(['Kd', '7c', '2s']);
      expect(t.snap().burns).toEqual(['Ah']);
      expect(t.snap().next?.toAct).toBe(1);
    });
  }

  it('club 2-5, order unknown: the flop is scrambled and redealt with a burn', () => {
    const t = beforeFlop('club', false).board('Ah', 'Kd', '7c');
    const a = openAlert(t, 'BURN_MISSED');
    expect(texts(a)?.remedy).toMatch(/Scramble/);
    expect(t.snap().board).toEqual([]);
    for (const c of ['Ah', 'Kd', '7c']) t.off(c, 'board');
    expect(a?.resolved).toBe(true);
    t.burn('9h').board('2s', '3s', '4s');
    expect(t.snap().board).toEqual(['2s', '3s', '4s']);
    expect(t.snap().next?.toAct).toBe(1);
  });

  it('club 2-8: a turn without a burn: that card is burned and the next card is the turn', () => {
    const t = beforeFlop('club').burn().board('Ah', 'Kd', '7c');
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    t.board('Qs');
    const a = openAlert(t, 'BURN_MISSED');
    expect(a).toMatchObject({ rule: { book: 'club', id: '2-8' } });
    expect(texts(a)?.message).toMatch(/turn/);
    t.off('Qs', 'board').at('Qs', 'burn').board('Jh');
    expect(a?.resolved).toBe(true);
    expect(t.snap().board).toEqual(['Ah', 'Kd', '7c', 'Jh']);
  });
});

describe('BURN_EXTRA', () => {
  it('club 2-6: two burns before the flop: the second burn is turned as the first flop card', () => {
    const t = beforeFlop('club').burn('9h').burn('8h');
    const a = openAlert(t, 'BURN_EXTRA');
    expect(a).toMatchObject({ severity: 'warn', rule: { book: 'club', id: '2-6' } });
    t.off('8h', 'burn').at('8h', 'board').board('Ah', 'Kd');
    expect(a?.resolved).toBe(true);
    expect(t.snap().board).toEqual(['8h', 'Ah', 'Kd']);
    expect(t.snap().burns).toEqual(['9h']);
    expect(t.snap().next?.toAct).toBe(1);
  });

  it('club 2-6, order unknown: the flop and one burn are scrambled and redealt without a burn', () => {
    const t = beforeFlop('club', false).burn('9h').burn('8h');
    const a = openAlert(t, 'BURN_EXTRA');
    expect(texts(a)?.remedy).toMatch(/without a burn/);
    t.off('9h', 'burn');
    expect(a?.resolved).toBe(true);
    t.board('Ah', 'Kd', '7c');
    expect(t.snap().board).toEqual(['Ah', 'Kd', '7c']);
    expect(t.snap().burns).toEqual(['8h']);
  });
});

describe('BURN_EXTRA names no card: the second burn lies face down', () => {
  const CARD = /(?<![A-Za-z0-9?])(?:[2-9TJQKA][shdc])+(?![A-Za-z0-9])/;
  const cases: Array<[string, () => Table]> = [
    ['flop, order known', () => beforeFlop('club').burn('9h').burn('8h')],
    ['flop, order unknown', () => beforeFlop('club', false).burn('9h').burn('8h')],
    ['flop, tda', () => beforeFlop('tda').burn('9h').burn('8h')],
    [
      'turn',
      () => {
        const t = beforeFlop('club').burn('9h').board('Ah', 'Kd', '7c');
        for (const seat of [1, 2, 3]) t.say(seat, 'check');
        return t.burn('6h').burn('5h');
      },
    ],
  ];
  for (const [name, make] of cases) {
    it(`${name}: neither the facts nor the texts (EN, FR) name a card`, () => {
      const a = openAlert(make(), 'BURN_EXTRA');
      expect(a).toBeDefined();
      expect(a?.facts?.cards).toBeUndefined();
      expect(a?.facts?.burnCard).toBeUndefined();
      for (const text of [texts(a)?.message, texts(a)?.remedy, texts(a)?.messageFr, texts(a)?.remedyFr]) {
        expect(text).toBeTruthy();
        expect(text, text).not.toMatch(CARD);
      }
      expect(JSON.stringify(a)).not.toMatch(/8h|5h/);
    });
  }
  it('the remedy says which card to turn: the second burn (seed 001, club 2-6: "la deuxième carte brûlée")', () => {
    const a = openAlert(cases[0][1](), 'BURN_EXTRA');
    expect(texts(a)?.remedy).toMatch(/^Turn the second burn card over as the first flop card/);
    expect(texts(a)?.remedyFr).toMatch(/^Retournez la deuxième carte brûlée comme première carte du flop/);
  });
});

describe('BURN_EXTRA, order unknown, the flop already dealt (club 2-6)', () => {
  /** Two burns and a flop dealt after them, order unknown; the flop and one burn are lifted, three new cards dealt. */
  function redealt(burnFirst: boolean, newFlop: [string, string, string]): Table {
    const t = beforeFlop('club', false).burn('9h').burn('8h').board('Ah', 'Kd', '7c');
    if (burnFirst) t.off('8h', 'burn');
    for (const c of ['Ah', 'Kd', '7c']) t.off(c, 'board');
    if (!burnFirst) t.off('8h', 'burn');
    return t.board(...newFlop);
  }

  for (const burnFirst of [true, false]) {
    it(`club 2-6: two burns order unknown: the lifted flop leaves the board, the new flop replaces it (burn lifted ${burnFirst ? 'first' : 'last'})`, () => {
      const t = redealt(burnFirst, ['Qs', '7c', 'Tc']);
      const a = openAlert(t, 'BURN_EXTRA');
      expect(a?.resolved).toBe(true);
      expect(t.snap().board).toEqual(['Qs', '7c', 'Tc']);
      expect(t.snap().burns).toEqual(['9h']);
      expect(t.codes()).not.toContain('FLOP_FOUR_CARDS');
      // one flop record, the new cards
      expect(t.phh().filter((l) => l.startsWith('d db'))).toEqual(['d db Qs7cTc']);
      expect(t.snap().next?.toAct).toBe(1);
    });
  }

  it('club 2-6: two burns order unknown: after the redeal the turn and river are dealt as usual and the pot is awarded', () => {
    const t = redealt(false, ['Qs', 'Jc', 'Tc']);
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    t.burn('6s').board('2s');
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    t.burn('4s').board('3s');
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    for (const seat of [1, 2, 3]) t.show(seat);
    const s = t.snap();
    expect(s.board).toEqual(['Qs', 'Jc', 'Tc', '2s', '3s']);
    expect(s.phase).toBe('complete');
    expect(s.pots[0]?.winners?.length).toBeGreaterThan(0);
    expect(t.codes()).not.toContain('FLOP_FOUR_CARDS');
    expect(t.codes()).not.toContain('CARD_EXPOSED');
    expect(t.codes()).not.toContain('BURN_MISSED');
  });

  it('club 2-6: two burns order unknown: lifting the flop before it is complete redeals it the same way', () => {
    const t = beforeFlop('club', false).burn('9h').burn('8h').board('Ah', 'Kd');
    t.off('Ah', 'board').off('Kd', 'board').off('9h', 'burn').board('Qs', 'Jc', 'Tc');
    expect(openAlert(t, 'BURN_EXTRA')?.resolved).toBe(true);
    expect(t.snap().board).toEqual(['Qs', 'Jc', 'Tc']);
    expect(t.snap().burns).toEqual(['8h']);
    expect(t.codes()).not.toContain('BURN_MISSED');
    expect(t.codes()).not.toContain('FLOP_FOUR_CARDS');
  });
});

describe('FLOP_FOUR_CARDS', () => {
  it('tda 39: stop; the floor picks one of the four as the next burn, the other three are the flop', () => {
    const t = beforeFlop('tda').burn().board('Ah', 'Kd', '7c', 'Qs');
    const a = openAlert(t, 'FLOP_FOUR_CARDS');
    expect(a).toMatchObject({ severity: 'stop', rule: { book: 'tda', id: '39' } });
    expect(t.snap().phase).toBe('stopped');
    expect(t.snap().next).toBeNull();
    // the floor picked Kd
    t.off('Kd', 'board').at('Kd', 'burn');
    expect(a?.resolved).toBe(true);
    expect(t.snap().board).toEqual(['Ah', '7c', 'Qs']);
    expect(t.snap().next?.toAct).toBe(1);
    // the turn then comes without a further burn
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    t.board('2s');
    expect(t.snap().board).toEqual(['Ah', '7c', 'Qs', '2s']);
    expect(t.codes()).not.toContain('BURN_MISSED');
  });

  it('club 2-7: the fourth card is burned and the turn comes without a further burn', () => {
    const t = beforeFlop('club').burn().board('Ah', 'Kd', '7c', 'Qs');
    const a = openAlert(t, 'FLOP_FOUR_CARDS');
    expect(a).toMatchObject({ severity: 'stop', rule: { book: 'club', id: '2-7' } });
    expect(texts(a)?.remedy).toMatch(/Q♠/);
    t.off('Qs', 'board').at('Qs', 'burn');
    expect(a?.resolved).toBe(true);
    expect(t.snap().board).toEqual(['Ah', 'Kd', '7c']);
  });

  it('club 2-7: a card burned from the stub (face down) is not named by the new alert', () => {
    const t = beforeFlop('club').burn().board('Ah', 'Kd', '7c', 'Qs');
    t.burn('2s');
    const again = t.state.alerts.filter((a) => a.code === 'FLOP_FOUR_CARDS').at(-1);
    expect(again?.facts?.cards).toEqual(['Ah', 'Kd', '7c', 'Qs']);
    expect(JSON.stringify(again)).not.toContain('2s');
  });

  it('club 2-7: burning another card than the fourth raises a new alert', () => {
    const t = beforeFlop('club').burn().board('Ah', 'Kd', '7c', 'Qs');
    t.off('Ah', 'board').at('Ah', 'burn');
    expect(t.codes().filter((c) => c === 'FLOP_FOUR_CARDS').length).toBe(2);
  });

  it('club 2-7, order unknown: the four cards are scrambled and the flop redealt without a burn', () => {
    const t = beforeFlop('club', false).burn().board('Ah', 'Kd', '7c', 'Qs');
    const a = openAlert(t, 'FLOP_FOUR_CARDS');
    expect(texts(a)?.remedy).toMatch(/without a burn/);
    for (const c of ['Ah', 'Kd', '7c', 'Qs']) t.off(c, 'board');
    expect(a?.resolved).toBe(true);
    t.board('2s', '3s', '4s');
    expect(t.snap().board).toEqual(['2s', '3s', '4s']);
    expect(t.codes()).not.toContain('BURN_MISSED');
  });
});

describe('FLOP_FOUR_CARDS: the typed record says the flop the remedy left', () => {
  function flopRecord(t: Table) {
    const i = t.state.decisions.findIndex((d) => d.kind === 'dealBoard' && d.street === 'flop');
    const flops = t.state.decisions.filter((d) => d.kind === 'dealBoard' && d.street === 'flop');
    return {
      decision: t.state.decisions[i],
      line: phhLine(t.state.decisions[i], t.state.seatOrder),
      count: flops.length,
    };
  }

  it('tda 39: the flop decision and its PHH line carry the three cards left after the floor burned one', () => {
    const t = beforeFlop('tda').burn().board('Ah', 'Kd', '7c', 'Qs');
    expect(flopRecord(t).decision.cards).toEqual(['Ah', 'Kd', '7c']);
    t.off('Ah', 'board').at('Ah', 'burn');
    const r = flopRecord(t);
    expect(r.decision.cards).toEqual(['Kd', '7c', 'Qs']);
    expect(r.line).toBe('d db Kd7cQs');
    expect(r.count).toBe(1);
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    t.board('2s');
    // the PHH lines, replayed, give the final board
    const dealt = t
      .phh()
      .filter((l) => l.startsWith('d db '))
      .map((l) => l.slice(5));
    expect(dealt.join('')).toBe(t.snap().board.join(''));
    // one line per decision but the posts (PHH has them in blinds_or_straddles and antes) and the dealer's
    // procedure (burns, collections, awards, mucks: no PHH action line)
    expect(t.state.decisions.filter((d) => !isPost(d) && !PROCEDURE_KINDS.has(d.kind)).length).toBe(t.phh().length);
  });

  it('club 2-7: the fourth card burned: the flop record is the first three, unchanged', () => {
    const t = beforeFlop('club').burn().board('Ah', 'Kd', '7c', 'Qs');
    t.off('Qs', 'board').at('Qs', 'burn');
    const r = flopRecord(t);
    expect(r.decision.cards).toEqual(['Ah', 'Kd', '7c']);
    expect(r.line).toBe('d db AhKd7c');
  });

  it('club 2-7, order unknown: the flop dealt again replaces the first record (one flop in the PHH)', () => {
    const t = beforeFlop('club', false).burn().board('Ah', 'Kd', '7c', 'Qs');
    for (const c of ['Ah', 'Kd', '7c', 'Qs']) t.off(c, 'board');
    t.board('2s', '3s', '4s');
    const r = flopRecord(t);
    expect(r.count).toBe(1);
    expect(r.decision.cards).toEqual(['2s', '3s', '4s']);
    expect(r.line).toBe('d db 2s3s4s');
    expect(t.phh().filter((l) => l.startsWith('d db ')).length).toBe(1);
  });
});

describe('BOARD_PREMATURE', () => {
  function flopWithBet(ruleset: Ruleset): Table {
    const t = beforeFlop(ruleset).burn('9h').board('Ah', 'Kd', '7c');
    return t.say(1, 'bet', 200).bet(1, 200);
  }

  it('tda 74: a premature turn is set aside, the round finished, and a new turn comes without a burn', () => {
    const t = flopWithBet('tda').burn('8s').board('Qd');
    const a = openAlert(t, 'BOARD_PREMATURE');
    expect(a).toMatchObject({ severity: 'stop', rule: { book: 'tda', id: '74' } });
    expect(t.snap().next).toBeNull();
    t.off('Qd', 'board');
    expect(a?.resolved).toBe(true);
    expect(t.snap().next?.toAct).toBe(2);
    t.say(2, 'call').bet(2, 200).say(3, 'call').bet(3, 200).collect().board('Js');
    expect(t.snap().board).toEqual(['Ah', 'Kd', '7c', 'Js']);
    expect(t.codes()).not.toContain('BURN_MISSED');
  });

  it('club 2-11: a premature turn: after the round a burn, the next card is the turn, the river comes without a burn', () => {
    const t = flopWithBet('club').burn('8s').board('Qd');
    const a = openAlert(t, 'BOARD_PREMATURE');
    expect(a).toMatchObject({ rule: { book: 'club', id: '2-11' } });
    t.off('Qd', 'board').say(2, 'call').bet(2, 200).say(3, 'call').bet(3, 200).collect();
    t.burn('6s').board('Js');
    expect(t.snap().board).toEqual(['Ah', 'Kd', '7c', 'Js']);
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    t.board('Tc');
    expect(t.snap().board).toEqual(['Ah', 'Kd', '7c', 'Js', 'Tc']);
    expect(t.codes()).not.toContain('BURN_MISSED');
  });

  it('club 2-10: a premature flop: the burn stays and a new flop comes without a burn', () => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset: 'club' }).start();
    t.say(3, 'raise', 300).bet(3, 300).burn('9h').board('Ah', 'Kd', '7c');
    const a = openAlert(t, 'BOARD_PREMATURE');
    expect(a).toMatchObject({ rule: { book: 'club', id: '2-10' } });
    for (const c of ['Ah', 'Kd', '7c']) t.off(c, 'board');
    expect(a?.resolved).toBe(true);
    t.fold(1).say(2, 'call').bet(2, 300).collect().board('2s', '3s', '4s');
    expect(t.snap().board).toEqual(['2s', '3s', '4s']);
    expect(t.snap().burns).toEqual(['9h']);
  });
});

describe('BOARD_PREMATURE in both rulesets', () => {
  for (const ruleset of ['tda', 'club'] as const) {
    it(`${ruleset === 'tda' ? 'tda 74' : 'club 2-12'}: a premature river goes back and a new river comes without a burn`, () => {
      const t = beforeFlop(ruleset).burn().board('Ah', 'Kd', '7c');
      for (const seat of [1, 2, 3]) t.say(seat, 'check');
      t.burn().board('2s').say(1, 'bet', 200).bet(1, 200).burn('8s').board('Qd');
      const a = openAlert(t, 'BOARD_PREMATURE');
      expect(a).toMatchObject({
        severity: 'stop',
        rule: ruleset === 'tda' ? { book: 'tda', id: '74' } : { book: 'club', id: '2-12' },
      });
      expect(texts(a)?.message).toMatch(/river/);
      t.off('Qd', 'board').say(2, 'fold').fold(2).say(3, 'call').bet(3, 200).collect().board('3s');
      expect(t.snap().board).toEqual(['Ah', 'Kd', '7c', '2s', '3s']);
      expect(t.codes()).not.toContain('BURN_MISSED');
      expect(t.snap().next?.toAct).toBe(1);
    });

    it(`${ruleset === 'tda' ? 'tda 74' : 'club 2-10'}: a premature flop: the burn stays, a new flop comes without a burn`, () => {
      const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset }).start();
      t.say(3, 'call').bet(3, 100).burn('9h').board('Ah', 'Kd', '7c');
      expect(openAlert(t, 'BOARD_PREMATURE')?.rule).toEqual(
        ruleset === 'tda' ? { book: 'tda', id: '74' } : { book: 'club', id: '2-10' },
      );
      for (const c of ['Ah', 'Kd', '7c']) t.off(c, 'board');
      t.say(1, 'call').bet(1, 100).say(2, 'check').collect().board('2s', '3s', '4s');
      expect(t.snap().board).toEqual(['2s', '3s', '4s']);
      expect(t.codes()).not.toContain('BURN_MISSED');
    });
  }
});

describe('BURN_EXTRA in the tda ruleset (the club remedy applies, cited as tda 38: docs/rules.md)', () => {
  it('tda 38: the second burn is turned as the first flop card', () => {
    const t = beforeFlop('tda').burn('9h').burn('8h');
    expect(openAlert(t, 'BURN_EXTRA')).toMatchObject({ severity: 'warn', rule: { book: 'tda', id: '38' } });
    t.off('8h', 'burn').at('8h', 'board').board('Ah', 'Kd');
    expect(t.snap().board).toEqual(['8h', 'Ah', 'Kd']);
  });
});

describe('BOARD_TOO_MANY', () => {
  it('a board card after the hand is decided', () => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3 }).start();
    t.fold(3).fold(1);
    expect(t.snap().phase).toBe('complete');
    t.burn().board('Ah');
    expect(t.codes()).toContain('BOARD_TOO_MANY');
  });

  it('a sixth board card', () => {
    const t = beforeFlop().burn().board('Ah', 'Kd', '7c');
    for (const street of [1, 2]) {
      for (const seat of [1, 2, 3]) t.say(seat, 'check');
      t.burn().board(street === 1 ? '2s' : '3s');
    }
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    t.board('4s');
    expect(t.codes()).toContain('BOARD_TOO_MANY');
  });
});

describe('deck integrity', () => {
  it('CARD_DUPLICATE: one card read in two zones at once', () => {
    const t = beforeFlop().burn().board('Ah');
    t.at('Ah', 'seat1');
    expect(t.state.alerts.find((a) => a.code === 'CARD_DUPLICATE')?.severity).toBe('stop');
  });

  it('CARD_UNKNOWN: a tag that is no card of the deck', () => {
    const t = beforeFlop();
    t.ev({ kind: 'cardAt', card: 'Xx', zone: 'board', face: 'up' });
    expect(t.codes()).toContain('CARD_UNKNOWN');
  });
});

describe('BOARD_PREMATURE: the correction itself going wrong', () => {
  it('club 2-13: the next street dealt while the premature card is still on the board raises a new alert', () => {
    const t = beforeFlop('club').burn('9h').board('Ah', 'Kd', '7c').say(1, 'bet', 200).bet(1, 200);
    t.burn('8s').board('Qd');
    const first = t.state.alerts.find((a) => a.code === 'BOARD_PREMATURE');
    t.ev({ kind: 'floorDecision', alertId: first?.id ?? 0, decision: 'finish the round', by: 'floor' });
    t.say(2, 'call').bet(2, 200).say(3, 'call').bet(3, 200).collect().burn('6s').board('Js');
    const alerts = t.state.alerts.filter((a) => a.code === 'BOARD_PREMATURE');
    expect(alerts.length).toBe(2);
    expect(texts(alerts[1])?.remedy).toMatch(/taken off the board/);
  });
});

describe('a board card before any action', () => {
  it('the flop dealt before the preflop round is premature (tda 74)', () => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3 }).start();
    t.burn('9h').board('Ah');
    expect(t.codes()).toEqual(['BOARD_PREMATURE']);
  });
});
