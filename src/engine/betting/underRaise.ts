// Raises under the minimum acted on by others (tda 52): if players act on a raise under the minimum before the error
// is noticed, all must complete to the minimum.

export interface ActedOn {
  seat: number;
  /** the seat's total for the round after acting on the short raise (folded seats are left out) */
  to: number;
}

/**
 * What each seat owes once the short raise to `raisedTo` is noticed: the raiser completes to `minTo`, and every seat
 * that matched the short raise completes to it too. Seats beyond the minimum owe nothing.
 */
export function underRaiseCompletion(
  raiser: number,
  raisedTo: number,
  minTo: number,
  actedOn: readonly ActedOn[],
): Record<number, number> {
  const owed: Record<number, number> = {};
  if (raisedTo >= minTo) return owed;
  owed[raiser] = minTo - raisedTo;
  for (const a of actedOn) if (a.to >= raisedTo && a.to < minTo) owed[a.seat] = minTo - a.to;
  return owed;
}
