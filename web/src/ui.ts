// What every view shares, as preact components: the header with the true connection state, the blocking banner,
// cards, seats with their players' names, pots, the board, readable actions and alerts.
// Preact (11.2.0, 4 kB): each view is a function of the latest state; preact patches only what changed in the DOM,
// so an input being typed into, the focus and the scroll survive every update (no hand-written re-rendering).
import { type ComponentChildren, Fragment, h, type JSX, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Decision } from '../../src/engine/hand/decisions.js';
import type { AlertCode } from '../../src/engine/types.js';
import { ALERT_MESSAGES } from '../../src/i18n/alerts/index.js';
import { formatAlert } from '../../src/i18n/formatAlert.js';
import type { TapOutcome } from '../../src/server/outcomes.js';
import type { AlertView, FloorEntryView, RoleView } from '../../src/views/views.js';
import { getLang, hasKey, locale, onLangChange, ruleText, setLang, t } from './i18n.js';
import { type LiveSnapshot, LiveStore } from './live.js';
import { TourneyClock } from './tourneyClock.js';

export type { AlertView, FloorEntryView, RoleView, TapOutcome };
export type Seat = RoleView['seats'][number];
export { h };

export const chips = (n: number): string => n.toLocaleString(locale());

const pctFormats = new Map<string, Intl.NumberFormat>();
/** A percentage (0-100) by locale, through Intl: "42.5%" in English, "42,5 %" (narrow no-break space) in French. */
export function pct(n: number, digits = 1): string {
  const id = `${locale()}:${digits}`;
  let f = pctFormats.get(id);
  if (!f) {
    f = new Intl.NumberFormat(locale(), {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    pctFormats.set(id, f);
  }
  return f.format(n / 100);
}

/** "Seat 4 Alice", or "Seat 4" when nobody is named there. */
export function who(v: RoleView | null, seat: number): string {
  const p = v?.players?.[String(seat)];
  return p ? t('seatPlayer', { seat, name: p.name }) : t('seat', { seat });
}

export const nameOf = (v: RoleView | null, seat: number): string | null => v?.players?.[String(seat)]?.name ?? null;

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

const SUIT: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };

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

/** Text of cards for messages: "A♠ K♥". */
export const cardText = (list: string[]): string =>
  list.map((c) => (c.length === 2 && c !== '??' ? `${c[0] === 'T' ? '10' : c[0]}${SUIT[c[1]] ?? ''}` : '??')).join(' ');

// a run of card codes standing alone in a text: "Ts", "Ts 7c" is two runs, "AhKs" one run of two cards
const CARD_RUN = /(?<![\p{L}\p{N}])((?:[2-9TJQKA][shdc])+)(?![\p{L}\p{N}])/gu;

/**
 * A text written by the service with raw card codes ("Ts 7c dealt", "AhKs seen") written with ranks and suit symbols
 * ("10♠ 7♣ dealt", "A♥ K♠ seen"). The codes the alert's facts name are always cards; without facts a lone "As" is
 * the English word, not the ace of spades, and stays as it is.
 */
export function cardsInText(text: string, known?: readonly string[]): string {
  const set = known?.length ? new Set(known) : null;
  return text.replace(CARD_RUN, (run: string) => {
    const list = run.match(/../g) ?? [];
    if (set ? !list.every((c) => set.has(c)) : list.length === 1 && run === 'As') return run;
    return cardText(list);
  });
}

/**
 * The name a plate or a button has room for (`max` characters): the whole name when it fits, else the first name
 * when nobody else at the table has it, else the initial and the last name ("A. Beauchamp"), else the last name,
 * else the name cut. A short name the floor set for the player comes first.
 */
export function shortName(v: RoleView | null, seat: number, max: number): string | null {
  const p = v?.players?.[String(seat)] as (RoleView['players'][string] & { short?: string }) | undefined;
  if (!p) return null;
  const fits = (s: string) => [...s].length <= max;
  if (p.short && fits(p.short)) return p.short;
  const name = p.name.trim().replace(/\s+/g, ' ');
  if (fits(name)) return name;
  const parts = name.split(' ');
  const first = parts[0];
  const last = parts.slice(1).join(' ');
  const firsts = Object.values(v?.players ?? {}).map((x) => x.name.trim().split(/\s+/)[0]);
  const firstUnique = firsts.filter((f) => f === first).length === 1;
  if (last) {
    if (firstUnique && fits(first)) return first;
    const initial = `${[...first][0]}. ${last}`;
    if (fits(initial)) return initial;
    if (fits(last)) return last;
  } else if (fits(first)) return first;
  return `${[...name].slice(0, Math.max(1, max - 1)).join('')}…`;
}

/** "Seat 4 Alexandrine", a seat with the short name of its player (`max` characters for the name). */
export function whoShort(v: RoleView | null, seat: number, max: number): string {
  const n = shortName(v, seat, max);
  return n ? t('seatPlayer', { seat, name: n }) : t('seat', { seat });
}

export function handNameOf(s: Seat): string | null {
  if (!s.handName) return null;
  return getLang() === 'fr' ? (s.handNameFr ?? s.handName) : s.handName;
}

export function phaseLabel(v: RoleView): string {
  const k = `phase_${v.phase}`;
  return hasKey(k) ? t(k) : v.phase;
}

export function streetLabel(street: string): string {
  return hasKey(street) ? t(street) : street;
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

/** A rule reference as shown: a rulebook's ("tda 35", "club 2-5", "LOI 9") as it is; the equipment's and the
 * table's own procedures ("reader", "table": no rulebook names them) in the reader's language. */
export function ruleLabel(rule: string | null | undefined): string {
  if (!rule) return '—';
  return ruleText(rule);
}

export function severityLabel(s: string): string {
  const k = `severity_${s}`;
  return hasKey(k) ? t(k) : s;
}

/** The blinds and ante the rules posted: the action log shows them from the view's `posts`, first. */
const POSTS: ReadonlySet<Decision['kind']> = new Set<Decision['kind']>(['postSb', 'postBb', 'postAnte']);
export const isPost = (d: Decision): boolean => POSTS.has(d.kind);

/** A decision as readable text: "Raise to 300", "Call 100", "Shows A♠ K♥". */
export function decisionText(d: Decision): string {
  switch (d.kind) {
    case 'fold':
      return t('act_fold');
    case 'check':
      return t('act_check');
    case 'call':
      return d.allIn ? t('act_allin', { n: chips(d.to) }) : t('act_call', { n: chips(d.amount) });
    case 'bet':
      return d.allIn ? t('act_allin', { n: chips(d.to) }) : t('act_bet', { n: chips(d.to) });
    case 'raise':
      return d.allIn ? t('act_allin', { n: chips(d.to) }) : t('act_raise', { n: chips(d.to) });
    case 'show':
      return t('act_show', { cards: cardText(d.cards) });
    case 'dealHole':
      return t('act_dealHole', { cards: cardText(d.cards) });
    case 'dealBoard':
      return t('act_dealBoard', { street: streetLabel(d.street), cards: cardText(d.cards) });
    case 'postSb':
      return t('post_sb', { n: chips(d.amount) });
    case 'postBb':
      return t('post_bb', { n: chips(d.amount) });
    case 'postAnte':
      return t('post_ante', { n: chips(d.amount) });
    case 'uncalled':
      return t('act_uncalled', { n: chips(d.amount) });
    default:
      return String(d.kind);
  }
}

/** The last betting decision of each seat this street (the overlay's and the tablet's action text). */
export function lastActions(v: RoleView): Map<number, Decision> {
  const out = new Map<number, Decision>();
  for (const d of v.decisions ?? []) {
    if (d.street !== v.street || d.seat === 0) continue;
    if (d.kind === 'dealHole' || d.kind === 'dealBoard' || isPost(d) || d.kind === 'uncalled') continue;
    out.set(d.seat, d);
  }
  return out;
}

/** A server error in the user's language. */
export function errorText(code: string, detail = ''): string {
  const k = `err_${code}`;
  if (hasKey(k)) return t(k, { detail });
  return t('err_other', { code, detail });
}

/** Who decided: the service records `floor:NAME`; the name is what people read. */
export const deciderName = (by: string): string => by.replace(/^(floor|dealer|commentator):/, '') || '—';

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

/** What the engine did with a tap, in the reader's language (the service's answer, src/server/outcomes.ts). */
export function outcomeText(o: TapOutcome, v: RoleView | null): string {
  const next = o.toAct ? t('out_next', { who: who(v, o.toAct) }) : t('out_nobody');
  switch (o.code) {
    case 'ACTION':
      return t('out_ACTION', {
        who: who(v, o.seat ?? 0),
        what: o.decision ? decisionText(o.decision) : '',
        next,
      });
    case 'ALERTS':
      return t('out_ALERTS', { codes: (o.alerts ?? []).join(', ') });
    case 'MISDEAL_REFUSED':
      return t(
        o.variant === 'over'
          ? 'out_MISDEAL_REFUSED_over'
          : o.variant === 'already'
            ? 'out_MISDEAL_REFUSED_already'
            : 'out_MISDEAL_REFUSED_substantial',
        { rule: o.rule ? ruleLabel(o.rule) : '' },
      );
    case 'NEW_HAND':
    case 'REDEAL':
    case 'HAND_VOIDED':
    case 'DEAL_STARTED':
      return t(`out_${o.code}`, { n: o.hand ?? '' });
    case 'CLOCK_STARTED':
    case 'HAND_KILLED':
      return t(`out_${o.code}`, { who: who(v, o.seat ?? 0) });
    case 'FLOOR_CALLED':
      return t('out_FLOOR_CALLED', { count: o.count ?? 1, who: o.seat ? ` (${who(v, o.seat)})` : '' });
    case 'ACKNOWLEDGED':
    case 'DECIDED':
      return t(`out_${o.code}`, { count: o.count ?? 1 });
    case 'RESYNCED':
      return t('out_RESYNCED', { count: o.count ?? 0 });
    default:
      return t(`out_${o.code}`);
  }
}
