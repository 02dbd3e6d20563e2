// Readable names of a hand, in English and in French ("Two pair, aces and kings" / "Deux paires, as et rois").
import type { Card } from '../cards.js';
import { evaluateCards } from './evaluator.js';
import { decodeRaw, decodeValue, rawRanks } from './tables.js';

export type Lang = 'en' | 'fr';

const EN_ONE = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'];
const EN_MANY = [
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'nines',
  'tens',
  'jacks',
  'queens',
  'kings',
  'aces',
];
const FR_ONE = ['deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'valet', 'dame', 'roi', 'as'];
const FR_MANY = [
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'valets',
  'dames',
  'rois',
  'as',
];

/** French "de" before a rank name, elided before a vowel: "paire d'as", "brelan de rois". */
const deFr = (name: string): string => (/^[aeiouy]/.test(name) ? `d'${name}` : `de ${name}`);

function english(category: number, r: number[]): string {
  switch (category) {
    case 0:
      return `High card, ${EN_ONE[r[0]]}`;
    case 1:
      return `One pair, ${EN_MANY[r[0]]}`;
    case 2:
      return `Two pair, ${EN_MANY[r[0]]} and ${EN_MANY[r[1]]}`;
    case 3:
      return `Three of a kind, ${EN_MANY[r[0]]}`;
    case 4:
      return `Straight, ${EN_ONE[r[0]]} high`;
    case 5:
      return `Flush, ${EN_ONE[r[0]]} high`;
    case 6:
      return `Full house, ${EN_MANY[r[0]]} full of ${EN_MANY[r[1]]}`;
    case 7:
      return `Four of a kind, ${EN_MANY[r[0]]}`;
    default:
      return r[0] === 12 ? 'Royal flush' : `Straight flush, ${EN_ONE[r[0]]} high`;
  }
}

function french(category: number, r: number[]): string {
  switch (category) {
    case 0:
      return `Hauteur ${FR_ONE[r[0]]}`;
    case 1:
      return `Paire ${deFr(FR_MANY[r[0]])}`;
    case 2:
      return `Deux paires, ${FR_MANY[r[0]]} et ${FR_MANY[r[1]]}`;
    case 3:
      return `Brelan ${deFr(FR_MANY[r[0]])}`;
    case 4:
      return `Quinte hauteur ${FR_ONE[r[0]]}`;
    case 5:
      return `Couleur hauteur ${FR_ONE[r[0]]}`;
    case 6:
      return `Full aux ${FR_MANY[r[0]]} par les ${FR_MANY[r[1]]}`;
    case 7:
      return `Carré ${deFr(FR_MANY[r[0]])}`;
    default:
      return r[0] === 12 ? 'Quinte flush royale' : `Quinte flush hauteur ${FR_ONE[r[0]]}`;
  }
}

/** Name of an evaluator value (from evaluate7 / evaluateCards). */
export function describeValue(value: number, lang: Lang = 'en'): string {
  const { category, ranks } = decodeValue(value);
  return lang === 'fr' ? french(category, ranks) : english(category, ranks);
}

/**
 * Name of the best hand in 2..7 cards, e.g. "Two pair, aces and kings". With fewer than five cards (hole cards
 * alone, say) only pairs, trips, quads and the high card count.
 */
export function describeHand(cards: readonly Card[], lang: Lang = 'en'): string {
  if (cards.length >= 5) return describeValue(evaluateCards(cards), lang);
  const counts = new Int8Array(13);
  for (const c of cards) counts[c >> 2]++;
  const { category, ranks } = decodeRaw(rawRanks(counts));
  return lang === 'fr' ? french(category, ranks) : english(category, ranks);
}

/** French name of the best hand, e.g. "Deux paires, as et rois". */
export function describeHandFr(cards: readonly Card[]): string {
  return describeHand(cards, 'fr');
}
