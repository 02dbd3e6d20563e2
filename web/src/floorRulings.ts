// The floor's rulings on an alert that asks the floor a question, as buttons on that alert: an undercall facing a raise
// (tda 51) is called or folded, a seat skipped by substantial action out of turn (tda 53) acts or is killed. Each button
// sends the engine's ruling (`ruling` message, floor only); the engine records the decision on the alert. Also the
// house rules the floor rules by, shown with the table's health.
import type { JSX } from 'preact';
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
