// The dealer's tablet: the current alert large with its remedy and rule; whose turn, to call, minimum raise, pots;
// the legal actions as big buttons that record declarations; the shot clock (LOI 5); misdeal and floor.
import {
  type AlertView,
  alertText,
  board,
  chips,
  connect,
  el,
  header,
  langSwitch,
  mount,
  pots,
  type RoleView,
  seatBox,
} from './common.js';
import { t } from './i18n.js';

const root = document.getElementById('app') as HTMLElement;
let view: RoleView | null = null;
let notice = '';
const live = connect(
  (v) => {
    view = v;
    render();
  },
  (kind, text) => {
    notice = kind === 'error' ? `${t('error')}: ${text}` : text;
    const n = document.getElementById('notice');
    if (n) {
      n.textContent = notice;
      n.className = `notice ${kind}`;
    }
  },
);

const SEVERITY_ORDER: Record<string, number> = { stop: 0, warn: 1, info: 2 };

function currentAlert(v: RoleView): AlertView | null {
  // an alert stays on the tablet until the dealer acknowledges it, even once its remedy is done (marked so);
  // table alerts of earlier hands are history
  const open = v.alerts.filter((a) => !a.acknowledged && !(a.source === 'table' && a.resolved));
  open.sort((a, b) => (SEVERITY_ORDER[a.severity] ?? 3) - (SEVERITY_ORDER[b.severity] ?? 3) || b.id - a.id);
  return open[0] ?? null;
}

function alertPanel(v: RoleView): HTMLElement {
  const a = currentAlert(v);
  if (!a) return el('section', { class: 'alert-panel none', id: 'alert' }, t('noAlert'));
  const { message, remedy } = alertText(a);
  const ack = el('button', { class: 'big ack', id: 'ack', type: 'button' }, t('acknowledge'));
  ack.onclick = () => live.send({ type: 'ack', alertId: a.id });
  return el(
    'section',
    { class: `alert-panel ${a.severity}`, id: 'alert', 'data-code': a.code, 'data-alert-id': String(a.id) },
    el(
      'div',
      { class: 'alert-head' },
      `${t(`severity_${a.severity}` as 'severity_warn')} · ${a.code}${a.seat ? ` · ${t('seat')} ${a.seat}` : ''}${a.resolved ? ` · ✓ ${t('remedyDone')}` : ''}`,
    ),
    el('div', { class: 'alert-message' }, message),
    el('div', { class: 'alert-remedy' }, el('b', {}, `${t('remedy')}: `), remedy),
    el('div', { class: 'alert-rule' }, `${t('rule')}: ${a.rule || '—'}`),
    ack,
  );
}

function turnPanel(v: RoleView): HTMLElement {
  const n = v.next;
  if (!n) {
    return el(
      'section',
      { class: 'turn', id: 'turn' },
      v.phase === 'waiting' ? t('waiting') : t('nobodyToAct'),
      pots(v),
    );
  }
  return el(
    'section',
    { class: 'turn', id: 'turn', 'data-to-act': String(n.toAct) },
    el('div', { class: 'to-act' }, `${t('seat')} ${n.toAct} ${t('toAct')}`),
    el('div', { class: 'to-call' }, `${t('toCall')}: ${chips(n.toCall)}`),
    el(
      'div',
      { class: 'min-raise' },
      n.minRaiseTo !== null ? `${t('minRaise')}: ${chips(n.minRaiseTo)}` : t('noRaise'),
    ),
    pots(v),
  );
}

function actions(v: RoleView): HTMLElement {
  const n = v.next;
  const box = el('section', { class: 'actions', id: 'actions' });
  if (!n) return box;
  const say = (what: string, to?: number) =>
    live.send(
      to === undefined ? { type: 'say', seat: n.toAct, say: what } : { type: 'say', seat: n.toAct, say: what, to },
    );
  const button = (kind: string, label: string, onClick: () => void) => {
    const b = el('button', { class: `big act ${kind}`, 'data-action': kind, type: 'button' }, label);
    if (!n.legal.includes(kind as never)) b.setAttribute('disabled', '');
    b.onclick = onClick;
    box.append(b);
  };
  button('check', t('check'), () => say('check'));
  button('fold', t('fold'), () => say('fold'));
  button('call', `${t('call')} ${chips(n.toCall)}`, () => say('call'));
  const amount = el('input', {
    type: 'number',
    id: 'amount',
    inputmode: 'numeric',
    min: String(n.minRaiseTo ?? 0),
    value: String(n.minRaiseTo ?? ''),
    'aria-label': t('amount'),
  });
  const raiseKind = n.legal.includes('bet') ? 'bet' : 'raise';
  button(raiseKind, raiseKind === 'bet' ? t('bet') : t('raise'), () => {
    const to = Number(amount.value);
    say(raiseKind, Number.isInteger(to) && to > 0 ? to : undefined);
  });
  box.append(amount);
  button('allin', t('allin'), () => say('allin'));
  return box;
}

function clockText(v: RoleView): string {
  const c = v.clock;
  if (!c) return '';
  const elapsed = Date.now() - c.startedWall;
  if (elapsed < 60_000) {
    const left = Math.ceil((60_000 - elapsed) / 1000);
    return `${t('clockRunning')} ${c.seat}: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  }
  if (elapsed < c.limitMs) return `${t('clockCount')}: ${Math.ceil((c.limitMs - elapsed) / 1000)}`;
  return t('clockExpired');
}

function controls(v: RoleView): HTMLElement {
  const clock = el('button', { class: 'big clock', id: 'clock-btn', type: 'button' }, t('clock'));
  if (!v.next) clock.setAttribute('disabled', '');
  clock.onclick = () => v.next && live.send({ type: 'clock', seat: v.next.toAct });
  const misdeal = el('button', { class: 'big misdeal', id: 'misdeal', type: 'button' }, t('misdeal'));
  misdeal.onclick = () => live.send({ type: 'dealer', button: 'misdeal' });
  const floor = el('button', { class: 'big floor', id: 'floor', type: 'button' }, t('floor'));
  floor.onclick = () => live.send({ type: 'dealer', button: 'floor' });
  return el(
    'section',
    { class: 'controls' },
    clock,
    el('div', { class: 'clock-display', id: 'clock' }, clockText(v)),
    misdeal,
    floor,
  );
}

function render(): void {
  const v = view;
  const top = header(v, t('dealerView'));
  top.append(langSwitch(render), el('span', { id: 'status', class: 'status ok' }, t('connected')));
  if (!v) {
    mount(root, top);
    return;
  }
  const seats = el('section', { class: 'seats' });
  for (const s of v.seats) seats.append(seatBox(v, s));
  mount(
    root,
    top,
    alertPanel(v),
    el('div', { class: 'row' }, turnPanel(v), board(v)),
    actions(v),
    controls(v),
    seats,
    el('div', { id: 'notice', class: 'notice' }, notice),
  );
}

setInterval(() => {
  const c = document.getElementById('clock');
  if (c && view) c.textContent = clockText(view);
}, 250);
render();
