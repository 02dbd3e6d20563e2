// The betting alerts: severity and rule per code (texts: the ICU catalogue, src/i18n/alerts/betting.ts), the facts of
// a chip reading's ruling, and the alert a reading carries.

import { club, loi, type RuleRef, tda } from '../rules/ruleRef.js';
import type { Alert, AlertCode, AlertFacts, Ruleset, Severity } from '../types.js';
import type { ChipReading } from './chipReading.js';

export type BettingAlertCode = Extract<
  AlertCode,
  | 'OVERSIZED_CHIP'
  | 'MULTI_CHIP'
  | 'BET_UNDER_MINIMUM'
  | 'RAISE_UNDER_MINIMUM'
  | 'UNDERCALL'
  | 'STRING_BET'
  | 'CHIPS_WITHDRAWN'
  | 'ACTION_OUT_OF_TURN'
  | 'RAISE_NOT_ALLOWED'
  | 'CLOCK_EXPIRED'
>;

/** An alert as the engine raises it, before it is numbered and timed. */
export type AlertDraft = Omit<Alert, 'id' | 't' | 'acknowledged' | 'resolved' | 'decision'>;

/** Which remedy applies, for the codes that have several. */
export type BettingAlertVariant =
  // UNDERCALL
  | 'complete'
  | 'floor'
  | 'confusing'
  // CHIPS_WITHDRAWN
  | 'facingRaise'
  | 'betStands'
  // RAISE_NOT_ALLOWED: the seat's own check facing a bet closed its option
  | 'checked'
  // ACTION_OUT_OF_TURN
  | 'pending'
  | 'binds'
  | 'void'
  | 'callOrFold'
  | 'foldBinds'
  | 'substantial';

/** The facts of a betting alert: the engine's AlertFacts (types.ts); `seat` may be unknown (null). */
export type BettingAlertFacts = AlertFacts;

interface BettingAlertEntry {
  severity: Severity;
  /** a remedy that needs the floor's ruling before play goes on is a stop, whatever the entry's default */
  severityOf?: (f: BettingAlertFacts) => Severity | undefined;
  /** the rule cited by default, per ruleset */
  rule: Record<Ruleset, RuleRef>;
}

export const BETTING_ALERTS: Record<BettingAlertCode, BettingAlertEntry> = {
  OVERSIZED_CHIP: { severity: 'info', rule: { tda: tda('44'), club: tda('44') } },
  MULTI_CHIP: { severity: 'info', rule: { tda: tda('45'), club: tda('45') } },
  BET_UNDER_MINIMUM: { severity: 'info', rule: { tda: tda('43'), club: tda('43') } },
  RAISE_UNDER_MINIMUM: { severity: 'info', rule: { tda: tda('43B'), club: tda('43B') } },
  UNDERCALL: {
    severity: 'warn',
    severityOf: (f) => (f.variant === 'floor' || f.variant === 'confusing' ? 'stop' : undefined),
    rule: { tda: tda('51'), club: tda('51') },
  },
  STRING_BET: { severity: 'warn', rule: { tda: tda('56'), club: tda('56') } },
  CHIPS_WITHDRAWN: { severity: 'warn', rule: { tda: tda('46B'), club: tda('46B') } },
  ACTION_OUT_OF_TURN: {
    severity: 'warn',
    severityOf: (f) => (f.variant === 'substantial' ? 'stop' : undefined),
    rule: { tda: tda('53'), club: tda('53') },
  },
  RAISE_NOT_ALLOWED: { severity: 'warn', rule: { tda: tda('47'), club: tda('47') } },
  CLOCK_EXPIRED: { severity: 'warn', rule: { tda: loi('5'), club: club('5-6') } },
};

/** Builds a betting alert from its code and facts (no text: the catalogue renders it at the edge). `rule` overrides
 * the entry's default reference. */
export function bettingAlert(
  code: BettingAlertCode,
  facts: BettingAlertFacts,
  ruleset: Ruleset = 'tda',
  rule?: RuleRef,
): AlertDraft {
  const entry = BETTING_ALERTS[code];
  return {
    code,
    severity: entry.severityOf?.(facts) ?? entry.severity,
    rule: rule ?? entry.rule[ruleset],
    seat: facts.seat ?? null,
    facts,
  };
}

export const isBettingAlertCode = (code: AlertCode): code is BettingAlertCode => code in BETTING_ALERTS;

/** The facts of the alert a chip reading carries, for `seat`. */
export function readingFacts(seat: number, reading: ChipReading): BettingAlertFacts {
  const a = reading.alert;
  const facts: BettingAlertFacts = {
    seat,
    action: reading.action,
    to: reading.to,
    giveBack: reading.giveBack,
    owed: reading.owed,
  };
  if (a?.facts) {
    facts.call = a.facts.call;
    facts.minRaiseTo = a.facts.minRaiseTo;
    facts.zoneTotal = a.facts.zoneTotal;
    if (a.facts.declared !== undefined) facts.declared = a.facts.declared;
    if (a.facts.forfeit !== undefined) facts.forfeit = a.facts.forfeit;
    const variant = a.facts.ruling;
    if (variant !== undefined) facts.variant = variant;
  }
  return facts;
}

/** The alert a chip reading carries, for `seat`. Undefined when the reading announces nothing. */
export function alertForReading(seat: number, reading: ChipReading, ruleset: Ruleset = 'tda'): AlertDraft | undefined {
  const a = reading.alert;
  if (!a || !isBettingAlertCode(a.code)) return undefined;
  return bettingAlert(a.code, readingFacts(seat, reading), ruleset, a.rule);
}
