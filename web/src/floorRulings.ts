// The floor's rulings on an alert that asks the floor a question, as buttons on that alert: an undercall facing a raise
// (tda 51) is called or folded, a seat skipped by substantial action out of turn (tda 53) acts or is killed. Each button
// sends the engine's ruling (`ruling` message, floor only); the engine records the decision on the alert. Also the
// house rules the floor rules by, shown with the table's health. And the floor's rulings on the whole hand (a misdeal
// with its reason, the hand voided, the hand standing, a pot awarded at a showdown the engine cannot decide): the
// `misdeal`, `void`, `stands`, `award` messages; the service refuses one that does not apply and says why. And the
// resync with the readers (`resync`): every antenna's reading replaces what the engine believes, the differences
// listed in one alert.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { t } from './i18n.js';
import { type AlertView, h, type RoleView, who } from './ui.js';

type Ruling = 'kill' | 'fold' | 'call' | 'act';
type Send = (msg: { type: 'ruling'; ruling: Ruling; seat: number }) => void;

/** The rulings an open alert asks the floor for, each with its label ([] when it asks for none). */
export function rulingsFor(v: RoleView, a: AlertView): { ruling: Ruling; seat: number; label: string }[] {
  if (a.resolved || a.decision || a.source !== 'hand') return [];
  const f = a.facts;
  if (a.code === 'UNDERCALL' && f?.variant === 'floor' && a.seat) {
    const seat = a.seat;
    return [
      { ruling: 'call', seat, label: t('ruling_call', { who: who(v, seat) }) },
      { ruling: 'fold', seat, label: t('ruling_fold', { who: who(v, seat) }) },
    ];
  }
  if (a.code === 'ACTION_OUT_OF_TURN' && f?.variant === 'substantial' && f.onTurn) {
    const seat = f.onTurn;
    return [
      { ruling: 'act', seat, label: t('ruling_act', { who: who(v, seat) }) },
      { ruling: 'kill', seat, label: t('ruling_kill', { who: who(v, seat) }) },
    ];
  }
  return [];
}

export function RulingButtons({ v, a, send }: { v: RoleView; a: AlertView; send: Send }): JSX.Element | null {
  const rulings = rulingsFor(v, a);
  if (rulings.length === 0) return null;
  return h(
    'div',
    { class: 'rulings', role: 'group', 'aria-label': t('rulings') },
    `${t('rulings')} `,
    rulings.map((r) =>
      h(
        'button',
        {
          type: 'button',
          key: r.ruling,
          class: `ruling ruling-${r.ruling}`,
          'data-ruling': r.ruling,
          'data-seat': String(r.seat),
          onClick: () => send({ type: 'ruling', ruling: r.ruling, seat: r.seat }),
        },
        r.label,
      ),
    ),
  );
}

/** The house rules in force (the rule text's defaults when off). */
export function HouseRulesLine({ v }: { v: RoleView }): JSX.Element {
  const on = v.house?.checkOutOfTurnCallOrFold === true;
  return h(
    'div',
    { class: 'house', id: 'house-rules', 'data-check-oot-call-or-fold': on ? 'on' : 'off' },
    t('house_checkOotCallOrFold', { state: t(on ? 'house_on' : 'house_off') }),
  );
}

type HandRuling =
  | { type: 'misdeal' | 'void' | 'stands'; reason: string }
  | { type: 'award'; pot: number; seats: number[] }
  | { type: 'resync' };

/** "2, 3" -> [2, 3]; null unless every part is a seat 1-10, each once */
export function seatsOf(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const seats = parts.map(Number);
  if (seats.length === 0 || !seats.every((n) => Number.isInteger(n) && n >= 1 && n <= 10)) return null;
  return new Set(seats).size === seats.length ? seats : null;
}

/** The floor's rulings on the hand: a misdeal, a void or the hand standing with the reason typed, a pot to the seats
 * typed. */
export function HandRulings({ send }: { send: (msg: HandRuling) => void }): JSX.Element {
  const [reason, setReason] = useState('');
  const [seats, setSeats] = useState('');
  const [pot, setPot] = useState('0');
  const input = (cls: string, label: string, value: string, set: (v: string) => void, type = 'text') =>
    h('input', {
      type,
      class: cls,
      'aria-label': label,
      placeholder: label,
      value,
      ...(type === 'number' ? { min: 0, max: 10 } : { maxLength: 200 }),
      onInput: (e: Event) => set((e.target as HTMLInputElement).value),
    });
  const button = (
    ruling: 'misdeal' | 'void' | 'stands' | 'award' | 'resync',
    label: string,
    disabled: boolean,
    onClick: () => void,
  ) => h('button', { type: 'button', class: `hand-ruling`, 'data-hand-ruling': ruling, disabled, onClick }, label);
  const why = reason.trim();
  const awardTo = seatsOf(seats);
  const potNo = Number(pot);
  return h(
    'div',
    { class: 'hand-rulings', role: 'group', 'aria-label': t('hand_rulings') },
    h('div', {}, `${t('hand_rulings')} `, input('ruling-reason', t('ruling_reason'), reason, setReason)),
    h(
      'div',
      {},
      button('misdeal', t('ruling_misdeal'), why === '', () => send({ type: 'misdeal', reason: why })),
      button('void', t('ruling_void'), why === '', () => send({ type: 'void', reason: why })),
      button('stands', t('ruling_stands'), why === '', () => send({ type: 'stands', reason: why })),
    ),
    h(
      'div',
      {},
      input('award-pot', t('award_pot'), pot, setPot, 'number'),
      input('award-seats', t('award_seats'), seats, setSeats),
      button('award', t('ruling_award'), awardTo === null || !Number.isInteger(potNo) || potNo < 0, () =>
        send({ type: 'award', pot: potNo, seats: awardTo ?? [] }),
      ),
    ),
    // the readers' reading of every antenna replaces what the engine believes; the differences come as one alert
    h(
      'div',
      {},
      button('resync', t('ruling_resync'), false, () => send({ type: 'resync' })),
    ),
  );
}
