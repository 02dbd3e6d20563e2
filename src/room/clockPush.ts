// The fact a room publishes of its tournament clock (protocol.ts RoomClock, held by the tables: clockFact.ts): the
// period in play, the time left, running or not, the level's blinds, what comes next, and at a break the chips in
// play and those leaving (its colour-up).
import type { ClockStatus } from '../tournament/clock.js';
import { chipsInPlayAt, type Structure } from '../tournament/structure.js';
import type { RoomClock } from './protocol.js';

/** the fact a room publishes of its tournament clock now (with the structure: a break's chips and colour-up) */
export function clockFactOf(st: ClockStatus, structure?: Structure): RoomClock {
  const fact: RoomClock = {
    level: st.level.level,
    isBreak: st.current.kind === 'break',
    leftMs: Math.max(0, Math.round(st.remainingMs)),
    running: st.running && !st.ended,
    blinds: [st.level.sb, st.level.bb],
    bbAnte: st.level.bbAnte,
  };
  if (structure && st.current.kind === 'break') {
    fact.chips = chipsInPlayAt(structure, st.period - 1);
    fact.colourUp = [...st.current.colourUp];
  }
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
