// Renders an alert's message and remedy, English or French, from its code and facts with the ICU catalogue
// (./alerts): plurals by CLDR, numbers by locale (12,500 / 12 500), cards with rank and suit symbols (10♠), lists
// joined by locale ("2, 3 and 4" / "2, 3 et 4"). The one place alert texts are made, for the server (views, logs,
// exports) and the web pages alike. Pure: no I/O.
import IntlMessageFormat, { type Formats } from 'intl-messageformat';
import type { AlertFacts, ResyncDifference, ResyncPlace } from '../engine/alerts/facts.js';
import type { AlertCode } from '../engine/types.js';
import { ALERT_MESSAGES, LIST_ITEMS, type Msg } from './alerts/index.js';
import { rulesText } from './ruleText.js';

export type AlertLang = 'en' | 'fr';

const LOCALE: Record<AlertLang, string> = { en: 'en-GB', fr: 'fr-FR' };
const SUIT: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
// chip amounts (`{x, number, amount}`): English as the tablet's figures and the hand histories write them (1100),
// French grouped as French typography wants (1 100, a narrow no-break space)
const AMOUNT: Record<AlertLang, Formats['number'][string]> = { en: { useGrouping: false }, fr: {} };

/** A card code written with rank and suit symbols: Ts -> 10♠; a masked card stays ??. */
export const cardSymbol = (c: string): string =>
  c.length === 2 && SUIT[c[1] ?? ''] ? `${c[0] === 'T' ? '10' : c[0]}${SUIT[c[1] ?? '']}` : c;

const cache = new Map<string, IntlMessageFormat>();
function format(text: string, lang: AlertLang, args: Record<string, string | number>): string {
  const key = `${lang}\u0000${text}`;
  let mf = cache.get(key);
  if (!mf) {
    mf = new IntlMessageFormat(text, LOCALE[lang], { number: { amount: AMOUNT[lang] } });
    cache.set(key, mf);
  }
  return String(mf.format(args));
}

const list = (lang: AlertLang, items: (string | number)[]): string =>
  new Intl.ListFormat(LOCALE[lang], { style: 'long', type: 'conjunction' }).format(items.map(String));

const NONE = 'none';

/** a number as the locale groups it (1,000 / 1 000) */
const number = (lang: AlertLang, n: number): string => new Intl.NumberFormat(LOCALE[lang]).format(n);

function placeArgs(prefix: 'from' | 'to', p: ResyncPlace | null): Record<string, string | number> {
  if (p === null) return { [prefix]: NONE, [`${prefix}Seat`]: NONE };
  if (typeof p === 'object') return { [prefix]: 'seat', [`${prefix}Seat`]: p.seat };
  return { [prefix]: p, [`${prefix}Seat`]: NONE };
}

function difference(lang: AlertLang, d: ResyncDifference): string {
  if (d.kind === 'chips')
    return format(LIST_ITEMS.chipsDifference[lang], lang, { seat: d.seat, was: d.was, now: d.now });
  return format(LIST_ITEMS.cardsDifference[lang], lang, {
    ...placeArgs('from', d.from),
    ...placeArgs('to', d.to),
    count: d.count,
    named: d.named?.length ? d.named.map(cardSymbol).join(' ') : NONE,
  });
}

/** The ICU arguments an alert's texts may name, from its facts (absent facts: `none` for a select, 0 for a number). */
export function alertArgs(facts: AlertFacts, lang: AlertLang): Record<string, string | number> {
  const f = facts;
  const orNone = (x: string | number | null | undefined): string | number => (x === undefined || x === null ? NONE : x);
  const seats = f.seats ?? [];
  const separator = lang === 'en' ? '; ' : ' ; ';
  return {
    seat: orNone(f.seat),
    seats: list(lang, seats),
    seatCount: seats.length,
    seatList: seats.join(', '),
    expectedSeat: orNone(f.expectedSeat),
    onTurn: orNone(f.onTurn),
    cards: (f.cards ?? []).map(cardSymbol).join(' '),
    card: f.burnCard === undefined ? '' : cardSymbol(f.burnCard),
    item: f.cards?.length ? 'card' : f.chips?.length ? 'chip' : 'tag',
    chip: f.chips?.[0] ?? 0,
    amount: f.amount ?? 0,
    to: f.to ?? 0,
    call: f.call ?? 0,
    giveBack: f.giveBack ?? 0,
    owed: f.owed ?? 0,
    zoneTotal: f.zoneTotal ?? 0,
    declared: f.declared ?? f.zoneTotal ?? 0,
    forfeit: f.forfeit ?? 0,
    settle: (f.giveBack ?? 0) > 0 ? 'giveBack' : (f.owed ?? 0) > 0 ? 'owed' : NONE,
    street: orNone(f.street),
    phase: orNone(f.phase),
    action: orNone(f.action),
    variant: f.variant ?? 'default',
    cause: orNone(f.cause),
    order: orNone(f.order),
    handNo: orNone(f.handNo),
    words: f.words ? f.words : NONE,
    pot: orNone(f.pot),
    logged: f.logged ?? 0,
    reads: f.reads?.length
      ? f.reads.map((r) => format(LIST_ITEMS.read[lang], lang, { ...r, amount: r.amount ?? 0 })).join(separator)
      : lang === 'en'
        ? 'nothing'
        : 'rien',
    differences: (f.differences ?? []).map((d) => difference(lang, d)).join(separator),
    by: f.by ? f.by : NONE,
    uid: orNone(f.uid),
    deck: orNone(f.deck),
    zone: orNone(f.zone),
    zones: list(lang, f.zones ?? []),
    antenna: orNone(f.antenna),
    antennas: (f.antennas ?? []).join(', '),
    fault: orNone(f.fault),
    path: orNone(f.path),
    system: f.system ? f.system : NONE,
    button: orNone(f.button),
    pin: orNone(f.pin),
    firmware: orNone(f.firmware),
    firmwareVersion: orNone(f.firmwareVersion),
    protocol: orNone(f.protocol),
    kind: orNone(f.kind),
    errno: orNone(f.errno),
    pending: f.pending ?? 0,
    refused: f.refused ?? 0,
    kept: f.kept ?? 0,
    lost: f.lost ?? 0,
    ranges: f.ranges?.length ? f.ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ') : NONE,
    note: f.note ? f.note : NONE,
    time: orNone(f.time),
    read: f.read ?? 0,
    expected: f.expected ?? 0,
    oldChips: f.oldChips?.length ? f.oldChips.join(', ') : NONE,
    chipList: (f.chips ?? []).map((c) => number(lang, c)).join(', '),
    withSeat: orNone(f.withSeat),
    newChip: f.newChip ?? 0,
    raceChips: f.raceChips ?? 0,
    race: (f.race ?? [])
      .map((r) => format(LIST_ITEMS.raceLine[lang], lang, { ...r, why: r.why ?? NONE, newChip: f.newChip ?? 0 }))
      .join('; '),
    player: orNone(f.player),
    table: orNone(f.table),
    toTable: orNone(f.toTable),
    move: orNone(f.move),
    place: orNone(f.place),
    prize: f.prize ? f.prize : NONE,
    waits: f.waits ? 'yes' : 'no',
    noShow: f.noShow ? 'yes' : 'no',
    penalty: orNone(f.penalty),
    count: f.count ?? 0,
    handsLeft: f.handsLeft ?? 0,
    rules: f.cited?.length ? rulesText(f.cited, lang) : orNone(f.rules),
    format: f.format === undefined ? NONE : FORMAT_NAMES[f.format],
    earlierCode: orNone(f.earlierCode),
  };
}

/** a hand-history format as its users name it */
const FORMAT_NAMES = { phh: 'PHH', ohh: 'OHH', pokerstars: 'PokerStars' } as const;

/** The names alertArgs gives (the catalogue's placeholders must be among them). */
export const ALERT_ARG_NAMES: ReadonlySet<string> = new Set(Object.keys(alertArgs({}, 'en')));

export interface AlertWords {
  message: string;
  remedy: string;
}

/** The remedy a variant picks: the variant's own, else `default`, else the entry's first. */
export function remedyOf(code: AlertCode, variant: string | undefined): Msg {
  const r = ALERT_MESSAGES[code].remedies;
  return (variant !== undefined ? r[variant] : undefined) ?? r.default ?? (Object.values(r)[0] as Msg);
}

/** An alert's message and remedy in `lang`, rendered from its code and facts. */
export function formatAlert(code: AlertCode, facts: AlertFacts, lang: AlertLang): AlertWords {
  const entry = ALERT_MESSAGES[code];
  const args = alertArgs(facts, lang);
  return {
    message: format(entry.message[lang], lang, args),
    remedy: format(remedyOf(code, facts.variant)[lang], lang, args),
  };
}
