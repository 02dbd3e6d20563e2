// The one fold of a hand's log: every reader that re-runs a hand (the session live and at recovery, its trial of a
// resume reading, the archive's hands and steps, hence the floor's step-through and the overlay's rebuild) applies
// each logged event with `evolve` and walks a hand with `foldHand`, on the same engine interface. The engine decides
// (its decisions, typed, are in the state's snapshot); evolve is where an event it refuses leaves the state as the
// engine left it, with the reason.
import type { HandSnapshot, TableConfig, TableEvent } from '../engine/types.js';

/** The engine functions a reader of the log needs (src/engine; a test or bench may inject another build). */
export interface ReplayEngine<S = unknown> {
  createHand(config: TableConfig): S;
  applyEvent(state: S, ev: TableEvent): S;
  snapshot(state: S): HandSnapshot;
  isHandOver(state: S): boolean;
}

/** One event applied: the state after it, and the engine's error when it refused the event (null when it took it). */
export interface Evolved<S> {
  state: S;
  refused: Error | null;
}

/** Applies one logged event; an event the engine refuses is reported, not thrown (the log keeps it, the hand goes on). */
export function evolve<S>(engine: ReplayEngine<S>, state: S, ev: TableEvent): Evolved<S> {
  try {
    return { state: engine.applyEvent(state, ev), refused: null };
  } catch (err) {
    return { state, refused: err instanceof Error ? err : new Error(String(err)) };
  }
}

/**
 * Folds a hand's logged events (each item's `data`) with `evolve` from `state`, calling `visit` after each with the
 * step; returns the state at the end.
 */
export function foldHand<S, R extends { data: TableEvent }>(
  engine: ReplayEngine<S>,
  state: S,
  items: Iterable<R>,
  visit?: (item: R, step: Evolved<S>) => void,
): S {
  let cur = state;
  for (const item of items) {
    const step = evolve(engine, cur, item.data);
    cur = step.state;
    visit?.(item, step);
  }
  return cur;
}
