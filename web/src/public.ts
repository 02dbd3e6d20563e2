// The public view: the table as the players see it (hole cards only once exposed or tabled).
import { board, chips, connect, el, header, langSwitch, mount, pots, type RoleView, seatBox } from './common.js';
import { t } from './i18n.js';

const root = document.getElementById('app') as HTMLElement;
let view: RoleView | null = null;
connect((v) => {
  view = v;
  render();
});

function render(): void {
  const v = view;
  const top = header(v, 'feltwire');
  top.append(langSwitch(render), el('span', { id: 'status', class: 'status ok' }, t('connected')));
  if (!v) {
    mount(root, top);
    return;
  }
  const seats = el('section', { class: 'seats' });
  for (const s of v.seats) seats.append(seatBox(v, s));
  const turn = v.next
    ? el(
        'div',
        { class: 'to-act' },
        `${t('seat')} ${v.next.toAct} ${t('toAct')} · ${t('toCall')} ${chips(v.next.toCall)}`,
      )
    : el('div', {}, '');
  mount(root, top, el('div', { class: 'row' }, board(v), pots(v)), turn, seats);
}

render();
