// The one reader of a rule written as prose: logs of versions before rules were values (issue 22) hold an alert's rule
// as its tag ("tda 35", "club 2-17", "LOI 9", "seed 003", "TDA 2024 rule 16", "table"), and tables on the room's
// previous protocol still send a decision's rule so. Read here, at those boundaries alone, into the value
// (src/engine/rules/ruleRef.ts); nothing else parses a rule.
import {
  isRuleRef,
  OWN_PROCEDURES,
  type OwnProcedure,
  type RuleBook,
  type RuleRef,
  ruleRef,
} from '../engine/rules/ruleRef.js';
import { either, type Shape, type ShapeProblem, text } from '../shape.js';

const BOOK = /^(TDA \d{4} rule|tda|club|LOI|seed) (\S.*)$/i;

/**
 * The rule an earlier version wrote as `tag`. A tag citing several ("tda 35, 36") reads as its first; a tag no version
 * of the catalogue wrote (or '', an alert of a version that gave none) as the table's own procedure.
 */
export function parseLegacyRule(tag: string): RuleRef {
  const t = tag.trim();
  if ((OWN_PROCEDURES as readonly string[]).includes(t)) return { book: 'own', id: t as OwnProcedure };
  const m = BOOK.exec(t);
  if (!m?.[1] || !m[2]) return { book: 'own', id: 'table' };
  const head = m[1].toLowerCase();
  const book: RuleBook = head === 'club' ? 'club' : head === 'loi' ? 'LOI' : head === 'seed' ? 'seed' : 'tda';
  const id = m[2].split(/[,;]/)[0]?.trim() ?? '';
  return id === '' ? { book: 'own', id: 'table' } : ruleRef(book, id);
}

/** a value, or an earlier version's tag, read as the value */
export const readRule = (v: RuleRef | string): RuleRef => (typeof v === 'string' ? parseLegacyRule(v) : v);

const RULE_EXPECTED = "a rule ({ book: 'tda' | 'club' | 'LOI' | 'seed' | 'own', id })";

/** the shape of a rule as this version writes it */
export const ruleShape: Shape<RuleRef> = {
  expected: RULE_EXPECTED,
  problem(v: unknown, field?: string): ShapeProblem | null {
    if (isRuleRef(v)) return null;
    const got = typeof v === 'object' && v !== null ? 'an object' : typeof v;
    return { field: field ?? '', expected: RULE_EXPECTED, got };
  },
  is: isRuleRef,
};

/** a rule as a log may hold it: the value, or an earlier version's tag */
export const loggedRule: Shape<RuleRef | string> = either(ruleShape, text);
