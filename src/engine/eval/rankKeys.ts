// Additive rank keys: one integer per rank (2..A) such that the sums of any two different 7-card rank
// multisets (at most four cards per rank) differ. A hand's rank key is then the sum of its cards' keys,
// computed incrementally, and a perfect hash maps it to the hand's value.
//
// RANK_KEYS is the output of searchRankKeys() below (our own greedy search: ~95 s, so it is not run at
// start-up; test/eval checks the uniqueness property on every run). The largest 7-card sum is 7,825,759.
export const RANK_KEYS: readonly number[] = [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181];

/** Largest rank with four cards plus the next with three: the top of the 7-card key range. */
export const MAX_RANK_SUM = 4 * 1479181 + 3 * 636345;

/**
 * Greedy search: each rank takes the smallest key keeping the sums of equal-size multisets distinct
 * (sizes that can still be completed to 7 cards by the ranks above it). Deterministic; `ranks` < 13 gives the
 * first keys only (the last three take most of the time).
 */
export function searchRankKeys(ranks = 13): number[] {
  const N = 7;
  const SPACE = 1 << 24;
  const bits = Array.from({ length: N + 1 }, () => new Uint32Array(SPACE >>> 5));
  const has = (n: number, v: number): boolean => v < SPACE && ((bits[n][v >>> 5] >>> (v & 31)) & 1) === 1;
  const lists: number[][] = Array.from({ length: N + 1 }, () => []);
  lists[0].push(0);
  bits[0][0] = 1;
  const keys: number[] = [];
  for (let r = 0; r < ranks; r++) {
    // sizes that still matter once rank r is placed: completable with 4 cards per remaining rank
    const minSize = Math.max(0, N - 4 * (12 - r));
    let k = r === 0 ? 0 : keys[r - 1] + 1;
    for (; r > 0; k++) {
      let ok = true;
      for (let n = 0; n < N && ok; n++) {
        for (const s of lists[n]) {
          for (let j = 1; j <= 4 && n + j <= N; j++) {
            if (n + j >= minSize && has(n + j, s + j * k)) {
              ok = false;
              break;
            }
          }
          if (!ok) break;
        }
      }
      if (ok) break;
    }
    keys.push(k);
    const added: number[][] = Array.from({ length: N + 1 }, () => []);
    for (let n = 0; n < N; n++)
      for (const s of lists[n]) for (let j = 1; j <= 4 && n + j <= N; j++) added[n + j].push(s + j * k);
    for (let n = 0; n <= N; n++) {
      for (const v of added[n]) if (v < SPACE) bits[n][v >>> 5] |= 1 << (v & 31);
      lists[n] = lists[n].concat(added[n]);
    }
  }
  return keys;
}
