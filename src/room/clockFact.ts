// The tournament clock as a table holds it (protocol.ts RoomClock): the fact arrives with the room settings and is
// stored with the moment it arrived on the table's monotonic clock; the time left counts down locally from there
// (paused: frozen), never below zero. The room makes the fact from its TournamentClock (`clockFactOf`); every view of
// the table carries it with the time left at the view's moment (`clockView`), the pages count down from there.
import type { ClockStatus } from '../tournament/clock.js';
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

/** the fact a room publishes of its tournament clock now */
export function clockFactOf(st: ClockStatus): RoomClock {
  const fact: RoomClock = {
    level: st.level.level,
    isBreak: st.current.kind === 'break',
    leftMs: Math.max(0, Math.round(st.remainingMs)),
    running: st.running && !st.ended,
    blinds: [st.level.sb, st.level.bb],
    bbAnte: st.level.bbAnte,
  };
  const n = st.next;
  if (n)
    fact.next =
      n.kind === 'break'
        ? { isBreak: true, minutes: n.minutes }
        : { isBreak: false, level: n.level, blinds: [n.sb, n.bb], bbAnte: n.bbAnte };
  return fact;
}

/** two facts of the same period in the same state (the time left aside: it runs; a TD's change is told apart) */
export function samePeriod(a: RoomClock, b: RoomClock): boolean {
  return (
    a.level === b.level &&
    a.isBreak === b.isBreak &&
    a.running === b.running &&
    JSON.stringify(a.next ?? null) === JSON.stringify(b.next ?? null)
  );
}

/** the clock as a view shows it: the time left at `mono` */
export function clockView(h: HeldClock, mono: number): RoomClock {
  return { ...h.fact, leftMs: clockLeftMs(h, mono) };
}
