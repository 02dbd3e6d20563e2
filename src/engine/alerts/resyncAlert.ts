// The floor's resync with the readers (src/service/resume.ts resyncTable): one alert listing every difference between
// what the engine believed and what the antennas read, in English and French. `detail` is the list as the service
// writes it, one entry per difference, separated by "; " (it names no hole card: a card of a seat, the burn or the
// muck is counted, a card of the board named):
//   "seat3>muck 2"      two cards the engine had at seat 3 read in the muck
//   "board>- 1 Ks"      a board card read by no antenna (named: the board is public)
//   "->board 1 Ks"      a card read on the board that the engine did not have there
//   "bet4 100>300"      seat 4's betting zone: 100 in the engine, 300 read
// `amount` is the number of differences, `by` who asked.
import type { AlertFacts } from '../types.js';
import type { AlertDefinition } from './alertText.js';
import { count, num, type TextLang } from './plural.js';

const ZONE_EN = (z: string) =>
  /^seat\d+$/.test(z) ? `seat ${z.slice(4)}` : z === 'board' ? 'the board' : z === 'burn' ? 'the burn' : 'the muck';
const ZONE_FR = (z: string) =>
  /^seat\d+$/.test(z)
    ? `le siège ${z.slice(4)}`
    : z === 'board'
      ? 'le tableau'
      : z === 'burn'
        ? 'les brûlées'
        : 'le rebut';
const CARD_ENTRY = /^([a-z0-9]+|-)>([a-z0-9]+|-) (\d+)(?: (\S+))?$/;
const CHIP_ENTRY = /^bet(\d+) (\d+)>(\d+)$/;

function entry(lang: TextLang, e: string): string {
  const chips = CHIP_ENTRY.exec(e);
  if (chips) {
    const [, seat, was, now] = chips;
    return lang === 'en'
      ? `seat ${seat}'s betting zone: ${num('en', Number(was))} in the engine, ${num('en', Number(now))} read`
      : `la zone de mise du siège ${seat} : ${num('fr', Number(was))} pour le moteur, ${num('fr', Number(now))} lus`;
  }
  const m = CARD_ENTRY.exec(e);
  if (!m) return e;
  const [, was, now, n, named] = m;
  const k = Number(n);
  const what =
    (lang === 'en'
      ? count('en', k, { one: '# card', other: '# cards' })
      : count('fr', k, { one: '# carte', other: '# cartes' })) + (named ? ` (${named.split(',').join(' ')})` : '');
  const zone = lang === 'en' ? ZONE_EN : ZONE_FR;
  if (now === '-')
    return lang === 'en'
      ? `${zone(was)}: ${what} read by no antenna`
      : `${zone(was)} : ${what} lue${k > 1 ? 's' : ''} par aucune antenne`;
  if (was === '-')
    return lang === 'en'
      ? `${zone(now)}: ${what} read that the engine did not have`
      : `${zone(now)} : ${what} lue${k > 1 ? 's' : ''} que le moteur n'avait pas`;
  return lang === 'en'
    ? `${what} from ${zone(was)} read on ${zone(now)}`
    : `${what} ${zone(was).replace(/^le /, 'du ').replace(/^les /, 'des ')} lue${k > 1 ? 's' : ''} sur ${zone(now)}`;
}

const list = (lang: TextLang, f: AlertFacts) =>
  (f.detail ?? '')
    .split('; ')
    .filter(Boolean)
    .map((e) => entry(lang, e))
    .join(lang === 'en' ? '; ' : ' ; ');

export const RESYNC_ALERTS: Record<'FLOOR_RESYNC', AlertDefinition> = {
  FLOOR_RESYNC: {
    severity: 'warn',
    message: {
      en: (f) =>
        (f.amount ?? 0) === 0
          ? `Resync with the readers${f.by ? ` (${f.by})` : ''}: no difference, the engine and the readers agree`
          : `Resync with the readers${f.by ? ` (${f.by})` : ''}: ${count('en', f.amount, { one: '# difference', other: '# differences' })}: ${list('en', f)}`,
      fr: (f) =>
        (f.amount ?? 0) === 0
          ? `Resynchronisation avec les lecteurs${f.by ? ` (${f.by})` : ''} : aucune différence, le moteur et les lecteurs concordent`
          : `Resynchronisation avec les lecteurs${f.by ? ` (${f.by})` : ''} : ${count('fr', f.amount, { one: '# différence', other: '# différences' })} : ${list('fr', f)}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 1', club: 'tda 1' },
        en: () =>
          "The readers' reading replaces the engine's: check at the table that each difference is what happened. A card of a live hand or of the board read by no antenna stops the hand (its own alert).",
        fr: () =>
          "La lecture des lecteurs remplace celle du moteur : vérifiez à la table que chaque différence correspond à ce qui s'est passé. Une carte d'une main en jeu ou du tableau lue par aucune antenne arrête la main (son alerte propre).",
      },
      none: {
        rule: { tda: 'tda 1', club: 'tda 1' },
        severity: 'info',
        en: () => 'Nothing to do: play goes on.',
        fr: () => 'Rien à faire : le jeu continue.',
      },
    },
  },
};
