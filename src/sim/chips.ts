// How a simulated player makes up an amount in chips: the largest denominations first, exact, and never a single
// chip for a raise (one chip facing a bet reads as a call, tda 44).
export function chipsFor(
  amount: number,
  denominations: readonly number[],
  opts: { atLeastTwo?: boolean } = {},
): number[] {
  const denoms = [...denominations].sort((a, b) => b - a);
  const out: number[] = [];
  let rest = amount;
  for (const d of denoms) {
    while (rest >= d) {
      out.push(d);
      rest -= d;
    }
  }
  if (rest !== 0) throw new RangeError(`${amount} cannot be made of ${denoms.join('/')}`);
  if (opts.atLeastTwo && out.length === 1) {
    // break the single chip into the next denominations down
    const big = out[0];
    const smaller = denoms.filter((d) => d < big);
    if (smaller.length) {
      const half = chipsFor(big - smaller[0], denoms);
      return [smaller[0], ...half].sort((a, b) => b - a);
    }
  }
  return out;
}
