// Raising an alert: the catalogue gives its severity and rule from the facts; the hand records it in order, as its
// code and facts (no text: the catalogue renders that at the edge, src/i18n/renderAlert.ts).
import type { HandState } from '../hand/state.js';
import type { RuleRef } from '../rules/ruleRef.js';
import type { Alert, AlertCode, AlertFacts, Severity } from '../types.js';
import { alertRule } from './catalogue.js';
import type { MisdealCause } from './facts.js';

export interface RaiseOptions extends AlertFacts {
  /** overrides the catalogue's rule (e.g. a chip reading's own reference) */
  rule?: RuleRef;
  severity?: Severity;
  /** a misdeal's cause (Alert.reason) */
  reason?: MisdealCause;
}

export function raiseAlert(state: HandState, code: AlertCode, opts: RaiseOptions = {}): Alert {
  const { rule, severity, reason, ...facts } = opts;
  const text = alertRule(code, facts, state.config.ruleset, {
    ...(rule !== undefined ? { rule } : {}),
    ...(severity !== undefined ? { severity } : {}),
  });
  const alert: Alert = {
    id: state.alerts.length + 1,
    code,
    severity: text.severity,
    rule: text.rule,
    seat: facts.seat ?? null,
    facts,
    t: state.t,
    acknowledged: false,
    resolved: false,
  };
  if (reason !== undefined) alert.reason = reason;
  state.alerts.push(alert);
  if (alert.severity === 'stop' && state.stopAlertId === 0) state.stopAlertId = alert.id;
  return alert;
}
/** Marks an alert's remedy as carried out; releases the hand if that alert was holding it. */
export function resolveAlert(state: HandState, id: number): void {
  const a = state.alerts[id - 1];
  if (!a) return;
  a.resolved = true;
  if (state.stopAlertId === id) {
    state.stopAlertId = 0;
    for (const other of state.alerts) {
      if (other.severity === 'stop' && !other.resolved && other.code !== 'MISDEAL') {
        state.stopAlertId = other.id;
        break;
      }
    }
  }
}
