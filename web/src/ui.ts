// What every view shares, as preact components: the header with the true connection state, the blocking banner,
// cards, seats with their players' names, pots, the board and alerts; the texts they write are uiText.ts's (re-exported).
// Preact (11.2.0, 4 kB): each view is a function of the latest state; preact patches only what changed in the DOM,
// so an input being typed into, the focus and the scroll survive every update (no hand-written re-rendering).
import { type ComponentChildren, Fragment, h, type JSX, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { RuleRef } from '../../src/engine/rules/ruleRef.js';
import type { AlertCode } from '../../src/engine/types.js';
import { ALERT_MESSAGES } from '../../src/i18n/alerts/index.js';
import { formatAlert } from '../../src/i18n/formatAlert.js';
import type { TapOutcome } from '../../src/server/outcomes.js';
import type { AlertView, FloorEntryView, RoleView } from '../../src/views/views.js';
import { getLang, hasKey, onLangChange, ruleText, setLang, t } from './i18n.js';
import { type LiveSnapshot, LiveStore } from './live.js';
import { TourneyClock } from './tourneyClock.js';
import { cardsInText, chips, handNameOf, nameOf, phaseLabel, type Seat, SUIT, streetLabel, who } from './uiText.js';

export * from './uiText.js';

export type { AlertView, FloorEntryView, RoleView, TapOutcome };
export { h };

/** Mounts a view and re-renders it when the language changes. */
export function mountApp(App: () => JSX.Element): void {
  const root = document.getElementById('app') as HTMLElement;
  const draw = () => render(h(App, {}), root);
  onLangChange(draw);
  draw();
}

export function makeStore(needsToken: boolean): LiveStore {
  return new LiveStore({ needsToken });
}

export function Card({ c }: { c: string }): JSX.Element {
  if (c === '??' || c.length !== 2) return h('span', { class: 'card back', 'data-card': '??' });
  const suit = c[1];
  const rank = c[0] === 'T' ? '10' : c[0];
  return h(
    'span',
    { class: `card ${suit === 'h' || suit === 'd' ? 'red' : 'black'}`, 'data-card': c },
    rank,
    h('small', {}, SUIT[suit] ?? '?'),
  );
}

export function Cards({ list }: { list: string[] }): JSX.Element {
  return h(
    'span',
    { class: 'cards' },
    list.map((c, i) => h(Card, { c, key: `${i}:${c}` })),
  );
}

export function LangSwitch(): JSX.Element {
  return h(
    'button',
    { class: 'lang', id: 'lang', type: 'button', onClick: () => setLang(getLang() === 'en' ? 'fr' : 'en') },
    t('language'),
  );
}

export function Status({ snap }: { snap: LiveSnapshot }): JSX.Element {
  const ok = snap.conn === 'open';
  const label =
    snap.conn === 'open'
      ? t('connected')
      : snap.conn === 'connecting'
        ? t('connecting')
        : snap.conn === 'unauthorized'
          ? t('err_UNAUTHORIZED')
          : snap.conn === 'notoken'
            ? t('err_UNAUTHORIZED')
            : t('disconnected');
  return h(
    'span',
    { id: 'status', class: `status ${ok ? 'ok' : 'bad'}`, 'data-conn': snap.conn, role: 'status' },
    label,
  );
}

/** A banner over the page when the view cannot be trusted: no service, no token, a refused token. */
export function ConnBanner({ snap, blocking }: { snap: LiveSnapshot; blocking: boolean }): JSX.Element | null {
  if (snap.conn === 'open' || snap.conn === 'connecting') return null;
  const text =
    snap.conn === 'unauthorized' ? t('unauthorized') : snap.conn === 'notoken' ? t('noToken') : t('serviceDown');
  return h(
    'div',
    { id: 'banner', class: `banner${blocking ? ' blocking' : ''}`, role: 'alert', 'data-conn': snap.conn },
    h('div', { class: 'banner-text' }, text),
  );
}

export function Header({
  v,
  title,
  snap,
  children,
}: {
  v: RoleView | null;
  title: string;
  snap: LiveSnapshot;
  children?: ComponentChildren;
}): JSX.Element {
  const header = h(
    'header',
    { class: 'top' },
    h('h1', {}, title),
    v ? h('span', { class: 'hand' }, t('hand', { n: v.handNo })) : null,
    v ? h('span', { class: 'phase' }, `${phaseLabel(v)} · ${streetLabel(v.street)}`) : null,
    v
      ? h(
          'span',
          { class: 'blinds' },
          t('blinds', { sb: chips(v.blinds[0]), bb: chips(v.blinds[1]) }),
          v.bbAnte ? ` ${t('ante', { n: chips(v.bbAnte) })}` : '',
        )
      : null,
    h(TourneyClock, { v }),
    children,
    h(LangSwitch, {}),
    h(Status, { snap }),
  );
  return h(Fragment, {}, header, h(StorageBanner, { v }));
}

/** The event log cannot be written (disk full, I/O error, read-only): every view but the air says so until it can. */
export function StorageBanner({ v }: { v: RoleView | null }): JSX.Element | null {
  const fault = v?.storage;
  if (!fault) return null;
  return h(
    'div',
    { id: 'storage-banner', class: 'banner storage', role: 'alert', 'data-kind': fault.kind },
    getLang() === 'fr' ? fault.messageFr : fault.message,
  );
}

/** Winner names of a pot: "Alice, Seat 6" */
const winnerNames = (v: RoleView, seats: number[]): string =>
  seats.map((s) => nameOf(v, s) ?? t('seat', { seat: s })).join(', ');

export function Pots({ v }: { v: RoleView }): JSX.Element {
  return h(
    'div',
    { class: 'pots' },
    v.pots.length === 0 ? h('div', { class: 'pot' }, t('pot', { n: 0 })) : null,
    v.pots.map((p, i) =>
      h(
        'div',
        { class: `pot${p.winners?.length ? ' won' : ''}`, 'data-pot': String(i), key: i },
        i === 0 ? t('mainPot', { n: chips(p.amount) }) : t('sidePot', { i, n: chips(p.amount) }),
        p.winners?.length
          ? h(
              'span',
              { class: 'pot-winners' },
              ` → ${t('potWinners', { count: p.winners.length, names: winnerNames(v, p.winners) })}`,
            )
          : null,
      ),
    ),
  );
}

export function Board({ v }: { v: RoleView }): JSX.Element {
  return h('div', { class: 'board' }, h('span', { class: 'label' }, t('board')), h(Cards, { list: v.board }));
}

export function SeatBox({ v, s }: { v: RoleView; s: Seat }): JSX.Element {
  const tags: string[] = [];
  if (s.folded) tags.push(t('folded'));
  if (s.allIn) tags.push(t('allInTag'));
  if (s.absent) tags.push(t('absent'));
  if (s.dead) tags.push(t('dead'));
  const p = v.players?.[String(s.seat)];
  if (p?.sittingOut) tags.push(t('sittingOut'));
  if (p?.movingTo) tags.push(t('movingTo', { seat: p.movingTo }));
  const onTurn = v.next?.toAct === s.seat;
  const hn = handNameOf(s);
  const stackText = t('stack', { n: chips(s.stack) });
  return h(
    'div',
    {
      class: `seat${onTurn ? ' on-turn' : ''}${s.folded ? ' folded' : ''}`,
      'data-seat': String(s.seat),
      'data-player': p?.name ?? '',
    },
    h(
      'div',
      { class: 'seat-name' },
      who(v, s.seat),
      p?.country ? h('span', { class: 'country' }, ` ${p.country}`) : null,
      v.button === s.seat ? h('span', { class: 'button-puck', title: t('button') }, 'D') : null,
    ),
    // the cards with the seat's small lines beside them (bet, hand, tags), then the stack: a figure the dealer reads
    // at arm's length, alone on its line, named for screen readers and on hover ("Stack 1,221,000")
    h(
      'div',
      { class: 'seat-mid' },
      h(Cards, { list: s.cards }),
      h(
        'div',
        { class: 'seat-side' },
        h('div', { class: 'committed' }, s.committed ? t('committed', { n: chips(s.committed) }) : ''),
        hn ? h('div', { class: 'hand-name', title: hn }, hn) : null,
        tags.length ? h('div', { class: 'tags', title: tags.join(' · ') }, tags.join(' · ')) : null,
      ),
    ),
    h('div', { class: 'stack', 'aria-label': stackText, title: stackText }, chips(s.stack)),
  );
}

/** Seats named in the roster but not in this hand (just seated: they play from the next hand). */
export function waitingSeats(v: RoleView): Array<{ seat: number; name: string; out: boolean }> {
  const inHand = new Set(v.seats.map((s) => s.seat));
  return Object.entries(v.players ?? {})
    .filter(([seat]) => !inHand.has(Number(seat)))
    .map(([seat, p]) => ({ seat: Number(seat), name: p.name, out: p.sittingOut }));
}

export function WaitingSeats({ v }: { v: RoleView }): JSX.Element | null {
  const list = waitingSeats(v);
  if (list.length === 0) return null;
  return h(
    'div',
    { class: 'waiting-seats' },
    list.map((w) =>
      h(
        'span',
        { class: 'seat waiting', 'data-seat': String(w.seat), 'data-player': w.name, key: w.seat },
        `${who(v, w.seat)} · ${w.out ? t('sittingOutNow') : t('waitingSeat')}`,
      ),
    ),
  );
}

/**
 * An alert's texts in the user's language, rendered from its code and facts by the service's ICU catalogue (cards
 * with suit symbols, amounts and plurals by locale). An alert of an earlier version (its facts carry the old free-text
 * `detail`) or of a code the catalogue does not know is shown with the texts it was recorded with.
 */
export function alertText(a: AlertView): { message: string; remedy: string } {
  const fr = getLang() === 'fr';
  if (a.facts && !('detail' in a.facts) && Object.hasOwn(ALERT_MESSAGES, a.code))
    return formatAlert(a.code as AlertCode, a.facts, fr ? 'fr' : 'en');
  const cards = a.facts?.cards;
  return {
    message: cardsInText(fr ? a.messageFr : a.message, cards),
    remedy: cardsInText(fr ? a.remedyFr : a.remedy, cards),
  };
}

/** A rule as shown, rendered from its value in the reader's language ("TDA rule 35", "règle TDA 35"; the equipment's
 * and the table's own procedures in words); none: a dash. */
export function ruleLabel(rule: RuleRef | null | undefined): string {
  if (!rule) return '—';
  return ruleText(rule);
}

export function severityLabel(s: string): string {
  const k = `severity_${s}`;
  return hasKey(k) ? t(k) : s;
}

/** The open alerts (not acknowledged; table alerts of earlier hands are history), the most severe first. */
const ORDER: Record<string, number> = { stop: 0, warn: 1, info: 2 };
export function openAlerts(v: RoleView): AlertView[] {
  return v.alerts
    .filter((a) => !a.acknowledged && !(a.source === 'table' && a.resolved))
    .sort((a, b) => (ORDER[a.severity] ?? 3) - (ORDER[b.severity] ?? 3) || b.id - a.id);
}

/** STOP alerts still open: the floor has not decided them and the engine has not seen them resolved. */
export function openStops(v: RoleView): AlertView[] {
  return v.alerts.filter((a) => a.severity === 'stop' && !a.decision && !a.resolved);
}

/** A value kept across re-renders in sessionStorage (the floor's alert log survives a reload). */
export function useStored<T>(key: string, initial: T): [T, (v: T) => void] {
  const [val, setVal] = useState<T>(() => {
    try {
      const raw = sessionStorage.getItem(key);
      return raw ? (JSON.parse(raw) as T) : initial;
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(val));
    } catch {
      // storage full: the log still lives in the page
    }
  }, [key, val]);
  return [val, setVal];
}
