// The delayed broadcast survives a restart: the states the overlay has not yet shown (the last broadcast delay of
// the table) are rebuilt from the event log, which has every event's wall time, by re-running the logged hands
// (HandArchive.steps). The hub gets them in order at start-up, so that the overlay shows the table as it was one
// delay ago at once, instead of staying blank for a whole delay. Equities are not rebuilt (they were computed live).

import type { EventLog } from '../session/log.js';
import { Roster } from '../session/roster.js';
import type { SessionState } from '../session/types.js';
import type { HandArchive } from '../store/index.js';

/**
 * Session states of the last `delayMs` before `now` (and the one state just before that window: what was on air),
 * oldest first, built on `current` (the recovered session's state: config, level, health).
 */
export function overlayHistory(
  log: EventLog,
  archive: HandArchive,
  current: SessionState,
  delayMs: number,
  now: number,
): SessionState[] {
  if (!(delayMs > 0)) return [];
  const from = now - delayMs;
  // the hands with a record in the window, and the hand of the last record before it; the roster at each hand
  const hands = new Set<number>();
  let before: number | null = null;
  const roster = new Roster();
  const rosterOf = new Map<number, ReturnType<Roster['list']>>();
  for (const r of log.records()) {
    if (r.kind === 'config' && r.data.roster) {
      try {
        roster.apply(r.data.roster);
      } catch {
        // refused when logged: nothing changed then either
      }
    }
    rosterOf.set(r.hand, roster.list());
    if (r.wall < from) before = r.hand;
    else hands.add(r.hand);
  }
  if (before !== null) hands.add(before);
  const out: SessionState[] = [];
  let last: SessionState | null = null;
  for (const handNo of [...hands].sort((a, b) => a - b)) {
    let steps: ReturnType<HandArchive['steps']>;
    try {
      steps = archive.steps(handNo);
    } catch {
      continue; // a hand the archive cannot re-run shows nothing, as before
    }
    for (const step of steps) {
      const state: SessionState = {
        ...current,
        version: 0,
        handNo,
        wall: step.wall,
        hand: step.snapshot,
        handOver: step.snapshot.phase === 'complete',
        handStartWall: null,
        tableAlerts: [],
        clock: null,
        roster: rosterOf.get(handNo) ?? [],
        // the floor's history is today's, and not the overlay's
        floorLog: undefined,
      };
      if (step.wall < from) last = state;
      else out.push(state);
    }
  }
  return last ? [last, ...out] : out;
}
