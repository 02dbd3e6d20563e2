// What the simulated dealer and players reckon without the table: the dealing order, the chips of a raise, how many
// tags one antenna can report.
import type { TableConfig } from '../engine/types.js';
import { chipsFor } from './chips.js';
import { SIM_DENOMINATIONS } from './tags.js';

/** tags one antenna can report: an INV frame of 160 bytes lists 15 of the simulator's 8-digit UIDs */
export const ZONE_TAG_LIMIT = 15;

/** A raise in chips the rules read as a raise: the call made up on its own plus the raise on top, so that not every
 * chip is needed to call (tda 45) and never a single chip facing a bet (tda 44: one chip is a call). */
export function raiseChips(add: number, toCall: number): number[] {
  if (toCall <= 0) return chipsFor(add, SIM_DENOMINATIONS);
  return [...chipsFor(toCall, SIM_DENOMINATIONS), ...chipsFor(add - toCall, SIM_DENOMINATIONS)].sort((a, b) => b - a);
}

/** Seats in dealing order: clockwise from the first occupied seat left of the button (heads-up: the big blind). */
export function dealOrder(config: TableConfig): number[] {
  const occupied = Object.keys(config.seats)
    .map(Number)
    .sort((a, b) => a - b);
  const after = occupied.filter((s) => s > config.button);
  const before = occupied.filter((s) => s <= config.button);
  return [...after, ...before];
}
