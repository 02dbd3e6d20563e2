// An SVG line chart of each seat's equity after each card (board length 0..5), street by street.
import type { RoleView } from './common.js';
import { t } from './i18n.js';

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
const NS = 'http://www.w3.org/2000/svg';

export function equityChart(v: RoleView, width = 520, height = 220): SVGSVGElement {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('class', 'equity-chart');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('equityChart'));
  const pad = { l: 36, r: 12, t: 12, b: 28 };
  const x = (boardLen: number) => pad.l + (boardLen / 5) * (width - pad.l - pad.r);
  const y = (pct: number) => pad.t + (1 - pct / 100) * (height - pad.t - pad.b);
  const line = (x1: number, y1: number, x2: number, y2: number, cls: string) => {
    const l = document.createElementNS(NS, 'line');
    l.setAttribute('x1', String(x1));
    l.setAttribute('y1', String(y1));
    l.setAttribute('x2', String(x2));
    l.setAttribute('y2', String(y2));
    l.setAttribute('class', cls);
    svg.append(l);
  };
  const text = (tx: number, ty: number, s: string, anchor = 'middle') => {
    const e = document.createElementNS(NS, 'text');
    e.setAttribute('x', String(tx));
    e.setAttribute('y', String(ty));
    e.setAttribute('text-anchor', anchor);
    e.setAttribute('class', 'axis-label');
    e.textContent = s;
    svg.append(e);
  };
  for (const pct of [0, 50, 100]) {
    line(pad.l, y(pct), width - pad.r, y(pct), 'grid');
    text(pad.l - 4, y(pct) + 4, `${pct}%`, 'end');
  }
  const streets: Array<[number, string]> = [
    [0, t('preflop')],
    [3, t('flop')],
    [4, t('turn')],
    [5, t('river')],
  ];
  for (const [len, label] of streets) text(x(len), height - 8, label);
  const points = v.equity?.points ?? [];
  const seats = [...new Set(points.flatMap((p) => Object.keys(p.equity)))].map(Number).sort((a, b) => a - b);
  for (const seat of seats) {
    const pts = points.filter((p) => p.equity[seat] !== undefined).map((p) => `${x(p.boardLen)},${y(p.equity[seat])}`);
    const color = COLORS[(seat - 1) % COLORS.length];
    const path = document.createElementNS(NS, 'polyline');
    path.setAttribute('points', pts.join(' '));
    path.setAttribute('fill', 'none');
    path.setAttribute('stroke', color);
    path.setAttribute('stroke-width', '3');
    path.setAttribute('data-seat', String(seat));
    svg.append(path);
    for (const p of points) {
      if (p.equity[seat] === undefined) continue;
      const c = document.createElementNS(NS, 'circle');
      c.setAttribute('cx', String(x(p.boardLen)));
      c.setAttribute('cy', String(y(p.equity[seat])));
      c.setAttribute('r', '4');
      c.setAttribute('fill', color);
      svg.append(c);
    }
  }
  return svg;
}

export const seatColor = (seat: number): string => COLORS[(seat - 1) % COLORS.length];
