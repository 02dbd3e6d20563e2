// The 7-card evaluator: one table read and one addition per card, then at most three table reads (tables.ts).
// Contract: evaluate7(a..g) -> number, higher is better, equal means a tie; categoryOf(value) -> 0..8.
import { FeltwireError } from '../../errors.js';
import type { Card } from '../cards.js';
import {
  CARD_KEY,
  CATEGORY_SHIFT,
  denseValue,
  FLUSH_SUIT_9,
  FLUSH_VALUES,
  HASH_ROW_BASE,
  HASH_ROW_MASK,
  HASH_SHIFT,
  NOFLUSH_VALUES,
  rawFlush,
  rawRanks,
} from './tables.js';

export type HandCategory = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export const CATEGORY_NAMES = [
  'High card',
  'One pair',
  'Two pair',
  'Three of a kind',
  'Straight',
  'Flush',
  'Full house',
  'Four of a kind',
  'Straight flush',
] as const;

const K = CARD_KEY;
const NF = NOFLUSH_VALUES;
const BASE = HASH_ROW_BASE;

/**
 * Value of seven distinct cards. One key per card (rank key above bit 9, compact suit key below), summed
 * with wrapping int32 additions (`| 0`), so the rank part is the sum modulo 2^23 the perfect hash expects.
 * Allocation-free; a flush costs one more pass over the cards.
 */
export function evaluate7(a: Card, b: Card, c: Card, d: Card, e: Card, f: Card, g: Card): number {
  const key = (((((K[a] + K[b]) | 0) + ((K[c] + K[d]) | 0)) | 0) + ((((K[e] + K[f]) | 0) + K[g]) | 0)) | 0;
  const flush = FLUSH_SUIT_9[key & 511];
  if (flush !== 0) return flushValue7(flush - 1, a, b, c, d, e, f, g);
  const h = key >>> 9;
  return NF[BASE[h >>> HASH_SHIFT] + (h & HASH_ROW_MASK)];
}

function flushValue7(suit: number, a: Card, b: Card, c: Card, d: Card, e: Card, f: Card, g: Card): number {
  let mask = 0;
  if ((a & 3) === suit) mask |= 1 << (a >> 2);
  if ((b & 3) === suit) mask |= 1 << (b >> 2);
  if ((c & 3) === suit) mask |= 1 << (c >> 2);
  if ((d & 3) === suit) mask |= 1 << (d >> 2);
  if ((e & 3) === suit) mask |= 1 << (e >> 2);
  if ((f & 3) === suit) mask |= 1 << (f >> 2);
  if ((g & 3) === suit) mask |= 1 << (g >> 2);
  return FLUSH_VALUES[mask];
}

export class EvaluatorError extends FeltwireError<'CARD_COUNT' | 'CARD_INVALID' | 'CARD_DUPLICATE'> {
  constructor(code: EvaluatorError['code'], message: string) {
    super(code, message);
    this.name = 'EvaluatorError';
  }
  get status(): number {
    return 400;
  }
}

const rankCounts = new Int8Array(13);

/** Value of the best five of 5, 6 or 7 distinct cards (same scale as evaluate7). */
export function evaluateCards(cards: readonly Card[]): number {
  const n = cards.length;
  if (n < 5 || n > 7) throw new EvaluatorError('CARD_COUNT', `a hand has 5 to 7 cards, got ${n}`);
  const seen = [0, 0];
  for (const c of cards) {
    if (!Number.isInteger(c) || c < 0 || c > 51) throw new EvaluatorError('CARD_INVALID', `not a card: ${c}`);
    const bit = 1 << (c & 31);
    if (seen[c >> 5] & bit) throw new EvaluatorError('CARD_DUPLICATE', `card ${c} appears twice`);
    seen[c >> 5] |= bit;
  }
  if (n === 7) return evaluate7(cards[0], cards[1], cards[2], cards[3], cards[4], cards[5], cards[6]);
  // 5 or 6 cards: rare (tests, describing a flop); the generator's own scorer is exact and fast enough
  const suitMasks = [0, 0, 0, 0];
  rankCounts.fill(0);
  for (const c of cards) {
    rankCounts[c >> 2]++;
    suitMasks[c & 3] |= 1 << (c >> 2);
  }
  let best = denseValue(rawRanks(rankCounts));
  for (const m of suitMasks) if (popcount(m) >= 5) best = Math.max(best, denseValue(rawFlush(m)));
  return best;
}

export function categoryOf(value: number): HandCategory {
  return (value >> CATEGORY_SHIFT) as HandCategory;
}

function popcount(x: number): number {
  let n = 0;
  for (let v = x; v; v &= v - 1) n++;
  return n;
}
