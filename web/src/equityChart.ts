// An SVG line chart of each seat's equity after each card (board length 0..5), street by street (preact).
import type { JSX } from 'preact';
import type { RoleView } from '../../src/views/views.js';
import { t } from './i18n.js';
import { h, pct as percent, shortName } from './ui.js';

const COLORS = [
  '#e6194b',
  '#3cb44b',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#46f0f0',
  '#f032e6',
  '#bcf60c',
  '#fabebe',
  '#008080',
];

export const seatColor = (seat: number): string => COLORS[(seat - 1) % COLORS.length];

const LABEL_COLUMN = 150;
const LABEL_GAP = 15;

/**
 * The rows of the names' column: each name as near its line's last point as it can be, in the lines' order, no two
 * closer than `gap` (pushed down, then the whole column pulled back up inside [top, bottom]).
 */
export function labelRows(wanted: Array<{ seat: number; y: number }>, top: number, bottom: number, gap: number) {
  const rows = [...wanted].sort((a, b) => a.y - b.y || a.seat - b.seat).map((w) => ({ ...w }));
  for (let i = 0; i < rows.length; i++) rows[i].y = Math.max(rows[i].y, i === 0 ? top : rows[i - 1].y + gap);
  const over = rows.length ? rows[rows.length - 1].y - bottom : 0;
  if (over > 0) {
    rows[rows.length - 1].y -= over;
    for (let i = rows.length - 2; i >= 0; i--) rows[i].y = Math.min(rows[i].y, rows[i + 1].y - gap);
  }
  return new Map(rows.map((r) => [r.seat, r.y]));
}

export function EquityChart({
  v,
  width = 520,
  height = 220,
}: {
  v: RoleView;
  width?: number;
  height?: number;
}): JSX.Element {
  // the right margin holds the seats' names, one row each (LABEL_GAP apart, so 9 or 10 seats never overlap)
  const pad = { l: 44, r: LABEL_COLUMN, t: 12, b: 28 };
  const x = (boardLen: number) => pad.l + (boardLen / 5) * (width - pad.l - pad.r);
  const y = (pct: number) => pad.t + (1 - pct / 100) * (height - pad.t - pad.b);
  const points = v.equity?.points ?? [];
  const seats = [...new Set(points.flatMap((p) => Object.keys(p.equity)))].map(Number).sort((a, b) => a - b);
  const streets: Array<[number, string]> = [
    [0, t('preflop')],
    [3, t('flop')],
    [4, t('turn')],
    [5, t('river')],
  ];
  const rows = labelRows(
    seats.flatMap((seat) => {
      const own = points.filter((p) => p.equity[seat] !== undefined);
      return own.length ? [{ seat, y: y(own[own.length - 1].equity[seat]) }] : [];
    }),
    pad.t,
    height - pad.b,
    LABEL_GAP,
  );
  return h(
    'svg',
    { viewBox: `0 0 ${width} ${height}`, class: 'equity-chart', role: 'img', 'aria-label': t('equityChart') },
    [0, 50, 100].map((pct) =>
      h(
        'g',
        { key: `g${pct}` },
        h('line', { x1: pad.l, y1: y(pct), x2: width - pad.r, y2: y(pct), class: 'grid' }),
        h('text', { x: pad.l - 4, y: y(pct) + 4, 'text-anchor': 'end', class: 'axis-label' }, percent(pct, 0)),
      ),
    ),
    streets.map(([len, label]) =>
      h('text', { key: `s${len}`, x: x(len), y: height - 8, 'text-anchor': 'middle', class: 'axis-label' }, label),
    ),
    seats.map((seat) => {
      const own = points.filter((p) => p.equity[seat] !== undefined);
      const last = own[own.length - 1];
      const ly = rows.get(seat);
      return h(
        'g',
        { key: `seat${seat}` },
        h('polyline', {
          points: own.map((p) => `${x(p.boardLen)},${y(p.equity[seat])}`).join(' '),
          fill: 'none',
          stroke: seatColor(seat),
          'stroke-width': 3,
          'data-seat': String(seat),
        }),
        own.map((p) =>
          h('circle', { key: p.boardLen, cx: x(p.boardLen), cy: y(p.equity[seat]), r: 4, fill: seatColor(seat) }),
        ),
        last && ly !== undefined
          ? h('line', {
              x1: x(last.boardLen) + 5,
              y1: y(last.equity[seat]),
              x2: width - pad.r + 6,
              y2: ly,
              stroke: seatColor(seat),
              'stroke-width': 1,
              'stroke-dasharray': '2 3',
            })
          : null,
        last && ly !== undefined
          ? h('rect', { x: width - pad.r + 8, y: ly - 4, width: 8, height: 8, fill: seatColor(seat) })
          : null,
        last && ly !== undefined
          ? h(
              'text',
              {
                x: width - pad.r + 20,
                y: ly + 4,
                class: 'axis-label seat-label',
                'text-anchor': 'start',
                'data-seat': String(seat),
              },
              `${shortName(v, seat, 11) ?? String(seat)} ${percent(last.equity[seat], 0)}`,
            )
          : null,
      );
    }),
  );
}
