// The broadcast delay is a setting like the blind level: every change is a record of the event log and a restart
// replays them. The floor may lengthen the delay while the table runs, never shorten it, and a crash must not
// shorten it either: a restart with the same command line keeps the longest delay set since that command line's
// delay was first logged. A start naming another delay (`--delay`, the README's "shortening takes a restart")
// applies that one and logs it.
import type { EventLog } from '../session/log.js';
import type { ConfigRecord } from '../session/types.js';

export interface DelayAtStart {
  /** the delay in force */
  ms: number;
  /** the command line's delay differs from the last one logged: a record to append */
  log: ConfigRecord | null;
}

/** The delay a start resumes with, from the log and the command line's `startMs`. */
export function delayAtStart(log: EventLog, startMs: number): DelayAtStart {
  let lastStart: number | null = null;
  let longest = Number.NEGATIVE_INFINITY;
  for (const r of log.records()) {
    if (r.kind !== 'config') continue;
    const d = (r.data as ConfigRecord).broadcastDelay;
    if (!d || !(Number.isFinite(d.ms) && d.ms >= 0)) continue;
    if (d.by === 'start') {
      lastStart = d.ms;
      longest = d.ms;
    } else longest = Math.max(longest, d.ms);
  }
  if (lastStart === startMs) return { ms: Math.max(startMs, longest), log: null };
  // a first start, or the command line changed the delay: it applies as given (and the floor's lengthenings under
  // the previous command line stay in the log as what they were)
  return { ms: startMs, log: { broadcastDelay: { ms: startMs, by: 'start' } } };
}

/** The record of the floor lengthening the delay. */
export function floorDelayRecord(ms: number): ConfigRecord {
  return { broadcastDelay: { ms, by: 'floor' } };
}
