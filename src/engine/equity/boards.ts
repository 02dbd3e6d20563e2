// Equity by visiting every board: the flop (2 cards to come), the turn (1) and the river (0), and any
// other case when asked to (tests check the preflop shortcut against it). Each player's hole cards and
// the known board are summed once; each board then costs two additions and a table read per player.
import {
  CARD_RANK_KEY,
  CARD_SUIT_KEY,
  FLUSH_SUIT,
  FLUSH_VALUES,
  HASH_MASK,
  HASH_ROW_BASE,
  HASH_ROW_MASK,
  HASH_SHIFT,
  NOFLUSH_VALUES,
} from '../eval/tables.js';
import { Tally } from './tally.js';

const RK = CARD_RANK_KEY;
const SK = CARD_SUIT_KEY;
const NF = NOFLUSH_VALUES;
const BASE = HASH_ROW_BASE;

export interface Prepared {
  n: number;
  /** per player: rank-key and suit-key sums of hole cards + known board */
  rankSum: Int32Array;
  suitSum: Int32Array;
  /** per player and suit (i * 4 + s): rank bitmask of hole cards + known board */
  suitMask: Int32Array;
  /** the cards still in the deck, ascending: deck[0..d) */
  deck: Int32Array;
  d: number;
}

// Scratch reused by every call: a live flop costs microseconds, and allocations were a third of it.
// (Calls never overlap: JavaScript runs one at a time per thread.)
const MAX_HANDS = 10;
const scratch: Prepared = {
  n: 0,
  rankSum: new Int32Array(MAX_HANDS),
  suitSum: new Int32Array(MAX_HANDS),
  suitMask: new Int32Array(MAX_HANDS * 4),
  deck: new Int32Array(52),
  d: 0,
};
const gone = new Uint8Array(52);
const values = new Int32Array(MAX_HANDS);
const need = new Int32Array(4);
const ofRank = new Int32Array(13);
const byRank = new Float64Array(169);

/** Sums each hand with the known board; the request is valid (validateRequest), at most 10 hands. */
export function prepare(
  hands: readonly (readonly number[])[],
  board: readonly number[],
  dead: readonly number[],
): Prepared {
  const p = scratch;
  const n = hands.length;
  p.n = n;
  gone.fill(0);
  let boardRank = 0;
  let boardSuit = 0;
  const boardMask = [0, 0, 0, 0];
  for (const c of board) {
    gone[c] = 1;
    boardRank += RK[c];
    boardSuit += SK[c];
    boardMask[c & 3] |= 1 << (c >> 2);
  }
  for (const c of dead) gone[c] = 1;
  for (let i = 0; i < n; i++) {
    const [x, y] = hands[i];
    gone[x] = 1;
    gone[y] = 1;
    p.rankSum[i] = boardRank + RK[x] + RK[y];
    p.suitSum[i] = boardSuit + SK[x] + SK[y];
    for (let s = 0; s < 4; s++) p.suitMask[i * 4 + s] = boardMask[s];
    p.suitMask[i * 4 + (x & 3)] |= 1 << (x >> 2);
    p.suitMask[i * 4 + (y & 3)] |= 1 << (y >> 2);
  }
  let d = 0;
  for (let c = 0; c < 52; c++) if (!gone[c]) p.deck[d++] = c;
  p.d = d;
  return p;
}

/** Value of player i's 7 cards once the dealt cards add `rank`, `suit` sums and per-suit masks m0..m3. */
function valueAfterDeal(p: Prepared, i: number, rank: number, suit: number, masks: Int32Array): number {
  const flush = FLUSH_SUIT[p.suitSum[i] + suit];
  if (flush !== 0) return FLUSH_VALUES[p.suitMask[i * 4 + flush - 1] | masks[flush - 1]];
  const h = (p.rankSum[i] + rank) & HASH_MASK;
  return NF[BASE[h >>> HASH_SHIFT] + (h & HASH_ROW_MASK)];
}

/** Visits every way to deal `toCome` cards from the deck (0..5) and tallies the showdowns. */
export function boardsTally(p: Prepared, toCome: number, oneByOne = false): { tally: Tally; boards: number } {
  const tally = new Tally(p.n);
  if (toCome === 2 && !oneByOne) return flopTally(p, tally);
  return walkAll(p, tally, toCome);
}

/** Every way to deal `toCome` cards, one by one. */
function walkAll(p: Prepared, tally: Tally, toCome: number): { tally: Tally; boards: number } {
  const { n, deck, d } = p;
  const masks = new Int32Array(4);
  let boards = 0;
  const walk = (from: number, left: number, rank: number, suit: number): void => {
    if (left === 0) {
      for (let i = 0; i < n; i++) values[i] = valueAfterDeal(p, i, rank, suit, masks);
      tally.add(values, 1);
      boards++;
      return;
    }
    for (let x = from; x <= d - left; x++) {
      const c = deck[x];
      const bit = 1 << (c >> 2);
      masks[c & 3] |= bit;
      walk(x + 1, left - 1, rank + RK[c], suit + SK[c]);
      masks[c & 3] &= ~bit;
    }
  };
  walk(0, toCome, 0, 0);
  return { tally, boards };
}

/**
 * The flop (two cards to come), the live hot path. A pair of cards that cannot complete anyone's flush is
 * worth only its ranks: those pairs are counted by rank class (at most 91 classes, counted by formula) and
 * each class is evaluated once. Only the pairs that can complete a flush (two cards of a suit some hand needs
 * two of, or a card of a suit some hand needs one of) are visited one by one and taken off their class.
 */
function flopTally(p: Prepared, tally: Tally): { tally: Tally; boards: number } {
  const { n, deck, d, rankSum, suitSum, suitMask } = p;
  // need[s]: cards of suit s still needed by the hand closest to a flush in s (0: someone has one already)
  need.fill(5);
  for (let i = 0; i < n; i++)
    for (let s = 0; s < 4; s++) need[s] = Math.min(need[s], 5 - ((suitSum[i] >> (3 * s)) & 7));
  if (need[0] <= 0 || need[1] <= 0 || need[2] <= 0 || need[3] <= 0) return walkAll(p, tally, 2);

  ofRank.fill(0);
  for (let x = 0; x < d; x++) ofRank[deck[x] >> 2]++;
  byRank.fill(0);
  for (let r1 = 0; r1 < 13; r1++) {
    byRank[r1 * 13 + r1] = (ofRank[r1] * (ofRank[r1] - 1)) / 2;
    for (let r2 = r1 + 1; r2 < 13; r2++) byRank[r1 * 13 + r2] = ofRank[r1] * ofRank[r2];
  }

  // `weight` pairs: a with b, or (b < 0) a with any of `weight` cards of rank `rankB` that cannot help a flush
  const showdown = (a: number, b: number, rankB: number, weight: number): void => {
    const rank = RK[a] + RK[rankB * 4];
    const suit = SK[a] + (b >= 0 ? SK[b] : 0);
    let best = -1;
    let count = 0;
    let who = 0;
    for (let i = 0; i < n; i++) {
      const flush = FLUSH_SUIT[suitSum[i] + suit];
      let v: number;
      if (flush === 0) {
        const h = (rankSum[i] + rank) & HASH_MASK;
        v = NF[BASE[h >>> HASH_SHIFT] + (h & HASH_ROW_MASK)];
      } else {
        const fs = flush - 1;
        let mask = suitMask[i * 4 + fs];
        if ((a & 3) === fs) mask |= 1 << (a >> 2);
        if (b >= 0 && (b & 3) === fs) mask |= 1 << (b >> 2);
        v = FLUSH_VALUES[mask];
      }
      values[i] = v;
      if (v > best) {
        best = v;
        count = 1;
        who = i;
      } else if (v === best) count++;
    }
    if (count === 1) tally.win[who] += weight;
    else tally.add(values, weight);
    const lo = Math.min(a >> 2, rankB);
    const hi = Math.max(a >> 2, rankB);
    byRank[lo * 13 + hi] -= weight;
  };
  const partners = new Int32Array(13);
  for (let x = 0; x < d; x++) {
    const a = deck[x];
    const needA = need[a & 3];
    if (needA === 1) {
      // with a card of another one-card suit: pair by pair (once per pair); with any other card: only its
      // rank matters, so partners are counted by rank and each rank evaluated once
      partners.fill(0);
      for (let y = 0; y < d; y++) {
        const b = deck[y];
        if (b === a) continue;
        if (need[b & 3] === 1) {
          if (b > a) showdown(a, b, b >> 2, 1);
        } else partners[b >> 2]++;
      }
      for (let r = 0; r < 13; r++) if (partners[r] > 0) showdown(a, -1, r, partners[r]);
    } else if (needA === 2) {
      for (let y = x + 1; y < d; y++) if ((deck[y] & 3) === (a & 3)) showdown(a, deck[y], deck[y] >> 2, 1);
    }
  }
  for (let r1 = 0; r1 < 13; r1++) {
    for (let r2 = r1; r2 < 13; r2++) {
      const weight = byRank[r1 * 13 + r2];
      if (weight === 0) continue;
      const rank = RK[r1 * 4] + RK[r2 * 4];
      for (let i = 0; i < n; i++) {
        const h = (rankSum[i] + rank) & HASH_MASK;
        values[i] = NF[BASE[h >>> HASH_SHIFT] + (h & HASH_ROW_MASK)];
      }
      tally.add(values, weight);
    }
  }
  return { tally, boards: (d * (d - 1)) / 2 };
}
