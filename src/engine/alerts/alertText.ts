// The phrasing the alert catalogue's entries share: the entry shape (message, remedies by variant, each with its rule
// per ruleset, English and French), seats, streets and zones in both languages, the misdeal remedy, the reader faults,
// the floor call's reasons.
import type { AlertFacts, Ruleset, Severity } from '../types.js';
import { cartesFr, num } from './plural.js';

export type Text = (f: AlertFacts) => string;
export interface Remedy {
  rule: Record<Ruleset, string>;
  en: Text;
  fr: Text;
  severity?: Severity;
}

export interface AlertDefinition {
  severity: Severity;
  message: { en: Text; fr: Text };
  /** remedy variants; `default` always exists */
  remedies: Record<string, Remedy>;
}

export const cardsOf = (f: AlertFacts): string => (f.cards ?? []).join(' ');
export const both = (r: string): Record<Ruleset, string> => ({ tda: r, club: r });
export const seatEn = (f: AlertFacts): string => (f.seat ? `seat ${f.seat}` : 'a seat');
export const seatFr = (f: AlertFacts): string => (f.seat ? `le siège ${f.seat}` : 'un siège');
/** "à" + the seat, with French's contraction (à le siège -> au siège) */
export const auSiegeFr = (f: AlertFacts): string => (f.seat ? `au siège ${f.seat}` : 'à un siège');
/** "de" + the seat (de le siège -> du siège) */
export const duSiegeFr = (f: AlertFacts): string => (f.seat ? `du siège ${f.seat}` : "d'un siège");
export const phaseFr: Record<string, string> = {
  waiting: 'avant la donne',
  dealing: 'pendant la donne',
  betting: 'pendant les enchères',
  board: 'pendant le tableau',
  showdown: "pendant l'abattage",
  complete: 'coup terminé',
  stopped: "arrêté pour l'arbitre",
  misdeal: 'fausse donne',
};
/** The English details the engine, the table layer and the links write, in French (never English in a French text). */
export const DETAILS_FR: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^last aggressor on the river$/, () => 'dernier à avoir misé ou relancé à la river'],
  [/^first live seat left of the button$/, () => 'premier siège en jeu à gauche du bouton'],
  [/^first card, expected seat (\d+)$/, (m) => `première carte, siège attendu : ${m[1]}`],
  [/^expected seat (\d+)$/, (m) => `siège attendu : ${m[1]}`],
  [/^declared by the dealer$/, () => 'annoncée par le donneur'],
  [/^card dealt to empty seat (\d+)$/, (m) => `carte distribuée au siège vide ${m[1]}`],
  [/^first card dealt to the wrong seat$/, () => 'première carte distribuée au mauvais siège'],
  [/^deal out of order$/, () => "donne hors de l'ordre"],
  [/^seat (\d+) holds (\d+) cards?$/, (m) => `le siège ${m[1]} a ${cartesFr(Number(m[2]))}`],
  [/^seat (\d+) was dealt no cards$/, (m) => `le siège ${m[1]} n'a reçu aucune carte`],
  [
    /^zone holds (\d+), the rules commit (\d+)$/,
    (m) => `la zone contient ${num('fr', Number(m[1]))}, les règles engagent ${num('fr', Number(m[2]))}`,
  ],
  [/^port closed$/, () => 'port fermé'],
  [/^no heartbeat$/, () => 'plus de battement de cœur'],
  [/^write on a closed port$/, () => 'écriture sur un port fermé'],
  [/^port error: (.*)$/, () => 'erreur du port'],
  [/^write error: (.*)$/, () => "erreur d'écriture"],
  [/^cannot open (\S+): .*$/, (m) => `impossible d'ouvrir ${m[1]}`],
  [/^(\w+)$/, (m) => phaseFr[m[1] ?? ''] ?? ''],
];
/** The detail in French, or nothing when it has no French reading (the French text then goes without it). */
export const detailFr = (detail: string | undefined): string => {
  if (!detail) return '';
  for (const [re, fr] of DETAILS_FR) {
    const m = detail.match(re);
    if (m) return fr(m);
  }
  return '';
};
export const inParensFr = (detail: string | undefined): string => {
  const d = detailFr(detail);
  return d ? ` (${d})` : '';
};
export const streetFr: Record<string, string> = {
  flop: 'le flop',
  turn: 'la turn',
  river: 'la river',
  preflop: 'le préflop',
};
export const sfr = (f: AlertFacts): string => streetFr[f.street ?? ''] ?? f.street ?? '';

/** the floor's own words, quoted (a free text: shown as the floor gave it, in both languages) */
export const quoted = (d: string | undefined): string => (d ? `: “${d}”` : '');
export const quotedFr = (d: string | undefined): string => (d ? ` : « ${d} »` : '');
export const potEn = (f: AlertFacts): string =>
  f.detail === '0' || !f.detail ? 'the main pot' : `side pot ${f.detail}`;
export const potFr = (f: AlertFacts): string =>
  f.detail === '0' || !f.detail ? 'le pot principal' : `le pot annexe ${f.detail}`;
export const seatsEn = (seats: number[] | undefined): string =>
  !seats || seats.length === 0
    ? 'no seat'
    : seats.length === 1
      ? `seat ${seats[0]}`
      : `seats ${seats.join(', ')}, split`;
export const seatsFr = (seats: number[] | undefined): string =>
  !seats || seats.length === 0
    ? 'à aucun siège'
    : seats.length === 1
      ? `au siège ${seats[0]}`
      : `aux sièges ${seats.join(', ')}, partagé`;

/** The misdeal remedy (tda 35: an exact replay with the same button and blinds). */
export const redeal = (rule: Record<Ruleset, string>, severity?: Severity): Remedy => ({
  rule,
  ...(severity ? { severity } : {}),
  en: () => 'Misdeal: gather all the cards, reshuffle and deal again with the same button and blinds.',
  fr: () =>
    'Fausse donne : ramassez toutes les cartes, remélangez et redistribuez avec le même bouton et les mêmes blinds.',
});

/** "log 100" -> "log left 100 there" */
export const logLeft = (f: AlertFacts): string => `log left ${/^log (\d+)$/.exec(f.detail ?? '')?.[1] ?? '?'} there`;
export const logLeftFr = (f: AlertFacts): string =>
  `journal y laissait ${/^log (\d+)$/.exec(f.detail ?? '')?.[1] ?? '?'}`;
/** one action read at resume, as resume.ts writes it: "seat 2 calls 100", "seat 3 raises to 300", "seat 4 folds" */
export const READ_ENTRY = /^seat (\d+) (checks|calls|bets|raises to|folds|is all-in for)(?: (\d+))?$/;
export const readEn = (detail: string | undefined): string => detail || 'nothing';
export const readFr = (detail: string | undefined): string => {
  if (!detail) return 'rien';
  const fr: Record<string, (n: string) => string> = {
    checks: () => 'parole',
    calls: (n) => `suit ${n}`,
    bets: (n) => `mise ${n}`,
    'raises to': (n) => `relance à ${n}`,
    folds: () => 'se couche',
    'is all-in for': (n) => `fait tapis pour ${n}`,
  };
  return detail
    .split('; ')
    .map((e) => {
      const m = READ_ENTRY.exec(e);
      return m ? `le siège ${m[1]} ${fr[m[2]]?.(m[3] ?? '') ?? ''}`.trimEnd() : '';
    })
    .filter(Boolean)
    .join(' ; ');
};
export const itemEn = (f: AlertFacts): string =>
  f.cards?.length ? `Card ${cardsOf(f)}` : f.chips?.length ? `A ${f.chips[0]} chip` : 'A tag';
export const itemFr = (f: AlertFacts): string =>
  f.cards?.length ? `La carte ${cardsOf(f)}` : f.chips?.length ? `Un jeton de ${f.chips[0]}` : 'Une puce';
export const FAULTS: Record<string, [string, string]> = {
  ANT_TIMEOUT: ['the antenna does not answer', 'l’antenne ne répond pas'],
  ANT_SHORT: ['the antenna is short-circuited', 'l’antenne est en court-circuit'],
  COLLISION: ['too many tags answered at once', 'trop de puces ont répondu à la fois'],
  OVERRUN: ['the scan cycle overran', 'le cycle de lecture a débordé'],
  BUF_FULL: ['the bridge dropped unacknowledged frames', 'le pont a perdu des trames non acquittées'],
  FOREIGN_TAG: [
    'a tag the bridge cannot report lies on it (not one of our cards or chips)',
    'une puce que le pont ne sait pas transmettre y est posée (ni une de nos cartes ni un de nos jetons)',
  ],
  UNMAPPED: ['an antenna that the hardware file does not map', 'une antenne absente du fichier matériel'],
};
export const faultOf = (f: AlertFacts): [string, string] =>
  FAULTS[f.detail ?? ''] ?? [`fault ${f.detail ?? ''}`, `défaut ${f.detail ?? ''}`];
export const whereEn = (f: AlertFacts): string =>
  f.antenna == null ? 'the reader bridge' : `antenna ${f.antenna}${f.zone ? ` (${f.zone})` : ''}`;
export const whereFr = (f: AlertFacts): string =>
  f.antenna == null ? 'le pont lecteur' : `antenne ${f.antenna}${f.zone ? ` (${f.zone})` : ''}`;

/** The reasons a dealer may give for calling the floor (the tablet's choice list), in English and French. */
export const FLOOR_REASONS: Record<string, [string, string]> = {
  dispute: ['a player disputes', 'un joueur conteste'],
  cards: ['a card problem', 'un problème de cartes'],
  chips: ['a bet or chips problem', 'un problème de mise ou de jetons'],
  action: ['action out of turn or unclear', 'une parole non respectée ou une annonce ambiguë'],
  conduct: ["a player's conduct", "le comportement d'un joueur"],
  other: ['another reason', 'une autre raison'],
};
export const floorReason = (f: AlertFacts): [string, string] => FLOOR_REASONS[f.variant ?? ''] ?? FLOOR_REASONS.other;
