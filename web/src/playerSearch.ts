// The floor's player finder: by part of a name, accents and case optional ("jose" finds "José Ramón"), over every
// player the table lists (seated, sitting out, waiting for the next hand); each match a button that picks its seat
// in the seating form. The matching is the room's (src/nameSearch.ts).
import type { JSX } from 'preact';
import { nameMatches } from '../../src/nameSearch.js';
import type { RoleView } from '../../src/views/views.js';
import { t } from './i18n.js';
import { h, who } from './ui.js';

/** the seats whose player's name matches `q` (none for an empty search) */
export function matchingSeats(v: RoleView, q: string): number[] {
  return Object.entries(v.players ?? {})
    .filter(([, p]) => nameMatches(p.name, q))
    .map(([s]) => Number(s))
    .sort((a, b) => a - b);
}

export function PlayerSearch({
  v,
  q,
  setQ,
  onPick,
}: {
  v: RoleView;
  q: string;
  setQ: (q: string) => void;
  onPick: (seat: number) => void;
}): JSX.Element {
  const found = matchingSeats(v, q);
  return h(
    'div',
    { class: 'player-search' },
    h(
      'label',
      {},
      `${t('findPlayer')} `,
      h('input', {
        id: 'player-find',
        type: 'search',
        autocomplete: 'off',
        value: q,
        placeholder: t('findHint'),
        onInput: (e: Event) => setQ((e.target as HTMLInputElement).value),
      }),
    ),
    h('span', { id: 'player-found', role: 'status' }, q.trim() === '' ? '' : t('playersFound', { n: found.length })),
    found.length
      ? h(
          'ul',
          { class: 'found' },
          found.map((s) =>
            h(
              'li',
              { key: s },
              h(
                'button',
                { type: 'button', class: 'pick', 'data-seat': String(s), onClick: () => onPick(s) },
                who(v, s),
              ),
            ),
          ),
        )
      : null,
  );
}
