// The card room's view (served by `feltwire room`): a card per table -- hand, level, players and stacks, open alerts
// with their age, reader and link health, last hand time -- updated over the room's websocket; the room level form;
// the archive's search and exports. English and French. The room token comes in the URL once and is then kept
// for the tab only (removed from the address bar). A player finder picks out the tables where a player sits, by part
// of the name, accents optional.
import IntlMessageFormat from 'intl-messageformat';
import { nameMatches } from '../../src/nameSearch.js';
import { ROOM_STRINGS as STRINGS } from './roomStrings.js';

type Lang = 'en' | 'fr';

type Key = Exclude<keyof (typeof STRINGS)['en'], 'phase'>;

let lang: Lang = (localStorage.getItem('feltwire.lang') as Lang | null) === 'fr' ? 'fr' : 'en';
const forcedLang = new URL(location.href).searchParams.get('lang');
if (forcedLang === 'en' || forcedLang === 'fr') lang = forcedLang;
const loc = (): string => (lang === 'fr' ? 'fr-FR' : 'en-GB');
const formats = new Map<string, IntlMessageFormat>();
/** The room text `key` in the page's language, ICU arguments (plurals, numbers by locale) filled in. */
const rt = (key: Key, vars: Record<string, string | number> = {}): string => {
  const id = `${lang}:${key}`;
  let f = formats.get(id);
  if (!f) {
    f = new IntlMessageFormat(String(STRINGS[lang][key]), loc());
    formats.set(id, f);
  }
  return String(f.format(vars));
};
/** "Readers: " in English, "Lecteurs : " in French (a space before the colon) */
const label = (key: Key): string => `${rt(key)}${lang === 'fr' ? ' : ' : ': '}`;
/** a count or an amount by locale (French: 12 500) */
const num = (n: number): string => n.toLocaleString(loc());
/** a stack in a compact row: three figures by locale (1.25M, 1,25 M; 98 500 stays whole) */
const shortNum = (n: number): string =>
  n < 100_000 ? num(n) : n.toLocaleString(loc(), { notation: 'compact', maximumSignificantDigits: 3 });
const SUIT: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
/** a card code (Ts) written with rank and suit symbols (10♠) */
const cardSym = (c: string): string => (c.length === 2 ? `${c[0] === 'T' ? '10' : c[0]}${SUIT[c[1]] ?? c[1]}` : c);
const sev = (s: string): string =>
  s === 'stop' ? rt('sev_stop') : s === 'warn' ? rt('sev_warn') : s === 'info' ? rt('sev_info') : s;
const linkState = (s: string): string =>
  s === 'up' || s === 'lost' || s === 'unknown' || s === 'silent' ? rt(`link_${s}`) : s;
/** the player finder's text (empty: no search) */
const finding = (): string => (document.getElementById('find') as HTMLInputElement | null)?.value ?? '';

interface RoomAlert {
  id: number;
  code: string;
  severity: string;
  message: string;
  messageFr: string;
  wall: number;
}
interface Status {
  tableName: string;
  handNo: number;
  phase: string;
  blinds: [number, number];
  bbAnte: number;
  level: { blinds: [number, number]; bbAnte: number };
  board: string[];
  seats: { seat: number; name: string; stack: number; folded: boolean; allIn: boolean }[];
  openAlerts: RoomAlert[];
  health: { link: string; panel: string; readers: Record<string, string>; source: string };
  lastHandWall: number | null;
  sent: number;
}
interface Row {
  tableId: string;
  /** the room's own alerts about the table (a replaced event log) */
  roomAlerts?: { code: string; severity: string; message: string; messageFr: string; wall: number }[];
  tableName: string;
  status: Status | null;
  statusWall: number | null;
  online: boolean;
  backlog: number;
  archived: number;
  lastArchivedWall: number | null;
}

// ---- the token: from the URL once, then for this tab only -------------------------------------------------------
const url = new URL(location.href);
const fromUrl = url.searchParams.get('token');
if (fromUrl) {
  sessionStorage.setItem('feltwire.room.token', fromUrl);
  url.searchParams.delete('token');
  history.replaceState(null, '', url.toString());
}
const token = sessionStorage.getItem('feltwire.room.token') ?? '';
const authHeaders = { authorization: `Bearer ${token}` };

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const el = (tag: string, attrs: Record<string, string> = {}, ...kids: (Node | string)[]): HTMLElement => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const k of kids) e.append(k);
  return e;
};

const rows = new Map<string, Row>();
/** the room link's state, shown in the header in the page's language */
let conn: 'connecting' | 'connected' | 'disconnected' | 'unauthorized' = 'connecting';
interface FoundHand {
  tableId: string;
  handId: string;
  handNo: number;
  day: string;
  players: string[];
  endWall: number;
  exportable: boolean;
}
/** the last archive search, drawn again when the language changes */
let lastSearch: { q: string; hands: FoundHand[] } | null = null;
let skew = 0; // server clock minus ours, so that ages are the room's

function age(wall: number): string {
  const s = Math.max(0, Math.round((Date.now() + skew - wall) / 1000));
  const text = s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 3600)} h`;
  return rt('ago', { t: text });
}

/** beyond this many tables, the room shows a compact row per table instead of a card */
const COMPACT_FROM = 4;

function tableCard(r: Row, compact: boolean): HTMLElement {
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
          `${sev(a.severity)} · ${lang === 'fr' ? a.messageFr : a.message} · `,
          el('span', { 'data-age': String(a.wall) }, age(a.wall)),
        ),
      );
    alertBox.append(list);
  }
  if (!s) {
    card.append(el('div', { class: 'muted' }, rt('noStatus')));
    return card;
  }
  const phase = STRINGS[lang].phase[s.phase] ?? s.phase;
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
        { class: a.severity, 'data-code': a.code, title: `${a.code}: ${lang === 'fr' ? a.messageFr : a.message}` },
        `${sev(a.severity)} · ${lang === 'fr' ? a.messageFr : a.message} · `,
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

function render(): void {
  document.documentElement.lang = lang;
  document.title = `feltwire · ${rt('title')}`;
  $('title').textContent = rt('title');
  const grid = $('tables');
  // more tables than a screen holds as cards: a compact row each (20 at 1366x768)
  const compact = rows.size > COMPACT_FROM;
  grid.classList.toggle('compact', compact);
  grid.replaceChildren(
    ...[...rows.values()]
      .sort((a, b) => a.tableId.localeCompare(b.tableId, undefined, { numeric: true }))
      .map((r) => tableCard(r, compact)),
  );
  for (const [id, key] of [
    ['level-title', 'levelTitle'],
    ['l-sb', 'sb'],
    ['l-bb', 'bb'],
    ['l-ante', 'ante'],
    ['l-break', 'breakIn'],
    ['l-break-len', 'breakLen'],
    ['level-send', 'send'],
    ['archive-title', 'archiveTitle'],
    ['l-table', 'table'],
    ['l-player', 'player'],
    ['l-day', 'day'],
    ['search-send', 'search'],
  ] as [string, Key][])
    $(id).textContent = rt(key);
  $('hands-head').replaceChildren(
    ...[rt('table'), rt('hand'), rt('day'), rt('players'), rt('ended'), rt('export')].map((x) => el('th', {}, x)),
  );
  $('l-find').textContent = rt('findPlayer');
  ($('find') as HTMLInputElement).placeholder = rt('findHint');
  $('lang').setAttribute('aria-label', rt('language'));
  const q = finding();
  $('find-msg').textContent =
    q.trim() === ''
      ? ''
      : rt('foundAt', {
          n: [...rows.values()].filter((r) => r.status?.seats.some((p) => nameMatches(p.name, q))).length,
        });
  $('conn').textContent = rt(conn);
  $('conn').className = conn === 'connected' ? 'badge' : 'badge bad';
}

// ages tick every second without a new message
setInterval(() => {
  for (const span of document.querySelectorAll<HTMLElement>('[data-age]'))
    span.textContent = age(Number(span.dataset.age));
}, 1000);

let renderQueued = false;
const queueRender = () => {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    render();
  });
};

function connect(): void {
  // the token as a subprotocol, never in the URL (a browser prints a failed socket's URL in its console)
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`, [
    'feltwire',
    `fwtoken.${token}`,
  ]);
  ws.onopen = () => {
    conn = 'connected';
    queueRender();
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(String(ev.data)) as { type: string; now?: number; tables?: Row[]; table?: Row };
    if (msg.type === 'room') {
      if (typeof msg.now === 'number') skew = msg.now - Date.now();
      rows.clear();
      for (const r of msg.tables ?? []) rows.set(r.tableId, r);
    } else if (msg.type === 'table' && msg.table) rows.set(msg.table.tableId, msg.table);
    queueRender();
  };
  ws.onclose = (ev) => {
    conn = ev.code === 1008 || ev.code === 4401 ? 'unauthorized' : 'disconnected';
    queueRender();
    setTimeout(connect, 2000);
  };
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(path, { ...init, headers: { ...authHeaders, ...(init.headers ?? {}) } });
  if (res.status === 401) throw new Error(rt('unauthorized'));
  return res;
}

$('level-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const num = (id: string) => Number(($(id) as HTMLInputElement).value);
  const breakIn = ($('break-in') as HTMLInputElement).value;
  const body = {
    blinds: [num('sb'), num('bb')],
    bbAnte: num('ante'),
    ...(breakIn !== '' ? { breaks: [{ inMinutes: Number(breakIn), minutes: num('break-len') || 10 }] } : {}),
  };
  try {
    const res = await api('/api/settings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const out = (await res.json()) as { settings?: { version: number }; message?: string };
    $('level-msg').textContent = res.ok
      ? rt('sent', { v: out.settings?.version ?? '?' })
      : (out.message ?? res.statusText);
  } catch (err) {
    $('level-msg').textContent = (err as Error).message;
  }
});

function query(): string {
  const q = new URLSearchParams();
  const v = (id: string) => ($(id) as HTMLInputElement).value.trim();
  if (v('q-table')) q.set('table', v('q-table'));
  if (v('q-player')) q.set('player', v('q-player'));
  if (v('q-day')) q.set('day', v('q-day'));
  return q.toString();
}

async function download(path: string, name: string): Promise<void> {
  const res = await api(path);
  if (!res.ok) {
    $('search-msg').textContent = ((await res.json()) as { message?: string }).message ?? res.statusText;
    return;
  }
  const a = el('a', { href: URL.createObjectURL(await res.blob()), download: name }) as HTMLAnchorElement;
  a.click();
  URL.revokeObjectURL(a.href);
}

const FORMATS = [
  ['phh', 'PHH', 'phhs'],
  ['ohh', 'OHH', 'ohh'],
  ['pokerstars', 'PokerStars', 'txt'],
] as const;

/** The archive search's result: its count, the exports of the whole query, a row per hand. */
function drawSearch(q: string, hands: FoundHand[]): void {
  $('search-msg').textContent = rt('found', { n: hands.length });
  $('export-links').replaceChildren(
    ...FORMATS.map(([f, fmtName, ext]) => {
      const b = el('button', { type: 'button' }, `${rt('export')} ${fmtName}`);
      b.addEventListener('click', () => void download(`/api/archive/export/${f}?${q}`, `feltwire-room.${ext}`));
      return b;
    }),
  );
  $('hands').replaceChildren(
    ...hands.slice(-500).map((h) => {
      const links = el('td');
      if (!h.exportable) links.append(el('span', { class: 'muted' }, rt('notYet')));
      else
        for (const [f, fmtName, ext] of FORMATS) {
          const b = el('button', { type: 'button' }, fmtName);
          b.addEventListener(
            'click',
            () =>
              void download(
                `/api/archive/hands/${h.tableId}/${encodeURIComponent(h.handId)}/export/${f}`,
                `${h.handId}.${ext}`,
              ),
          );
          links.append(b);
        }
      return el(
        'tr',
        {},
        el('td', {}, h.tableId),
        el('td', {}, String(h.handNo)),
        el('td', {}, h.day),
        // the archive names an unnamed seat "Seat 4" (the hand histories need a name): in the page's language here
        el('td', {}, h.players.map((n) => (/^Seat \d+$/.test(n) ? rt('seat', { seat: n.slice(5) }) : n)).join(', ')),
        el('td', {}, new Date(h.endWall).toLocaleTimeString(lang)),
        links,
      );
    }),
  );
}

$('search-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  try {
    const q = query();
    const res = await api(`/api/archive/hands?${q}`);
    const out = (await res.json()) as { hands?: FoundHand[]; message?: string };
    if (!res.ok || !out.hands) {
      $('search-msg').textContent = out.message ?? res.statusText;
      return;
    }
    lastSearch = { q, hands: out.hands };
    drawSearch(q, out.hands);
  } catch (err) {
    $('search-msg').textContent = (err as Error).message;
  }
});

const langSelect = $('lang') as HTMLSelectElement;
langSelect.value = lang;
langSelect.addEventListener('change', () => {
  lang = langSelect.value === 'fr' ? 'fr' : 'en';
  localStorage.setItem('feltwire.lang', lang);
  render();
  if (lastSearch) drawSearch(lastSearch.q, lastSearch.hands);
});

$('find').addEventListener('input', () => render());

if (!token) conn = 'unauthorized';
render();
if (token) connect();
