// The public view: the table as the players see it (hole cards only once exposed or tabled), with the players' names.
import type { JSX } from 'preact';
import { t } from './i18n.js';
import { useLive } from './live.js';
import { Board, ConnBanner, chips, Header, h, makeStore, mountApp, Pots, SeatBox, WaitingSeats, who } from './ui.js';

const store = makeStore(false);

function App(): JSX.Element {
  const snap = useLive(store);
  const v = snap.view;
  const top = h(Header, { v, title: t('tableView'), snap });
  const banner = h(ConnBanner, { snap, blocking: false });
  if (!v) return h('div', { class: 'public' }, banner, top);
  return h(
    'div',
    { class: 'public' },
    banner,
    top,
    h('div', { class: 'row' }, h(Board, { v }), h(Pots, { v })),
    v.next
      ? h(
          'div',
          { class: 'to-act' },
          `${t('toAct', { who: who(v, v.next.toAct) })} · ${t('toCall', { n: chips(v.next.toCall) })}`,
        )
      : null,
    h(
      'section',
      { class: 'seats' },
      v.seats.map((s) => h(SeatBox, { v, s, key: s.seat })),
    ),
    h(WaitingSeats, { v }),
  );
}

mountApp(App);
