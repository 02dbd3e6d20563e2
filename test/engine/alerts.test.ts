// The alert catalogue: every code the rules engine raises has a severity, a rule in each ruleset, and a message and
// a remedy in English and French.

import { describe, expect, it } from 'vitest';
import { ALERTS } from '../../src/engine/index.js';
import { isRuleRef } from '../../src/engine/rules/ruleRef.js';
import { formatAlert } from '../../src/i18n/formatAlert.js';

const ENGINE_CODES = [
  'DEAL_WRONG_SEAT',
  'DEAL_NOT_ENTITLED',
  'DEAL_MISSED_SEAT',
  'DEAL_CARD_COUNT',
  'CARD_EXPOSED',
  'MISDEAL',
  'BURN_MISSED',
  'BURN_EXTRA',
  'FLOP_FOUR_CARDS',
  'BOARD_PREMATURE',
  'BOARD_TOO_MANY',
  'CARD_UNKNOWN',
  'CARD_DUPLICATE',
  'BLIND_INCORRECT',
  'TABLE_ALL_HANDS',
  'SHOWDOWN_ORDER',
] as const;

describe('alert catalogue', () => {
  for (const code of ENGINE_CODES) {
    it(`${code}: severity, rules, English and French texts for every remedy`, () => {
      const def = ALERTS[code];
      expect(def).toBeDefined();
      if (!def) return;
      expect(['info', 'warn', 'stop']).toContain(def.severity);
      const facts = { seat: 3, cards: ['Ah'], amount: 100, street: 'flop' as const };
      const message = formatAlert(code, facts, 'en').message;
      expect(message.length).toBeGreaterThan(5);
      expect(formatAlert(code, facts, 'fr').message.length).toBeGreaterThan(5);
      expect(formatAlert(code, facts, 'fr').message).not.toBe(message);
      for (const [variant, r] of Object.entries(def.remedies)) {
        expect(isRuleRef(r.rule.tda), variant).toBe(true);
        expect(isRuleRef(r.rule.club), variant).toBe(true);
        const en = formatAlert(code, { ...facts, variant }, 'en').remedy;
        const fr = formatAlert(code, { ...facts, variant }, 'fr').remedy;
        expect(en, variant).toMatch(/[.]$/);
        expect(fr, variant).toMatch(/[.]$/);
        expect(fr, variant).not.toBe(en);
      }
    });
  }
});
