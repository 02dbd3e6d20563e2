// The floor's players: the roster with a search, and seat, move, remove, sit out, absence, penalty and short name.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, errOf } from './floorApi.js';
import { t } from './i18n.js';
import { matchingSeats, PlayerSearch } from './playerSearch.js';
import { h, type RoleView, who } from './ui.js';

export function Seating({ v, onMsg }: { v: RoleView; onMsg: (s: string) => void }): JSX.Element {
  const [seat, setSeat] = useState('1');
  const [name, setName] = useState('');
  const [country, setCountry] = useState('');
  const [photo, setPhoto] = useState('');
  const [stack, setStack] = useState('');
  const [to, setTo] = useState('');
  const [penalty, setPenalty] = useState('');
  const [short, setShort] = useState('');
  const [find, setFind] = useState('');
  const found = new Set(matchingSeats(v, find));
  const input = (id: string, label: string, val: string, set: (s: string) => void, type = 'text') =>
    h(
      'label',
      { key: id },
      label,
      h('input', {
        id,
        type,
        value: val,
        onInput: (e: Event) => set((e.target as HTMLInputElement).value),
      }),
    );
  const run = async (path: string, method: string, body?: unknown) => {
    try {
      await api(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
      onMsg(t('sent'));
    } catch (e) {
      onMsg(errOf(e));
    }
  };
  const n = Number(seat);
  return h(
    'section',
    { class: 'seating', id: 'seating' },
    h('h2', {}, t('seating')),
    h(PlayerSearch, { v, q: find, setQ: setFind, onPick: (s) => setSeat(String(s)) }),
    h(
      'ul',
      { class: 'roster' },
      Object.entries(v.players ?? {}).map(([s, p]) =>
        h(
          'li',
          { key: s, 'data-seat': s, class: found.has(Number(s)) ? 'match' : undefined },
          `${who(v, Number(s))}${p.country ? ` (${p.country})` : ''}${p.sittingOut ? ` · ${t('sittingOut')}` : ''}${p.movingTo ? ` · ${t('movingTo', { seat: p.movingTo })}` : ''}${v.away?.includes(Number(s)) ? ` · ${t('isAway')}` : ''}${v.penalties?.[s] ? ` · ${t('penalised', { n: v.penalties[s] })}` : ''}${p.short ? ` · ${t('shortShown', { short: p.short })}` : ''}`,
        ),
      ),
    ),
    h(
      'div',
      { class: 'seat-form' },
      input('seat-no', t('seat', { seat: '' }).trim(), seat, setSeat, 'number'),
      input('seat-name', t('name'), name, setName),
      input('seat-country', t('country'), country, setCountry),
      input('seat-photo', t('photo'), photo, setPhoto),
      input('seat-stack', t('stackIn'), stack, setStack, 'number'),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-go',
          onClick: () => {
            const body: Record<string, unknown> = { name };
            if (country.trim()) body.country = country.trim();
            if (photo.trim()) body.photoUrl = photo.trim();
            if (stack.trim()) body.stack = Number(stack);
            void run(`/api/seats/${n}`, 'POST', body);
          },
        },
        t('seatPlayerBtn'),
      ),
      h(
        'button',
        { type: 'button', id: 'seat-out', onClick: () => void run(`/api/seats/${n}/sit-out`, 'POST', { out: true }) },
        t('sitOut'),
      ),
      h(
        'button',
        { type: 'button', id: 'seat-in', onClick: () => void run(`/api/seats/${n}/sit-out`, 'POST', { out: false }) },
        t('sitIn'),
      ),
      h(
        'button',
        { type: 'button', id: 'seat-remove', onClick: () => void run(`/api/seats/${n}`, 'DELETE') },
        t('remove'),
      ),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-away',
          onClick: () => void run(`/api/seats/${n}/absent`, 'POST', { absent: true }),
        },
        t('away'),
      ),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-back',
          onClick: () => void run(`/api/seats/${n}/absent`, 'POST', { absent: false }),
        },
        t('back'),
      ),
      input('seat-penalty', t('penaltyHands'), penalty, setPenalty, 'number'),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-penalise',
          onClick: () => void run(`/api/seats/${n}/penalty`, 'POST', { hands: Number(penalty) }),
        },
        t('penalise'),
      ),
      input('seat-short', t('shortName'), short, setShort),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-short-go',
          onClick: () => void run(`/api/seats/${n}/short`, 'POST', { short: short.trim() }),
        },
        t('setShort'),
      ),
      input('seat-to', t('moveTo'), to, setTo, 'number'),
      h(
        'button',
        {
          type: 'button',
          id: 'seat-move',
          onClick: () => void run(`/api/seats/${n}/move`, 'POST', { to: Number(to) }),
        },
        t('moveTo'),
      ),
    ),
  );
}
