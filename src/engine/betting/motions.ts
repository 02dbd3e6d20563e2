// Motions (docs/rules.md, Sensors): changes of one betting zone closer together than the motion window (default 700 ms)
// are one motion. The engine reads chips per motion: a reading made on a change is provisional until the window has
// passed, and a change inside the window re-reads the whole motion.

/** One chip event: the whole content of seat `seat`'s betting zone at time `t` (ms). */
export interface ZoneChange {
  t: number;
  seat: number;
  chips: readonly number[];
}

/** One motion of one zone: what lay there before it, what lies there after it, and when. */
export interface Motion {
  seat: number;
  start: number;
  end: number;
  before: number[];
  after: number[];
  /** how many zone changes the motion grouped */
  changes: number;
}

export const DEFAULT_MOTION_MS = 700;

/** A change at `t` belongs to the motion whose last change was at `lastT` when closer than the window. */
export function continuesMotion(lastT: number, t: number, windowMs: number = DEFAULT_MOTION_MS): boolean {
  return t - lastT < windowMs;
}

/**
 * Groups zone changes (in time order) into motions, zone by zone: a change closer to its zone's previous change than
 * the window extends that motion; changes of other zones in between do not break it. `initial` is each zone's content
 * before the first change (empty when absent). Motions come out ordered by their start.
 */
export function groupMotions(
  changes: readonly ZoneChange[],
  windowMs: number = DEFAULT_MOTION_MS,
  initial: Readonly<Record<number, readonly number[]>> = {},
): Motion[] {
  const open = new Map<number, Motion>();
  const content = new Map<number, number[]>();
  const motions: Motion[] = [];
  for (const ch of changes) {
    const current = open.get(ch.seat);
    if (current && continuesMotion(current.end, ch.t, windowMs)) {
      current.end = ch.t;
      current.after = [...ch.chips];
      current.changes++;
    } else {
      const before = content.get(ch.seat) ?? [...(initial[ch.seat] ?? [])];
      const motion: Motion = { seat: ch.seat, start: ch.t, end: ch.t, before, after: [...ch.chips], changes: 1 };
      open.set(ch.seat, motion);
      motions.push(motion);
    }
    content.set(ch.seat, [...ch.chips]);
  }
  return motions;
}
