// Seeded xorshift32 so that every run draws the same "random" hands.
export function xorshift(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** n distinct cards out of 52, avoiding `exclude`. */
export function drawCards(rnd: () => number, n: number, exclude: readonly number[] = []): number[] {
  const used = new Set(exclude);
  const out: number[] = [];
  while (out.length < n) {
    const c = Math.floor(rnd() * 52);
    if (!used.has(c)) {
      used.add(c);
      out.push(c);
    }
  }
  return out;
}
