// The dealer's tablet: every open alert with its remedy and rule (a count, the most severe first); whose turn, to
// call, minimum raise, pots; the legal actions as big buttons naming the seat and the player ("Seat 4 Alice: Call
// 275"). A tap is bound to the state it was made on (the view's version goes with it; the service refuses a stale
// one) and is held for a few seconds with an Undo before it is sent. STOP alerts lock the action buttons until the
// floor decides. Misdeal and Floor ask for confirmation. A banner blocks the page while the service or the token is
// missing.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { AlertList, clockText, TurnPanel } from './dealerPanels.js';
import { t } from './i18n.js';
import { useLive, useTick } from './live.js';
import {
  Board,
  ConnBanner,
  chips,
  errorText,
  Header,
  h,
  makeStore,
  mountApp,
  openStops,
  outcomeText,
  SeatBox,
  WaitingSeats,
  who,
  whoShort,
} from './ui.js';

const store = makeStore(true);
const UNDO_MS = 2500;
/** Characters of a player's name on the action buttons (the seat map and the turn line show the whole name). */
const BUTTON_NAME = 14;

/**
 * The seat map's columns: every seat of 2 to 10 in view at 1024x768 (landscape: two rows) and 800x1280 (portrait:
 * three columns, four for ten seats).
 */
function seatColumns(n: number): { land: number; port: number } {
  return { land: Math.max(2, Math.ceil(n / 2)), port: n <= 4 ? 2 : n === 10 ? 4 : 3 };
}

interface Pending {
  label: string;
  msg: Record<string, unknown> & { type: string };
  due: number;
}

function App(): JSX.Element {
  const snap = useLive(store);
  const v = snap.view;
  useTick(250);
  const [amount, setAmount] = useState('');
  const turnKey = v?.next ? `${v.handNo}:${v.street}:${v.next.toAct}` : '';
  const typedFor = useRef('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirm, setConfirm] = useState<'misdeal' | 'floor' | null>(null);
  const [floorSeat, setFloorSeat] = useState('');
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const sentRef = useRef<number | null>(null);

  // the raise amount follows the minimum until the dealer types; a new turn starts from the minimum again
  useEffect(() => {
    if (typedFor.current !== turnKey) setAmount(v?.next?.minRaiseTo != null ? String(v.next.minRaiseTo) : '');
  }, [turnKey, v?.next?.minRaiseTo]);

  // the held tap goes out when its undo time is over
  useEffect(() => {
    if (!pending) return;
    const id = setTimeout(
      () => {
        const ref = store.send(pending.msg);
        sentRef.current = ref;
        setPending(null);
        if (ref === null) setNotice({ kind: 'error', text: t('serviceDown') });
      },
      Math.max(0, pending.due - Date.now()),
    );
    return () => clearTimeout(id);
  }, [pending]);

  // the service's word on what was sent
  useEffect(() => {
    const e = snap.error;
    if (e) setNotice({ kind: 'error', text: errorText(e.code, e.message) });
  }, [snap.error?.at]);
  // the service says what the engine did with the tap (a refused misdeal names its rule and remedy)
  useEffect(() => {
    if (snap.okRef === null || snap.okRef !== sentRef.current) return;
    const o = snap.outcome;
    setNotice(
      o ? { kind: o.refused ? 'error' : 'ok', text: outcomeText(o, v) } : { kind: 'ok', text: t('out_NO_CHANGE') },
    );
  }, [snap.okRef]);

  const live = snap.conn === 'open';
  const top = h(Header, { v, title: t('dealerView'), snap });
  const banner = h(ConnBanner, { snap, blocking: true });
  if (!v) return h('div', { class: 'dealer' }, banner, top);

  const cols = seatColumns(v.seats.length);
  const stops = openStops(v);
  const locked = stops.length > 0;
  const n = v.next;
  const tap = (label: string, msg: Record<string, unknown> & { type: string }) => {
    setNotice(null);
    setPending({ label, msg: { ...msg, version: v.version }, due: Date.now() + UNDO_MS });
  };
  const seatWho = n ? whoShort(v, n.toAct, BUTTON_NAME) : '';
  const say = (what: string, label: string, to?: number) =>
    n &&
    tap(
      label,
      to === undefined ? { type: 'say', seat: n.toAct, say: what } : { type: 'say', seat: n.toAct, say: what, to },
    );
  const can = (kind: string) => live && !locked && !pending && n?.legal.includes(kind as never) === true;
  const raiseKind = n?.legal.includes('bet') ? 'bet' : 'raise';
  const act = (kind: string, label: string, onClick: () => void) =>
    h(
      'button',
      {
        class: `big act ${kind}`,
        'data-action': kind,
        type: 'button',
        disabled: !can(kind),
        onClick,
        key: kind,
      },
      label,
    );
  // the buttons name the seat and the player they act for; with nobody to act they name the action only
  const lbl = n
    ? {
        check: t('btnCheck', { who: seatWho }),
        fold: t('btnFold', { who: seatWho }),
        call: t('btnCall', { who: seatWho, n: chips(n.toCall) }),
        raise: raiseKind === 'bet' ? t('btnBet', { who: seatWho }) : t('btnRaise', { who: seatWho }),
        allin: t('btnAllin', { who: seatWho }),
      }
    : {
        check: t('plainCheck'),
        fold: t('plainFold'),
        call: t('plainCall'),
        raise: t('plainRaise'),
        allin: t('plainAllin'),
      };
  const actions = h(
    'section',
    { class: `actions${locked ? ' locked' : ''}`, id: 'actions', 'data-locked': locked ? 'true' : 'false' },
    locked ? h('div', { class: 'lock-note', id: 'lock-note' }, t('locked')) : null,
    act('check', lbl.check, () => say('check', lbl.check)),
    act('fold', lbl.fold, () => say('fold', lbl.fold)),
    act('call', lbl.call, () => say('call', lbl.call)),
    h(
      'span',
      { class: 'raise-box', key: 'raise-box' },
      act(raiseKind, lbl.raise, () => {
        const to = Number(amount);
        const ok = Number.isInteger(to) && to > 0;
        say(raiseKind, `${lbl.raise} ${ok ? chips(to) : ''}`.trim(), ok ? to : undefined);
      }),
      h('input', {
        type: 'number',
        id: 'amount',
        inputmode: 'numeric',
        min: String(n?.minRaiseTo ?? 0),
        value: amount,
        disabled: !can(raiseKind),
        'aria-label': t('amount'),
        onInput: (e: Event) => {
          typedFor.current = turnKey;
          setAmount((e.target as HTMLInputElement).value);
        },
      }),
    ),
    act('allin', lbl.allin, () => say('allin', lbl.allin)),
  );

  const undo = pending
    ? h(
        'div',
        { class: 'pending', id: 'pending' },
        h(
          'span',
          {},
          t('sending', { what: pending.label, n: Math.max(1, Math.ceil((pending.due - Date.now()) / 1000)) }),
        ),
        h(
          'button',
          {
            class: 'big undo',
            id: 'undo',
            type: 'button',
            onClick: () => {
              setPending(null);
              setNotice({ kind: 'ok', text: t('undone') });
            },
          },
          t('undo'),
        ),
      )
    : null;

  const reasons = ['dispute', 'cards', 'chips', 'action', 'conduct', 'other'] as const;
  const floorCall = h(
    'section',
    { class: 'controls confirm floor-call', id: 'confirm', 'data-confirm': 'floor' },
    h('span', { class: 'confirm-text' }, t('confirmFloor')),
    h(
      'label',
      { class: 'floor-seat' },
      t('floorSeat'),
      h(
        'select',
        {
          id: 'floor-seat',
          value: floorSeat,
          onChange: (e: Event) => setFloorSeat((e.target as HTMLSelectElement).value),
        },
        h('option', { value: '' }, t('floorNoSeat')),
        v.seats.map((s) => h('option', { value: String(s.seat), key: s.seat }, who(v, s.seat))),
      ),
    ),
    h(
      'div',
      { class: 'reasons' },
      reasons.map((r) =>
        h(
          'button',
          {
            class: 'big reason',
            type: 'button',
            key: r,
            'data-reason': r,
            disabled: !live,
            onClick: () => {
              setNotice(null);
              const msg: Record<string, unknown> & { type: string } = {
                type: 'dealer',
                button: 'floor',
                reason: r,
                version: v.version,
              };
              if (floorSeat) msg.seat = Number(floorSeat);
              sentRef.current = store.send(msg);
              setConfirm(null);
            },
          },
          t(`reason_${r}`),
        ),
      ),
    ),
    h('button', { class: 'big no', id: 'confirm-no', type: 'button', onClick: () => setConfirm(null) }, t('no')),
  );

  const controls =
    confirm === 'floor'
      ? floorCall
      : confirm
        ? h(
            'section',
            { class: 'controls confirm', id: 'confirm', 'data-confirm': confirm },
            h('span', { class: 'confirm-text' }, confirm === 'misdeal' ? t('confirmMisdeal') : t('confirmFloor')),
            h(
              'button',
              {
                class: 'big yes',
                id: 'confirm-yes',
                type: 'button',
                disabled: !live,
                onClick: () => {
                  setNotice(null);
                  const ref = store.send({ type: 'dealer', button: confirm, version: v.version });
                  sentRef.current = ref;
                  setConfirm(null);
                },
              },
              t('yes'),
            ),
            h(
              'button',
              { class: 'big no', id: 'confirm-no', type: 'button', onClick: () => setConfirm(null) },
              t('no'),
            ),
          )
        : h(
            'section',
            { class: 'controls' },
            h(
              'button',
              {
                class: 'big clock',
                id: 'clock-btn',
                type: 'button',
                disabled: !live || !n,
                onClick: () => {
                  if (n) sentRef.current = store.send({ type: 'clock', seat: n.toAct, version: v.version });
                },
              },
              t('clock'),
            ),
            h('div', { class: 'clock-display', id: 'clock' }, clockText(v)),
            h(
              'button',
              {
                class: 'big misdeal',
                id: 'misdeal',
                type: 'button',
                disabled: !live,
                onClick: () => setConfirm('misdeal'),
              },
              t('misdeal'),
            ),
            h(
              'button',
              {
                class: 'big floor-btn',
                id: 'floor',
                type: 'button',
                disabled: !live,
                onClick: () => {
                  // the seat to act is the likeliest concern; the dealer may pick another or the whole table
                  setFloorSeat(n ? String(n.toAct) : '');
                  setConfirm('floor');
                },
              },
              t('floor'),
            ),
          );

  return h(
    'div',
    { class: 'dealer', 'data-version': String(v.version) },
    banner,
    top,
    h(AlertList, { v, send: (m) => (sentRef.current = store.send(m)) }),
    h('div', { class: 'row' }, h(TurnPanel, { v }), h(Board, { v })),
    actions,
    undo,
    h('div', { id: 'notice', class: `notice ${notice?.kind ?? ''}`, role: 'status' }, notice?.text ?? ''),
    controls,
    h(
      'section',
      {
        class: 'seats',
        id: 'seats',
        'data-n': String(v.seats.length),
        style: `--cols-land:${cols.land};--cols-port:${cols.port}`,
      },
      v.seats.map((s) => h(SeatBox, { v, s, key: s.seat })),
    ),
    h(WaitingSeats, { v }),
  );
}

mountApp(App);
