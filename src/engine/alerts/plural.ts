// Counts and numbers in the service's texts, English and French, by the CLDR rules ICU uses (Intl.PluralRules and
// Intl.NumberFormat, built into Node: no I/O, the engine stays pure). `#` in a form is the count written by locale,
// as in an ICU plural: count('fr', 1, { one: '# carte', other: '# cartes' }) is "1 carte"; French writes 12 500.
export type TextLang = 'en' | 'fr';

const LOCALE: Record<TextLang, string> = { en: 'en-GB', fr: 'fr-FR' };
const rules = { en: new Intl.PluralRules(LOCALE.en), fr: new Intl.PluralRules(LOCALE.fr) };
const numbers = { en: new Intl.NumberFormat(LOCALE.en), fr: new Intl.NumberFormat(LOCALE.fr) };

/** A number written by locale: 12,500 in English, 12 500 (narrow no-break space) in French. */
export const num = (lang: TextLang, x: number | undefined): string => numbers[lang].format(x ?? 0);

/** The form of `forms` the count takes in `lang` (zero: an explicit =0 form), `#` replaced by the count. */
export function count(
  lang: TextLang,
  n: number | undefined,
  forms: { zero?: string; one: string; other: string },
): string {
  const k = n ?? 0;
  const form =
    k === 0 && forms.zero !== undefined ? forms.zero : rules[lang].select(k) === 'one' ? forms.one : forms.other;
  return form.replace(/#/g, num(lang, k));
}

export const cardsEn = (n: number | undefined): string => count('en', n, { one: '# card', other: '# cards' });
export const cartesFr = (n: number | undefined): string => count('fr', n, { one: '# carte', other: '# cartes' });
