// Exact preflop equity (five board cards to come) without visiting the boards one by one.
//
// A board's outcome depends on its suits only through flushes. So:
//  1. every rank multiset of the five board cards is evaluated once, ranks only, weighted by the number of
//     boards having those ranks (a product of binomials over the cards still in the deck);
//  2. boards where some player can hold a flush are the ones with at least t_s = 5 - (most hole cards of
//     suit s in one hand) cards of suit s; t_s >= 3, so one board has at most one such suit. For each suit,
//     each set of its cards on the board (ranks bitmask) and each rank multiset of the other board cards, the
//     outcome with flushes replaces the ranks-only outcome counted in step 1 (one correction per group);
//  3. suits playing the same role (same hole-card and dead ranks, e.g. the two suits nobody holds) give the
//     same corrections: computed once and counted for each (suit isomorphism).
// AhKh vs QsQd: about 6,000 rank classes and 40,000 flush groups instead of 1,712,304 boards.
import {
  CARD_RANK_KEY,
  FLUSH_VALUES,
  HASH_MASK,
  HASH_ROW_BASE,
  HASH_ROW_MASK,
  HASH_SHIFT,
  NOFLUSH_VALUES,
  SCRAMBLED_RANK_KEYS,
} from '../eval/tables.js';
import { Tally } from './tally.js';

const CHOOSE: number[][] = [];
for (let n = 0; n <= 52; n++) {
  CHOOSE.push([]);
  for (let k = 0; k <= 5; k++) CHOOSE[n].push(k === 0 ? 1 : n < k ? 0 : (CHOOSE[n - 1][k - 1] * n) / k);
}

const RK = SCRAMBLED_RANK_KEYS;
const NF = NOFLUSH_VALUES;
const BASE = HASH_ROW_BASE;

/** Rank multisets of `size` cards drawn from `avail[r]` cards of each rank: keys and board counts. */
class Multisets {
  keys: Int32Array;
  weights: Float64Array;
  count = 0;
  constructor(capacity: number) {
    this.keys = new Int32Array(capacity);
    this.weights = new Float64Array(capacity);
  }
  fill(avail: Int32Array, size: number): this {
    this.count = 0;
    this.walk(avail, 0, size, 0, 1);
    return this;
  }
  private walk(avail: Int32Array, rank: number, left: number, key: number, weight: number): void {
    if (left === 0) {
      this.keys[this.count] = key;
      this.weights[this.count++] = weight;
      return;
    }
    if (rank > 12) return;
    const most = Math.min(left, avail[rank]);
    const row = CHOOSE[avail[rank]];
    for (let m = 0; m <= most; m++) this.walk(avail, rank + 1, left - m, key + m * RK[rank], weight * row[m]);
  }
}

// 6,188 = rank multisets of five cards when every rank is fully available (an upper bound)
const boardsByRank = new Multisets(6188);
const restByRank = [new Multisets(1), new Multisets(13), new Multisets(91)];

/** Preflop exact equity. `hands`: two cards each; `dead`: cards out of the deck. Returns the tally and board count. */
export function preflopTally(
  hands: readonly (readonly number[])[],
  dead: readonly number[],
): { tally: Tally; boards: number } {
  const n = hands.length;
  const inDeck = new Uint8Array(52).fill(1);
  for (const h of hands) for (const c of h) inDeck[c] = 0;
  for (const c of dead) inDeck[c] = 0;
  const availCount = new Int32Array(13);
  let deck = 0;
  for (let c = 0; c < 52; c++) {
    if (inDeck[c]) {
      availCount[c >> 2]++;
      deck++;
    }
  }
  const holeKey = new Int32Array(n);
  for (let i = 0; i < n; i++) holeKey[i] = CARD_RANK_KEY[hands[i][0]] + CARD_RANK_KEY[hands[i][1]];

  const tally = new Tally(n);
  const values = new Int32Array(n);

  // 1. ranks only
  const all = boardsByRank.fill(availCount, 5);
  for (let q = 0; q < all.count; q++) {
    const key = all.keys[q];
    for (let i = 0; i < n; i++) {
      const h = (key + holeKey[i]) & HASH_MASK;
      values[i] = NF[BASE[h >>> HASH_SHIFT] + (h & HASH_ROW_MASK)];
    }
    tally.add(values, all.weights[q]);
  }

  // 2 and 3. flush corrections, once per class of isomorphic suits
  const done = new Map<string, Tally>();
  for (let s = 0; s < 4; s++) {
    const holeMask = new Int32Array(n);
    let most = 0;
    for (let i = 0; i < n; i++) {
      let count = 0;
      for (const c of hands[i]) {
        if ((c & 3) === s) {
          holeMask[i] |= 1 << (c >> 2);
          count++;
        }
      }
      most = Math.max(most, count);
    }
    let deadMask = 0;
    for (const c of dead) if ((c & 3) === s) deadMask |= 1 << (c >> 2);
    const signature = `${Array.from(holeMask).join(',')}|${deadMask}`;
    const known = done.get(signature);
    if (known) {
      tally.merge(known, 1);
      continue;
    }
    const part = new Tally(n);
    flushCorrections(s, 5 - most, holeMask, holeKey, inDeck, availCount, part);
    done.set(signature, part);
    tally.merge(part, 1);
  }
  return { tally, boards: CHOOSE[deck][5] };
}

const POPCOUNT = new Uint8Array(8192);
for (let m = 1; m < 8192; m++) POPCOUNT[m] = POPCOUNT[m & (m - 1)] + 1;

function flushCorrections(
  suit: number,
  threshold: number,
  holeMask: Int32Array,
  holeKey: Int32Array,
  inDeck: Uint8Array,
  availCount: Int32Array,
  out: Tally,
): void {
  const n = holeMask.length;
  const suitRanks: number[] = [];
  for (let r = 0; r < 13; r++) if (inDeck[r * 4 + suit]) suitRanks.push(r);
  const otherAvail = new Int32Array(13);
  for (let r = 0; r < 13; r++) otherAvail[r] = availCount[r] - inDeck[r * 4 + suit];
  for (let j = threshold; j <= 5; j++) restByRank[5 - j].fill(otherAvail, 5 - j);
  const flushOf = new Int32Array(n);
  const plain = new Int32Array(n);
  const values = new Int32Array(n);

  // every subset of the suit's remaining cards, by bitmask over suitRanks; keys and rank bits built from
  // the subset without its lowest member
  const m = suitRanks.length;
  const subsets = 1 << m;
  const subKey = new Int32Array(subsets);
  const subBits = new Int32Array(subsets);
  for (let sub = 1; sub < subsets; sub++) {
    const low = sub & -sub;
    const rank = suitRanks[31 - Math.clz32(low)];
    subKey[sub] = subKey[sub ^ low] + RK[rank];
    subBits[sub] = subBits[sub ^ low] | (1 << rank);
    const size = POPCOUNT[sub];
    if (size < threshold || size > 5) continue;
    const bits = subBits[sub];
    let any = 0;
    for (let i = 0; i < n; i++) any |= flushOf[i] = FLUSH_VALUES[bits | holeMask[i]];
    if (any === 0) continue;
    const rest = restByRank[5 - size];
    const key = subKey[sub];
    for (let q = 0; q < rest.count; q++) {
      const boardKey = key + rest.keys[q];
      // winners without (plain) and with flushes (values); only a change of outcome is a correction
      let bestP = -1;
      let countP = 0;
      let whoP = 0;
      let bestF = -1;
      let countF = 0;
      let whoF = 0;
      for (let i = 0; i < n; i++) {
        const h = (boardKey + holeKey[i]) & HASH_MASK;
        const v = NF[BASE[h >>> HASH_SHIFT] + (h & HASH_ROW_MASK)];
        plain[i] = v;
        const f = Math.max(flushOf[i], v);
        values[i] = f;
        if (v > bestP) {
          bestP = v;
          countP = 1;
          whoP = i;
        } else if (v === bestP) countP++;
        if (f > bestF) {
          bestF = f;
          countF = 1;
          whoF = i;
        } else if (f === bestF) countF++;
      }
      if (countP === 1 && countF === 1) {
        if (whoP !== whoF) {
          const w = rest.weights[q];
          out.win[whoF] += w;
          out.win[whoP] -= w;
        }
      } else {
        const w = rest.weights[q];
        out.add(values, w);
        out.add(plain, -w);
      }
    }
  }
}
