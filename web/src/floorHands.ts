// The floor's hands: the live hand list with its exports, and a step-through of any hand by street with readable
// events.
import type { JSX } from 'preact';
import { parseZone } from '../../src/engine/zone.js';
import { type HandRow, type Step, store } from './floorApi.js';
import { t } from './i18n.js';
import {
  alertText,
  Board,
  cardText,
  chips,
  errorText,
  h,
  Pots,
  type RoleView,
  SeatBox,
  streetLabel,
  who,
} from './ui.js';

/** A logged table event as a sentence. */
function eventText(raw: string, v: RoleView | null): string {
  let ev: Record<string, unknown>;
  try {
    ev = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return raw;
  }
  const zone = (z: unknown): string => {
    const p = parseZone(z);
    if (p?.kind === 'seat') return t('zone_seat', { seat: who(v, p.seat) });
    if (p?.kind === 'bet') return t('zone_bet', { seat: who(v, p.seat) });
    return t(p?.kind === 'board' ? 'zone_board' : p?.kind === 'burn' ? 'zone_burn' : 'zone_muck');
  };
  switch (ev.kind) {
    case 'cardAt':
      return t('ev_cardAt', {
        card: cardText([String(ev.card)]),
        zone: zone(ev.zone),
        face: t(ev.face === 'up' ? 'face_up' : 'face_down'),
      });
    case 'cardOff':
      return t('ev_cardOff', { card: cardText([String(ev.card)]), zone: zone(ev.zone) });
    case 'chips':
      return t('ev_chips', {
        who: who(v, Number(ev.seat)),
        chips: (ev.chips as number[]).map(chips).join(' + ') || '0',
      });
    case 'say': {
      const s = String(ev.say);
      const n = ev.to === undefined ? '' : chips(Number(ev.to));
      const what =
        s === 'bet' ? t('say_bet', { n }) : s === 'raise' ? t('say_raise', { n }) : t(`say_${s}` as 'say_check');
      return t('ev_say', { who: who(v, Number(ev.seat)), what });
    }
    case 'dealer':
      return t('ev_dealer', { what: t(`btn_${String(ev.button)}` as 'btn_shuffle') });
    case 'clock':
      return t('ev_clock', { who: who(v, Number(ev.seat)) });
    case 'floorKill':
      return t('ev_floorKill', { seat: Number(ev.seat) });
    case 'floorDecision':
      return t('ev_floorDecision', { id: Number(ev.alertId), text: String(ev.decision) });
    case 'ack':
      return t('ev_ack', { id: Number(ev.alertId) });
    case 'tick':
      return t('ev_tick');
    default:
      return raw;
  }
}

export function HandList({
  v,
  hands,
  onOpen,
  onMsg,
}: {
  v: RoleView;
  hands: HandRow[];
  onOpen: (n: number) => void;
  onMsg: (s: string) => void;
}): JSX.Element {
  const download = async (handNo: number, f: string) => {
    const tok = store.authToken;
    const r = await fetch(`/api/hands/${handNo}/export/${f}`, {
      headers: tok ? { authorization: `Bearer ${tok}` } : {},
    });
    const text = await r.text();
    if (!r.ok) {
      let code = String(r.status);
      let message = text;
      try {
        const b = JSON.parse(text) as { error?: string; message?: string };
        code = b.error ?? code;
        message = b.message ?? '';
      } catch {
        // not JSON
      }
      onMsg(t('exportFailed', { why: errorText(code, message) }));
      return;
    }
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `hand-${handNo}.${f === 'ohh' ? 'json' : f === 'phh' ? 'phh' : 'txt'}`;
    a.click();
  };
  return h(
    'section',
    { class: 'hands', id: 'hands' },
    h('h2', {}, t('hands')),
    [...hands]
      .reverse()
      .slice(0, 40)
      .map((hd) =>
        h(
          'div',
          { class: 'hand-line', key: hd.handNo, 'data-hand': String(hd.handNo) },
          h(
            'button',
            { type: 'button', class: 'open-hand', 'data-hand': String(hd.handNo), onClick: () => onOpen(hd.handNo) },
            t('open', { n: hd.handNo }),
          ),
          ` ${hd.complete ? t('complete') : hd.handNo === v.handNo ? t('inProgress') : t('cutShort')} · ${t('events', { n: hd.events })} `,
          hd.complete
            ? ['phh', 'ohh', 'pokerstars'].map((f) =>
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'export',
                    'data-format': f,
                    key: f,
                    onClick: () => void download(hd.handNo, f),
                  },
                  f.toUpperCase(),
                ),
              )
            : null,
        ),
      ),
  );
}

export function Stepper({
  st,
  setAt,
  close,
}: {
  st: { handNo: number; steps: Step[]; at: number };
  setAt: (n: number) => void;
  close: () => void;
}): JSX.Element {
  const step = st.steps[st.at];
  const v = step?.view ?? null;
  const firstOf = (street: string) => st.steps.findIndex((s) => s.view?.street === street);
  return h(
    'section',
    { class: 'stepper', id: 'stepper' },
    h('h2', {}, t('step', { hand: st.handNo, at: st.at + 1, total: st.steps.length })),
    h(
      'div',
      { class: 'step-nav' },
      h('button', { type: 'button', id: 'step-prev', onClick: () => setAt(Math.max(0, st.at - 1)) }, t('prev')),
      h(
        'button',
        { type: 'button', id: 'step-next', onClick: () => setAt(Math.min(st.steps.length - 1, st.at + 1)) },
        t('next'),
      ),
      ['preflop', 'flop', 'turn', 'river', 'showdown'].map((s) => {
        const i = firstOf(s);
        return h(
          'button',
          { type: 'button', class: 'street-jump', 'data-street': s, key: s, disabled: i < 0, onClick: () => setAt(i) },
          streetLabel(s),
        );
      }),
      h('button', { type: 'button', id: 'step-close', onClick: close }, t('close')),
    ),
    step
      ? h(
          'div',
          { class: 'event', id: 'step-event' },
          eventText(step.event, v),
          step.refused ? ` ${t('ev_refused')} ${step.refused}` : '',
        )
      : null,
    v
      ? h(
          'div',
          {},
          h(Board, { v }),
          h(Pots, { v }),
          h(
            'div',
            { class: 'seats small' },
            v.seats.map((s) => h(SeatBox, { v, s, key: s.seat })),
          ),
          h(
            'ul',
            {},
            v.alerts
              .filter((a) => a.source === 'hand')
              .map((a) => h('li', { key: a.id }, `${a.code}: ${alertText(a).message}`)),
          ),
        )
      : null,
  );
}
