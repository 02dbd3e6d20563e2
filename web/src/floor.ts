// The floor: the alert log with the decisions recorded (who decided what), the table's health (readers, link,
// tray), the hands played and a step-through of any of them.
import {
  alertText,
  board,
  cards,
  chips,
  connect,
  el,
  header,
  langSwitch,
  mount,
  pots,
  type RoleView,
  seatBox,
  token,
} from './common.js';
import { t } from './i18n.js';

const root = document.getElementById('app') as HTMLElement;
let view: RoleView | null = null;
let hands: Array<{ handNo: number; complete: boolean; events: number; button: number }> = [];
let stepping: {
  handNo: number;
  steps: Array<{ wall: number; event: string; view: RoleView | null }>;
  at: number;
} | null = null;
let notice = '';

const live = connect(
  (v) => {
    view = v;
    render();
  },
  (kind, text) => {
    notice = kind === 'error' ? `${t('error')}: ${text}` : text;
    const n = document.getElementById('notice');
    if (n) n.textContent = notice;
  },
);

async function api<T>(path: string): Promise<T> {
  const tok = token();
  const r = await fetch(path, { headers: tok ? { authorization: `Bearer ${tok}` } : {} });
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

async function loadHands(): Promise<void> {
  try {
    hands = (await api<{ hands: typeof hands }>('/api/hands')).hands;
  } catch (e) {
    notice = String(e);
  }
  render();
}

async function openHand(handNo: number): Promise<void> {
  try {
    const r = await api<{ handNo: number; steps: NonNullable<typeof stepping>['steps'] }>(`/api/hands/${handNo}/steps`);
    stepping = { handNo, steps: r.steps, at: Math.max(0, r.steps.length - 1) };
  } catch (e) {
    notice = String(e);
  }
  render();
}

function alertLog(v: RoleView): HTMLElement {
  const list = el('section', { class: 'alert-log', id: 'alert-log' }, el('h2', {}, t('alerts')));
  const ordered = [...v.alerts].reverse();
  for (const a of ordered) {
    const { message, remedy } = alertText(a);
    const item = el(
      'div',
      {
        class: `log-item ${a.severity}${a.acknowledged ? ' acked' : ''}`,
        'data-alert': String(a.id),
        'data-code': a.code,
      },
      el(
        'div',
        { class: 'alert-head' },
        `${a.code} · ${t(`severity_${a.severity}` as 'severity_warn')} · ${t('rule')} ${a.rule || '—'}${a.seat ? ` · ${t('seat')} ${a.seat}` : ''}`,
      ),
      el('div', {}, message),
      el('div', { class: 'alert-remedy' }, `${t('remedy')}: ${remedy}`),
    );
    if (a.decision) {
      item.append(
        el(
          'div',
          { class: 'decision' },
          `${t('decision')}: ${a.decision.decision} — ${t('decidedBy')} ${a.decision.by}`,
        ),
      );
    } else {
      const text = el('input', { type: 'text', class: 'decision-text', placeholder: t('decision'), maxlength: '500' });
      const who = el('input', {
        type: 'text',
        class: 'decision-by',
        placeholder: t('yourName'),
        maxlength: '80',
        value: localStorage.getItem('feltwire.floorName') ?? '',
      });
      const go = el('button', { type: 'button', class: 'record' }, t('record'));
      go.onclick = () => {
        if (!text.value.trim() || !who.value.trim()) return;
        localStorage.setItem('feltwire.floorName', who.value.trim());
        live.send({ type: 'decision', alertId: a.id, decision: text.value.trim(), by: who.value.trim() });
      };
      item.append(el('div', { class: 'decide' }, text, who, go));
    }
    list.append(item);
  }
  if (ordered.length === 0) list.append(el('div', {}, t('noAlert')));
  return list;
}

function healthPanel(v: RoleView): HTMLElement {
  const h = v.health;
  const box = el('section', { class: 'health', id: 'health' }, el('h2', {}, t('health')));
  if (!h) return box;
  box.append(
    el('div', { class: `link ${h.link}` }, `${t('link')}: ${h.link}`),
    el('div', { class: `panel ${h.panel}` }, `${t('panel')}: ${h.panel}`),
    el('div', {}, `${t('scan')}: ${h.scanMs ?? '—'} ms`),
  );
  const readers = el('div', { class: 'readers' }, `${t('readers')}: `);
  for (const [ant, st] of Object.entries(h.readers))
    readers.append(el('span', { class: `reader ${st === 'ok' ? 'ok' : 'bad'}` }, `${ant}:${st}`));
  const tray = el('div', { class: 'tray' }, `${t('tray')}: `);
  for (const [d, n] of Object.entries(h.tray)) tray.append(el('span', {}, `${chips(Number(d))}×${n} `));
  box.append(readers, tray);
  return box;
}

function killForm(): HTMLElement {
  const seat = el('input', { type: 'number', min: '1', max: '10', class: 'kill-seat', 'aria-label': t('seat') });
  const go = el('button', { type: 'button' }, t('kill'));
  go.onclick = () => {
    const n = Number(seat.value);
    if (Number.isInteger(n) && n >= 1 && n <= 10) live.send({ type: 'kill', seat: n });
  };
  return el('div', { class: 'kill' }, go, seat);
}

function handList(): HTMLElement {
  const box = el('section', { class: 'hands', id: 'hands' }, el('h2', {}, t('hands')));
  const refresh = el('button', { type: 'button', id: 'load-hands' }, '⟳');
  refresh.onclick = () => void loadHands();
  box.append(refresh);
  for (const h of [...hands].reverse().slice(0, 50)) {
    const open = el(
      'button',
      { type: 'button', class: 'open-hand', 'data-hand': String(h.handNo) },
      `${t('open')} #${h.handNo}`,
    );
    open.onclick = () => void openHand(h.handNo);
    const line = el(
      'div',
      { class: 'hand-line' },
      open,
      ` ${h.complete ? t('complete') : t('inProgress')} · ${h.events} ev. `,
    );
    if (h.complete) {
      for (const f of ['phh', 'ohh', 'pokerstars']) {
        const a = el('a', { href: '#', class: 'export' }, f.toUpperCase());
        a.onclick = async (e) => {
          e.preventDefault();
          const tok = token();
          const r = await fetch(`/api/hands/${h.handNo}/export/${f}`, {
            headers: tok ? { authorization: `Bearer ${tok}` } : {},
          });
          const text = await r.text();
          if (!r.ok) {
            notice = text;
            render();
            return;
          }
          const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
          const dl = el('a', {
            href: url,
            download: `hand-${h.handNo}.${f === 'ohh' ? 'json' : f === 'phh' ? 'phh' : 'txt'}`,
          });
          dl.click();
        };
        line.append(a, ' ');
      }
    }
    box.append(line);
  }
  return box;
}

function stepper(): HTMLElement | null {
  if (!stepping) return null;
  const s = stepping;
  const step = s.steps[s.at];
  const prev = el('button', { type: 'button', id: 'step-prev' }, t('prev'));
  prev.onclick = () => {
    s.at = Math.max(0, s.at - 1);
    render();
  };
  const next = el('button', { type: 'button', id: 'step-next' }, t('next'));
  next.onclick = () => {
    s.at = Math.min(s.steps.length - 1, s.at + 1);
    render();
  };
  const box = el(
    'section',
    { class: 'stepper', id: 'stepper' },
    el('h2', {}, `${t('hand')} #${s.handNo} · ${t('step')} ${s.at + 1}/${s.steps.length}`),
    prev,
    next,
  );
  if (step) {
    box.append(el('pre', { class: 'event' }, step.event));
    const v = step.view;
    if (v) {
      const seats = el('div', { class: 'seats small' });
      for (const seat of v.seats) seats.append(seatBox(v, seat));
      box.append(board(v), pots(v), seats);
      const alerts = el('ul', {});
      for (const a of v.alerts.filter((x) => x.source === 'hand'))
        alerts.append(el('li', {}, `${a.code}: ${alertText(a).message}`));
      box.append(alerts);
    }
  }
  return box;
}

function render(): void {
  const v = view;
  const top = header(v, t('floorView'));
  top.append(langSwitch(render), el('span', { id: 'status', class: 'status ok' }, t('connected')));
  if (!v) {
    mount(root, top);
    return;
  }
  const table = el('section', { class: 'table' }, board(v), pots(v), cards([]));
  const seats = el('div', { class: 'seats' });
  for (const s of v.seats) seats.append(seatBox(v, s));
  table.append(seats, killForm());
  const parts = [top, el('div', { class: 'columns' }, alertLog(v), el('div', {}, healthPanel(v), table)), handList()];
  const st = stepper();
  if (st) parts.push(st);
  parts.push(el('div', { id: 'notice', class: 'notice' }, notice));
  mount(root, ...parts);
}

render();
void loadHands();
