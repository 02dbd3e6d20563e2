// Raising an alert: the catalogue gives severity, rule and texts; the hand records it in order.
import type { HandState } from '../hand/state.js';
import type { Alert, AlertCode, Severity } from '../types.js';
import { ALERTS, type AlertFacts, GENERIC_ALERT } from './catalogue.js';

export interface RaiseOptions extends AlertFacts {
  /** remedy variant of the catalogue entry (default `default`, or the first one) */
  variant?: string;
  /** overrides the catalogue's rule (e.g. a chip reading's own reference) */
  rule?: string;
  severity?: Severity;
  reason?: string;
}

export function raiseAlert(state: HandState, code: AlertCode, opts: RaiseOptions = {}): Alert {
  const def = ALERTS[code] ?? GENERIC_ALERT;
  const remedies = def.remedies;
  const remedy =
    (opts.variant !== undefined ? remedies[opts.variant] : undefined) ?? remedies.default ?? Object.values(remedies)[0];
  const severity = opts.severity ?? remedy.severity ?? def.severity;
  const alert: Alert = {
    id: state.alerts.length + 1,
    code,
    severity,
    rule: opts.rule ?? remedy.rule[state.config.ruleset],
    seat: opts.seat ?? null,
    message: def.message.en(opts),
    remedy: remedy.en(opts),
    messageFr: def.message.fr(opts),
    remedyFr: remedy.fr(opts),
    t: state.t,
    acknowledged: false,
    resolved: false,
  };
  if (opts.reason !== undefined) alert.reason = opts.reason;
  state.alerts.push(alert);
  if (severity === 'stop' && state.stopAlertId === 0) state.stopAlertId = alert.id;
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
