// Timing helpers: medians of timed passes after warm-up, passes of the compared runs interleaved so that
// machine noise hits them alike.

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Spread of the passes as max/min, a rough noise figure printed beside each median. */
export function spread(xs: readonly number[]): number {
  return Math.max(...xs) / Math.min(...xs);
}

/**
 * Runs each contender `warmup` times untimed, then `passes` rounds in which every contender runs once, in
 * turn; returns each one's pass times in ms. A contender returns a value that is kept so work is not elided.
 */
export function timeInterleaved(
  contenders: Record<string, () => number>,
  passes: number,
  warmup = 1,
): { times: Record<string, number[]>; sink: number } {
  const names = Object.keys(contenders);
  const times: Record<string, number[]> = {};
  let sink = 0;
  for (const n of names) {
    times[n] = [];
    for (let w = 0; w < warmup; w++) sink += contenders[n]();
  }
  for (let p = 0; p < passes; p++) {
    for (const n of names) {
      const t0 = performance.now();
      sink += contenders[n]();
      times[n].push(performance.now() - t0);
    }
  }
  return { times, sink };
}
