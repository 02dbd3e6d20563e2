// The floor's alert log: every incident across hands with its count, its ruling buttons and its decision.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { sent, store } from './floorApi.js';
import { RulingButtons } from './floorRulings.js';
import { t } from './i18n.js';
import { alertText, deciderName, type FloorEntryView, h, type RoleView, ruleLabel, severityLabel, who } from './ui.js';

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

/** The floor's history as the service keeps it (every floor tablet the same, after a reload and a restart): open
 * incidents first, the most severe first, then the oldest; each with its count and decision. */
export function AlertLog({ v }: { v: RoleView }): JSX.Element {
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
