// The floor: the alert log across hands with the decisions (who decided what), the players (seat, move, remove,
// sit out), the table's health, the live hand list, and a step-through of any hand by street with readable events.
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { AlertLog } from './floorAlerts.js';
import { api, errOf, type HandRow, type Step, sent, store } from './floorApi.js';
import { HandList, Stepper } from './floorHands.js';
import { HandRulings, HouseRulesLine } from './floorRulings.js';
import { Seating } from './floorSeating.js';
import { t } from './i18n.js';
import { useLive } from './live.js';
import {
  Board,
  ConnBanner,
  chips,
  errorText,
  Header,
  h,
  mountApp,
  outcomeText,
  Pots,
  type RoleView,
  SeatBox,
  WaitingSeats,
} from './ui.js';

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
