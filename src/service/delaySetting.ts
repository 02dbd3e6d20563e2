// The broadcast delay is a setting like the blind level: every change the floor makes is a record of the event log
// and a restart replays them. The floor may lengthen the delay while the table runs, never shorten it, and a crash
// must not shorten it either: a restart with the same command line keeps the longest delay the floor set under
// that command line's delay. A start naming another delay (`--delay`: the README's "shortening takes a restart")
// applies that one. Each floor record names the command line's delay it was made under (`under`), so a start
// logs nothing (a restart loop on a full disk costs no record); a start that went back to an earlier command line
// with no floor change since finds the earlier lengthening again: longer, never shorter.
import type { EventLog } from '../session/log.js';
import type { ConfigRecord } from '../session/types.js';

/** The delay a start resumes with, from the log and the command line's `startMs`. */
export function delayAtStart(log: EventLog, startMs: number): number {
  let under: number | null = null;
  let longest = 0;
  for (const r of log.records()) {
    if (r.kind !== 'config') continue;
    const d = r.data.broadcastDelay;
    if (!d || !(Number.isFinite(d.ms) && d.ms >= 0)) continue;
    if (d.under !== under) {
      under = d.under;
      longest = d.ms;
    } else longest = Math.max(longest, d.ms);
  }
  return under === startMs ? Math.max(startMs, longest) : startMs;
}

/** The record of the floor lengthening the delay to `ms` under the command line's `underMs`. */
export function floorDelayRecord(ms: number, underMs: number): ConfigRecord {
  return { broadcastDelay: { ms, under: underMs } };
}
