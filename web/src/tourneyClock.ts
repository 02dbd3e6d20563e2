// The room's tournament clock on a table's views (the dealer, the floor, the public view, the commentators, the air):
// the level or the break, the time left (m:ss) and what comes next. The view carries the time left at the moment it
// was made (src/room/clockFact.ts); the page counts down from the moment it arrived, on its own monotonic clock
// (performance.now), frozen while the room's clock is paused.
import { h, type JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatLeft } from '../../src/room/clockFact.js';
import type { RoomClock } from '../../src/room/protocol.js';
import type { RoleView } from '../../src/views/views.js';
import { locale, t } from './i18n.js';

const chips = (n: number): string => n.toLocaleString(locale());

/** the time left now of a clock fact that arrived at `at` (performance.now ms) */
export function leftNow(c: RoomClock, at: number, mono: number): number {
  return c.running ? Math.max(0, c.leftMs - Math.max(0, mono - at)) : c.leftMs;
}

/** "Next: level 4 150/300 (ante 300)" or "Next: 15-minute break"; '' after the last period */
export function nextText(c: RoomClock): string {
  const n = c.next;
  if (!n) return '';
  if (n.isBreak) return t('tourneyNextBreak', { minutes: n.minutes ?? 0 });
  const [sb, bb] = n.blinds ?? [0, 0];
  const ante = n.bbAnte ? ` ${t('ante', { n: chips(n.bbAnte) })}` : '';
  return `${t('tourneyNextLevel', { n: n.level ?? 0, sb: chips(sb), bb: chips(bb) })}${ante}`;
}

/** the clock's line; nothing outside a tournament */
export function TourneyClock({ v, compact }: { v: RoleView | null; compact?: boolean }): JSX.Element | null {
  const c = v?.tourney ?? null;
  // the moment this fact arrived: a new view object is a new reading of the room's clock
  const arrived = useRef<{ fact: RoomClock | null; at: number }>({ fact: null, at: 0 });
  if (arrived.current.fact !== c) arrived.current = { fact: c, at: performance.now() };
  const [, tick] = useState(0);
  useEffect(() => {
    if (!c?.running) return;
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [c]);
  if (!c) return null;
  const left = formatLeft(leftNow(c, arrived.current.at, performance.now()));
  const what = c.isBreak ? t('tourneyBreak') : t('tourneyLevel', { n: c.level });
  const next = nextText(c);
  return h(
    'div',
    {
      class: compact ? 'tourney compact' : 'tourney',
      id: 'tourney',
      'data-running': String(c.running),
      'data-break': String(c.isBreak),
    },
    h('span', { class: 'tourney-level' }, what),
    h('span', { class: 'tourney-left' }, left),
    c.running ? null : h('span', { class: 'tourney-paused' }, t('tourneyPaused')),
    next ? h('span', { class: 'tourney-next' }, next) : null,
  );
}
