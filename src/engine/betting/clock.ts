// The clock called on a seat (LOI 5, club 5-6): after a reasonable time, one minute to act, then a ten-second count
// (docs/rules.md reads both texts as one minute followed by ten seconds); when it runs out the hand is dead (CLOCK_EXPIRED).
// Time arrives in events: the engine asks at each event where the clock stands.

export const CLOCK_MINUTE_MS = 60_000;
export const CLOCK_COUNT_MS = 10_000;

export interface ClockState {
  phase: 'minute' | 'count' | 'expired';
  /** ms left before the hand is dead (0 once expired) */
  remainingMs: number;
}

/** Where the clock called at `calledAt` stands at `now` (both ms since the hand began). */
export function clockState(calledAt: number, now: number): ClockState {
  const elapsed = Math.max(0, now - calledAt);
  const total = CLOCK_MINUTE_MS + CLOCK_COUNT_MS;
  if (elapsed >= total) return { phase: 'expired', remainingMs: 0 };
  return { phase: elapsed < CLOCK_MINUTE_MS ? 'minute' : 'count', remainingMs: total - elapsed };
}
