// PLACEHOLDER (simple, correct, slow) 7-card evaluator, to be replaced by the fast table-driven one.
// Contract: evaluate7(a..g) -> number, higher is better, equal means a tie; categoryOf(value) -> 0..8.
import { type Card, rankOf, suitOf, RANKS } from '../cards.js';

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

const SHIFT = 1 << 20; // category * SHIFT + kickers (5 ranks in base 16)

function straightTop(mask: number): number {
  for (let top = 12; top >= 3; top--) {
    const need = top === 3 ? 0b1000000001111 : 0b11111 << (top - 4);
    if ((mask & need) === need) return top;
  }
  return -1;
}

function kick(ranks: number[]): number {
  let v = 0;
  for (let i = 0; i < 5; i++) v = v * 16 + (ranks[i] ?? 0);
  return v;
}

export function evaluateCards(cards: readonly Card[]): number {
  const counts = new Array<number>(13).fill(0);
  const suitMasks = [0, 0, 0, 0];
  let mask = 0;
  for (const c of cards) {
    counts[rankOf(c)]++;
    suitMasks[suitOf(c)] |= 1 << rankOf(c);
    mask |= 1 << rankOf(c);
  }
  for (const sm of suitMasks) {
    if (popcount(sm) >= 5) {
      const st = straightTop(sm);
      if (st >= 0) return 8 * SHIFT + st;
    }
  }
  const byCount: number[][] = [[], [], [], [], []];
  for (let r = 12; r >= 0; r--) byCount[counts[r]].push(r);
  if (byCount[4].length) {
    const q = byCount[4][0];
    const rest = [...byCount[3], ...byCount[2], ...byCount[1], ...byCount[4].slice(1)].sort((a, b) => b - a);
    return 7 * SHIFT + kick([q, rest[0]]);
  }
  const trips = byCount[3];
  if (trips.length && (trips.length >= 2 || byCount[2].length)) {
    const t = trips[0];
    const p = Math.max(trips[1] ?? -1, byCount[2][0] ?? -1);
    return 6 * SHIFT + kick([t, p]);
  }
  for (const sm of suitMasks) {
    if (popcount(sm) >= 5) {
      const ranks: number[] = [];
      for (let r = 12; r >= 0 && ranks.length < 5; r--) if (sm & (1 << r)) ranks.push(r);
      return 5 * SHIFT + kick(ranks);
    }
  }
  const st = straightTop(mask);
  if (st >= 0) return 4 * SHIFT + st;
  if (trips.length) {
    const k = [...byCount[2], ...byCount[1]].sort((a, b) => b - a);
    return 3 * SHIFT + kick([trips[0], k[0], k[1]]);
  }
  const pairs = byCount[2];
  if (pairs.length >= 2) {
    const k = [...pairs.slice(2), ...byCount[1]].sort((a, b) => b - a);
    return 2 * SHIFT + kick([pairs[0], pairs[1], k[0]]);
  }
  if (pairs.length === 1) return 1 * SHIFT + kick([pairs[0], ...byCount[1].slice(0, 3)]);
  return kick(byCount[1].slice(0, 5));
}

export function evaluate7(a: Card, b: Card, c: Card, d: Card, e: Card, f: Card, g: Card): number {
  return evaluateCards([a, b, c, d, e, f, g]);
}

export function categoryOf(value: number): HandCategory {
  return Math.floor(value / SHIFT) as HandCategory;
}

/** English name of the best hand, e.g. "Flush, ace high". */
export function describeHand(cards: readonly Card[]): string {
  const v = evaluateCards(cards);
  const cat = categoryOf(v);
  const top = RANKS[(v % SHIFT) >> 16] ?? '';
  return `${CATEGORY_NAMES[cat]} (${top})`;
}

function popcount(x: number): number {
  let n = 0;
  while (x) {
    x &= x - 1;
    n++;
  }
  return n;
}
