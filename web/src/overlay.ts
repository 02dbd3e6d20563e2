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
import { TourneyClock } from './tourneyClock.js';
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
  pct,
  type RoleView,
  type Seat,
  shortName,
  streetLabel,
} from './ui.js';

document.body.classList.add('overlay');
const store = makeStore(true);
const params = new URL(location.href).searchParams;
const layout = params.get('layout') === 'left' ? 'left' : 'bottom';
const pinned = Number(params.get('lower') ?? '') || null;

// The geometry is fixed per seat count (a table of up to 6, up to 9, or 10 seats): every plate has one width and one
// height through the hand whatever it shows, so nothing on air jumps. Sizes in px of the 1920x1080 source; the
// title-safe area is 1728x972.
const SAFE_W = 1728;
const SAFE_H = 972;
interface Geometry {
  size: 6 | 9 | 10;
  plateW: number;
  plateH: number;
  gap: number;
  nameFont: number;
  cardFont: number;
  figFont: number;
}
function geometry(n: number): Geometry {
  const size = n <= 6 ? 6 : n <= 9 ? 9 : 10;
  if (layout === 'left') {
    // a column of plates down the left edge, under the bug
    const gap = size === 6 ? 10 : 6;
    const plateH = Math.min(130, Math.floor((SAFE_H - 80 - (size - 1) * gap) / size));
    return {
      size,
      plateW: 560,
      plateH,
      gap,
      nameFont: size === 6 ? 30 : 24,
      cardFont: size === 6 ? 30 : 22,
      figFont: size === 6 ? 26 : 20,
    };
  }
  const gap = 12;
  const plateW = Math.floor((SAFE_W - (size - 1) * gap) / size);
  const nameFont = size === 6 ? 30 : size === 9 ? 26 : 24;
  const cardFont = size === 6 ? 34 : size === 9 ? 28 : 25;
  const figFont = size === 6 ? 28 : size === 9 ? 24 : 22;
  // border 8 + padding 2x8, then the rows: name, cards, figures, action, equity, hand name
  const plateH = 24 + Math.round(nameFont * 1.25) + Math.round(cardFont * 2.8) + 8 + 3 * Math.round(figFont * 1.3) + 34;
  return { size, plateW, plateH, gap, nameFont, cardFont, figFont };
}

/**
 * The longest form of a player's name that fits `width` px: at the plate's name font, else at a smaller one down to
 * 75 % of it (a long first name keeps its letters rather than being cut).
 */
const measure = document.createElement('canvas').getContext('2d');
function fitName(v: RoleView, seat: number, width: number, font: number): { text: string; font: number } {
  const full = nameOf(v, seat);
  if (!full) return { text: t('seat', { seat }), font };
  if (!measure) return { text: shortName(v, seat, Math.floor(width / (font * 0.6))) ?? full, font };
  const fits = (text: string, px: number) => {
    measure.font = `800 ${px}px system-ui, sans-serif`;
    return measure.measureText(text).width <= width - 4;
  };
  // the forms of the name, longest first: the whole name, the first name, "A. Beauchamp", the last name
  const forms: string[] = [];
  for (let max = [...full].length; max >= 2; max--) {
    const n = shortName(v, seat, max) ?? full;
    if (!n.endsWith('…') && !forms.includes(n)) forms.push(n);
  }
  for (const scale of [1, 0.9, 0.8, 0.75]) {
    const px = Math.round(font * scale);
    const n = forms.find((f) => fits(f, px));
    if (n) return { text: n, font: px };
  }
  const px = Math.round(font * 0.75);
  for (let max = [...full].length; max >= 2; max--) {
    const n = shortName(v, seat, max) ?? full;
    if (fits(n, px)) return { text: n, font: px };
  }
  return { text: shortName(v, seat, 2) ?? full, font: px };
}

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
  g,
}: {
  v: RoleView;
  s: Seat;
  eq: number | undefined;
  won: number | undefined;
  action: string;
  g: Geometry;
}): JSX.Element {
  const p = v.players?.[String(s.seat)];
  const onTurn = v.next?.toAct === s.seat;
  const hn = handNameOf(s);
  const bet =
    s.committed && !v.handOver && won === undefined && !v.pots.some((x) => x.winners?.length)
      ? t('committed', { n: chips(s.committed) })
      : '';
  // The name first: the plate's width less its border and padding (and, in the left layout, the cards beside it).
  // The country and the dealer button share the name's row when the name keeps its letters beside them; on the
  // narrow plates of 9 and 10 seats the button goes beside the cards, and the country gives way to the name (the
  // lower third shows it).
  const narrow = layout === 'bottom' && g.size !== 6;
  const cardsW = layout === 'left' ? s.cards.length * (g.cardFont * 2.1 + 4) + 10 : 0;
  const room = g.plateW - (layout === 'left' ? 28 : narrow ? 16 : 24) - cardsW;
  const puckInHead = v.button === s.seat && !narrow;
  const withAll = fitName(v, s.seat, room - (p?.country ? 50 : 0) - (puckInHead ? 40 : 0), g.nameFont);
  const bare = fitName(v, s.seat, room - (puckInHead ? 40 : 0), g.nameFont);
  const countryInHead = !!p?.country && (!narrow || (withAll.text === bare.text && withAll.font === bare.font));
  const nm = countryInHead ? withAll : bare;
  const puck = h('span', { class: 'button-puck' }, 'D');
  return h(
    'div',
    {
      class: `plate${s.folded ? ' folded' : ''}${onTurn ? ' on-turn' : ''}${won !== undefined ? ' winner' : ''}`,
      'data-seat': String(s.seat),
      style: `--seat:${seatColor(s.seat)}`,
      title: p?.name ?? '',
    },
    h(
      'div',
      { class: 'plate-head' },
      h(
        'span',
        {
          class: 'plate-name',
          'data-full': p?.name ?? '',
          style: nm.font !== g.nameFont ? `font-size:${nm.font}px` : undefined,
        },
        nm.text,
      ),
      countryInHead ? h('span', { class: 'plate-country' }, p?.country) : null,
      puckInHead ? puck : null,
    ),
    h('div', { class: 'plate-cards' }, h(Cards, { list: s.cards }), v.button === s.seat && !puckInHead ? puck : null),
    h(
      'div',
      { class: 'plate-figures' },
      h('span', { class: 'plate-stack' }, chips(s.stack)),
      // bets in front while the hand runs (once it is over they are in the pot); a narrow plate shows it on the
      // action's row when the seat has not acted this street
      narrow ? null : h('span', { class: 'plate-bet' }, bet),
    ),
    h(
      'div',
      { class: 'plate-action' },
      won !== undefined ? t('wins', { name: '', n: chips(won) }).trim() : action || (narrow ? bet : ''),
    ),
    // the equity row and the hand's name keep their place when empty: the plate does not change size
    h(
      'div',
      { class: `plate-eq${eq === undefined ? ' empty' : ''}` },
      eq !== undefined ? h('div', { class: 'plate-eq-fill', style: `width:${eq}%` }) : null,
      eq !== undefined ? h('span', { class: 'plate-eq-pct' }, pct(eq, 0)) : null,
    ),
    h('div', { class: 'plate-hand' }, hn && !s.folded ? hn : ''),
  );
}

/** The lower third: the player the producer pinned, else every winner of the hand (a split pot names them all). */
function LowerThird({ v, seats, won }: { v: RoleView; seats: number[]; won: Map<number, number> }): JSX.Element | null {
  const list = seats.filter((x) => v.seats.some((s) => s.seat === x));
  if (!list.length) return null;
  const full = (seat: number) => nameOf(v, seat) ?? t('seat', { seat });
  if (list.length === 1) {
    const seat = list[0];
    const p = v.players?.[String(seat)];
    const s = v.seats.find((x) => x.seat === seat) as Seat;
    const name = full(seat);
    const hn = handNameOf(s);
    const w = won.get(seat);
    return h(
      'div',
      { class: 'lower-third', id: 'lower-third', 'data-seat': String(seat), 'data-winners': String(list.length) },
      p?.photoUrl ? h('img', { class: 'lt-photo', src: p.photoUrl, alt: '' }) : null,
      h(
        'div',
        { class: 'lt-text' },
        h('div', { class: 'lt-name' }, name, p?.country ? h('span', { class: 'lt-country' }, ` ${p.country}`) : null),
        h(
          'div',
          { class: 'lt-line' },
          w !== undefined ? t('wins', { name, n: chips(w) }) : t('stack', { n: chips(s.stack) }),
        ),
        hn ? h('div', { class: 'lt-sub' }, `${t('handOf', { name, vowel: vowel(name) })} ${hn}`) : null,
      ),
    );
  }
  return h(
    'div',
    { class: 'lower-third split', id: 'lower-third', 'data-seat': list.join(','), 'data-winners': String(list.length) },
    h(
      'div',
      { class: 'lt-text' },
      h('div', { class: 'lt-name' }, t('splitPot', { count: list.length })),
      list.map((seat) => {
        const s = v.seats.find((x) => x.seat === seat) as Seat;
        const hn = handNameOf(s);
        const name = full(seat);
        return h(
          'div',
          { class: 'lt-line lt-winner', 'data-seat': String(seat), key: seat },
          t('wins', { name, n: chips(won.get(seat) ?? 0) }),
          hn ? h('span', { class: 'lt-hand' }, ` · ${hn}`) : null,
        );
      }),
    ),
  );
}

function App(): JSX.Element {
  const snap = useLive(store);
  const v = snap.view;
  const banner =
    snap.conn === 'unauthorized' || snap.conn === 'notoken' ? h(ConnBanner, { snap, blocking: false }) : null;
  if (!v) return h('div', { class: `air ${layout}`, id: 'air', 'data-waiting': 'true' }, banner);
  const g = geometry(v.seats.length);
  const eqOn = showEquity(v);
  const last = eqOn ? v.equity?.points.at(-1) : undefined;
  const won = winnings(v);
  const acts = lastActions(v);
  // the lower third: the seat the producer pinned, else every winner of a hand that is over, the biggest first
  const winners = [...won.entries()].sort((a, b) => b[1] - a[1]).map(([seat]) => seat);
  const lowerSeats = pinned !== null ? [pinned] : winners.filter((x) => v.players?.[String(x)]);
  // the pots hold every chip put in, this round's bets included
  const potTotal = v.pots.reduce((a, p) => a + p.amount, 0);
  const toAct = v.next ? fitName(v, v.next.toAct, 260, 28).text : null;
  const vars = [
    `--plate-w:${g.plateW}px`,
    `--plate-h:${g.plateH}px`,
    `--plate-gap:${g.gap}px`,
    `--name-font:${g.nameFont}px`,
    `--card-font:${g.cardFont}px`,
    `--fig-font:${g.figFont}px`,
  ].join(';');
  return h(
    'div',
    {
      class: `air ${layout}`,
      id: 'air',
      'data-hand': String(v.handNo),
      'data-version': String(v.version),
      'data-size': String(g.size),
      style: vars,
    },
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
        h(TourneyClock, { v, compact: true }),
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
        h('div', { class: 'to-act-line', id: 'to-act' }, toAct && !won.size ? t('toAct', { who: toAct }) : ''),
      ),
      v.board.length ? h('div', { class: 'air-board', id: 'air-board' }, h(Cards, { list: v.board })) : null,
      // the lower third's zone: above the board, clear of the plates
      h(
        'div',
        { class: 'lt-zone', id: 'lt-zone' },
        lowerSeats.length ? h(LowerThird, { v, seats: lowerSeats, won }) : null,
      ),
      h(
        'div',
        { class: 'plates', id: 'plates' },
        v.seats.map((s) => {
          const d = acts.get(s.seat);
          return h(Plate, {
            v,
            s,
            g,
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
