// The room view's table card (web/src/room.ts draws one per table): hand, level, players and stacks, open alerts with
// their age, reader and link health, last hand time; beyond COMPACT_FROM tables a compact row each (room.html's
// styles: two columns, five seats a line, 20 tables at 1366x768). The page's language and the texts' helpers too.
import IntlMessageFormat from 'intl-messageformat';
import { nameMatches } from '../../src/nameSearch.js';
import type { StatusMessage, RoomAlert as WireAlert } from '../../src/room/protocol.js';
import type { RoomFloorAlert, RoomTableRow } from '../../src/room/roomService.js';
import { ROOM_STRINGS as STRINGS } from './roomStrings.js';

export type Lang = 'en' | 'fr';

export type Key = Exclude<keyof (typeof STRINGS)['en'], 'phase'>;

/** the page's language (the switch sets it) and the room's clock minus ours (so that ages are the room's) */
export const page: { lang: Lang; skew: number } = {
  lang: (localStorage.getItem('feltwire.lang') as Lang | null) === 'fr' ? 'fr' : 'en',
  skew: 0,
};
const forcedLang = new URL(location.href).searchParams.get('lang');
if (forcedLang === 'en' || forcedLang === 'fr') page.lang = forcedLang;
const loc = (): string => (page.lang === 'fr' ? 'fr-FR' : 'en-GB');
const formats = new Map<string, IntlMessageFormat>();
/** The room text `key` in the page's language, ICU arguments (plurals, numbers by locale) filled in. */
export const rt = (key: Key, vars: Record<string, string | number> = {}): string => {
  const id = `${page.lang}:${key}`;
  let f = formats.get(id);
  if (!f) {
    f = new IntlMessageFormat(String(STRINGS[page.lang][key]), loc());
    formats.set(id, f);
  }
  return String(f.format(vars));
};
/** "Readers: " in English, "Lecteurs : " in French (a space before the colon) */
export const label = (key: Key): string => `${rt(key)}${page.lang === 'fr' ? ' : ' : ': '}`;
/** a count or an amount by locale (French: 12 500) */
export const num = (n: number): string => n.toLocaleString(loc());
/** a stack in a compact row: three figures by locale (1.25M, 1,25 M; 98 500 stays whole) */
export const shortNum = (n: number): string =>
  n < 100_000 ? num(n) : n.toLocaleString(loc(), { notation: 'compact', maximumSignificantDigits: 3 });
const SUIT: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
/** a card code (Ts) written with rank and suit symbols (10♠) */
export const cardSym = (c: string): string =>
  c.length === 2 ? `${c[0] === 'T' ? '10' : c[0]}${SUIT[c[1]] ?? c[1]}` : c;
export const sev = (s: string): string =>
  s === 'stop' ? rt('sev_stop') : s === 'warn' ? rt('sev_warn') : s === 'info' ? rt('sev_info') : s;
export const linkState = (s: string): string =>
  s === 'up' || s === 'lost' || s === 'unknown' || s === 'silent' ? rt(`link_${s}`) : s;
/** the player finder's text (empty: no search) */
export const finding = (): string => (document.getElementById('find') as HTMLInputElement | null)?.value ?? '';

/** the room's wire types, as the room serves them (type-only: nothing of the room is bundled) */
export type RoomAlert = Pick<WireAlert, 'id' | 'code' | 'severity' | 'message' | 'messageFr' | 'wall'>;
export type Status = Pick<
  StatusMessage,
  | 'tableName'
  | 'handNo'
  | 'phase'
  | 'blinds'
  | 'bbAnte'
  | 'level'
  | 'board'
  | 'seats'
  | 'health'
  | 'lastHandWall'
  | 'sent'
> & { openAlerts: RoomAlert[] };
export type Row = Pick<
  RoomTableRow,
  'tableId' | 'tableName' | 'online' | 'backlog' | 'archived' | 'lastArchivedWall' | 'statusWall'
> & {
  /** the room's own alerts about the table (a replaced event log) */
  roomAlerts?: Pick<RoomFloorAlert, 'code' | 'severity' | 'message' | 'messageFr' | 'wall'>[];
  status: Status | null;
};

export const el = (tag: string, attrs: Record<string, string> = {}, ...kids: (Node | string)[]): HTMLElement => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const k of kids) e.append(k);
  return e;
};

export function age(wall: number): string {
  const s = Math.max(0, Math.round((Date.now() + page.skew - wall) / 1000));
  const text = s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 3600)} h`;
  return rt('ago', { t: text });
}

/** beyond this many tables, the room shows a compact row per table instead of a card */
export const COMPACT_FROM = 4;

export function tableCard(r: Row, compact: boolean): HTMLElement {
  const s = r.status;
  const stop = s?.openAlerts.some((a) => a.severity === 'stop') ?? false;
  const found = finding() !== '' && (s?.seats.some((p) => nameMatches(p.name, finding())) ?? false);
  const card = el('article', {
    class: `table${r.online ? '' : ' offline'}${stop ? ' stop' : ''}${found ? ' found' : ''}`,
    'data-table': r.tableId,
  });
  // the card's parts in three wrappers (the head line, the alerts, the foot): plain cards lay them out as if the
  // wrappers were not there (display: contents); compact rows (many tables) give each its own place in the row
  const top = el(
    'div',
    { class: 'top' },
    el(
      'h2',
      {},
      `${r.tableName} (${r.tableId})`,
      el('span', { class: `badge${r.online ? '' : ' bad'}` }, r.online ? rt('online') : rt('offline')),
    ),
  );
  const alertBox = el('div', { class: 'alert-box' });
  card.append(top, alertBox);
  if ((r.roomAlerts ?? []).length > 0) {
    const list = el('ul', { class: 'alerts', 'data-field': 'room-alerts' });
    for (const a of r.roomAlerts ?? [])
      list.append(
        el(
          'li',
          { class: a.severity, 'data-code': a.code, title: a.code },
          `${sev(a.severity)} · ${page.lang === 'fr' ? a.messageFr : a.message} · `,
          el('span', { 'data-age': String(a.wall) }, age(a.wall)),
        ),
      );
    alertBox.append(list);
  }
  if (!s) {
    card.append(el('div', { class: 'muted' }, rt('noStatus')));
    return card;
  }
  const phase = STRINGS[page.lang].phase[s.phase] ?? s.phase;
  const next =
    s.level.blinds[1] !== s.blinds[1] || s.level.bbAnte !== s.bbAnte
      ? ` (${rt('next')} ${s.level.blinds.map(num).join('/')}${s.level.bbAnte ? ` +${num(s.level.bbAnte)}` : ''})`
      : '';
  top.append(
    el(
      'div',
      { 'data-field': 'hand' },
      `${rt('hand')} ${s.handNo} · ${phase}${s.board.length ? ` · ${s.board.map(cardSym).join(' ')}` : ''}`,
    ),
    // the level now, then the next one (a compact row cuts the next one first)
    el(
      'div',
      { 'data-field': 'level', title: `${rt('level')} ${s.blinds.map(num).join('/')}${next}` },
      el(
        'span',
        { class: 'now' },
        `${rt('level')} ${s.blinds.map(num).join('/')}${s.bbAnte ? ` +${num(s.bbAnte)}` : ''}`,
      ),
      next,
    ),
  );
  const seats = el('div', { class: 'seats', 'data-field': 'seats' });
  for (const p of s.seats) {
    const name = p.name ? `${p.seat}. ${p.name}` : rt('seat', { seat: p.seat });
    const stack = `${num(p.stack)}${p.allIn ? ` ${rt('allIn')}` : ''}`;
    seats.append(
      el(
        'span',
        { class: 'seat', 'data-seat': String(p.seat), title: `${name} · ${stack}` },
        el('span', { class: `${p.folded ? 'folded' : ''}${nameMatches(p.name, finding()) ? ' match' : ''}` }, name),
        el(
          'span',
          { class: p.folded ? 'folded' : '' },
          compact ? `${shortNum(p.stack)}${p.allIn ? ` ${rt('allIn')}` : ''}` : stack,
        ),
      ),
    );
  }
  const alerts = el('ul', { class: 'alerts', 'data-field': 'alerts' });
  if (s.openAlerts.length === 0) alerts.append(el('li', { class: 'muted none' }, rt('noAlerts')));
  for (const a of s.openAlerts) {
    alerts.append(
      el(
        'li',
        { class: a.severity, 'data-code': a.code, title: `${a.code}: ${page.lang === 'fr' ? a.messageFr : a.message}` },
        `${sev(a.severity)} · ${page.lang === 'fr' ? a.messageFr : a.message} · `,
        el('span', { 'data-age': String(a.wall) }, age(a.wall)),
      ),
    );
  }
  alertBox.append(el('div', { class: 'muted alerts-label' }, rt('alerts')), alerts);
  const readers = Object.values(s.health.readers);
  const bad = readers.filter((x) => x !== 'ok').length;
  card.append(
    seats,
    el(
      'div',
      { class: 'foot' },
      el(
        'div',
        { class: 'muted', 'data-field': 'health' },
        // a compact row says "12 readers ok, link up" in short; anything wrong in full
        compact && bad === 0 && readers.length > 0 && s.health.link === 'up'
          ? rt('healthOk', { n: readers.length })
          : `${label('readers')}${bad === 0 ? rt('readersOk', { n: readers.length }) : rt('readersBad', { bad, n: readers.length })} · ${label('bridge')}${linkState(s.health.link)}`,
      ),
      el(
        'div',
        { class: 'muted', 'data-field': 'last-hand' },
        label('lastHand'),
        s.lastHandWall === null ? rt('never') : el('span', { 'data-age': String(s.lastHandWall) }, age(s.lastHandWall)),
        ` · ${rt('archived', { n: r.archived })}${r.backlog > 0 ? ` · ${rt('backlog', { n: r.backlog })}` : ''}`,
      ),
    ),
  );
  return card;
}
