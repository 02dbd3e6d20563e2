// The evaluator's lookup tables, all generated here at module load (about 50 ms), none copied.
//
// Hand values: category << 12 | rank of the hand inside its category (0 = weakest), dense over the 7,462
// distinct 5-card poker hands, so equal values tie exactly and higher is better everywhere.
//
// - Non-flush hands: the sum of the 7 cards' rank keys (rankKeys.ts, spread modulo 2^23) goes through a
//   displacement perfect hash: h = sum & HASH_MASK; index = HASH_ROW_BASE[h >>> HASH_SHIFT] + (h & HASH_ROW_MASK).
// - Flushes: each card also adds a suit key (3 bits per suit); FLUSH_SUIT[sum] says which suit holds five
//   or more cards (suit + 1, 0 = none); FLUSH_VALUES[rank bitmask of that suit] is the hand's value.
import { RANK_KEYS } from './rankKeys.js';

export const CATEGORY_SHIFT = 12;
export const HASH_SHIFT = 9;
export const HASH_MASK = 0x7fffff;
export const HASH_ROW_MASK = (1 << HASH_SHIFT) - 1;
/** Odd multiplier spreading the rank-key sums modulo 2^23 (see the perfect hash below). */
const SPREAD = 0x9e3779b1;
/** RANK_KEYS[r] * SPREAD modulo 2^23: what each card adds to a hand's rank sum. */
export const SCRAMBLED_RANK_KEYS: readonly number[] = RANK_KEYS.map((k) => Math.imul(k, SPREAD) & HASH_MASK);

/** Rank key per card (card = rank * 4 + suit). */
export const CARD_RANK_KEY = new Int32Array(52);
/** Suit key per card: 1 << (3 * suit). */
export const CARD_SUIT_KEY = new Int32Array(52);
/**
 * Both keys in one int32 per card, for evaluate7: rank key (23 bits, modulo 2^23 like the hash) above bit 9,
 * and a compact suit key below, so seven cards cost seven loads and one sum (wrapping int32 additions).
 * The compact suit keys 0, 1, 25, 32 were found by our own search (see SUIT_KEYS_9 below): their sums over
 * 7 cards (at most 224) still tell which suit, if any, holds five or more cards.
 */
export const CARD_KEY = new Int32Array(52);
export const SUIT_KEYS_9: readonly number[] = [0, 1, 25, 32];
/** suit + 1 of the flush suit, or 0, indexed by `sum of CARD_KEY & 511`. */
export const FLUSH_SUIT_9 = new Uint8Array(512);
/** suit + 1 of the suit with five or more cards among up to 7, or 0. Indexed by a sum of suit keys. */
export const FLUSH_SUIT = new Uint8Array(4096);
/** Value of the best flush (or straight flush) in a set of 5..7 ranks of one suit, by rank bitmask. */
export const FLUSH_VALUES = new Uint16Array(8192);
/** Per row of the perfect hash (sum >>> HASH_SHIFT): where the row starts in NOFLUSH_VALUES. */
export let HASH_ROW_BASE: Uint16Array = new Uint16Array(0);
export let NOFLUSH_VALUES: Uint16Array = new Uint16Array(0);

for (let c = 0; c < 52; c++) {
  CARD_RANK_KEY[c] = SCRAMBLED_RANK_KEYS[c >> 2];
  CARD_SUIT_KEY[c] = 1 << (3 * (c & 3));
  CARD_KEY[c] = ((SCRAMBLED_RANK_KEYS[c >> 2] << 9) + SUIT_KEYS_9[c & 3]) | 0;
}

/**
 * The smallest suit keys (0 for spades, then increasing) whose 7-card sums map to one flush verdict each:
 * an exhaustive search over the 120 suit distributions, run once to choose SUIT_KEYS_9 (test/eval reruns it).
 */
export function searchCompactSuitKeys(limit = 73): number[] | null {
  for (let k3 = 3; k3 < limit; k3++) {
    for (let k2 = 2; k2 < k3; k2++) {
      for (let k1 = 1; k1 < k2; k1++) if (compactSuitTable([0, k1, k2, k3])) return [0, k1, k2, k3];
    }
  }
  return null;
}

/** FLUSH_SUIT-style table for suit keys `keys`, or null when two distributions with different verdicts collide. */
export function compactSuitTable(keys: readonly number[]): Uint8Array | null {
  const table = new Uint8Array(512);
  const seen = new Uint8Array(512);
  for (let a = 0; a <= 7; a++) {
    for (let b = 0; a + b <= 7; b++) {
      for (let c = 0; a + b + c <= 7; c++) {
        const counts = [a, b, c, 7 - a - b - c];
        const sum = counts[0] * keys[0] + counts[1] * keys[1] + counts[2] * keys[2] + counts[3] * keys[3];
        if (sum >= 512) return null;
        const verdict = counts.findIndex((n) => n >= 5) + 1;
        if (seen[sum] && table[sum] !== verdict) return null;
        seen[sum] = 1;
        table[sum] = verdict;
      }
    }
  }
  return table;
}
{
  const table = compactSuitTable(SUIT_KEYS_9);
  if (!table) throw new Error('SUIT_KEYS_9 do not separate flushes');
  FLUSH_SUIT_9.set(table);
}

// ---- the slow, obviously-correct scorer the tables are built from ----------------------------------
// Raw score: category * 13^5 + up to five deciding ranks in base 13 (most significant first).
const B = 13;
const B5 = B ** 5;

function raw(category: number, a = 0, b = 0, c = 0, d = 0, e = 0): number {
  return (
    category * B5 +
    (((Math.max(a, 0) * B + Math.max(b, 0)) * B + Math.max(c, 0)) * B + Math.max(d, 0)) * B +
    Math.max(e, 0)
  );
}

/** Top rank of the best straight inside a rank bitmask, or -1 (the wheel A-2-3-4-5 tops at the 5). */
export function straightTop(mask: number): number {
  for (let top = 12; top >= 4; top--) {
    const need = 0b11111 << (top - 4);
    if ((mask & need) === need) return top;
  }
  const wheel = 0b1000000001111;
  return (mask & wheel) === wheel ? 3 : -1;
}

/** Raw score of the best hand among 5..7 cards of one suit given by their rank bitmask. */
export function rawFlush(mask: number): number {
  const top = straightTop(mask);
  if (top >= 0) return raw(8, top);
  const hi = [-1, -1, -1, -1, -1];
  for (let r = 12, n = 0; r >= 0 && n < 5; r--) if (mask & (1 << r)) hi[n++] = r;
  return raw(5, hi[0], hi[1], hi[2], hi[3], hi[4]);
}

const singles = new Int8Array(7);

/** Raw score of the best non-flush hand among 5..7 cards given by their rank counts (no allocation). */
export function rawRanks(counts: ArrayLike<number>): number {
  let mask = 0;
  let quad = -1;
  let trip1 = -1;
  let trip2 = -1;
  let pair1 = -1;
  let pair2 = -1;
  let pair3 = -1;
  let ns = 0;
  singles.fill(-1);
  for (let r = 12; r >= 0; r--) {
    const n = counts[r];
    if (n === 0) continue;
    mask |= 1 << r;
    if (n === 4) quad = r;
    else if (n === 3) {
      if (trip1 < 0) trip1 = r;
      else trip2 = r;
    } else if (n === 2) {
      if (pair1 < 0) pair1 = r;
      else if (pair2 < 0) pair2 = r;
      else pair3 = r;
    } else singles[ns++] = r;
  }
  const s0 = singles[0];
  if (quad >= 0) return raw(7, quad, Math.max(trip1, pair1, s0));
  if (trip1 >= 0 && (trip2 >= 0 || pair1 >= 0)) return raw(6, trip1, Math.max(trip2, pair1));
  const top = straightTop(mask);
  if (top >= 0) return raw(4, top);
  if (trip1 >= 0) return raw(3, trip1, s0, singles[1]);
  if (pair2 >= 0) return raw(2, pair1, pair2, Math.max(pair3, s0));
  if (pair1 >= 0) return raw(1, pair1, s0, singles[1], singles[2]);
  return raw(0, s0, singles[1], singles[2], singles[3], singles[4]);
}

// ---- dense values over the 7,462 distinct 5-card hands --------------------------------------------
const DENSE = new Map<number, number>();
const RAW_BY_VALUE = new Map<number, number>();
{
  const scores = new Set<number>();
  const counts = new Int8Array(13);
  const walk = (rank: number, left: number): void => {
    if (left === 0) {
      scores.add(rawRanks(counts));
      return;
    }
    if (rank > 12) return;
    for (let m = Math.min(4, left); m >= 0; m--) {
      counts[rank] = m;
      walk(rank + 1, left - m);
    }
    counts[rank] = 0;
  };
  walk(0, 5);
  for (let mask = 0; mask < 8192; mask++) if (popcount(mask) === 5) scores.add(rawFlush(mask));
  const sorted = [...scores].sort((a, b) => a - b);
  let category = -1;
  let index = 0;
  for (const s of sorted) {
    const cat = Math.floor(s / B5);
    if (cat !== category) {
      category = cat;
      index = 0;
    }
    const value = (cat << CATEGORY_SHIFT) | index++;
    DENSE.set(s, value);
    RAW_BY_VALUE.set(value, s);
  }
}

/** Number of distinct 5-card hand values (7,462 for a standard deck). */
export const DISTINCT_HANDS = DENSE.size;

/** Dense value of a raw score (any 5..7 card hand's best five). */
export function denseValue(rawScore: number): number {
  const v = DENSE.get(rawScore);
  if (v === undefined) throw new RangeError(`no hand has raw score ${rawScore}`);
  return v;
}

/** The deciding ranks of a hand value: its category and up to five ranks (0 = deuce), most significant first. */
export function decodeValue(value: number): { category: number; ranks: number[] } {
  const r = RAW_BY_VALUE.get(value);
  if (r === undefined) throw new RangeError(`not a hand value: ${value}`);
  return decodeRaw(r);
}

export function decodeRaw(rawScore: number): { category: number; ranks: number[] } {
  const ranks: number[] = [];
  let rest = rawScore % B5;
  for (let i = 0; i < 5; i++) {
    ranks.unshift(rest % B);
    rest = Math.floor(rest / B);
  }
  return { category: Math.floor(rawScore / B5), ranks };
}

for (let mask = 0; mask < 8192; mask++) if (popcount(mask) >= 5) FLUSH_VALUES[mask] = denseValue(rawFlush(mask));

for (let sum = 0; sum < 4096; sum++) {
  for (let s = 0; s < 4; s++) if (((sum >> (3 * s)) & 7) >= 5) FLUSH_SUIT[sum] = s + 1;
}

// ---- the non-flush perfect hash over all 7-card rank multisets -------------------------------------
// Rank-key sums are clustered (most keys sit near small sums), which makes displacement packing slow and
// loose. Multiplying by an odd constant modulo 2^23 is a bijection on 23-bit sums and commutes with the
// additions, so each card carries its key already multiplied and the sum only needs `& HASH_MASK`.
{
  const keys = new Int32Array(49205);
  const values = new Uint16Array(49205);
  let count = 0;
  const counts = new Int8Array(13);
  const walk = (rank: number, left: number, key: number): void => {
    if (left === 0) {
      keys[count] = key & HASH_MASK;
      values[count++] = denseValue(rawRanks(counts));
      return;
    }
    if (rank > 12) return;
    for (let m = Math.min(4, left); m >= 0; m--) {
      counts[rank] = m;
      walk(rank + 1, left - m, key + m * SCRAMBLED_RANK_KEYS[rank]);
    }
    counts[rank] = 0;
  };
  walk(0, 7, 0);
  if (count !== keys.length) throw new Error(`expected 49205 rank multisets, found ${count}`);
  const packed = packRows(keys, values);
  HASH_ROW_BASE = packed.bases;
  NOFLUSH_VALUES = packed.table;
}

/**
 * Displacement perfect hash: keys are split into rows by their high bits; rows, largest first, each take
 * the first base where all their low parts land on free slots. Fails loudly on a duplicate key.
 */
function packRows(keys: Int32Array, values: Uint16Array): { bases: Uint16Array; table: Uint16Array } {
  const rowCount = (HASH_MASK >>> HASH_SHIFT) + 1;
  const width = 1 << HASH_SHIFT;
  const rowLen = new Int32Array(rowCount);
  for (const k of keys) rowLen[k >>> HASH_SHIFT]++;
  const rowStart = new Int32Array(rowCount + 1);
  for (let r = 0; r < rowCount; r++) rowStart[r + 1] = rowStart[r] + rowLen[r];
  const members = new Int32Array(keys.length);
  const cursor = rowStart.slice(0, rowCount);
  for (let i = 0; i < keys.length; i++) members[cursor[keys[i] >>> HASH_SHIFT]++] = i;
  let maxLen = 0;
  for (const n of rowLen) if (n > maxLen) maxLen = n;
  // rows by length, longest first (counting sort keeps it linear)
  const byLen = new Int32Array(maxLen + 2);
  for (const n of rowLen) byLen[n]++;
  const next = new Int32Array(maxLen + 2);
  for (let n = maxLen - 1; n >= 0; n--) next[n] = next[n + 1] + byLen[n + 1];
  const order = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) if (rowLen[r] > 0) order[next[rowLen[r]]++] = r;
  const filledRows = rowCount - byLen[0];

  const capacity = keys.length * 2 + width;
  const used = new Uint8Array(capacity);
  const slotValue = new Uint16Array(capacity);
  const bases = new Uint16Array(rowCount);
  const lastBase = new Int32Array(maxLen + 1);
  let size = 0;
  let firstFree = 0;
  for (let o = 0; o < filledRows; o++) {
    const r = order[o];
    const a = rowStart[r];
    const b = rowStart[r + 1];
    let minLow = width;
    for (let j = a; j < b; j++) minLow = Math.min(minLow, keys[members[j]] & (width - 1));
    while (used[firstFree]) firstFree++;
    // rows of the same length failed below lastBase already: start there
    let base = Math.max(0, firstFree - minLow, lastBase[b - a]);
    for (; ; base++) {
      let j = a;
      while (j < b && !used[base + (keys[members[j]] & (width - 1))]) j++;
      if (j === b) break;
    }
    lastBase[b - a] = base;
    for (let j = a; j < b; j++) {
      const slot = base + (keys[members[j]] & (width - 1));
      if (used[slot]) throw new Error('rank keys are not unique');
      used[slot] = 1;
      slotValue[slot] = values[members[j]];
      if (slot >= size) size = slot + 1;
    }
    if (base > 0xffff) throw new Error('perfect hash row base beyond 16 bits');
    bases[r] = base;
  }
  return { bases, table: slotValue.slice(0, size) };
}

/** Value of a non-flush 7-card hand from the sum of its cards' CARD_RANK_KEY. */
export function noFlushValue(rankSum: number): number {
  const h = rankSum & HASH_MASK;
  return NOFLUSH_VALUES[HASH_ROW_BASE[h >>> HASH_SHIFT] + (h & HASH_ROW_MASK)];
}

function popcount(x: number): number {
  let n = 0;
  for (let v = x; v; v &= v - 1) n++;
  return n;
}
