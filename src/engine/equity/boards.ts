// Equity by visiting every board: the flop (2 cards to come), the turn (1) and the river (0), and any
// other case when asked to (tests check the preflop shortcut against it). Each player's hole cards and
// the known board are summed once; each board then costs two additions and a table read per player.
import { CARD_RANK_KEY, CARD_SUIT_KEY, FLUSH_SUIT, FLUSH_VALUES, HASH_MASK, HASH_OFFSETS, HASH_SHIFT, NOFLUSH_VALUES } from '../eval/tables.js';
import { Tally } from './tally.js';

const RK = CARD_RANK_KEY;
const SK = CARD_SUIT_KEY;
const NF = NOFLUSH_VALUES;
const OFF = HASH_OFFSETS;

export interface Prepared {
  n: number;
  /** per player: rank-key and suit-key sums of hole cards + known board */
  rankSum: Int32Array;
  suitSum: Int32Array;
  /** per player and suit (i * 4 + s): rank bitmask of hole cards + known board */
  suitMask: Int32Array;
  /** the cards still in the deck, ascending */
  deck: Int32Array;
}

export function prepare(hands: readonly (readonly number[])[], board: readonly number[], dead: readonly number[]): Prepared {
  const n = hands.length;
  const rankSum = new Int32Array(n);
  const suitSum = new Int32Array(n);
  const suitMask = new Int32Array(n * 4);
  const out = new Uint8Array(52);
  for (const c of board) out[c] = 1;
  for (const c of dead) out[c] = 1;
  for (let i = 0; i < n; i++) {
    for (const c of [...hands[i], ...board]) {
      out[c] = 1;
      rankSum[i] += RK[c];
      suitSum[i] += SK[c];
      suitMask[i * 4 + (c & 3)] |= 1 << (c >> 2);
    }
  }
  const deck: number[] = [];
  for (let c = 0; c < 52; c++) if (!out[c]) deck.push(c);
  return { n, rankSum, suitSum, suitMask, deck: Int32Array.from(deck) };
}

/** Value of player i's 7 cards once the dealt cards add `rank`, `suit` sums and per-suit masks m0..m3. */
function valueOf(p: Prepared, i: number, rank: number, suit: number, masks: Int32Array): number {
  const flush = FLUSH_SUIT[p.suitSum[i] + suit];
  if (flush !== 0) return FLUSH_VALUES[p.suitMask[i * 4 + flush - 1] | masks[flush - 1]];
  const h = (p.rankSum[i] + rank) & HASH_MASK;
  return NF[h + OFF[h >>> HASH_SHIFT]];
}

/** Visits every way to deal `toCome` cards from the deck (0..5) and tallies the showdowns. */
export function boardsTally(p: Prepared, toCome: number): { tally: Tally; boards: number } {
  const { n, deck } = p;
  const tally = new Tally(n);
  const values = new Int32Array(n);
  const masks = new Int32Array(4);
  const d = deck.length;
  let boards = 0;
  if (toCome === 2) return flopTally(p, tally);
  const walk = (from: number, left: number, rank: number, suit: number): void => {
    if (left === 0) {
      for (let i = 0; i < n; i++) values[i] = valueOf(p, i, rank, suit, masks);
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
 * The flop (two cards to come), the live hot path: each turn card's sums are formed once, each river card then
 * costs two additions, a flush test and one table read per player; outright wins are counted in integers and
 * only ties go through the general tally.
 */
function flopTally(p: Prepared, tally: Tally): { tally: Tally; boards: number } {
  const { n, deck, rankSum, suitSum, suitMask } = p;
  const d = deck.length;
  const values = new Int32Array(n);
  const wins = new Int32Array(n);
  let boards = 0;
  for (let x = 0; x < d - 1; x++) {
    const a = deck[x];
    const ra = RK[a];
    const sa = SK[a];
    const suitA = a & 3;
    const bitA = 1 << (a >> 2);
    for (let y = x + 1; y < d; y++) {
      const b = deck[y];
      const rank = ra + RK[b];
      const suit = sa + SK[b];
      let best = -1;
      let count = 0;
      let who = 0;
      for (let i = 0; i < n; i++) {
        const flush = FLUSH_SUIT[suitSum[i] + suit];
        let v: number;
        if (flush === 0) {
          const h = (rankSum[i] + rank) & HASH_MASK;
          v = NF[h + OFF[h >>> HASH_SHIFT]];
        } else {
          const fs = flush - 1;
          let mask = suitMask[i * 4 + fs];
          if (suitA === fs) mask |= bitA;
          if ((b & 3) === fs) mask |= 1 << (b >> 2);
          v = FLUSH_VALUES[mask];
        }
        values[i] = v;
        if (v > best) {
          best = v;
          count = 1;
          who = i;
        } else if (v === best) count++;
      }
      if (count === 1) wins[who]++;
      else tally.add(values, 1);
      boards++;
    }
  }
  for (let i = 0; i < n; i++) tally.win[i] += wins[i];
  return { tally, boards };
}
