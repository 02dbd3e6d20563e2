// A rule an alert or a decision cites, as a value: the book it is in and its number there (issue 22). The book is the
// rule's own, not the table's ruleset (a tda table's FLOOR_CALLED cites LOI 1; a club table's chip rules are the
// TDA's). Rules no book writes are the table's own procedures ('own'). Rendered in English or French at the edge
// (src/i18n/ruleText.ts); never compared or parsed as prose (logs of earlier versions: src/session/legacyRule.ts).
// Pure: no I/O.

/** the rulebooks: the TDA's rules, the club's rules (articles "2-17"), the Laws of Interpretation, the seed's
 * worked examples and regulations */
export const RULE_BOOKS = ['tda', 'club', 'LOI', 'seed'] as const;
export type RuleBook = (typeof RULE_BOOKS)[number];

/** procedures no rulebook names: the table's own, the reader equipment's, the dealer panel's, the room's call, the
 * floor's own ruling (a hand the floor kills) */
export const OWN_PROCEDURES = ['table', 'reader', 'panel', 'room', 'floor'] as const;
export type OwnProcedure = (typeof OWN_PROCEDURES)[number];

/** a rulebook's rule (not one of the table's own procedures) */
export type BookRule = { readonly book: RuleBook; readonly id: string };
export type RuleRef = BookRule | { readonly book: 'own'; readonly id: OwnProcedure };

/** a rulebook's rule: ruleRef('tda', '35'), ruleRef('club', '2-17') */
export const ruleRef = (book: RuleBook, id: string): RuleRef => ({ book, id });
/** one of the table's own procedures */
export const ownRule = (id: OwnProcedure): RuleRef => ({ book: 'own', id });

export const tda = (id: string): BookRule => ({ book: 'tda', id });
export const club = (id: string): BookRule => ({ book: 'club', id });
export const loi = (id: string): BookRule => ({ book: 'LOI', id });
export const seed = (id: string): BookRule => ({ book: 'seed', id });

export const sameRule = (a: RuleRef | null | undefined, b: RuleRef | null | undefined): boolean =>
  a === b || (!!a && !!b && a.book === b.book && a.id === b.id);

/** Whether `v` is a RuleRef (a stored or received value checked at a boundary). */
export function isRuleRef(v: unknown): v is RuleRef {
  if (typeof v !== 'object' || v === null) return false;
  const { book, id } = v as { book?: unknown; id?: unknown };
  if (typeof id !== 'string' || id === '') return false;
  if (book === 'own') return (OWN_PROCEDURES as readonly string[]).includes(id);
  return (RULE_BOOKS as readonly string[]).includes(book as string);
}

/**
 * The rule's tag as the hand histories' notes, the CLI's listings and the logs of earlier versions write it:
 * "tda 35", "club 2-17", "LOI 9", "seed 003", "table". A rendering for those texts, not a key: compare values.
 */
export const ruleTag = (r: RuleRef): string => (r.book === 'own' ? r.id : `${r.book} ${r.id}`);

/** Several rules as one tag: same-book rules together ("tda 35, 36"), books apart ("club 8-1; LOI 25, 32"). */
export function rulesTag(rules: readonly RuleRef[]): string {
  return groupRules(rules)
    .map((g) => (g.book === 'own' ? g.ids.join(', ') : `${g.book} ${g.ids.join(', ')}`))
    .join('; ');
}

/** Consecutive rules of one book, grouped (for rendering a list of rules). */
export function groupRules(rules: readonly RuleRef[]): { book: RuleRef['book']; ids: string[] }[] {
  const out: { book: RuleRef['book']; ids: string[] }[] = [];
  for (const r of rules) {
    const last = out[out.length - 1];
    if (last && last.book === r.book && r.book !== 'own') last.ids.push(r.id);
    else out.push({ book: r.book, ids: [r.id] });
  }
  return out;
}
