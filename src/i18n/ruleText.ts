// A rule (src/engine/rules/ruleRef.ts) in English or French, from ICU messages: "TDA rule 35" / "règle TDA 35",
// "club rules 2-5" / "règlement du club, art. 2-5", "LOI 9", the table's own procedures in the reader's words. The
// one renderer of a rule, for the server's texts and the web pages alike (web/src/ui.ts). Pure: no I/O.
import IntlMessageFormat from 'intl-messageformat';
import { groupRules, type OwnProcedure, type RuleBook, type RuleRef } from '../engine/rules/ruleRef.js';

export type RuleLang = 'en' | 'fr';

type Msg = Record<RuleLang, string>;

/** a rulebook's rules: `n` the ids ("35" or "35, 36"), `count` how many */
export const RULE_BOOK_MESSAGES: Record<RuleBook, Msg> = {
  tda: {
    en: '{count, plural, one {TDA rule} other {TDA rules}} {n}',
    fr: '{count, plural, one {règle TDA} other {règles TDA}} {n}',
  },
  club: { en: 'club rules {n}', fr: 'règlement du club, art. {n}' },
  LOI: { en: 'LOI {n}', fr: 'LOI {n}' },
  seed: { en: 'seed example {n}', fr: 'exemple de la source {n}' },
};

/** the procedures no rulebook names */
export const OWN_PROCEDURE_MESSAGES: Record<OwnProcedure, Msg> = {
  reader: { en: 'reader equipment', fr: 'matériel de lecture' },
  table: { en: 'table procedure', fr: 'procédure de la table' },
  panel: { en: 'dealer panel', fr: 'pupitre du croupier' },
  room: { en: "the room's call", fr: 'décision de la salle' },
  floor: { en: "the floor's ruling", fr: 'décision de l’arbitre' },
};

const cache = new Map<string, IntlMessageFormat>();
function format(text: string, lang: RuleLang, values: Record<string, string | number>): string {
  const key = `${lang}\u0000${text}`;
  let mf = cache.get(key);
  if (!mf) {
    mf = new IntlMessageFormat(text, lang === 'fr' ? 'fr-FR' : 'en-GB');
    cache.set(key, mf);
  }
  return String(mf.format(values));
}

/** Rules in `lang`: same-book rules together ("TDA rules 35, 36"), books apart ("club rules 8-1; LOI 25, 32"). */
export function rulesText(rules: readonly RuleRef[], lang: RuleLang): string {
  return groupRules(rules)
    .map((g) =>
      g.book === 'own'
        ? g.ids.map((id) => OWN_PROCEDURE_MESSAGES[id as OwnProcedure][lang]).join(', ')
        : format(RULE_BOOK_MESSAGES[g.book][lang], lang, { n: g.ids.join(', '), count: g.ids.length }),
    )
    .join('; ');
}

/** A rule in `lang`: "TDA rule 35" / "règle TDA 35"; the table's own procedure in the reader's words. */
export const ruleText = (rule: RuleRef, lang: RuleLang): string => rulesText([rule], lang);
