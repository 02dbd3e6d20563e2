// The broadcast overlay (an OBS browser source, transparent background). It only ever receives views at least the
// broadcast delay old: the server holds them back, whatever this page asks.
import { board, cards, chips, connect, el, mount, pots, type RoleView } from './common.js';
import { seatColor } from './equityChart.js';
import { t } from './i18n.js';

const root = document.getElementById('app') as HTMLElement;
let view: RoleView | null = null;
let delay = 0;
connect((v, delayMs) => {
  view = v;
  delay = delayMs;
  render();
});

function render(): void {
  const v = view;
  const span = delay >= 60_000 ? `${Math.round(delay / 60_000)} ${t('minutes')}` : `${Math.round(delay / 1000)} s`;
  const tag = el('div', { class: 'delay-tag' }, `${t('delayed')} · ${span}`);
  if (!v) {
    mount(root, el('div', { class: 'overlay-wait', id: 'overlay-wait' }, t('delayPending')), tag);
    return;
  }
  const last = v.equity?.points.at(-1);
  const list = el('div', { class: 'ov-seats' });
  for (const s of v.seats) {
    const eq = last?.equity[String(s.seat)];
    list.append(
      el(
        'div',
        {
          class: `ov-seat${s.folded ? ' folded' : ''}`,
          'data-seat': String(s.seat),
          style: `border-color:${seatColor(s.seat)}`,
        },
        el('span', { class: 'ov-name' }, `${t('seat')} ${s.seat}`),
        cards(s.cards),
        el('span', { class: 'ov-stack' }, chips(s.stack)),
        el('span', { class: 'ov-eq' }, eq !== undefined && !s.folded ? `${eq.toFixed(1)}%` : ''),
        el('span', { class: 'ov-hand' }, s.handName ?? ''),
      ),
    );
  }
  mount(
    root,
    el('div', { class: 'ov-top' }, `${t('hand')} #${v.handNo}`, tag),
    list,
    el('div', { class: 'ov-bottom' }, board(v), pots(v)),
  );
}

render();
