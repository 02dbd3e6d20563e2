// The card room's view (served by `feltwire room`): a card per table (roomCard.ts: hand, level, players and stacks,
// open alerts with their age, reader and link health, last hand time; compact rows beyond four tables) updated over
// the room's websocket; the room level form;
// the archive's search and exports. English and French. The room token comes in the URL once and is then kept
// for the tab only (removed from the address bar). A player finder picks out the tables where a player sits, by part
// of the name, accents optional.
import { nameMatches } from '../../src/nameSearch.js';
import { age, COMPACT_FROM, el, finding, type Key, page, type Row, rt, tableCard } from './roomCard.js';

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

function render(): void {
  document.documentElement.lang = page.lang;
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
      if (typeof msg.now === 'number') page.skew = msg.now - Date.now();
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
        el('td', {}, new Date(h.endWall).toLocaleTimeString(page.lang)),
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
langSelect.value = page.lang;
langSelect.addEventListener('change', () => {
  page.lang = langSelect.value === 'fr' ? 'fr' : 'en';
  localStorage.setItem('feltwire.lang', page.lang);
  render();
  if (lastSearch) drawSearch(lastSearch.q, lastSearch.hands);
});

$('find').addEventListener('input', () => render());

if (!token) conn = 'unauthorized';
render();
if (token) connect();
