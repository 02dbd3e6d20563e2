// The tournament director's screen (served by `feltwire tournament --sim N --serve PORT`): the clock (level, blinds
// and ante, time left, running or paused), players left, the average stack, the tables and their player counts, the
// last moves (balancing, a table broken), the standings with places and prizes. Polls the server's JSON state.
// English and French. The TD token comes in the URL once and is then kept for the tab only (removed from the bar).
import IntlMessageFormat from 'intl-messageformat';
import { h, type JSX, render } from 'preact';
import type { TdView } from '../../src/tournament/tdView.js';
import { FloorControls, type RosterRow, type Send } from './tournamentFloor.js';
import { TD_STRINGS, type TdKey } from './tournamentStrings.js';

type Lang = 'en' | 'fr';
/** `live`: the room's clock (its TD can add or take time); absent on the simulation's playback */
type State = TdView & { step: number; steps: number; live?: boolean; roster?: RosterRow[] };

const url = new URL(location.href);
const langParam = url.searchParams.get('lang');
let lang: Lang = (langParam ?? localStorage.getItem('feltwire.lang')) === 'fr' ? 'fr' : 'en';
const fromUrl = url.searchParams.get('token');
if (fromUrl || langParam) {
  if (fromUrl) sessionStorage.setItem('feltwire.td.token', fromUrl);
  url.searchParams.delete('token');
  url.searchParams.delete('lang');
  history.replaceState(null, '', url.toString());
}
const token = sessionStorage.getItem('feltwire.td.token') ?? '';
const auth = { authorization: `Bearer ${token}` };

const formats = new Map<string, IntlMessageFormat>();
function t(key: TdKey, values?: Record<string, string | number>): string {
  const id = `${lang}:${key}`;
  let f = formats.get(id);
  if (!f) {
    f = new IntlMessageFormat(TD_STRINGS[lang][key], lang === 'fr' ? 'fr-FR' : 'en-GB');
    formats.set(id, f);
  }
  return String(f.format(values));
}
const num = (n: number): string => n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB');
const mmss = (ms: number): string => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

let state: State | null = null;
let problem: 'unauthorized' | 'offline' | null = null;

function Clock({ s }: { s: State }): JSX.Element {
  const c = s.clock;
  return h(
    'section',
    { id: 'clock' },
    h('h2', {}, t('clock')),
    h(
      'div',
      { 'data-field': 'period' },
      c.kind === 'break' ? t('break', { minutes: c.breakMinutes ?? 0 }) : t('level', { n: c.level }),
    ),
    h('div', { class: 'big', 'data-field': 'time-left' }, mmss(c.remainingMs)),
    h('div', { class: 'muted' }, t('timeLeft', { time: mmss(c.remainingMs) })),
    h(
      'div',
      { 'data-field': 'blinds' },
      `${t('blinds', { sb: num(c.sb), bb: num(c.bb) })} · ${c.bbAnte ? t('ante', { ante: num(c.bbAnte) }) : t('noAnte')}`,
    ),
    h('div', { 'data-field': 'state', class: c.running ? '' : 'paused' }, c.running ? t('running') : t('paused')),
    h(
      'div',
      { class: 'muted', 'data-field': 'next' },
      c.ended || !c.next ? t('lastLevel') : t('nextLevel', { n: c.next.level, sb: num(c.next.sb), bb: num(c.next.bb) }),
    ),
    s.finished
      ? null
      : h(
          'button',
          { id: 'pause', onClick: () => void post(c.running ? 'pause' : 'resume') },
          c.running ? t('pause') : t('resume'),
        ),
    s.finished || !s.live
      ? null
      : h(
          'div',
          { class: 'time-buttons' },
          h('button', { id: 'add-minute', title: t('addMinuteTitle'), onClick: () => void addTime(1) }, t('addMinute')),
          h(
            'button',
            { id: 'take-minute', title: t('takeMinuteTitle'), onClick: () => void addTime(-1) },
            t('takeMinute'),
          ),
        ),
  );
}

function Field({ s }: { s: State }): JSX.Element {
  return h(
    'section',
    { id: 'field' },
    h('div', { class: 'big', 'data-field': 'left', 'data-left': String(s.left) }, num(s.left)),
    h('div', { 'data-field': 'players-left' }, t('playersLeft', { left: s.left, entrants: s.entrants })),
    h('div', { 'data-field': 'average' }, t('average', { n: num(s.averageStack) })),
    h('div', { class: 'muted' }, `${t('pool', { n: num(s.prizePool) })} · ${t('hands', { n: s.hands })}`),
    h('h2', {}, t('tables')),
    h(
      'ul',
      { id: 'tables' },
      s.tables.map((tb) =>
        h('li', { key: tb.id, 'data-table': tb.id }, `${tb.id} · ${t('tablePlayers', { n: tb.players })}`),
      ),
    ),
  );
}

function Moves({ s }: { s: State }): JSX.Element {
  return h(
    'section',
    { id: 'moves' },
    h('h2', {}, t('moves')),
    s.moves.length === 0
      ? h('div', { class: 'muted' }, t('noMove'))
      : h(
          'ul',
          {},
          s.moves.map((m, i) =>
            m.kind === 'broken'
              ? h('li', { key: i, 'data-move': 'broken' }, t('broken', { table: m.table, n: m.players }))
              : h(
                  'li',
                  { key: i, 'data-move': m.reason },
                  h('span', { 'data-name': '' }, m.player),
                  t(m.reason === 'break' ? 'moveBreak' : 'moveBalance', { who: '', from: m.from, to: m.to }),
                ),
          ),
        ),
  );
}

function Standings({ s }: { s: State }): JSX.Element {
  return h(
    'section',
    { id: 'standings' },
    h('h2', {}, s.finished ? t('finished') : t('standings')),
    s.winner
      ? h(
          'div',
          { class: 'winner', 'data-field': 'winner' },
          t('winner', { who: '' }),
          h('span', { 'data-name': '' }, s.winner),
        )
      : null,
    s.standings.length === 0
      ? h('div', { class: 'muted' }, t('noneOut'))
      : h(
          'table',
          {},
          h(
            'thead',
            {},
            h('tr', {}, ...(['place', 'name', 'country', 'prize'] as const).map((k) => h('th', {}, t(k)))),
          ),
          h(
            'tbody',
            {},
            s.standings.map((r) =>
              h(
                'tr',
                { key: `${r.place}-${r.name}`, 'data-place': String(r.place) },
                h('td', {}, String(r.place)),
                h('td', { 'data-name': '' }, r.name),
                h('td', {}, r.country),
                h('td', { 'data-prize': String(r.prize) }, num(r.prize)),
              ),
            ),
          ),
        ),
  );
}

function App(): JSX.Element {
  const top = h(
    'header',
    {},
    h('h1', {}, state ? `${t('title')} · ${state.name}` : t('title')),
    h(
      'select',
      {
        id: 'lang',
        'aria-label': 'language',
        value: lang,
        onChange: (e: Event) => {
          lang = (e.target as HTMLSelectElement).value === 'fr' ? 'fr' : 'en';
          localStorage.setItem('feltwire.lang', lang);
          draw();
        },
      },
      h('option', { value: 'en' }, 'English'),
      h('option', { value: 'fr' }, 'Français'),
    ),
  );
  if (problem === 'unauthorized' || !state)
    return h('div', {}, top, problem ? h('div', { class: 'error', id: 'problem' }, t(problem)) : null);
  const s = state;
  return h(
    'div',
    {},
    top,
    problem ? h('div', { class: 'error', id: 'problem' }, t(problem)) : null,
    h(
      'main',
      {},
      h(Clock, { s }),
      h(Field, { s }),
      h(Moves, { s }),
      h(Standings, { s }),
      s.live && s.roster && !s.finished ? h(FloorControls, { roster: s.roster, t, lang, send, redraw: draw }) : null,
    ),
  );
}

function draw(): void {
  document.documentElement.lang = lang;
  render(h(App, {}), document.getElementById('app') as HTMLElement);
}

async function post(what: 'pause' | 'resume'): Promise<void> {
  const r = await fetch(`./api/tournament/${what}`, { method: 'POST', headers: auth });
  if (r.ok) state = (await r.json()) as State;
  draw();
}

/** the room's clock: a minute added to (or taken off) the period in play */
async function addTime(minutes: 1 | -1): Promise<void> {
  const r = await fetch('./api/tournament/add-time', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ minutes }),
  });
  if (r.ok) state = (await r.json()) as State;
  draw();
}

/** a floor control's route (penalty, late registration, absent): the new state taken, the answer told */
const send: Send = async (route, body) => {
  try {
    const r = await fetch(`./api/tournament/${route}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const a = (await r.json()) as Record<string, unknown>;
    if (!r.ok) return { ok: false, text: t('refused', { why: String(a.message ?? r.status) }) };
    state = (route === 'absent' ? a : a.view) as State;
    const b = body as Record<string, unknown>;
    const who = state.roster?.find((x) => x.id === b.player || x.id === b.id)?.name ?? String(b.player ?? b.name);
    if (route === 'penalty') return { ok: true, text: t('penaltyGiven', { who, kind: t(`kind_${b.kind}` as TdKey) }) };
    if (route === 'register') {
      const seated = a.seated as { table: string; seat: number };
      return { ok: true, text: t('registered', { who, seat: `${seated.table}-${seated.seat}` }) };
    }
    return { ok: true, text: t(b.absent ? 'markedAbsent' : 'markedArrived', { who }) };
  } catch {
    return { ok: false, text: t('offline') };
  }
};

async function poll(): Promise<void> {
  try {
    const r = await fetch('./api/tournament', { headers: auth });
    if (r.status === 401 || r.status === 403) {
      problem = 'unauthorized';
      draw();
      return; // no point asking again with the same token
    }
    state = (await r.json()) as State;
    problem = null;
  } catch {
    problem = 'offline';
  }
  draw();
  setTimeout(() => void poll(), 200);
}

draw();
void poll();
