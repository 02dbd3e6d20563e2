// What the views write as text (no component here: ui.ts has those and re-exports these): chips and percentages by
// locale, who sits where, cards with suit symbols, phases and streets, a decision, the last actions of a street, a
// server error, and the service's answer to a tap, in the reader's language.
import type { Decision } from '../../src/engine/hand/decisions.js';
import type { TapOutcome } from '../../src/server/outcomes.js';
import type { RoleView } from '../../src/views/views.js';
import { getLang, hasKey, locale, ruleText, t } from './i18n.js';

export type Seat = RoleView['seats'][number];

export const chips = (n: number): string => n.toLocaleString(locale());

const pctFormats = new Map<string, Intl.NumberFormat>();
/** A percentage (0-100) by locale, through Intl: "42.5%" in English, "42,5 %" (narrow no-break space) in French. */
export function pct(n: number, digits = 1): string {
  const id = `${locale()}:${digits}`;
  let f = pctFormats.get(id);
  if (!f) {
    f = new Intl.NumberFormat(locale(), {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    pctFormats.set(id, f);
  }
  return f.format(n / 100);
}

/** "Seat 4 Alice", or "Seat 4" when nobody is named there. */
export function who(v: RoleView | null, seat: number): string {
  const p = v?.players?.[String(seat)];
  return p ? t('seatPlayer', { seat, name: p.name }) : t('seat', { seat });
}

export const nameOf = (v: RoleView | null, seat: number): string | null => v?.players?.[String(seat)]?.name ?? null;

/** the suits' symbols (Card, cardText) */
export const SUIT: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
/** Text of cards for messages: "A♠ K♥". */
export const cardText = (list: string[]): string =>
  list.map((c) => (c.length === 2 && c !== '??' ? `${c[0] === 'T' ? '10' : c[0]}${SUIT[c[1]] ?? ''}` : '??')).join(' ');

// a run of card codes standing alone in a text: "Ts", "Ts 7c" is two runs, "AhKs" one run of two cards
const CARD_RUN = /(?<![\p{L}\p{N}])((?:[2-9TJQKA][shdc])+)(?![\p{L}\p{N}])/gu;

/**
 * A text written by the service with raw card codes ("Ts 7c dealt", "AhKs seen") written with ranks and suit symbols
 * ("10♠ 7♣ dealt", "A♥ K♠ seen"). The codes the alert's facts name are always cards; without facts a lone "As" is
 * the English word, not the ace of spades, and stays as it is.
 */
export function cardsInText(text: string, known?: readonly string[]): string {
  const set = known?.length ? new Set(known) : null;
  return text.replace(CARD_RUN, (run: string) => {
    const list = run.match(/../g) ?? [];
    if (set ? !list.every((c) => set.has(c)) : list.length === 1 && run === 'As') return run;
    return cardText(list);
  });
}

/**
 * The name a plate or a button has room for (`max` characters): the whole name when it fits, else the first name
 * when nobody else at the table has it, else the initial and the last name ("A. Beauchamp"), else the last name,
 * else the name cut. A short name the floor set for the player comes first.
 */
export function shortName(v: RoleView | null, seat: number, max: number): string | null {
  const p = v?.players?.[String(seat)] as (RoleView['players'][string] & { short?: string }) | undefined;
  if (!p) return null;
  const fits = (s: string) => [...s].length <= max;
  if (p.short && fits(p.short)) return p.short;
  const name = p.name.trim().replace(/\s+/g, ' ');
  if (fits(name)) return name;
  const parts = name.split(' ');
  const first = parts[0];
  const last = parts.slice(1).join(' ');
  const firsts = Object.values(v?.players ?? {}).map((x) => x.name.trim().split(/\s+/)[0]);
  const firstUnique = firsts.filter((f) => f === first).length === 1;
  if (last) {
    if (firstUnique && fits(first)) return first;
    const initial = `${[...first][0]}. ${last}`;
    if (fits(initial)) return initial;
    if (fits(last)) return last;
  } else if (fits(first)) return first;
  return `${[...name].slice(0, Math.max(1, max - 1)).join('')}…`;
}

/** "Seat 4 Alexandrine", a seat with the short name of its player (`max` characters for the name). */
export function whoShort(v: RoleView | null, seat: number, max: number): string {
  const n = shortName(v, seat, max);
  return n ? t('seatPlayer', { seat, name: n }) : t('seat', { seat });
}

export function handNameOf(s: Seat): string | null {
  if (!s.handName) return null;
  return getLang() === 'fr' ? (s.handNameFr ?? s.handName) : s.handName;
}

export function phaseLabel(v: RoleView): string {
  const k = `phase_${v.phase}`;
  return hasKey(k) ? t(k) : v.phase;
}

export function streetLabel(street: string): string {
  return hasKey(street) ? t(street) : street;
}

/** The blinds and ante the rules posted: the action log shows them from the view's `posts`, first. */
const POSTS: ReadonlySet<Decision['kind']> = new Set<Decision['kind']>(['postSb', 'postBb', 'postAnte']);
export const isPost = (d: Decision): boolean => POSTS.has(d.kind);

/** A seat's own acts (a player's actions and a hand tabled): not the deal, the posts, the dealer's procedure. */
const SEAT_ACTS: ReadonlySet<string> = new Set(['fold', 'check', 'call', 'bet', 'raise', 'show']);
/** The dealer's procedure (burns, the bets gathered): no line in a hand's action log. */
export const isProcedure = (d: Decision): boolean => d.kind === 'burn' || d.kind === 'collect';

/** A decision as readable text: "Raise to 300", "Call 100", "Shows A♠ K♥". */
export function decisionText(d: Decision): string {
  switch (d.kind) {
    case 'fold':
      return t('act_fold');
    case 'check':
      return t('act_check');
    case 'call':
      return d.allIn ? t('act_allin', { n: chips(d.to) }) : t('act_call', { n: chips(d.amount) });
    case 'bet':
      return d.allIn ? t('act_allin', { n: chips(d.to) }) : t('act_bet', { n: chips(d.to) });
    case 'raise':
      return d.allIn ? t('act_allin', { n: chips(d.to) }) : t('act_raise', { n: chips(d.to) });
    case 'show':
      return t('act_show', { cards: cardText(d.cards) });
    case 'dealHole':
      return t('act_dealHole', { cards: cardText(d.cards) });
    case 'dealBoard':
      return t('act_dealBoard', { street: streetLabel(d.street), cards: cardText(d.cards) });
    case 'postSb':
      return t('post_sb', { n: chips(d.amount) });
    case 'postBb':
      return t('post_bb', { n: chips(d.amount) });
    case 'postAnte':
      return t('post_ante', { n: chips(d.amount) });
    case 'uncalled':
      return t('act_uncalled', { n: chips(d.amount) });
    case 'muck':
      return t('act_muck');
    case 'award':
      return t('act_award', { n: chips(d.amount) });
    case 'collect':
      return t('act_collect', { n: chips(d.amount) });
    case 'burn':
      return t('act_burn');
    default:
      return String(d.kind);
  }
}

/** The last betting decision of each seat this street (the overlay's and the tablet's action text). */
export function lastActions(v: RoleView): Map<number, Decision> {
  const out = new Map<number, Decision>();
  for (const d of v.decisions ?? []) {
    if (d.street !== v.street || d.seat === 0) continue;
    if (!SEAT_ACTS.has(d.kind)) continue;
    out.set(d.seat, d);
  }
  return out;
}

/** A server error in the user's language. */
export function errorText(code: string, detail = ''): string {
  const k = `err_${code}`;
  if (hasKey(k)) return t(k, { detail });
  return t('err_other', { code, detail });
}

/** Who decided: the service records `floor:NAME`; the name is what people read. */
export const deciderName = (by: string): string => by.replace(/^(floor|dealer|commentator):/, '') || '—';

/** What the engine did with a tap, in the reader's language (the service's answer, src/server/outcomes.ts). */
export function outcomeText(o: TapOutcome, v: RoleView | null): string {
  const next = o.toAct ? t('out_next', { who: who(v, o.toAct) }) : t('out_nobody');
  switch (o.code) {
    case 'ACTION':
      return t('out_ACTION', {
        who: who(v, o.seat ?? 0),
        what: o.decision ? decisionText(o.decision) : '',
        next,
      });
    case 'ALERTS':
      return t('out_ALERTS', { codes: (o.alerts ?? []).join(', ') });
    case 'MISDEAL_REFUSED':
      return t(
        o.variant === 'over'
          ? 'out_MISDEAL_REFUSED_over'
          : o.variant === 'already'
            ? 'out_MISDEAL_REFUSED_already'
            : 'out_MISDEAL_REFUSED_substantial',
        { rule: o.rule ? ruleText(o.rule) : '' },
      );
    case 'NEW_HAND':
    case 'REDEAL':
    case 'HAND_VOIDED':
    case 'DEAL_STARTED':
      return t(`out_${o.code}`, { n: o.hand ?? '' });
    case 'CLOCK_STARTED':
    case 'HAND_KILLED':
      return t(`out_${o.code}`, { who: who(v, o.seat ?? 0) });
    case 'FLOOR_CALLED':
      return t('out_FLOOR_CALLED', { count: o.count ?? 1, who: o.seat ? ` (${who(v, o.seat)})` : '' });
    case 'ACKNOWLEDGED':
    case 'DECIDED':
      return t(`out_${o.code}`, { count: o.count ?? 1 });
    case 'RESYNCED':
      return t('out_RESYNCED', { count: o.count ?? 0 });
    default:
      return t(`out_${o.code}`);
  }
}
