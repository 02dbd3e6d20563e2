import { describe, expect, it } from 'vitest';
import { parseCards } from '../../src/engine/cards.js';
import { EquityError, equityExact, outs } from '../../src/engine/equity/index.js';
import { evaluateCards } from '../../src/engine/eval/index.js';
import { drawCards, xorshift } from './rng.js';

const hands = (text: string): number[][] => text.split(' ').map((h) => parseCards(h));
const cards = (text: string): number[] => (text ? parseCards(text) : []);

/** The obvious way: every board, every hand through evaluateCards, ties split. */
function bruteForce(hs: number[][], board: number[], dead: number[]) {
  const used = new Set([...hs.flat(), ...board, ...dead]);
  const deck = [...Array(52).keys()].filter((c) => !used.has(c));
  const win = hs.map(() => 0);
  const tie = hs.map(() => 0);
  const share = hs.map(() => 0);
  let boards = 0;
  const deal = (from: number, dealt: number[]): void => {
    if (board.length + dealt.length === 5) {
      const full = [...board, ...dealt];
      const v = hs.map((h) => evaluateCards([...h, ...full]));
      const best = Math.max(...v);
      const at = v.filter((x) => x === best).length;
      v.forEach((x, i) => {
        if (x !== best) return;
        if (at === 1) win[i]++;
        else {
          tie[i]++;
          share[i] += 1 / at;
        }
      });
      boards++;
      return;
    }
    for (let i = from; i < deck.length; i++) deal(i + 1, [...dealt, deck[i]]);
  };
  deal(0, []);
  return { win, tie, boards, equity: win.map((w, i) => ((w + share[i]) / boards) * 100) };
}

describe('equityExact preflop', () => {
  it('AhKh vs QsQd: 787,966 and 917,606 wins, 6,732 ties over 1,712,304 boards', () => {
    const r = equityExact(hands('AhKh QsQd'), [], []);
    expect(r.boards).toBe(1_712_304);
    expect(r.win).toEqual([787_966, 917_606]);
    expect(r.tie).toEqual([6_732, 6_732]);
    expect(r.equity[0]).toBeCloseTo(46.2145, 4);
    expect(r.equity[1]).toBeCloseTo(53.7855, 4);
  });

  it('AhKh QsQd JcTc: 40.21% / 41.05% / 18.74% over 1,370,754 boards', () => {
    const r = equityExact(hands('AhKh QsQd JcTc'), [], []);
    expect(r.boards).toBe(1_370_754);
    expect(r.equity.map((e) => Number(e.toFixed(2)))).toEqual([40.21, 41.05, 18.74]);
    expect(r.equity.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
  });

  it('the rank-class shortcut equals visiting every board, with dead cards and many players', () => {
    const cases: [string, string][] = [
      ['AhKh QsQd', 'Ad 2h 3s'],
      ['7c7d AsKs 9h8h', '2c 2d Kc Qh 5h 5d'],
      ['AhAd KhKd QhQd JhJd ThTd 9h9d 8h8d 7h7d 6h6d', ''],
      ['2c3c 4c5c 6c7c 8c9c', 'Tc Jc'],
      ['AsKs AhKh AdKd', ''],
    ];
    for (const [h, d] of cases) {
      const fast = equityExact(hands(h), [], cards(d));
      const slow = equityExact(hands(h), [], cards(d), { method: 'boards' });
      expect(fast.win).toEqual(slow.win);
      expect(fast.tie).toEqual(slow.tie);
      expect(fast.boards).toBe(slow.boards);
      for (const [i, e] of fast.equity.entries()) expect(e).toBeCloseTo(slow.equity[i], 9);
    }
  });

  it('matches a brute force through evaluateCards (3 hands, 6 dead cards)', () => {
    const hs = hands('AhKh QsQd 6c5c');
    const dead = cards('Jh Tc 9s 4d 2c Kd');
    const r = equityExact(hs, [], dead);
    const b = bruteForce(hs, [], dead);
    expect(r.win).toEqual(b.win);
    expect(r.tie).toEqual(b.tie);
    expect(r.boards).toBe(b.boards);
  }, 60_000);
});

describe('equityExact on the flop, turn and river', () => {
  it('AhKh QsQd JcTc on Th9h2c (the docs/scenario-format.md example) and the heads-up flop', () => {
    const r = equityExact(hands('AhKh QsQd JcTc'), cards('Th9h2c'), []);
    expect(r.boards).toBe(903);
    expect(r.win.reduce((a, b) => a + b, 0) + r.tie.reduce((a, b) => a + b, 0) / 2).toBeLessThanOrEqual(903);
    expect(r).toEqual(expect.objectContaining(bruteForce(hands('AhKh QsQd JcTc'), cards('Th9h2c'), [])));
  });

  it('agrees with brute force on 60 random flops, turns and rivers with dead cards', () => {
    const rnd = xorshift(4242);
    for (let k = 0; k < 60; k++) {
      const players = 2 + (k % 5);
      const boardSize = [3, 4, 5][k % 3];
      const all = drawCards(rnd, players * 2 + boardSize + (k % 4));
      const hs = Array.from({ length: players }, (_, i) => all.slice(2 * i, 2 * i + 2));
      const board = all.slice(players * 2, players * 2 + boardSize);
      const dead = all.slice(players * 2 + boardSize);
      const r = equityExact(hs, board, dead);
      const b = bruteForce(hs, board, dead);
      expect(r.win).toEqual(b.win);
      expect(r.tie).toEqual(b.tie);
      expect(r.boards).toBe(b.boards);
      for (const [i, e] of r.equity.entries()) expect(e).toBeCloseTo(b.equity[i], 9);
    }
  });

  it('the flop by rank class equals visiting every board (flush draws, made flushes, many players)', () => {
    const cases: [string, string, string][] = [
      ['AhKh QsQd', 'Th9h2c', ''],
      ['AhKh QsQd', '2c7d9s', ''],
      ['AhKh QsQd', '2h7h9h', ''], // a flush already made
      ['AsKd 7h7c 9c8c JdTd', 'Qc5c2d', '3c'],
      ['2s3s 4h5h 6d7d 8c9c', 'AsAhAd', 'Ac'],
    ];
    for (const [h, b, d] of cases) {
      const fast = equityExact(hands(h), cards(b), cards(d));
      const slow = equityExact(hands(h), cards(b), cards(d), { method: 'boards' });
      expect(fast).toEqual(slow);
    }
  });

  it('counts a flop being dealt card by card (1 or 2 board cards) like the brute force', () => {
    const hs = hands('AhKh QsQd JcTc');
    for (const board of ['Th', 'Th9h']) {
      const r = equityExact(hs, cards(board), cards('2s'));
      const b = bruteForce(hs, cards(board), cards('2s'));
      expect(r.win).toEqual(b.win);
      expect(r.tie).toEqual(b.tie);
      expect(r.boards).toBe(b.boards);
    }
  }, 60_000);

  it('removes dead cards from the deck', () => {
    const live = equityExact(hands('AhKh QsQd'), cards('2c7d9s'), []);
    const dead = equityExact(hands('AhKh QsQd'), cards('2c7d9s'), cards('As Ad Ac'));
    expect(live.boards).toBe(990);
    expect(dead.boards).toBe(861); // 42 cards left: C(42, 2)
    expect(dead.equity[0]).toBeLessThan(live.equity[0]);
  });
});

describe('outs', () => {
  it('AhKh behind QsQd on 2c7d9s: six outs, the aces and kings', () => {
    const r = outs(hands('AhKh QsQd'), cards('2c7d9s'), []);
    expect(r[0].behind).toBe(true);
    expect(r[0].outs.sort((a, b) => a - b)).toEqual(cards('KsKdKcAsAdAc').sort((a, b) => a - b));
    expect(r[1]).toEqual({ hand: 1, behind: false, outs: [], splits: [] });
  });

  it('knows dead outs, splits and the turn', () => {
    const r = outs(hands('AhKh QsQd'), cards('2c7d9s'), cards('As Kd'));
    expect(r[0].outs.length).toBe(4);
    // on the turn, 8c9h is behind AdAc on 6s7hKdQs: a five or a ten makes the straight (a pair still loses)
    const t = outs(hands('8c9h AdAc'), cards('6s7hKdQs'), []);
    expect(t[0].outs.map((c) => c >> 2).sort()).toEqual([3, 3, 3, 3, 8, 8, 8, 8]);
    // a split: 2c3d behind 4c4d on Ah Kh Qh Js; only a ten helps, and both then play the broadway on the board
    const s = outs(hands('2c3d 4c4d'), cards('AhKhQhJs'), []);
    expect(s[0].behind).toBe(true);
    expect(s[0].outs).toEqual([]);
    expect(s[0].splits.map((c) => c >> 2)).toEqual([8, 8, 8, 8]);
  });

  it('refuses the preflop and the river', () => {
    expect(() => outs(hands('AhKh QsQd'), [], [])).toThrow(EquityError);
    expect(() => outs(hands('AhKh QsQd'), cards('2c7d9s4h5h'), [])).toThrow(/flop or the turn/);
  });
});

describe('bad requests', () => {
  it.each([
    [hands('AhKh'), [], [], 'HAND_COUNT'],
    [hands('AhKh QsQd AhQd'), [], [], 'CARD_DUPLICATE'],
    [hands('AhKh QsQd'), cards('Qs2c3c'), [], 'CARD_DUPLICATE'],
    [hands('AhKh QsQd'), cards('2c3c4c5c6c7c'), [], 'BOARD_SIZE'],
    [
      [
        [1, 2, 3],
        [4, 5],
      ],
      [],
      [],
      'HAND_SIZE',
    ],
    [
      [
        [1, 60],
        [4, 5],
      ],
      [],
      [],
      'CARD_INVALID',
    ],
  ])('%j board %j dead %j: %s', (hs, board, dead, code) => {
    try {
      equityExact(hs as number[][], board as number[], dead as number[]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EquityError);
      expect((e as EquityError).code).toBe(code);
    }
  });

  it('refuses 11 players and a deck too short', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => [2 * i, 2 * i + 1]);
    expect(() => equityExact(eleven, [], [])).toThrow(/2 to 10 hands/);
    const ten = Array.from({ length: 10 }, (_, i) => [2 * i, 2 * i + 1]);
    const dead = Array.from({ length: 30 }, (_, i) => 20 + i);
    expect(() => equityExact(ten, [], dead)).toThrow(EquityError);
  });
});
