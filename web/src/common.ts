// What every view shares: the websocket to the live service (token from the page's URL), card and seat rendering,
// the language switch.
import type { AlertView, RoleView } from '../../src/server/views.js';
import { getLang, type StringKey, setLang, t } from './i18n.js';

export type { AlertView, RoleView };

type Outbound = Record<string, unknown> & { type: string };

export interface Live {
  send(msg: Outbound): void;
  readonly role: string;
}

/** The token comes in the URL (?token=...) once and is kept for the tab; it never goes into links. */
export function token(): string | null {
  const url = new URL(location.href);
  const q = url.searchParams.get('token');
  if (q) {
    sessionStorage.setItem(`feltwire.token.${location.pathname}`, q);
    return q;
  }
  return sessionStorage.getItem(`feltwire.token.${location.pathname}`);
}

export function connect(
  onView: (v: RoleView | null, delayMs: number) => void,
  onNotice?: (kind: 'ok' | 'error', text: string) => void,
): Live {
  let ws: WebSocket | null = null;
  let role = 'public';
  let retry = 500;
  const status = document.getElementById('status');
  const open = () => {
    const tok = token();
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${proto}://${location.host}/ws${tok ? `?token=${encodeURIComponent(tok)}` : ''}`);
    ws.onopen = () => {
      retry = 500;
      if (status) {
        status.textContent = t('connected');
        status.className = 'status ok';
      }
    };
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data)) as {
        type: string;
        view?: RoleView | null;
        delayMs?: number;
        role?: string;
        code?: string;
        message?: string;
      };
      if (msg.type === 'hello') role = msg.role ?? 'public';
      else if (msg.type === 'view') onView(msg.view ?? null, msg.delayMs ?? 0);
      else if (msg.type === 'error') {
        if (msg.code === 'UNAUTHORIZED') showBanner(t('unauthorized'));
        onNotice?.('error', `${msg.code}: ${msg.message}`);
      } else if (msg.type === 'ok') onNotice?.('ok', t('sent'));
    };
    ws.onclose = (e) => {
      if (status) {
        status.textContent = t('disconnected');
        status.className = 'status bad';
      }
      if (e.code === 4401) return; // a refused token: do not hammer the server
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 5000);
    };
  };
  open();
  return {
    send(msg) {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ ref: Date.now(), ...msg }));
    },
    get role() {
      return role;
    },
  };
}

function showBanner(text: string): void {
  let b = document.getElementById('banner');
  if (!b) {
    b = document.createElement('div');
    b.id = 'banner';
    b.className = 'banner';
    document.body.prepend(b);
  }
  b.textContent = text;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string | null>
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) if (c !== null) e.append(c);
  return e;
}

const SUIT: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };

export function card(c: string): HTMLElement {
  if (c === '??' || c.length !== 2) return el('span', { class: 'card back', 'data-card': '??' }, '');
  const suit = c[1];
  const rank = c[0] === 'T' ? '10' : c[0];
  return el(
    'span',
    { class: `card ${suit === 'h' || suit === 'd' ? 'red' : 'black'}`, 'data-card': c },
    rank,
    el('small', {}, SUIT[suit] ?? '?'),
  );
}

export function cards(list: string[]): HTMLElement {
  const w = el('span', { class: 'cards' });
  for (const c of list) w.append(card(c));
  return w;
}

export const chips = (n: number): string => n.toLocaleString(getLang() === 'fr' ? 'fr-FR' : 'en-US');

export function alertText(a: AlertView): { message: string; remedy: string } {
  return getLang() === 'fr' ? { message: a.messageFr, remedy: a.remedyFr } : { message: a.message, remedy: a.remedy };
}

export function phaseLabel(v: RoleView): string {
  return t(`phase_${v.phase}` as StringKey);
}

export function header(v: RoleView | null, title: string): HTMLElement {
  const h = el('header', { class: 'top' }, el('h1', {}, title));
  if (v) {
    h.append(
      el('span', { class: 'hand' }, `${t('hand')} #${v.handNo}`),
      el('span', { class: 'phase' }, `${phaseLabel(v)} · ${t(v.street)}`),
      el(
        'span',
        { class: 'blinds' },
        `${t('blinds')} ${chips(v.blinds[0])}/${chips(v.blinds[1])}${v.bbAnte ? ` (${t('ante')} ${chips(v.bbAnte)})` : ''}`,
      ),
    );
  }
  return h;
}

/** The language switch: re-renders through the callback. */
export function langSwitch(rerender: () => void): HTMLElement {
  const b = el('button', { class: 'lang', id: 'lang', type: 'button' }, t('language'));
  b.onclick = () => {
    setLang(getLang() === 'en' ? 'fr' : 'en');
    rerender();
  };
  return b;
}

export function pots(v: RoleView): HTMLElement {
  const w = el('div', { class: 'pots' });
  v.pots.forEach((p, i) => {
    const label = i === 0 ? t('mainPot') : `${t('sidePot')} ${i}`;
    const winners = p.winners?.length ? ` → ${t('seat')} ${p.winners.join(', ')} ${t('winner')}` : '';
    w.append(el('div', { class: 'pot', 'data-pot': String(i) }, `${label}: ${chips(p.amount)}${winners}`));
  });
  if (v.pots.length === 0) w.append(el('div', { class: 'pot' }, `${t('pot')}: 0`));
  return w;
}

export function seatBox(v: RoleView, s: RoleView['seats'][number]): HTMLElement {
  const tags: string[] = [];
  if (s.folded) tags.push(t('folded'));
  if (s.allIn) tags.push(t('allInTag'));
  if (s.absent) tags.push(t('absent'));
  if (s.dead) tags.push(t('dead'));
  const onTurn = v.next?.toAct === s.seat;
  const box = el(
    'div',
    { class: `seat${onTurn ? ' on-turn' : ''}${s.folded ? ' folded' : ''}`, 'data-seat': String(s.seat) },
    el(
      'div',
      { class: 'seat-name' },
      `${t('seat')} ${s.seat} `,
      v.button === s.seat ? el('span', { class: 'button-puck', title: 'button' }, 'D') : null,
    ),
    cards(s.cards),
    el('div', { class: 'stack' }, `${t('stack')} ${chips(s.stack)}`),
    el('div', { class: 'committed' }, s.committed ? `${t('committed')} ${chips(s.committed)}` : ''),
  );
  if (s.handName) box.append(el('div', { class: 'hand-name' }, s.handName));
  if (tags.length) box.append(el('div', { class: 'tags' }, tags.join(' · ')));
  return box;
}

export function board(v: RoleView): HTMLElement {
  return el('div', { class: 'board' }, el('span', { class: 'label' }, t('board')), cards(v.board));
}

export function mount(root: HTMLElement, ...nodes: HTMLElement[]): void {
  root.replaceChildren(...nodes);
}
