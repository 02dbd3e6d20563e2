// The floor: the alert log across hands with the decisions (who decided what), the players (seat, move, remove,
// sit out), the table's health, the live hand list, and a step-through of any hand by street with readable events.
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { parseZone } from '../../src/engine/zone.js';
import { HandRulings, HouseRulesLine, RulingButtons } from './floorRulings.js';
import { t } from './i18n.js';
import { useLive } from './live.js';
import { matchingSeats, PlayerSearch } from './playerSearch.js';
import {
  alertText,
  Board,
  ConnBanner,
  cardText,
  chips,
  deciderName,
  errorText,
  type FloorEntryView,
  Header,
  h,
  makeStore,
  mountApp,
  outcomeText,
  Pots,
  type RoleView,
  ruleLabel,
  SeatBox,
  severityLabel,
  streetLabel,
  WaitingSeats,
  who,
} from './ui.js';

const store = makeStore(true);

interface HandRow {
  handNo: number;
  complete: boolean;
  events: number;
  button: number;
}
interface Step {
  wall: number;
  event: string;
  refused: string | null;
  view: RoleView | null;
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const tok = store.authToken;
  const headers: Record<string, string> = tok ? { authorization: `Bearer ${tok}` } : {};
  if (init.body) headers['content-type'] = 'application/json';
  const r = await fetch(path, { ...init, headers });
  if (!r.ok) {
    let code = String(r.status);
    let message = '';
    try {
      const b = (await r.json()) as { error?: string; message?: string };
      code = b.error ?? code;
      message = b.message ?? '';
    } catch {
      // not JSON
    }
    throw Object.assign(new Error(message), { code });
  }
  return (await r.json()) as T;
}

const errOf = (e: unknown): string => {
  const x = e as { code?: string; message?: string };
  return errorText(x.code ?? 'ERROR', x.message ?? String(e));
};

/** A logged table event as a sentence. */
function eventText(raw: string, v: RoleView | null): string {
  let ev: Record<string, unknown>;
  try {
    ev = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return raw;
  }
  const zone = (z: unknown): string => {
    const p = parseZone(z);
    if (p?.kind === 'seat') return t('zone_seat', { seat: who(v, p.seat) });
    if (p?.kind === 'bet') return t('zone_bet', { seat: who(v, p.seat) });
    return t(p?.kind === 'board' ? 'zone_board' : p?.kind === 'burn' ? 'zone_burn' : 'zone_muck');
  };
  switch (ev.kind) {
    case 'cardAt':
      return t('ev_cardAt', {
        card: cardText([String(ev.card)]),
        zone: zone(ev.zone),
        face: t(ev.face === 'up' ? 'face_up' : 'face_down'),
      });
    case 'cardOff':
      return t('ev_cardOff', { card: cardText([String(ev.card)]), zone: zone(ev.zone) });
    case 'chips':
      return t('ev_chips', {
        who: who(v, Number(ev.seat)),
        chips: (ev.chips as number[]).map(chips).join(' + ') || '0',
      });
    case 'say': {
      const s = String(ev.say);
      const n = ev.to === undefined ? '' : chips(Number(ev.to));
      const what =
        s === 'bet' ? t('say_bet', { n }) : s === 'raise' ? t('say_raise', { n }) : t(`say_${s}` as 'say_check');
      return t('ev_say', { who: who(v, Number(ev.seat)), what });
    }
    case 'dealer':
      return t('ev_dealer', { what: t(`btn_${String(ev.button)}` as 'btn_shuffle') });
    case 'clock':
      return t('ev_clock', { who: who(v, Number(ev.seat)) });
    case 'floorKill':
      return t('ev_floorKill', { seat: Number(ev.seat) });
    case 'floorDecision':
      return t('ev_floorDecision', { id: Number(ev.alertId), text: String(ev.decision) });
    case 'ack':
      return t('ev_ack', { id: Number(ev.alertId) });
    case 'tick':
      return t('ev_tick');
    default:
      return raw;
  }
}

function DecideForm({ e }: { e: FloorEntryView }): JSX.Element {
  const [text, setText] = useState('');
  const [by, setBy] = useState(localStorage.getItem('feltwire.floorName') ?? '');
  return h(
    'div',
    { class: 'decide' },
    h('input', {
      type: 'text',
      class: 'decision-text',
      placeholder: t('decision'),
      maxlength: 500,
      value: text,
      onInput: (ev: Event) => setText((ev.target as HTMLInputElement).value),
    }),
    h('input', {
      type: 'text',
      class: 'decision-by',
      placeholder: t('yourName'),
      maxlength: 80,
      value: by,
      onInput: (ev: Event) => setBy((ev.target as HTMLInputElement).value),
    }),
    h(
      'button',
      {
        type: 'button',
        class: 'record',
        title: t('closeAlert'),
        onClick: () => {
          if (!text.trim() || !by.trim()) return;
          localStorage.setItem('feltwire.floorName', by.trim());
          const msg: Record<string, unknown> & { type: string } = {
            type: 'decision',
            alertId: e.alert.id,
            decision: text.trim(),
            by: by.trim(),
          };
          // an alert of a hand names its hand: one of an earlier hand is closed in the history
          if (e.source === 'hand') msg.hand = e.hand;
          sent.ref = store.send(msg);
        },
      },
      t('record'),
    ),
  );
}

/** The ref of the last decision sent: the service's answer to it is shown in the notice. */
const sent: { ref: number | null } = { ref: null };

/** The floor's history as the service keeps it (every floor tablet the same, after a reload and a restart): open
 * incidents first, the most severe first, then the oldest; each with its count and decision. */
function AlertLog({ v }: { v: RoleView }): JSX.Element {
  const log = v.floorLog ?? [];
  const open = log.filter((e) => e.state === 'open').length;
  return h(
    'section',
    { class: 'alert-log', id: 'alert-log', 'data-open': String(open) },
    h('h2', {}, t('alerts'), ' · ', h('span', { id: 'open-count' }, t('alertCount', { n: open }))),
    log.map((e) => {
      const a = e.alert;
      const { message, remedy } = alertText(a);
      return h(
        'div',
        {
          key: e.key,
          class: `log-item ${a.severity} ${e.state}${e.state !== 'open' ? ' acked' : ''}`,
          'data-key': e.key,
          'data-alert': String(a.id),
          'data-code': a.code,
          'data-hand': String(e.hand),
          'data-state': e.state,
          'data-count': String(e.count),
        },
        h(
          'div',
          { class: 'alert-head' },
          [
            t('alertOfHand', { n: e.hand }),
            a.code,
            e.count > 1 ? t('alertTimes', { n: e.count }) : null,
            severityLabel(a.severity),
            t('rule', { rule: ruleLabel(a.rule) }),
            a.seat ? who(v, a.seat) : null,
            t(`entry_${e.state}`),
          ]
            .filter(Boolean)
            .join(' · '),
        ),
        h('div', {}, message),
        h('div', { class: 'alert-remedy' }, t('remedy', { text: remedy })),
        e.state === 'open' && e.hand === v.handNo ? h(RulingButtons, { v, a, send: (m) => store.send(m) }) : null,
        e.decision
          ? h(
              'div',
              { class: 'decision' },
              e.decision.by === 'engine'
                ? t('remedyCarried')
                : t('decidedBy', { text: e.decision.decision, by: deciderName(e.decision.by) }),
            )
          : e.state === 'open'
            ? h(DecideForm, { e })
            : null,
      );
    }),
  );
}

function Health({ v }: { v: RoleView }): JSX.Element {
  const hl = v.health;
  const st = (s: string) => t(s === 'up' ? 'state_up' : s === 'lost' ? 'state_lost' : 'state_unknown');
  return h(
    'section',
    { class: 'health', id: 'health' },
    h('h2', {}, t('health')),
    h(HouseRulesLine, { v }),
    hl
      ? [
          h('div', { class: `link ${hl.link}`, key: 'l' }, t('link', { state: st(hl.link) })),
          h('div', { class: `panel ${hl.panel}`, key: 'p' }, t('panel', { state: st(hl.panel) })),
          h('div', { key: 's' }, t('scan', { ms: hl.scanMs ?? '—' })),
          h(
            'div',
            { class: 'readers', key: 'r' },
            `${t('readers')} `,
            Object.entries(hl.readers).map(([ant, s]) =>
              h(
                'span',
                { class: `reader ${s === 'ok' ? 'ok' : 'bad'}`, key: ant },
                `${ant}: ${s === 'ok' ? t('reader_ok') : s}`,
              ),
            ),
          ),
          h(
            'div',
            { class: 'tray', key: 't' },
            `${t('tray')} `,
            Object.entries(hl.tray).map(([d, n]) => h('span', { key: d }, `${chips(Number(d))}×${n} `)),
          ),
        ]
      : null,
  );
}

function Seating({ v, onMsg }: { v: RoleView; onMsg: (s: string) => void }): JSX.Element {
  const [seat, setSeat] = useState('1');
  const [name, setName] = useState('');
  const [country, setCountry] = useState('');
  const [photo, setPhoto] = useState('');
  const [stack, setStack] = useState('');
  const [to, setTo] = useState('');
  const [penalty, setPenalty] = useState('');
  const [short, setShort] = useState('');
  const [find, setFind] = useState('');
  const found = new Set(matchingSeats(v, find));
  const input = (id: string, label: string, val: string, set: (s: string) => void, type = 'text') =>
    h(
      'label',
      { key: id },
      label,
      h('input', {
        id,
        type,
        value: val,
        onInput: (e: Event) => set((e.target as HTMLInputElement).value),
      }),
    );
  const run = async (path: string, method: string, body?: unknown) => {
    try {
      await api(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
      onMsg(t('sent'));
    } catch (e) {
      onMsg(errOf(e));
    }
  };
  const n = Number(seat);
  return h(
    'section',
    { class: 'seating', id: 'seating' },
    h('h2', {}, t('seating')),
    h(PlayerSearch, { v, q: find, setQ: setFind, onPick: (s) => setSeat(String(s)) }),
    h(
      'ul',
      { class: 'roster' },
      Object.entries(v.players ?? {}).map(([s, p]) =>
        h(
          'li',
          { key: s, 'data-seat': s, class: found.has(Number(s)) ? 'match' : undefined },
          `${who(v, Number(s))}${p.country ? ` (${p.country})` : ''}${p.sittingOut ? ` · ${t('sittingOut')}` : ''}${p.movingTo ? ` · ${t('movingTo', { seat: p.movingTo })}` : ''}${v.away?.includes(Number(s)) ? ` · ${t('isAway')}` : ''}${v.penalties?.[s] ? ` · ${t('penalised', { n: v.penalties[s] })}` : ''}${p.short ? ` · ${t('shortShown', { short: p.short })}` : ''}`,
        ),
      ),
    ),
    h(
      'div',
      { class: 'seat-form' },
      input('seat-no', t('seat', { seat: '' }).trim(), seat, setSeat, 'number'),
      input('seat-name', t('name'), name, setName),
      input('seat-country', t('country'), country, setCountry),
      input('seat-photo', t('photo'), photo, setPhoto),
      input('seat-stack', t('stackIn'), stack, setStack, 'number'),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-go',
          onClick: () => {
            const body: Record<string, unknown> = { name };
            if (country.trim()) body.country = country.trim();
            if (photo.trim()) body.photoUrl = photo.trim();
            if (stack.trim()) body.stack = Number(stack);
            void run(`/api/seats/${n}`, 'POST', body);
          },
        },
        t('seatPlayerBtn'),
      ),
      h(
        'button',
        { type: 'button', id: 'seat-out', onClick: () => void run(`/api/seats/${n}/sit-out`, 'POST', { out: true }) },
        t('sitOut'),
      ),
      h(
        'button',
        { type: 'button', id: 'seat-in', onClick: () => void run(`/api/seats/${n}/sit-out`, 'POST', { out: false }) },
        t('sitIn'),
      ),
      h(
        'button',
        { type: 'button', id: 'seat-remove', onClick: () => void run(`/api/seats/${n}`, 'DELETE') },
        t('remove'),
      ),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-away',
          onClick: () => void run(`/api/seats/${n}/absent`, 'POST', { absent: true }),
        },
        t('away'),
      ),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-back',
          onClick: () => void run(`/api/seats/${n}/absent`, 'POST', { absent: false }),
        },
        t('back'),
      ),
      input('seat-penalty', t('penaltyHands'), penalty, setPenalty, 'number'),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-penalise',
          onClick: () => void run(`/api/seats/${n}/penalty`, 'POST', { hands: Number(penalty) }),
        },
        t('penalise'),
      ),
      input('seat-short', t('shortName'), short, setShort),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-short-go',
          onClick: () => void run(`/api/seats/${n}/short`, 'POST', { short: short.trim() }),
        },
        t('setShort'),
      ),
      input('seat-to', t('moveTo'), to, setTo, 'number'),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-move',
          onClick: () => void run(`/api/seats/${n}/move`, 'POST', { to: Number(to) }),
        },
        t('moveTo'),
      ),
    ),
  );
}

function HandList({
  v,
  hands,
  onOpen,
  onMsg,
}: {
  v: RoleView;
  hands: HandRow[];
  onOpen: (n: number) => void;
  onMsg: (s: string) => void;
}): JSX.Element {
  const download = async (handNo: number, f: string) => {
    const tok = store.authToken;
    const r = await fetch(`/api/hands/${handNo}/export/${f}`, {
      headers: tok ? { authorization: `Bearer ${tok}` } : {},
    });
    const text = await r.text();
    if (!r.ok) {
      let code = String(r.status);
      let message = text;
      try {
        const b = JSON.parse(text) as { error?: string; message?: string };
        code = b.error ?? code;
        message = b.message ?? '';
      } catch {
        // not JSON
      }
      onMsg(t('exportFailed', { why: errorText(code, message) }));
      return;
    }
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `hand-${handNo}.${f === 'ohh' ? 'json' : f === 'phh' ? 'phh' : 'txt'}`;
    a.click();
  };
  return h(
    'section',
    { class: 'hands', id: 'hands' },
    h('h2', {}, t('hands')),
    [...hands]
      .reverse()
      .slice(0, 40)
      .map((hd) =>
        h(
          'div',
          { class: 'hand-line', key: hd.handNo, 'data-hand': String(hd.handNo) },
          h(
            'button',
            { type: 'button', class: 'open-hand', 'data-hand': String(hd.handNo), onClick: () => onOpen(hd.handNo) },
            t('open', { n: hd.handNo }),
          ),
          ` ${hd.complete ? t('complete') : hd.handNo === v.handNo ? t('inProgress') : t('cutShort')} · ${t('events', { n: hd.events })} `,
          hd.complete
            ? ['phh', 'ohh', 'pokerstars'].map((f) =>
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'export',
                    'data-format': f,
                    key: f,
                    onClick: () => void download(hd.handNo, f),
                  },
                  f.toUpperCase(),
                ),
              )
            : null,
        ),
      ),
  );
}

function Stepper({
  st,
  setAt,
  close,
}: {
  st: { handNo: number; steps: Step[]; at: number };
  setAt: (n: number) => void;
  close: () => void;
}): JSX.Element {
  const step = st.steps[st.at];
  const v = step?.view ?? null;
  const firstOf = (street: string) => st.steps.findIndex((s) => s.view?.street === street);
  return h(
    'section',
    { class: 'stepper', id: 'stepper' },
    h('h2', {}, t('step', { hand: st.handNo, at: st.at + 1, total: st.steps.length })),
    h(
      'div',
      { class: 'step-nav' },
      h('button', { type: 'button', id: 'step-prev', onClick: () => setAt(Math.max(0, st.at - 1)) }, t('prev')),
      h(
        'button',
        { type: 'button', id: 'step-next', onClick: () => setAt(Math.min(st.steps.length - 1, st.at + 1)) },
        t('next'),
      ),
      ['preflop', 'flop', 'turn', 'river', 'showdown'].map((s) => {
        const i = firstOf(s);
        return h(
          'button',
          { type: 'button', class: 'street-jump', 'data-street': s, key: s, disabled: i < 0, onClick: () => setAt(i) },
          streetLabel(s),
        );
      }),
      h('button', { type: 'button', id: 'step-close', onClick: close }, t('close')),
    ),
    step
      ? h(
          'div',
          { class: 'event', id: 'step-event' },
          eventText(step.event, v),
          step.refused ? ` ${t('ev_refused')} ${step.refused}` : '',
        )
      : null,
    v
      ? h(
          'div',
          {},
          h(Board, { v }),
          h(Pots, { v }),
          h(
            'div',
            { class: 'seats small' },
            v.seats.map((s) => h(SeatBox, { v, s, key: s.seat })),
          ),
          h(
            'ul',
            {},
            v.alerts
              .filter((a) => a.source === 'hand')
              .map((a) => h('li', { key: a.id }, `${a.code}: ${alertText(a).message}`)),
          ),
        )
      : null,
  );
}

function App(): JSX.Element {
  const snap = useLive(store);
  const v = snap.view;
  const [hands, setHands] = useState<HandRow[]>([]);
  const [stepping, setStepping] = useState<{ handNo: number; steps: Step[]; at: number } | null>(null);
  const [msg, setMsg] = useState('');

  // the service's answer to a decision: what it closed
  useEffect(() => {
    if (snap.okRef !== null && snap.okRef === sent.ref && snap.outcome) setMsg(outcomeText(snap.outcome, v));
  }, [snap.okRef]);

  // the hand list follows the table: reloaded when a hand begins or ends
  useEffect(() => {
    if (snap.conn !== 'open') return;
    api<{ hands: HandRow[] }>('/api/hands')
      .then((r) => setHands(r.hands))
      .catch((e) => setMsg(errOf(e)));
  }, [v?.handNo, v?.handOver, snap.conn]);

  useEffect(() => {
    const e = snap.error;
    if (e) setMsg(errorText(e.code, e.message));
  }, [snap.error?.at]);

  const openHand = (handNo: number) =>
    api<{ handNo: number; steps: Step[] }>(`/api/hands/${handNo}/steps`)
      .then((r) => setStepping({ handNo, steps: r.steps, at: Math.max(0, r.steps.length - 1) }))
      .catch((e) => setMsg(errOf(e)));

  const top = h(Header, { v, title: t('floorView'), snap });
  const banner = h(ConnBanner, { snap, blocking: true });
  if (!v) return h('div', { class: 'floor' }, banner, top);
  return h(
    'div',
    { class: 'floor' },
    banner,
    top,
    h('div', { id: 'notice', class: 'notice', role: 'status' }, msg),
    h(
      'div',
      { class: 'columns' },
      h(AlertLog, { v }),
      h(
        'div',
        {},
        h(Health, { v }),
        h(
          'section',
          { class: 'table' },
          h(Board, { v }),
          h(Pots, { v }),
          h(
            'div',
            { class: 'seats' },
            v.seats.map((s) => h(SeatBox, { v, s, key: s.seat })),
          ),
          h(WaitingSeats, { v }),
          h(KillForm, {}),
          h(HandRulings, {
            send: (m) => {
              sent.ref = store.send(m);
            },
          }),
        ),
        h(Seating, { v, onMsg: setMsg }),
      ),
    ),
    h(HandList, { v, hands, onOpen: (n) => void openHand(n), onMsg: setMsg }),
    stepping
      ? h(Stepper, {
          st: stepping,
          setAt: (at) => setStepping({ ...stepping, at }),
          close: () => setStepping(null),
        })
      : null,
  );
}

function KillForm(): JSX.Element {
  const [seat, setSeat] = useState('');
  return h(
    'div',
    { class: 'kill' },
    h(
      'button',
      {
        type: 'button',
        onClick: () => {
          const n = Number(seat);
          if (Number.isInteger(n) && n >= 1 && n <= 10) sent.ref = store.send({ type: 'kill', seat: n });
        },
      },
      t('kill'),
    ),
    h('input', {
      type: 'number',
      min: 1,
      max: 10,
      class: 'kill-seat',
      'aria-label': t('kill'),
      value: seat,
      onInput: (e: Event) => setSeat((e.target as HTMLInputElement).value),
    }),
  );
}

mountApp(App);
