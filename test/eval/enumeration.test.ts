// Every one of the 133,784,560 seven-card hands, through evaluate7 itself: about 20 s of CPU (50 s wall on a
// loaded 2-core machine); the longest test of the evaluator.
import { describe, expect, it } from 'vitest';
import { categoryOf, evaluate7 } from '../../src/engine/eval/index.js';

describe('all 7-card hands', () => {
  it('fall into the known category counts', { timeout: 300_000 }, () => {
    const counts = new Float64Array(9);
    for (let a = 0; a < 46; a++)
      for (let b = a + 1; b < 47; b++)
        for (let c = b + 1; c < 48; c++)
          for (let d = c + 1; d < 49; d++)
            for (let e = d + 1; e < 50; e++)
              for (let f = e + 1; f < 51; f++)
                for (let g = f + 1; g < 52; g++) counts[categoryOf(evaluate7(a, b, c, d, e, f, g))]++;
    expect(Array.from(counts)).toEqual([
      23_294_460, // high card
      58_627_800, // one pair
      31_433_400, // two pair
      6_461_620, // three of a kind
      6_180_020, // straight
      4_047_644, // flush
      3_473_184, // full house
      224_848, // four of a kind
      41_584, // straight flush
    ]);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(133_784_560);
  });
});
