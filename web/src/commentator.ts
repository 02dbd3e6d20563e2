// The commentators' booth: every seat's hole cards, hand names, exact equity after each card with a chart street by
// street, outs, pot and the action log. Live: this page needs the commentator token.
import { board, cards, chips, connect, el, header, langSwitch, mount, pots, type RoleView } from './common.js';
import { equityChart, seatColor } from './equityChart.js';
import { t } from './i18n.js';

const root = document.getElementById('app') as HTMLElement;
let view: RoleView | null = null;
connect((v) => {
  view = v;
  render();
});

function seatRows(v: RoleView): HTMLElement {
  const last = v.equity?.points.at(-1);
  const table = el('table', { class: 'booth', id: 'booth' });
  table.append(
    el(
      'tr',
      {},
      el('th', {}, t('seat')),
      el('th', {}, ''),
      el('th', {}, t('stack')),
      el('th', {}, t('equity')),
      el('th', {}, t('outs')),
    ),
  );
  for (const s of v.seats) {
    const eq = last?.equity[String(s.seat)];
    const bar = el('div', { class: 'bar' });
    if (eq !== undefined) {
      const fill = el('div', { class: 'fill', style: `width:${eq}%;background:${seatColor(s.seat)}` });
      bar.append(fill, el('span', { class: 'pct' }, `${eq.toFixed(2)}%`));
    }
    const outs = v.equity?.outs[String(s.seat)] ?? [];
    table.append(
      el(
        'tr',
        { class: s.folded ? 'folded' : '', 'data-seat': String(s.seat) },
        el(
          'td',
          {},
          el('span', { class: 'dot', style: `background:${seatColor(s.seat)}` }),
          ` ${s.seat} `,
          v.button === s.seat ? el('span', { class: 'button-puck' }, 'D') : null,
        ),
        el('td', {}, cards(s.cards), el('div', { class: 'hand-name' }, s.handName ?? (s.folded ? t('folded') : ''))),
        el(
          'td',
          {},
          chips(s.stack),
          s.committed ? el('div', { class: 'committed' }, `${t('committed')} ${chips(s.committed)}`) : null,
        ),
        el('td', { class: 'eq' }, bar),
        el('td', { class: 'outs' }, outs.length ? `${outs.length}: ` : '', cards(outs)),
      ),
    );
  }
  return table;
}

function render(): void {
  const v = view;
  const top = header(v, t('commentatorView'));
  top.append(langSwitch(render), el('span', { id: 'status', class: 'status ok' }, t('connected')));
  if (!v) {
    mount(root, top);
    return;
  }
  const log = el('ol', { class: 'action-log', id: 'action-log' });
  for (const a of v.actions) log.append(el('li', {}, a));
  const chart = el('section', { class: 'chart' }, el('h2', {}, t('equityChart')));
  chart.append(equityChart(v));
  const burns = v.burns.length ? el('div', { class: 'burns' }, 'burn ', cards(v.burns)) : el('div', {});
  mount(
    root,
    top,
    el('div', { class: 'row' }, board(v), burns, pots(v)),
    el('div', { class: 'columns' }, seatRows(v), chart),
    el('section', {}, el('h2', {}, t('actionLog')), log),
  );
}

render();
