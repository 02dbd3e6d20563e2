// An SVG line chart of each seat's equity after each card (board length 0..5), street by street (preact).
import type { JSX } from 'preact';
import type { RoleView } from '../../src/server/views.js';
import { t } from './i18n.js';
import { h, nameOf, pct as percent } from './ui.js';

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

export function EquityChart({
  v,
  width = 520,
  height = 220,
}: {
  v: RoleView;
  width?: number;
  height?: number;
}): JSX.Element {
  const pad = { l: 40, r: 12, t: 12, b: 28 };
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
        own.length
          ? h(
              'text',
              {
                x: x(own[own.length - 1].boardLen) + 8,
                y: y(own[own.length - 1].equity[seat]) + 4,
                class: 'axis-label',
                'text-anchor': 'start',
              },
              nameOf(v, seat) ?? String(seat),
            )
          : null,
      );
    }),
  );
}
