// The tournament clock: the structure's periods (levels and breaks) run one after the other on an injected monotonic
// clock; the TD pauses, resumes, adds (or takes) time, or moves to another period. Its state is plain data, saved at
// every change and at checkpoints, so the clock survives a restart of the room: it comes back at the saved period
// with the saved time left (a monotonic clock does not span the restart, so the downtime is not run off).
//
// LOI 18, club 8-4, 8-5: a new level applies from the next hand, and a hand starts at its first shuffle: a table asks
// `levelAtShuffle` when it shuffles, and keeps those blinds for the whole hand.
import { TournamentError } from './errors.js';
import type { Level, Period, Structure } from './structure.js';

export type MonotonicClock = () => number;

export interface ClockState {
  v: 1;
  period: number;
  /** ms left in the period when the state was taken */
  remainingMs: number;
  running: boolean;
  /** the clock has passed its last level (the last level's blinds stay) */
  ended: boolean;
}

export interface ClockStatus extends ClockState {
  current: Period;
  /** the level in play, or after a break the one that follows it */
  level: Level;
  next: Period | null;
}

const MIN = 60_000;

export class TournamentClock {
  private period = 0;
  private remaining: number;
  private running = false;
  private ended = false;
  /** monotonic time at which `remaining` was taken */
  private anchor: number;

  constructor(
    private readonly structure: Structure,
    private readonly now: MonotonicClock,
    saved?: ClockState,
  ) {
    this.anchor = now();
    this.remaining = this.minutesOf(0) * MIN;
    if (saved) this.restore(saved);
  }

  private minutesOf(i: number): number {
    return (this.structure.periods[i] as Period).minutes;
  }

  /** runs the elapsed time off the periods, moving on as each runs out */
  private settle(): void {
    const t = this.now();
    if (!this.running || this.ended) {
      this.anchor = t;
      return;
    }
    let left = t - this.anchor;
    this.anchor = t;
    while (left >= this.remaining) {
      left -= this.remaining;
      if (this.period + 1 >= this.structure.periods.length) {
        this.remaining = 0;
        this.ended = true;
        return;
      }
      this.period++;
      this.remaining = this.minutesOf(this.period) * MIN;
    }
    this.remaining -= left;
  }

  start(): void {
    this.resume();
  }

  pause(): void {
    this.settle();
    this.running = false;
  }

  resume(): void {
    this.settle();
    this.running = true;
  }

  /** adds `ms` to the period in play (negative takes time off, never below zero) */
  addTime(ms: number): void {
    if (!Number.isFinite(ms)) throw new TournamentError('CLOCK_STATE_INVALID', `add time: ${ms} is not a duration`);
    this.settle();
    this.remaining = Math.max(0, this.remaining + ms);
    this.settle();
  }

  /** the TD moves the clock to period `index` (its full duration) */
  goTo(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.structure.periods.length)
      throw new TournamentError(
        'CLOCK_STATE_INVALID',
        `period ${index}: the structure has ${this.structure.periods.length}`,
      );
    this.settle();
    this.period = index;
    this.ended = false;
    this.remaining = this.minutesOf(index) * MIN;
  }

  status(): ClockStatus {
    this.settle();
    const periods = this.structure.periods;
    const current = periods[this.period] as Period;
    const level = (
      current.kind === 'level' ? current : periods.slice(this.period).find((p) => p.kind === 'level')
    ) as Level;
    return { ...this.save(), current, level, next: periods[this.period + 1] ?? null };
  }

  /** LOI 18, club 8-4, 8-5: the level a hand shuffled now plays, for its whole length */
  levelAtShuffle(): Level {
    return this.status().level;
  }

  save(): ClockState {
    this.settle();
    return { v: 1, period: this.period, remainingMs: this.remaining, running: this.running, ended: this.ended };
  }

  private restore(s: ClockState): void {
    const ok =
      s !== null &&
      typeof s === 'object' &&
      s.v === 1 &&
      Number.isInteger(s.period) &&
      s.period >= 0 &&
      s.period < this.structure.periods.length &&
      typeof s.remainingMs === 'number' &&
      s.remainingMs >= 0 &&
      s.remainingMs <= this.minutesOf(s.period) * MIN + 24 * 60 * MIN &&
      typeof s.running === 'boolean';
    if (!ok)
      throw new TournamentError('CLOCK_STATE_INVALID', `saved clock ${JSON.stringify(s)} does not fit this structure`);
    this.period = s.period;
    this.remaining = s.remainingMs;
    this.running = s.running;
    this.ended = s.ended === true;
    this.anchor = this.now();
  }
}
