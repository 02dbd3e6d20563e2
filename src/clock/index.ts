// Two clocks, never mixed. Every age inside the process (the broadcast delay, holds, timers, the room's sealing) is
// measured on the monotonic clock (performance.now(): it never jumps, whatever NTP, the operator or a time zone do
// to the wall clock). The wall clock (Date.now()) is only for what is written down: log records, hand histories,
// messages' `sent`.
//
// An age that has to be read from the wall clock (a record logged before this process started: the monotonic
// clock starts again at every boot) counts only while the kernel says the clock is synchronised (adjtimex's
// STA_UNSYNC bit clear, what `timedatectl` shows as "System clock synchronized"). A Pi has no battery-backed clock:
// it boots on its last saved time and NTP moves it later, so before that an age from the wall clock is anything.
// Unsynchronised, a logged record counts as made at this start: a delay runs again in full (late, never early).
import { execFileSync } from 'node:child_process';

/** ms on a clock that only moves forward (the process's performance.now()) */
export type MonotonicClock = () => number;
/** ms since the epoch (Date.now()), for records */
export type WallClock = () => number;
/** true when the kernel says the wall clock is synchronised (NTP) */
export type SyncProbe = () => boolean;

export const monotonicNow: MonotonicClock = () => performance.now();
export const wallNow: WallClock = () => Date.now();

/**
 * The kernel's "clock synchronised" flag, as systemd's timedatectl reads it (adjtimex, STA_UNSYNC clear). Node has
 * no adjtimex; a system without timedatectl (or where it cannot answer) counts as unsynchronised.
 */
export const systemClockSynchronised: SyncProbe = () => {
  try {
    const out = execFileSync('timedatectl', ['show', '-p', 'NTPSynchronized', '--value'], {
      encoding: 'utf8',
      timeout: 2000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.trim() === 'yes';
  } catch {
    return false;
  }
};

/**
 * The monotonic time of things that happened before this process started, known only by their wall time. Taken
 * once at start: the wall clock then, the monotonic clock then, and whether the wall clock was synchronised.
 */
export class StartEpoch {
  readonly wall: number;
  readonly mono: number;
  readonly synchronised: boolean;

  constructor(
    wall: WallClock = wallNow,
    mono: MonotonicClock = monotonicNow,
    probe: SyncProbe = systemClockSynchronised,
  ) {
    this.wall = wall();
    this.mono = mono();
    this.synchronised = probe();
  }

  /** the monotonic ms of a record logged at `wall` before the start: its wall age at start when the clock was
   * synchronised (never in the future), else the start itself */
  monoOf(wall: number): number {
    if (!this.synchronised || !Number.isFinite(wall)) return this.mono;
    return this.mono - Math.max(0, this.wall - wall);
  }
}
