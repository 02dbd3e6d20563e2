// Rule ids are values (issue 22): the one renderer in both languages for every book, the legacy parser (logs of
// earlier versions, tables on the room's previous protocol) reading back every rule the catalogue gives, an old log's
// table alert coming back as the value, the room wire taking a decision's rule in both shapes, and no rule prose left
// in src outside the legacy parser.
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALERTS } from '../../src/engine/alerts/catalogue.js';
import { BETTING_ALERTS } from '../../src/engine/betting/bettingAlerts.js';
import {
  club,
  isRuleRef,
  loi,
  OWN_PROCEDURES,
  ownRule,
  type RuleRef,
  rulesTag,
  ruleTag,
  seed,
  tda,
} from '../../src/engine/rules/ruleRef.js';
import type { TableConfig } from '../../src/engine/types.js';
import { rulesText, ruleText } from '../../src/i18n/ruleText.js';
import { TableSession } from '../../src/session/index.js';
import { parseLegacyRule } from '../../src/session/legacyRule.js';
import { SqliteEventLog } from '../../src/store/index.js';
import { LOGS } from '../fixtures.js';

const ROOT = join(import.meta.dirname, '../..');

/** every rule the catalogue and the betting alerts give, on either ruleset */
function catalogueRules(): RuleRef[] {
  const out: RuleRef[] = [];
  for (const def of Object.values(ALERTS))
    for (const r of Object.values(def?.remedies ?? {})) out.push(r.rule.tda, r.rule.club);
  for (const e of Object.values(BETTING_ALERTS)) out.push(e.rule.tda, e.rule.club);
  return out;
}

describe('rendering a rule (src/i18n/ruleText.ts)', () => {
  it('every book, English and French, as the pages showed them', () => {
    expect(ruleText(tda('35'), 'en')).toBe('TDA rule 35');
    expect(ruleText(tda('35'), 'fr')).toBe('règle TDA 35');
    expect(ruleText(club('2-17'), 'en')).toBe('club rules 2-17');
    expect(ruleText(club('2-17'), 'fr')).toBe('règlement du club, art. 2-17');
    expect(ruleText(loi('9'), 'en')).toBe('LOI 9');
    expect(ruleText(loi('9'), 'fr')).toBe('LOI 9');
    expect(ruleText(seed('003'), 'en')).toBe('seed example 003');
    expect(ruleText(seed('003'), 'fr')).toBe('exemple de la source 003');
    expect(rulesText([tda('35'), tda('36')], 'en')).toBe('TDA rules 35, 36');
    expect(rulesText([tda('35'), tda('36')], 'fr')).toBe('règles TDA 35, 36');
    expect(rulesText([club('8-1'), loi('25'), loi('32')], 'fr')).toBe('règlement du club, art. 8-1; LOI 25, 32');
  });

  it("the table's own procedures in words, different in each language, never the id", () => {
    for (const id of OWN_PROCEDURES) {
      const en = ruleText(ownRule(id), 'en');
      const fr = ruleText(ownRule(id), 'fr');
      expect(en, id).not.toBe(id);
      expect(fr, id).not.toBe(en);
    }
    expect(ruleText(ownRule('reader'), 'fr')).toBe('matériel de lecture');
    expect(ruleText(ownRule('table'), 'en')).toBe('table procedure');
  });

  it('the tag the exports and earlier logs write', () => {
    expect(ruleTag(tda('65B'))).toBe('tda 65B');
    expect(ruleTag(ownRule('table'))).toBe('table');
    expect(rulesTag([tda('35'), tda('36')])).toBe('tda 35, 36');
  });
});

describe('the legacy parser (src/session/legacyRule.ts)', () => {
  it('reads back every rule the catalogue gives, from the tag an earlier version wrote', () => {
    const rules = catalogueRules();
    expect(rules.length).toBeGreaterThan(100);
    for (const r of rules) {
      expect(isRuleRef(r), JSON.stringify(r)).toBe(true);
      expect(parseLegacyRule(ruleTag(r))).toEqual(r);
    }
  });

  it("an earlier version's other spellings: the TDA's dated rule, a list, an unknown or empty rule", () => {
    expect(parseLegacyRule('TDA 2024 rule 16')).toEqual(tda('16'));
    expect(parseLegacyRule('tda 35, 36')).toEqual(tda('35'));
    expect(parseLegacyRule('LOI 1')).toEqual(loi('1'));
    expect(parseLegacyRule('')).toEqual(ownRule('table'));
    expect(parseLegacyRule('something else')).toEqual(ownRule('table'));
  });

  it("an old log's table alert comes back with its rule as the value (main-2026-12-02: 'reader')", () => {
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-rules-'));
    const fixture = join(LOGS, 'main-2026-12-02');
    cpSync(join(fixture, 'feltwire-log.sqlite'), join(dir, 'feltwire-log.sqlite'));
    cpSync(join(fixture, 'table.json'), join(dir, 'table.json'));
    const raw = readFileSync(join(fixture, 'feltwire-log.sqlite')).toString('latin1');
    expect(raw).toContain('"rule":"reader"');
    const config = { ruleset: 'club', seats: { 1: 1, 2: 1 }, button: 1, blinds: [1, 2] } as unknown as TableConfig;
    const log = SqliteEventLog.open(dir, { notify: () => {} });
    const session = TableSession.recover(log, { config });
    try {
      const alerts = session.snapshot().tableAlerts;
      expect(alerts.find((a) => a.code === 'READER_FAULT')?.rule).toEqual(ownRule('reader'));
      for (const a of alerts) expect(isRuleRef(a.rule), a.code).toBe(true);
    } finally {
      session.close();
      log.close();
    }
  });
});

describe('no rule written as prose in src', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
    );
  it("no literal like 'tda 35', 'club 2-17', 'LOI 9', 'seed 003' in code outside the legacy parser", () => {
    const prose = /['"`](tda|club|LOI|seed|TDA \d{4} rule) ?[0-9]/;
    const found: string[] = [];
    for (const f of [...files(join(ROOT, 'src')), ...files(join(ROOT, 'web/src'))]) {
      const rel = relative(ROOT, f);
      if (rel === join('src', 'session', 'legacyRule.ts')) continue;
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // code only: comments cite rules as the rulebooks write them
          const code = line.trim().startsWith('*') ? '' : line.replace(/\/\/.*$|\/\*.*$/, '');
          if (prose.test(code)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
    // the check finds prose where it is: the legacy parser's own file, and the literals the tournament wrote before
    const legacy = readFileSync(join(ROOT, 'src', 'session', 'legacyRule.ts'), 'utf8');
    expect(legacy.split('\n').some((l) => prose.test(l))).toBe(true);
    for (const before of ["  warning: 'LOI 33',", "    rule: 'club 8-1, 8-7, 8-8; LOI 25, 32',"])
      expect(prose.test(before), before).toBe(true);
  });
});
