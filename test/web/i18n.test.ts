// Every UI string exists in English and French as a valid ICU message (FormatJS's own parser) with the same
// arguments in both languages, and every key the views ask for exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ALERTS } from '../../src/engine/alerts/catalogue.js';
import { club, loi, OWN_PROCEDURES, ownRule, type RuleRef, tda } from '../../src/engine/rules/ruleRef.js';
import { ALL_STRINGS, hasKey, ruleText } from '../../web/src/i18n.js';
import { TD_STRINGS } from '../../web/src/tournamentStrings.js';

const SRC = join(import.meta.dirname, '../../web/src');

/** argument names of an ICU message, nested ones included */
function args(els: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of els) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time)
      out.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      out.add(e.value);
      for (const o of Object.values(e.options)) args(o.value, out);
    }
    if (e.type === TYPE.tag) args(e.children, out);
  }
  return out;
}

describe('UI strings', () => {
  it('every key has an English and a French ICU message with the same arguments', () => {
    expect(Object.keys(ALL_STRINGS).length).toBeGreaterThan(150);
    for (const [key, v] of Object.entries(ALL_STRINGS)) {
      expect(v.en.trim(), key).not.toBe('');
      expect(v.fr.trim(), key).not.toBe('');
      const en = args(parse(v.en));
      const fr = args(parse(v.fr));
      // French may use an extra select for elisions (vowel)
      fr.delete('vowel');
      expect([...fr].sort(), key).toEqual([...en].sort());
    }
  });

  it('every t("key") in the views is a known key, and every dynamic prefix has its keys', () => {
    const used = new Set<string>();
    const prefixes = new Set<string>();
    const tdUsed = new Set<string>();
    for (const f of readdirSync(SRC).filter((n) => n.endsWith('.ts'))) {
      const text = readFileSync(join(SRC, f), 'utf8');
      // the TD's screen has a catalogue of its own (tournamentStrings.ts): its keys are checked there
      if (text.includes("from './tournamentStrings.js'")) {
        for (const m of text.matchAll(/\bt\('([A-Za-z_]+)'/g)) tdUsed.add(m[1]);
        continue;
      }
      for (const m of text.matchAll(/\bt\('([A-Za-z_]+)'/g)) used.add(m[1]);
      for (const m of text.matchAll(/\bt\(`([A-Za-z]+_)\$\{/g)) prefixes.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(120);
    for (const k of used) expect(hasKey(k), k).toBe(true);
    expect(tdUsed.size).toBeGreaterThan(10);
    for (const k of tdUsed) {
      expect(k in TD_STRINGS.en, `TD screen ${k}`).toBe(true);
      expect(k in TD_STRINGS.fr, `TD screen ${k} (fr)`).toBe(true);
    }
    for (const p of prefixes)
      expect(
        Object.keys(ALL_STRINGS).some((k) => k.startsWith(p)),
        p,
      ).toBe(true);
  });

  it('phases, severities, buttons, declarations and zones the engine produces all have labels', () => {
    for (const p of ['waiting', 'dealing', 'betting', 'board', 'showdown', 'complete', 'stopped', 'misdeal'])
      expect(hasKey(`phase_${p}`), p).toBe(true);
    for (const s of ['info', 'warn', 'stop']) expect(hasKey(`severity_${s}`), s).toBe(true);
    for (const b of ['shuffle', 'misdeal', 'floor']) expect(hasKey(`btn_${b}`), b).toBe(true);
    for (const s of ['check', 'call', 'fold', 'bet', 'raise', 'allin']) expect(hasKey(`say_${s}`), s).toBe(true);
    for (const s of ['preflop', 'flop', 'turn', 'river', 'showdown']) expect(hasKey(s), s).toBe(true);
  });

  it('every rule an alert names that is no rulebook reference has a label in both languages', () => {
    const own = new Set<string>();
    for (const def of Object.values(ALERTS))
      for (const r of Object.values(def?.remedies ?? {}))
        for (const rule of Object.values(r?.rule ?? {})) if (rule.book === 'own') own.add(rule.id);
    expect([...own].sort()).toEqual(['panel', 'reader', 'room', 'table']);
    for (const id of OWN_PROCEDURES) {
      expect(ruleText(ownRule(id), 'en'), id).not.toBe(id);
      expect(ruleText(ownRule(id), 'fr'), id).not.toBe(id);
    }
    expect(ruleText(ownRule('reader'), 'fr')).not.toMatch(/reader/i);
  });

  it('rule references in the page’s language: never "TDA 2024 rule 16" inside French', () => {
    expect(ruleText(tda('35'), 'fr')).toBe('règle TDA 35');
    expect(ruleText(tda('35'), 'en')).toBe('TDA rule 35');
    expect(ruleText(tda('16'), 'fr')).toBe('règle TDA 16');
    expect(ruleText(club('2-5'), 'en')).toBe('club rules 2-5');
    expect(ruleText(club('2-5'), 'fr')).toBe('règlement du club, art. 2-5');
    expect(ruleText(loi('9'), 'fr')).toBe('LOI 9');
    expect(ruleText([tda('35'), tda('36')], 'en')).toBe('TDA rules 35, 36');
    expect(ruleText([tda('35'), tda('36')], 'fr')).toBe('règles TDA 35, 36');
    expect(ruleText(ownRule('reader'), 'fr')).toBe('matériel de lecture');
    // every rule the engine's alerts name, in French with no English word
    const rules: RuleRef[] = [tda('16'), tda('1')];
    for (const def of Object.values(ALERTS))
      for (const r of Object.values(def?.remedies ?? {}))
        for (const rule of Object.values(r?.rule ?? {})) rules.push(rule);
    for (const rule of rules)
      expect(ruleText(rule, 'fr'), JSON.stringify(rule)).not.toMatch(/\brule\b|reader|table procedure/);
  });

  it('the French texts fix the mistakes the issue lists', () => {
    const fr = Object.values(ALL_STRINGS).map((v) => v.fr);
    expect(fr.some((s) => /\bà le\b/.test(s))).toBe(false);
    // the stack and the all-in button are two words
    expect(ALL_STRINGS.stack.fr).not.toMatch(/Tapis/);
    expect(ALL_STRINGS.btnAllin.fr).toMatch(/Tapis/);
    // a bet's minimum is not called a raise
    expect(ALL_STRINGS.minBet.fr).toMatch(/Mise minimum/);
  });
});
