// Splitting a pot among tied winners (LOI 3, TDA 2024 rule 20): break the remainder down to the smallest
// denomination in play, then give the odd chips one at a time clockwise from the first seat left of the button.

/** `winners` must be ordered clockwise from the first seat left of the button. Returns seat -> share. */
export function splitPot(amount: number, winners: readonly number[], unit: number): Map<number, number> {
  const shares = new Map<number, number>();
  const k = winners.length;
  if (k === 0) return shares;
  const u = unit > 0 ? unit : 1;
  const units = Math.floor(amount / u);
  const each = Math.floor(units / k);
  let odd = units - each * k;
  // chips below the smallest denomination (cannot happen with real chips) go with the first odd chip
  const dust = amount - units * u;
  for (let i = 0; i < k; i++) {
    let share = each * u;
    if (odd > 0) {
      share += u;
      odd--;
    }
    if (i === 0) share += dust;
    shares.set(winners[i], share);
  }
  return shares;
}

/** The smallest denomination in play (the odd chip's unit), whatever order the table lists them in. */
export function smallestChip(chips: readonly number[]): number {
  let min = Number.POSITIVE_INFINITY;
  for (const c of chips) if (c > 0 && c < min) min = c;
  return Number.isFinite(min) ? min : 1;
}
