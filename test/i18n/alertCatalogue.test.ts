// The alert catalogue (src/i18n/alerts): every code has its message and remedies in English and French, every
// placeholder is an argument the facts give, plurals by CLDR, cards with suit symbols, numbers by locale; "call the
// floor" only in the remedies of stops.
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { ALERT_SEVERITIES } from '../../src/engine/alerts/catalogue.js';
import type { AlertCode } from '../../src/engine/types.js';
import { ALERT_MESSAGES, LIST_ITEMS } from '../../src/i18n/alerts/index.js';
import { ALERT_ARG_NAMES, cardSymbol, formatAlert } from '../../src/i18n/formatAlert.js';

const CODES = Object.keys(ALERT_MESSAGES) as AlertCode[];

// an ICU element as the parser gives it: literals (type 0) and '#' (7) name no argument; the others do by `value`
interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
}
const parse = (text: string): Element[] => new IntlMessageFormat(text, 'en').getAst() as Element[];
function argNames(els: Element[], out = new Set<string>()): Set<string> {
  for (const el of els) {
    if (el.type !== 0 && el.type !== 7 && typeof el.value === 'string') out.add(el.value);
    for (const o of Object.values(el.options ?? {})) argNames(o.value, out);
  }
  return out;
}

describe('alert catalogue', () => {
  it('has a message and at least a remedy for every code, in English and French, each a valid ICU message', () => {
    expect(CODES.length).toBeGreaterThanOrEqual(47);
    for (const code of CODES) {
      const e = ALERT_MESSAGES[code];
      const texts = [e.message, ...Object.values(e.remedies)];
      expect(Object.keys(e.remedies).length, code).toBeGreaterThan(0);
      for (const m of texts) {
        for (const lang of ['en', 'fr'] as const) {
          expect(m[lang].trim().length, `${code} ${lang}`).toBeGreaterThan(0);
          const names = argNames(parse(m[lang]));
          for (const n of names) expect(ALERT_ARG_NAMES.has(n), `${code} ${lang}: {${n}}`).toBe(true);
        }
        // English and French name the same facts
        expect([...argNames(parse(m.fr))].sort(), code).toEqual([...argNames(parse(m.en))].sort());
      }
    }
  });

  it('renders every code and variant with empty facts in both languages, no brace left', () => {
    for (const code of CODES)
      for (const variant of [undefined, ...Object.keys(ALERT_MESSAGES[code].remedies)])
        for (const lang of ['en', 'fr'] as const) {
          const w = formatAlert(code, variant ? { variant } : {}, lang);
          expect(`${w.message} ${w.remedy}`, `${code} ${variant} ${lang}`).not.toMatch(/[{}]/);
        }
  });

  it('list items parse and name only their own arguments', () => {
    for (const m of Object.values(LIST_ITEMS))
      for (const lang of ['en', 'fr'] as const) expect(() => parse(m[lang])).not.toThrow();
  });

  it('says "call the floor" only in the remedies of stops', () => {
    for (const code of CODES)
      for (const [variant, m] of Object.entries(ALERT_MESSAGES[code].remedies)) {
        const stop = ALERT_SEVERITIES(code, variant) === 'stop';
        if (!stop) {
          expect(m.en, `${code} ${variant}`).not.toMatch(/call the floor/i);
          expect(m.fr, `${code} ${variant}`).not.toMatch(/appelez l.arbitre/i);
        }
      }
  });
});

describe('alert texts', () => {
  it('plurals: 1 card, 2 cards; 1 carte, 2 cartes', () => {
    expect(formatAlert('DEAL_CARD_COUNT', { seat: 3, amount: 1 }, 'en').message).toBe(
      'seat 3 holds 1 card instead of two',
    );
    expect(formatAlert('DEAL_CARD_COUNT', { seat: 3, amount: 3 }, 'en').message).toBe(
      'seat 3 holds 3 cards instead of two',
    );
    expect(formatAlert('DEAL_CARD_COUNT', { seat: 3, amount: 1 }, 'fr').message).toBe(
      'le siège 3 a 1 carte au lieu de deux',
    );
    expect(formatAlert('DEAL_CARD_COUNT', { seat: 3, amount: 3 }, 'fr').message).toBe(
      'le siège 3 a 3 cartes au lieu de deux',
    );
    expect(formatAlert('MISDEAL', { cause: 'cardCount', seat: 2, amount: 1 }, 'fr').message).toBe(
      'Fausse donne : le siège 2 a 1 carte',
    );
  });

  it('cards are written with rank and suit symbols', () => {
    expect(cardSymbol('Ts')).toBe('10♠');
    expect(cardSymbol('??')).toBe('??');
    const w = formatAlert(
      'FLOP_FOUR_CARDS',
      { cards: ['Ts', '7c', 'Ah', '2d'], burnCard: '2d', variant: 'club' },
      'en',
    );
    expect(w.message).toBe('Four cards on the flop: 10♠ 7♣ A♥ 2♦');
    expect(w.remedy).toBe('Burn the fourth card (2♦); the turn then comes without a further burn.');
  });

  it('amounts by locale: 12500 in English (as the tablet writes them), 12 500 in French', () => {
    const f = { seat: 4, zoneTotal: 12000, amount: 12500 };
    expect(formatAlert('BLIND_INCORRECT', f, 'en').remedy).toBe(
      'Correct the zone to 12500: the rules commit exactly that amount.',
    );
    expect(formatAlert('BLIND_INCORRECT', f, 'fr').remedy).toBe(
      'Corrigez la zone à 12\u202f500 : les règles engagent exactement ce montant.',
    );
  });

  it('lists by locale and a resync in French with its plurals', () => {
    const w = formatAlert(
      'FLOOR_RESYNC',
      {
        amount: 2,
        differences: [
          { kind: 'cards', from: { seat: 3 }, to: 'muck', count: 2 },
          { kind: 'cards', from: 'board', to: null, count: 1, named: ['Ks'] },
        ],
      },
      'fr',
    );
    expect(w.message).toBe(
      'Resynchronisation avec les lecteurs : 2 différences : 2 cartes du siège 3 lues sur le rebut ; le tableau : 1 carte lue (K♠) par aucune antenne',
    );
    expect(formatAlert('FLOOR_RULING', { variant: 'award', pot: 0, amount: 300, seats: [2, 3, 4] }, 'en').message).toBe(
      'The floor awards the main pot (300) to seats 2, 3, 4, split',
    );
  });
});
