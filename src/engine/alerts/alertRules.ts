// The shape of an alert's rules: its severity, and per remedy variant the rule cited in each ruleset (and the
// variant's own severity where it differs). The texts are the ICU catalogue's (src/i18n/alerts).
import type { RuleRef } from '../rules/ruleRef.js';
import type { Ruleset, Severity } from '../types.js';

export interface RemedyRule {
  rule: Record<Ruleset, RuleRef>;
  severity?: Severity;
}

export interface AlertRules {
  severity: Severity;
  /** remedy variants; `default` unless every variant is named */
  remedies: Record<string, RemedyRule>;
}

export const both = (r: RuleRef): Record<Ruleset, RuleRef> => ({ tda: r, club: r });

/** The misdeal remedy's rule (tda 35: an exact replay with the same button and blinds). */
export const redeal = (rule: Record<Ruleset, RuleRef>, severity?: Severity): RemedyRule => ({
  rule,
  ...(severity ? { severity } : {}),
});
