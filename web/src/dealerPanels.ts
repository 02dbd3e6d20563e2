// The dealer's panels: the open alerts (each with its remedy, rule and acknowledgement), whose turn with the
// figures to act on, and the action clock's line.
import type { JSX } from 'preact';
import { t } from './i18n.js';
import {
  type AlertView,
  alertText,
  chips,
  h,
  openAlerts,
  Pots,
  type RoleView,
  ruleLabel,
  severityLabel,
  who,
} from './ui.js';

export function AlertList({
  v,
  send,
}: {
  v: RoleView;
  send: (m: { type: string; alertId: number }) => void;
}): JSX.Element {
  const list = openAlerts(v);
  return h(
    'section',
    { class: `alerts${list.length ? '' : ' none'}`, id: 'alerts', 'data-count': String(list.length) },
    h('div', { class: 'alert-count', id: 'alert-count' }, t('alertCount', { n: list.length })),
    h(
      'div',
      { class: 'alert-items' },
      list.map((a) => h(AlertItem, { a, v, send, key: `${a.source}:${a.id}` })),
    ),
  );
}

function AlertItem({
  a,
  v,
  send,
}: {
  a: AlertView;
  v: RoleView;
  send: (m: { type: string; alertId: number }) => void;
}): JSX.Element {
  const { message, remedy } = alertText(a);
  const head = [
    severityLabel(a.severity),
    a.code,
    a.count && a.count > 1 ? t('alertTimes', { n: a.count }) : null,
    a.seat ? who(v, a.seat) : null,
    a.resolved ? `✓ ${t('remedyDone')}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return h(
    'div',
    { class: `alert ${a.severity}`, 'data-code': a.code, 'data-alert-id': String(a.id) },
    h('div', { class: 'alert-head' }, head),
    h('div', { class: 'alert-message' }, message),
    h('div', { class: 'alert-remedy' }, t('remedy', { text: remedy })),
    h('div', { class: 'alert-rule' }, t('rule', { rule: ruleLabel(a.rule) })),
    a.severity === 'stop' && !a.decision && !a.resolved
      ? h('div', { class: 'alert-wait' }, t('locked'))
      : h(
          'button',
          { class: 'ack', type: 'button', onClick: () => send({ type: 'ack', alertId: a.id }) },
          t('acknowledge'),
        ),
  );
}

export function TurnPanel({ v }: { v: RoleView }): JSX.Element {
  const n = v.next;
  if (!n) {
    return h(
      'section',
      { class: 'turn', id: 'turn' },
      h('div', { class: 'to-act' }, v.phase === 'waiting' ? t('waiting') : t('nobodyToAct')),
      h(Pots, { v }),
    );
  }
  const bet = n.legal.includes('bet');
  return h(
    'section',
    { class: 'turn', id: 'turn', 'data-to-act': String(n.toAct) },
    h('div', { class: 'to-act' }, t('toAct', { who: who(v, n.toAct) })),
    h('div', { class: 'figure to-call', id: 'to-call' }, t('toCall', { n: chips(n.toCall) })),
    h(
      'div',
      { class: 'figure min-raise', id: 'min-raise' },
      n.minRaiseTo === null
        ? t('noRaise')
        : bet
          ? t('minBet', { n: chips(n.minRaiseTo) })
          : t('minRaise', { n: chips(n.minRaiseTo) }),
    ),
    h(Pots, { v }),
  );
}

export function clockText(v: RoleView): string {
  const c = v.clock;
  if (!c) return '';
  const elapsed = Date.now() - c.startedWall;
  if (elapsed < 60_000) {
    const left = Math.ceil((60_000 - elapsed) / 1000);
    return t('clockRunning', {
      who: who(v, c.seat),
      time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`,
    });
  }
  if (elapsed < c.limitMs) return t('clockCount', { n: Math.ceil((c.limitMs - elapsed) / 1000) });
  return t('clockExpired');
}
