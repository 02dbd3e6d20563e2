// The tournament clock as a table holds it (protocol.ts RoomClock): the fact arrives with the room settings and is
// stored with the moment it arrived on the table's monotonic clock; the time left counts down locally from there
// (paused: frozen), never below zero. Every view of the table carries it with the time left at the view's moment
// (`clockView`), the pages count down from there. The room makes the fact in clockPush.ts.
import type { RoomClock } from './protocol.js';

export interface HeldClock {
  fact: RoomClock;
  /** monotonic ms at which the fact arrived */
  at: number;
}

export function holdClock(fact: RoomClock, mono: number): HeldClock {
  return { fact, at: mono };
}

/** ms left at monotonic time `mono` */
export function clockLeftMs(h: HeldClock, mono: number): number {
  if (!h.fact.running) return h.fact.leftMs;
  return Math.max(0, h.fact.leftMs - Math.max(0, mono - h.at));
}

/** "m:ss" (or "h:mm:ss") of a time left, rounded up to the second */
export function formatLeft(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** the clock as a view shows it: the time left at `mono` */
export function clockView(h: HeldClock, mono: number): RoomClock {
  return { ...h.fact, leftMs: clockLeftMs(h, mono) };
}
