// Arithmetic on the chips lying in a betting zone (each number one chip's denomination).

export function chipSum(chips: readonly number[]): number {
  let t = 0;
  for (let i = 0; i < chips.length; i++) t += chips[i];
  return t;
}

/**
 * Removes chips worth `amount` from `chips`, exact chips first, then the largest ones, making change with a single
 * chip of the difference when no exact set exists (the dealer would make change).
 */
export function removeValue(chips: readonly number[], amount: number): number[] {
  const rest = chips.slice().sort((a, b) => b - a);
  let left = amount;
  for (let i = 0; i < rest.length && left > 0; ) {
    if (rest[i] <= left) {
      left -= rest[i];
      rest.splice(i, 1);
    } else i++;
  }
  if (left > 0 && rest.length > 0) {
    // take the smallest chip that covers what is left and give back the difference
    let k = rest.length - 1;
    while (k > 0 && rest[k] < left) k--;
    const chip = rest[k];
    rest.splice(k, 1);
    if (chip > left) rest.push(chip - left);
  }
  return rest;
}

/** The chips in `after` that were not in `before`, or null when some chip of `before` is gone. */
export function addedChips(before: readonly number[], after: readonly number[]): number[] | null {
  const rest = after.slice();
  for (const b of before) {
    const i = rest.indexOf(b);
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

/** `chips` minus `base` (a multiset difference; a base chip no longer present is removed by value). */
export function minusChips(chips: readonly number[], base: readonly number[]): number[] {
  if (base.length === 0) return chips as number[];
  let rest = chips.slice();
  let missing = 0;
  for (const b of base) {
    const i = rest.indexOf(b);
    if (i >= 0) rest.splice(i, 1);
    else missing += b;
  }
  if (missing > 0) rest = removeValue(rest, missing);
  return rest;
}

/** The chips worth `amount` a dealer would use: the largest denominations first. */
export function decompose(amount: number, denominations: readonly number[]): number[] {
  const out: number[] = [];
  let left = amount;
  for (let i = denominations.length - 1; i >= 0 && left > 0; i--) {
    const d = denominations[i];
    while (left >= d) {
      out.push(d);
      left -= d;
    }
  }
  if (left > 0) out.push(left);
  return out;
}
