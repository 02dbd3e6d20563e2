import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../src/engine/cards.js';
import {
  CATEGORY_NAMES,
  categoryOf,
  describeHand,
  describeHandFr,
  EvaluatorError,
  evaluate7,
  evaluateCards,
} from '../../src/engine/eval/index.js';
import { RANK_KEYS, searchRankKeys } from '../../src/engine/eval/rankKeys.js';
import { DISTINCT_HANDS, NOFLUSH_VALUES, SUIT_KEYS_9, searchCompactSuitKeys } from '../../src/engine/eval/tables.js';
import { drawCards, xorshift } from './rng.js';

const require = createRequire(import.meta.url);
const pheEvaluate7 = require('phe/lib/evaluator7.js') as (...cards: number[]) => number;

const cards = (text: string): number[] => parseCards(text);
const value = (text: string): number => evaluateCards(cards(text));

describe('rank keys and tables', () => {
  it('gives every 7-card rank multiset (at most four per rank) a different key sum', () => {
    const sums = new Set<number>();
    let multisets = 0;
    const walk = (rank: number, left: number, key: number): void => {
      if (left === 0) {
        multisets++;
        sums.add(key);
        return;
      }
      if (rank > 12) return;
      for (let m = Math.min(4, left); m >= 0; m--) walk(rank + 1, left - m, key + m * RANK_KEYS[rank]);
    };
    walk(0, 7, 0);
    expect(multisets).toBe(49205);
    expect(sums.size).toBe(49205);
  });

  it('reproduces the first ten rank keys with our own search (the full search takes ~95 s)', () => {
    expect(searchRankKeys(10)).toEqual(RANK_KEYS.slice(0, 10));
  });

  it('uses the smallest compact suit keys that still tell the flush suit (our own search)', () => {
    expect(searchCompactSuitKeys()).toEqual([...SUIT_KEYS_9]);
  });

  it('ranks the 7,462 distinct five-card hands densely and keeps the perfect hash compact', () => {
    expect(DISTINCT_HANDS).toBe(7462);
    expect(NOFLUSH_VALUES.length).toBeLessThan(70_000);
  });
});

describe('evaluate7 against phe on 1,000,000 seeded random hands', () => {
  it('orders every consecutive pair of hands exactly as phe does', () => {
    const rnd = xorshift(20261130);
    let prevOurs = -1;
    let prevPhe = -1;
    let mismatches = 0;
    const first: string[] = [];
    for (let i = 0; i < 1_000_000; i++) {
      const [a, b, c, d, e, f, g] = drawCards(rnd, 7);
      const ours = evaluate7(a, b, c, d, e, f, g);
      const theirs = pheEvaluate7(a, b, c, d, e, f, g); // phe: same card codes, smaller is better
      if (i > 0 && Math.sign(ours - prevOurs) !== Math.sign(prevPhe - theirs)) {
        mismatches++;
        if (first.length < 3) first.push(`${[a, b, c, d, e, f, g]}`);
      }
      prevOurs = ours;
      prevPhe = theirs;
    }
    expect(first).toEqual([]);
    expect(mismatches).toBe(0);
  });
});

describe('evaluateCards', () => {
  it('agrees with the best five-card subset for 6 and 7 cards', () => {
    const rnd = xorshift(77);
    for (let i = 0; i < 3000; i++) {
      const hand = drawCards(rnd, 7);
      for (const size of [6, 7]) {
        const h = hand.slice(0, size);
        let best = -1;
        for (let skip1 = 0; skip1 < size; skip1++) {
          for (let skip2 = size === 7 ? skip1 + 1 : size; skip2 < size || (size === 6 && skip2 === size); skip2++) {
            const five = h.filter((_, k) => k !== skip1 && k !== skip2);
            if (five.length === 5) best = Math.max(best, evaluateCards(five));
            if (size === 6) break;
          }
        }
        expect(evaluateCards(h)).toBe(best);
      }
    }
  });

  it('orders the categories and the classic close calls', () => {
    expect(value('AsKsQsJsTs') > value('KhQhJhTh9h')).toBe(true);
    expect(value('5d4d3d2dAd') < value('6c5c4c3c2c')).toBe(true); // steel wheel is the lowest straight flush
    expect(value('As2d3c4h5s') < value('2s3d4c5h6s')).toBe(true);
    expect(value('AsAdAcKsKd') > value('KsKdKcAsAd')).toBe(true);
    expect(value('AsAdKcKsQd') > value('AsAdKcKsJd')).toBe(true);
    expect(value('AsKdQcJs9d')).toBe(value('AhKcQdJh9c')); // same ranks, no flush: a tie
    expect(categoryOf(value('2s2d2c2h3s'))).toBe(7);
    expect(CATEGORY_NAMES[categoryOf(value('9s8s7s6s5s'))]).toBe('Straight flush');
    // the seventh card matters only when it improves the hand
    expect(value('AsAdKcKsQdQh2c')).toBe(value('AsAdKcKsQd'));
  });

  it('refuses duplicates and wrong counts with coded errors', () => {
    expect(() => evaluateCards(cards('AsAsKdQcJh'))).toThrow(EvaluatorError);
    try {
      evaluateCards(cards('AsKd'));
    } catch (e) {
      expect((e as EvaluatorError).code).toBe('CARD_COUNT');
    }
    expect(() => evaluateCards([1, 2, 3, 4, 52])).toThrow(/not a card/);
  });
});

describe('describeHand', () => {
  it.each([
    ['AsAdKcKhQs2d3c', 'Two pair, aces and kings', 'Deux paires, as et rois'],
    ['AsKsQsJsTs2d3c', 'Royal flush', 'Quinte flush royale'],
    ['9h8h7h6h5h', 'Straight flush, nine high', 'Quinte flush hauteur neuf'],
    ['KsKdKc7h7s', 'Full house, kings full of sevens', 'Full aux rois par les sept'],
    ['AsAdAcAh2s', 'Four of a kind, aces', "Carré d'as"],
    ['As2d3c4h5s9d', 'Straight, five high', 'Quinte hauteur cinq'],
    ['QsQdQc7h2s', 'Three of a kind, queens', 'Brelan de dames'],
    ['Ah9h6h4h2hKs', 'Flush, ace high', 'Couleur hauteur as'],
    ['JsJd9c7h2s', 'One pair, jacks', 'Paire de valets'],
    ['AsJd9c7h2s', 'High card, ace', 'Hauteur as'],
    ['AsAd', 'One pair, aces', "Paire d'as"],
  ])('%s is "%s" / "%s"', (hand, en, fr) => {
    expect(describeHand(cards(hand))).toBe(en);
    expect(describeHandFr(cards(hand))).toBe(fr);
    expect(describeHand(cards(hand), 'fr')).toBe(fr);
  });
});
