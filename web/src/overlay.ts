// The broadcast overlay, an OBS browser source at 1920x1080 with a transparent background. It only ever receives
// views at least the broadcast delay old: the service holds them back, whatever this page asks.
//
// Everything on air lies inside the title-safe area: 90 % of the width and height, centred (5 % margins: 96 px
// and 54 px at 1920x1080), the graphics-safe / title-safe area of SMPTE ST 2046-1 and EBU R 95 for 16:9 (the older
// 80 % title-safe belongs to 4:3 practice). Sizes are for a TV across a room: names 34 px, figures 28 px and up.
// The producer sets the language and the layout in the source's URL: `?lang=fr`, `?layout=bottom|left`,
// `?lower=SEAT` pins the lower third on a player (by default it shows the winner of a hand that is over).
// Nothing that is not for the audience is shown: no delay tag, no empty board before the flop, no waiting text.
import type { JSX } from 'preact';
import { seatColor } from './equityChart.js';
import { t, vowel } from './i18n.js';
import { useLive } from './live.js';
import {
  Cards,
  ConnBanner,
  chips,
  decisionText,
  h,
  handNameOf,
  lastActions,
  makeStore,
  mountApp,
  nameOf,
  type RoleView,
  type Seat,
  streetLabel,
} from './ui.js';

document.body.classList.add('overlay');
const store = makeStore(true);
const params = new URL(location.href).searchParams;
const layout = params.get('layout') === 'left' ? 'left' : 'bottom';
const pinned = Number(params.get('lower') ?? '') || null;

function contenders(v: RoleView): Seat[] {
  return v.seats.filter((s) => !s.folded && !s.dead);
}

/** Equity is shown only for a contested pot once every hole card still in is read. */
function showEquity(v: RoleView): boolean {
  const c = contenders(v);
  return c.length >= 2 && c.every((s) => s.cards.length === 2 && !s.cards.includes('??'));
}

function winnings(v: RoleView): Map<number, number> {
  const out = new Map<number, number>();
  for (const p of v.pots) {
    const w = p.winners ?? [];
    for (const seat of w) {
      const share = p.shares?.[String(seat)] ?? Math.floor(p.amount / w.length);
      out.set(seat, (out.get(seat) ?? 0) + share);
    }
  }
  return out;
}

function Plate({
  v,
  s,
  eq,
  won,
  action,
}: {
  v: RoleView;
  s: Seat;
  eq: number | undefined;
  won: number | undefined;
  action: string;
}): JSX.Element {
  const p = v.players?.[String(s.seat)];
  const onTurn = v.next?.toAct === s.seat;
  const hn = handNameOf(s);
  return h(
    'div',
    {
      class: `plate${s.folded ? ' folded' : ''}${onTurn ? ' to-act' : ''}${won !== undefined ? ' winner' : ''}`,
      'data-seat': String(s.seat),
      style: `--seat:${seatColor(s.seat)}`,
    },
    h(
      'div',
      { class: 'plate-head' },
      h('span', { class: 'plate-name' }, p?.name ?? t('seat', { seat: s.seat })),
      p?.country ? h('span', { class: 'plate-country' }, p.country) : null,
      v.button === s.seat ? h('span', { class: 'button-puck' }, 'D') : null,
    ),
    h('div', { class: 'plate-cards' }, h(Cards, { list: s.cards })),
    h(
      'div',
      { class: 'plate-figures' },
      h('span', { class: 'plate-stack' }, chips(s.stack)),
      // bets in front while the hand runs (once it is over they are in the pot)
      s.committed && !v.handOver && won === undefined && !v.pots.some((p) => p.winners?.length)
        ? h('span', { class: 'plate-bet' }, t('committed', { n: chips(s.committed) }))
        : null,
    ),
    h('div', { class: 'plate-action' }, won !== undefined ? t('wins', { name: '', n: chips(won) }).trim() : action),
    eq !== undefined
      ? h(
          'div',
          { class: 'plate-eq' },
          h('div', { class: 'plate-eq-fill', style: `width:${eq}%` }),
          h('span', { class: 'plate-eq-pct' }, `${Math.round(eq)} %`),
        )
      : null,
    hn && !s.folded ? h('div', { class: 'plate-hand' }, hn) : null,
  );
}

function LowerThird({ v, seat, won }: { v: RoleView; seat: number; won: number | undefined }): JSX.Element | null {
  const p = v.players?.[String(seat)];
  const s = v.seats.find((x) => x.seat === seat);
  if (!s) return null;
  const name = p?.name ?? t('seat', { seat });
  const hn = handNameOf(s);
  return h(
    'div',
    { class: 'lower-third', id: 'lower-third', 'data-seat': String(seat) },
    p?.photoUrl ? h('img', { class: 'lt-photo', src: p.photoUrl, alt: '' }) : null,
    h(
      'div',
      { class: 'lt-text' },
      h('div', { class: 'lt-name' }, name, p?.country ? h('span', { class: 'lt-country' }, ` ${p.country}`) : null),
      h(
        'div',
        { class: 'lt-line' },
        won !== undefined ? t('wins', { name, n: chips(won) }) : t('stack', { n: chips(s.stack) }),
      ),
      hn ? h('div', { class: 'lt-sub' }, `${t('handOf', { name, vowel: vowel(name) })} ${hn}`) : null,
    ),
  );
}

function App(): JSX.Element {
  const snap = useLive(store);
  const v = snap.view;
  const banner =
    snap.conn === 'unauthorized' || snap.conn === 'notoken' ? h(ConnBanner, { snap, blocking: false }) : null;
  if (!v) return h('div', { class: `air ${layout}`, id: 'air', 'data-waiting': 'true' }, banner);
  const eqOn = showEquity(v);
  const last = eqOn ? v.equity?.points.at(-1) : undefined;
  const won = winnings(v);
  const acts = lastActions(v);
  // the lower third: the seat the producer pinned, else the biggest winner of a hand that is over (named players)
  const topWinner = won.size ? [...won.entries()].sort((a, b) => b[1] - a[1])[0][0] : null;
  const lowerSeat = pinned ?? (topWinner !== null && v.players?.[String(topWinner)] ? topWinner : null);
  // the pots hold every chip put in, this round's bets included
  const potTotal = v.pots.reduce((a, p) => a + p.amount, 0);
  const toAct = v.next ? (nameOf(v, v.next.toAct) ?? t('seat', { seat: v.next.toAct })) : null;
  return h(
    'div',
    { class: `air ${layout}`, id: 'air', 'data-hand': String(v.handNo) },
    banner,
    h(
      'div',
      { class: 'safe', id: 'safe' },
      h(
        'div',
        { class: 'bug' },
        h('span', { class: 'bug-hand' }, t('hand', { n: v.handNo })),
        h('span', { class: 'bug-street' }, streetLabel(v.street)),
        h('span', { class: 'bug-blinds' }, t('blinds', { sb: chips(v.blinds[0]), bb: chips(v.blinds[1]) })),
      ),
      h(
        'div',
        { class: 'pot-box', id: 'pot-box' },
        h('div', { class: 'pot-total' }, t('pot', { n: chips(potTotal) })),
        v.pots.length > 1
          ? v.pots.map((p, i) =>
              h(
                'div',
                { class: 'pot-line', key: i },
                i === 0 ? t('mainPot', { n: chips(p.amount) }) : t('sidePot', { i, n: chips(p.amount) }),
              ),
            )
          : null,
        toAct && !won.size ? h('div', { class: 'to-act-line', id: 'to-act' }, t('toAct', { who: toAct })) : null,
      ),
      v.board.length ? h('div', { class: 'air-board', id: 'air-board' }, h(Cards, { list: v.board })) : null,
      lowerSeat !== null ? h(LowerThird, { v, seat: lowerSeat, won: won.get(lowerSeat) }) : null,
      h(
        'div',
        { class: 'plates', id: 'plates' },
        v.seats.map((s) => {
          const d = acts.get(s.seat);
          return h(Plate, {
            v,
            s,
            key: s.seat,
            eq: !s.folded ? last?.equity[String(s.seat)] : undefined,
            won: won.get(s.seat),
            action: s.folded ? t('act_fold') : d ? decisionText(d) : '',
          });
        }),
      ),
    ),
  );
}

mountApp(App);
