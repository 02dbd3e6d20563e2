// The card room's view (served by `feltwire room`): a card per table -- hand, level, players and stacks, open alerts
// with their age, reader and link health, last hand time -- updated over the room's websocket; the room level form;
// the archive's search and exports. English and French. The room token comes in the URL once and is then kept
// for the tab only (removed from the address bar).
import { ROOM_STRINGS as STRINGS } from './roomStrings.js';

type Lang = 'en' | 'fr';

type Key = Exclude<keyof (typeof STRINGS)['en'], 'phase'>;

let lang: Lang = (localStorage.getItem('feltwire.lang') as Lang | null) === 'fr' ? 'fr' : 'en';
const rt = (key: Key, vars: Record<string, string | number> = {}): string =>
  String(STRINGS[lang][key]).replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));

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
let skew = 0; // server clock minus ours, so that ages are the room's

function age(wall: number): string {
  const s = Math.max(0, Math.round((Date.now() + skew - wall) / 1000));
  const text = s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 3600)} h`;
  return rt('ago', { t: text });
}

function tableCard(r: Row): HTMLElement {
  const s = r.status;
  const stop = s?.openAlerts.some((a) => a.severity === 'stop') ?? false;
  const card = el('article', {
    class: `table${r.online ? '' : ' offline'}${stop ? ' stop' : ''}`,
    'data-table': r.tableId,
  });
  card.append(
    el(
      'h2',
      {},
      `${r.tableName} (${r.tableId})`,
      el('span', { class: `badge${r.online ? '' : ' bad'}` }, r.online ? rt('online') : rt('offline')),
    ),
  );
  if ((r.roomAlerts ?? []).length > 0) {
    const list = el('ul', { class: 'alerts', 'data-field': 'room-alerts' });
    for (const a of r.roomAlerts ?? [])
      list.append(
        el(
          'li',
          { class: a.severity, 'data-code': a.code },
          `${a.code} · ${lang === 'fr' ? a.messageFr : a.message} · `,
          el('span', { 'data-age': String(a.wall) }, age(a.wall)),
        ),
      );
    card.append(list);
  }
  if (!s) {
    card.append(el('div', { class: 'muted' }, rt('noStatus')));
    return card;
  }
  const phase = STRINGS[lang].phase[s.phase] ?? s.phase;
  const next =
    s.level.blinds[1] !== s.blinds[1] || s.level.bbAnte !== s.bbAnte
      ? ` (${rt('next')} ${s.level.blinds.join('/')}${s.level.bbAnte ? ` +${s.level.bbAnte}` : ''})`
      : '';
  card.append(
    el('div', { 'data-field': 'hand' }, `${rt('hand')} ${s.handNo} · ${phase} · ${s.board.join(' ')}`),
    el(
      'div',
      { 'data-field': 'level' },
      `${rt('level')} ${s.blinds.join('/')}${s.bbAnte ? ` +${s.bbAnte}` : ''}${next}`,
    ),
  );
  const seats = el('div', { class: 'seats', 'data-field': 'seats' });
  for (const p of s.seats) {
    seats.append(
      el('span', { class: p.folded ? 'folded' : '' }, `${p.seat}. ${p.name}`),
      el('span', { class: p.folded ? 'folded' : '' }, `${p.stack.toLocaleString(lang)}${p.allIn ? ' (all-in)' : ''}`),
    );
  }
  card.append(seats);
  const alerts = el('ul', { class: 'alerts', 'data-field': 'alerts' });
  if (s.openAlerts.length === 0) alerts.append(el('li', { class: 'muted', style: 'background:none' }, rt('noAlerts')));
  for (const a of s.openAlerts) {
    alerts.append(
      el(
        'li',
        { class: a.severity, 'data-code': a.code },
        `${a.code} · ${lang === 'fr' ? a.messageFr : a.message} · `,
        el('span', { 'data-age': String(a.wall) }, age(a.wall)),
      ),
    );
  }
  card.append(el('div', { class: 'muted' }, rt('alerts')), alerts);
  const readers = Object.values(s.health.readers);
  const bad = readers.filter((x) => x !== 'ok').length;
  card.append(
    el(
      'div',
      { class: 'muted', 'data-field': 'health' },
      `${rt('readers')}: ${bad === 0 ? rt('readersOk', { n: readers.length }) : rt('readersBad', { bad, n: readers.length })} · ${rt('bridge')}: ${s.health.link}`,
    ),
    el(
      'div',
      { class: 'muted', 'data-field': 'last-hand' },
      `${rt('lastHand')}: `,
      s.lastHandWall === null ? rt('never') : el('span', { 'data-age': String(s.lastHandWall) }, age(s.lastHandWall)),
      ` · ${r.archived} ${rt('archived')}${r.backlog > 0 ? ` · ${r.backlog} ${rt('backlog')}` : ''}`,
    ),
  );
  return card;
}

function render(): void {
  document.documentElement.lang = lang;
  document.title = `feltwire · ${rt('title')}`;
  $('title').textContent = rt('title');
  const grid = $('tables');
  grid.replaceChildren(...[...rows.values()].sort((a, b) => a.tableId.localeCompare(b.tableId)).map(tableCard));
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
    $('conn').textContent = rt('connected');
    $('conn').className = 'badge';
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
    $('conn').textContent = ev.code === 1008 || ev.code === 4401 ? rt('unauthorized') : rt('disconnected');
    $('conn').className = 'badge bad';
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

$('search-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  try {
    const q = query();
    const res = await api(`/api/archive/hands?${q}`);
    const out = (await res.json()) as {
      hands?: {
        tableId: string;
        handId: string;
        handNo: number;
        day: string;
        players: string[];
        endWall: number;
        exportable: boolean;
      }[];
      message?: string;
    };
    if (!res.ok || !out.hands) {
      $('search-msg').textContent = out.message ?? res.statusText;
      return;
    }
    $('search-msg').textContent = rt('found', { n: out.hands.length });
    $('export-links').replaceChildren(
      ...FORMATS.map(([f, label, ext]) => {
        const b = el('button', { type: 'button' }, `${rt('export')} ${label}`);
        b.addEventListener('click', () => void download(`/api/archive/export/${f}?${q}`, `feltwire-room.${ext}`));
        return b;
      }),
    );
    $('hands').replaceChildren(
      ...out.hands.slice(-500).map((h) => {
        const links = el('td');
        if (!h.exportable) links.append(el('span', { class: 'muted' }, rt('notYet')));
        else
          for (const [f, label, ext] of FORMATS) {
            const b = el('button', { type: 'button' }, label);
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
          el('td', {}, h.players.join(', ')),
          el('td', {}, new Date(h.endWall).toLocaleTimeString(lang)),
          links,
        );
      }),
    );
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
});

render();
if (!token) {
  $('conn').textContent = rt('unauthorized');
} else connect();
