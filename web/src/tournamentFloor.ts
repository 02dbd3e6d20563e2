// The TD's floor controls on the room's tournament page (web/src/tournament.ts): a penalty recorded (player, kind,
// count, reason: LOI 7 wants the reason), a late registration (name, country, id: club 3-1, 3-2), a player marked
// absent or arrived (club 3-2, seed 003 regulation 10), and the players still in with their seat, absence and the
// penalties they serve. Each control calls the room's route with the TD token; the answer or the refusal is shown.
import { h, type JSX } from 'preact';
import type { RuleRef } from '../../src/engine/rules/ruleRef.js';
import { rulesText } from '../../src/i18n/ruleText.js';
import type { TdKey } from './tournamentStrings.js';

export interface RosterRow {
  id: string;
  name: string;
  country: string;
  seat: string | null;
  absent: boolean;
  penalties: {
    id: number;
    kind: string;
    count: number | null;
    /** the rules the penalty applies, as values: written in the page's language */
    rule: RuleRef[];
    reason: string;
    handsLeft: number | null;
  }[];
}

export type Say = (key: TdKey, values?: Record<string, string | number>) => string;
/** posts a body to `./api/tournament/<route>`: the answer's text to show (or the refusal's) */
export type Send = (route: 'penalty' | 'register' | 'absent', body: unknown) => Promise<{ ok: boolean; text: string }>;

export const PENALTY_KINDS = [
  'warning',
  'hands',
  'rounds',
  'minutes',
  'levels',
  'deadHand',
  'elimination',
  'disqualification',
] as const;
type Kind = (typeof PENALTY_KINDS)[number];
const COUNTED: readonly Kind[] = ['hands', 'rounds', 'minutes', 'levels'];

/** the last answer (or refusal) of a floor control, kept across draws */
let outcome: { ok: boolean; text: string } | null = null;

const value = (form: HTMLFormElement, name: string): string =>
  (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value.trim() ?? '';

export function penaltyLabel(t: Say, p: RosterRow['penalties'][number], lang: 'en' | 'fr'): string {
  const kind = t(`kind_${p.kind}` as TdKey);
  const left = p.handsLeft !== null ? ` · ${t('handsLeft', { n: p.handsLeft })}` : '';
  return `${kind}${p.count !== null && p.handsLeft === null ? ` (${p.count})` : ''}${left} · ${rulesText(p.rule, lang)} · ${p.reason}`;
}

export function FloorControls({
  roster,
  t,
  lang,
  send,
  redraw,
}: {
  roster: RosterRow[];
  t: Say;
  lang: 'en' | 'fr';
  send: Send;
  redraw: () => void;
}): JSX.Element {
  const submit = (route: 'penalty' | 'register' | 'absent', body: () => unknown) => async (e: Event) => {
    e.preventDefault();
    outcome = await send(route, body());
    redraw();
  };
  const players = roster.map((r) => h('option', { key: r.id, value: r.id }, `${r.name} (${r.seat ?? '…'})`));
  const penaltyForm = h(
    'form',
    {
      id: 'penalty-form',
      onSubmit: (e: Event) =>
        void submit('penalty', () => {
          const f = e.currentTarget as HTMLFormElement;
          const kind = value(f, 'kind') as Kind;
          const count = Number(value(f, 'count'));
          return {
            player: value(f, 'player'),
            kind,
            reason: value(f, 'reason'),
            ...(COUNTED.includes(kind) ? { count } : {}),
          };
        })(e),
    },
    h('h3', {}, t('penaltyTitle')),
    h('select', { name: 'player', 'aria-label': t('player') }, players),
    h(
      'select',
      { name: 'kind', 'aria-label': t('kind') },
      PENALTY_KINDS.map((k) => h('option', { key: k, value: k }, t(`kind_${k}` as TdKey))),
    ),
    h('input', { name: 'count', type: 'number', min: 1, max: 100, defaultValue: '1', 'aria-label': t('count') }),
    h('input', { name: 'reason', placeholder: t('reason'), 'aria-label': t('reason') }),
    h('button', { id: 'give-penalty', type: 'submit' }, t('givePenalty')),
  );
  const lateForm = h(
    'form',
    {
      id: 'late-form',
      onSubmit: (e: Event) =>
        void submit('register', () => {
          const f = e.currentTarget as HTMLFormElement;
          return { name: value(f, 'name'), country: value(f, 'country').toUpperCase(), id: value(f, 'id') };
        })(e),
    },
    h('h3', {}, t('lateTitle')),
    h('input', { name: 'name', placeholder: t('name'), 'aria-label': t('name') }),
    h('input', { name: 'country', placeholder: t('country'), 'aria-label': t('country'), maxLength: 3 }),
    h('input', { name: 'id', placeholder: t('playerId'), 'aria-label': t('playerId') }),
    h('button', { id: 'register', type: 'submit' }, t('registerLate')),
  );
  const table = h(
    'table',
    { id: 'roster' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, t('name')), h('th', {}, t('seat')), h('th', {}, t('penalties')), h('th', {})),
    ),
    h(
      'tbody',
      {},
      roster.map((r) =>
        h(
          'tr',
          { key: r.id, 'data-player': r.id, ...(r.absent ? { 'data-absent': '' } : {}) },
          h(
            'td',
            {},
            h('span', { 'data-name': '' }, r.name),
            r.absent ? h('span', { class: 'absent' }, ` · ${t('absent')}`) : null,
          ),
          h('td', {}, r.seat ?? '…'),
          h(
            'td',
            { 'data-field': 'penalties' },
            r.penalties.length === 0
              ? ''
              : r.penalties.map((p) => h('div', { key: p.id, 'data-penalty': p.kind }, penaltyLabel(t, p, lang))),
          ),
          h(
            'td',
            {},
            h(
              'button',
              {
                class: r.absent ? 'arrived' : 'mark-absent',
                onClick: () => void submit('absent', () => ({ player: r.id, absent: !r.absent }))(new Event('click')),
              },
              r.absent ? t('markArrived') : t('markAbsent'),
            ),
          ),
        ),
      ),
    ),
  );
  return h(
    'section',
    { id: 'floor' },
    h('h2', {}, t('floorTitle')),
    outcome
      ? h(
          'div',
          { id: 'floor-outcome', class: outcome.ok ? 'ok' : 'error', 'data-ok': String(outcome.ok) },
          outcome.text,
        )
      : null,
    penaltyForm,
    lateForm,
    table,
  );
}
