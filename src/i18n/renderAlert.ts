// An alert's four sentences (message and remedy, English and French), rendered at the edge -- the views (viewFor),
// the exports, the log reader, the scenario runner -- from its code and facts with the ICU catalogue. An alert
// record stores none: only an alert read back from a log an earlier version wrote carries that version's texts
// (`recorded`), and shows them as recorded.
import { alertRule } from '../engine/alerts/catalogue.js';
import type { RuleRef } from '../engine/rules/ruleRef.js';
import type { AlertCode, AlertFacts, RecordedTexts, Ruleset, Severity } from '../engine/types.js';
import { ALERT_MESSAGES } from './alerts/index.js';
import { formatAlert } from './formatAlert.js';

export type AlertTexts = RecordedTexts;

/** What an alert says, rendered from its code and facts: severity and rule beside the four texts. */
export interface RenderedAlert extends AlertTexts {
  severity: Severity;
  rule: RuleRef;
}

/** Whether the catalogue holds texts for `code` (the closed set of codes). */
export const isCatalogued = (code: string): code is AlertCode => Object.hasOwn(ALERT_MESSAGES, code);

/** The four texts of `code` for these facts. */
export function alertTextsOf(code: AlertCode, facts: AlertFacts): AlertTexts {
  const en = formatAlert(code, facts, 'en');
  const fr = formatAlert(code, facts, 'fr');
  return { message: en.message, remedy: en.remedy, messageFr: fr.message, remedyFr: fr.remedy };
}

/** The texts an alert record shows: an earlier version's recorded ones as recorded, else rendered from its facts. */
export function alertTexts(a: { code: string; facts?: AlertFacts; recorded?: RecordedTexts }): AlertTexts {
  if (a.recorded) return a.recorded;
  if (!isCatalogued(a.code)) throw new Error(`alert ${a.code} is not in the catalogue`);
  return alertTextsOf(a.code, a.facts ?? {});
}

/**
 * Severity and rule from the engine's entries (`rule` and `severity` override them: a reading's own rule), message
 * and remedy in English and French from the ICU catalogue.
 */
export function renderAlert(
  code: AlertCode,
  facts: AlertFacts,
  ruleset: Ruleset,
  override: { rule?: RuleRef; severity?: Severity } = {},
): RenderedAlert {
  return { ...alertRule(code, facts, ruleset, override), ...alertTextsOf(code, facts) };
}
