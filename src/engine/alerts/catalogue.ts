// Every alert the service raises: its severity and the rule applied in each ruleset, per remedy variant. The texts
// (English and French) are not here, nor stored with an alert: they are ICU messages in src/i18n/alerts, rendered
// from the alert's code and facts at the edge (src/i18n/renderAlert.ts). The dealing's rules are in dealingAlerts.ts, the equipment's in readerAlerts.ts,
// the betting codes' with the chip rules (betting/bettingAlerts.ts).
import { BETTING_ALERTS, isBettingAlertCode } from '../betting/bettingAlerts.js';
import { club, loi, ownRule, type RuleRef, seed, tda } from '../rules/ruleRef.js';
import type { AlertCode, AlertFacts, Ruleset, Severity } from '../types.js';
import { type AlertRules, both } from './alertRules.js';
import { DEALING_ALERTS } from './dealingAlerts.js';
import { READER_ALERTS } from './readerAlerts.js';

export type { AlertRules as AlertDefinition } from './alertRules.js';
export type { AlertFacts };

/** The reasons a dealer may give for calling the floor (the tablet's choice list; texts in the catalogue). */
export const FLOOR_REASONS = ['dispute', 'cards', 'chips', 'action', 'conduct', 'other'] as const;
export type FloorReason = (typeof FLOOR_REASONS)[number];

export const ALERTS: Partial<Record<AlertCode, AlertRules>> = {
  ...DEALING_ALERTS,
  BLIND_INCORRECT: { severity: 'warn', remedies: { default: { rule: { tda: tda('72'), club: club('8-6') } } } },
  TABLE_ALL_HANDS: { severity: 'info', remedies: { default: { rule: { tda: tda('16'), club: loi('9') } } } },
  SHOWDOWN_ORDER: { severity: 'info', remedies: { default: { rule: both(seed('003')) } } },
  TABLED_HAND_MUCKED: { severity: 'warn', remedies: { default: { rule: { tda: tda('65B'), club: loi('29') } } } },
  CHIPS_OUT_OF_ROUND: {
    severity: 'warn',
    remedies: {
      default: { rule: both(tda('53')) },
      // chips paying a declared action, more than it holds: plain change (LOI 36: after "call" said, the extra chips
      // come back; tda 40A: the first action stands)
      change: { rule: both(loi('36')), severity: 'info' },
    },
  },
  // raised by the session: a shuffle while the hand was unfinished. tda 35: the hand stopped, every chip back; club
  // 8-5: the next hand begins at the shuffle (silent on the chips: the TDA's common rule)
  HAND_VOID: { severity: 'warn', remedies: { default: { rule: { tda: tda('35'), club: club('8-5') } } } },
  // raised by the session: a hand ended and fewer than two seats have chips
  TABLE_FINISHED: {
    severity: 'warn',
    remedies: {
      default: { rule: both(ownRule('table')) },
      tournament: { rule: both(ownRule('table')), severity: 'info' },
    },
  },
  // raised by the session after a restart (src/service/resume.ts). info: what was read at resume (`reads`); warn: a
  // betting zone no in-turn reading explains (variant `gone`, `changed`)
  RESUME_CHIPS_CHANGED: {
    severity: 'info',
    remedies: {
      default: { rule: both(tda('53')) },
      gone: { rule: both(tda('1')), severity: 'warn' },
      changed: { rule: both(tda('1')), severity: 'warn' },
    },
  },
  // a card the log placed that no antenna reads after a restart: a board card or a live hand's, a stop (the outcome
  // cannot be rebuilt exactly, tda 1); a folded hand's, the burn's or the muck's, a warning
  RESUME_CARD_GONE: {
    severity: 'warn',
    remedies: { stop: { rule: both(tda('1')), severity: 'stop' }, warn: { rule: both(ownRule('table')) } },
  },
  // the dealer taps "Call the floor" (seat, reason as the variant): a stop until the floor rules
  FLOOR_CALLED: { severity: 'stop', remedies: { default: { rule: { tda: loi('1'), club: ownRule('table') } } } },
  // the floor's own rulings, recorded for its history: a misdeal, the hand voided or standing, a pot awarded.
  // tda 35: after substantial action the hand goes on; LOI 1: the floor's decision is final (the club's text has no
  // floor article: the table's)
  FLOOR_RULING: {
    severity: 'info',
    remedies: {
      default: { rule: { tda: tda('35'), club: club('2-17') } },
      void: { rule: { tda: loi('1'), club: ownRule('table') } },
      stands: { rule: { tda: loi('1'), club: ownRule('table') } },
      award: { rule: { tda: loi('1'), club: ownRule('table') } },
    },
  },
  // the floor's resync with the readers (src/service/resume.ts resyncTable): one alert listing every difference
  FLOOR_RESYNC: {
    severity: 'warn',
    remedies: { default: { rule: both(tda('1')) }, none: { rule: both(tda('1')), severity: 'info' } },
  },
  ...READER_ALERTS,
  // the room calls a break (src/room/publisher.ts): the table finishes its hand and stops
  ROOM_BREAK: { severity: 'warn', remedies: { default: { rule: both(ownRule('room')) } } },
  // the colour-up's check (src/room/breakCount.ts, tableBreak.ts): LOI 2, the race
  COLOUR_UP_CHECK: {
    severity: 'warn',
    remedies: { default: { rule: both(loi('2')) }, checked: { rule: both(loi('2')), severity: 'info' } },
  },
  // a break's count (src/room/breakCount.ts, tableBreak.ts; seed 003 regulation 5): a difference is a warning (the
  // dealer counts the stack by hand and tells the floor; no hand is held: the break is on), its start and a clean
  // count are information
  BREAK_COUNT: {
    severity: 'warn',
    remedies: {
      default: { rule: both(seed('003')) },
      start: { rule: both(seed('003')), severity: 'info' },
      clean: { rule: both(seed('003')), severity: 'info' },
    },
  },
  // the room's own alerts about a table, on the room view (src/room/roomRows.ts): the room's procedure
  ROOM_TABLE_REPLACED: { severity: 'warn', remedies: { default: { rule: both(ownRule('room')) } } },
  ROOM_HAND_REFUSED: { severity: 'stop', remedies: { default: { rule: both(ownRule('room')) } } },
  // the colour-up's race (LOI 2): the dealer's instructions
  COLOUR_UP: { severity: 'warn', remedies: { default: { rule: both(loi('2')) } } },
  // the room's seating orders (src/room/tableSeating.ts; a seat the blinds have passed: LOI 32, given by the table)
  ROOM_SEATING: {
    severity: 'warn',
    remedies: {
      default: { rule: both(loi('25')) },
      absent: { rule: both(club('3-2')) },
      away: { rule: both(loi('23')) },
      back: { rule: both(club('3-2')) },
    },
  },
  // the room's penalty orders (tda 71: the seat dealt in, its hand killed, its blinds posted)
  ROOM_PENALTY: { severity: 'warn', remedies: { default: { rule: both(tda('71')) } } },
  // read back from an earlier version's log only (its own severity and rule kept)
  EARLIER_ALERT: { severity: 'info', remedies: { default: { rule: both(ownRule('table')) } } },
};

/** The severity and rule of `code` for these facts (`facts.variant` picks the remedy). */
export function alertRule(
  code: AlertCode,
  facts: AlertFacts,
  ruleset: Ruleset,
  override: { rule?: RuleRef; severity?: Severity } = {},
): { severity: Severity; rule: RuleRef } {
  if (isBettingAlertCode(code)) {
    const entry = BETTING_ALERTS[code];
    return {
      severity: override.severity ?? entry.severityOf?.(facts) ?? entry.severity,
      rule: override.rule ?? entry.rule[ruleset],
    };
  }
  const def = ALERTS[code];
  if (!def) throw new Error(`alert ${code} has no entry`);
  const remedies = def.remedies;
  const remedy =
    (facts.variant !== undefined ? remedies[facts.variant] : undefined) ??
    remedies.default ??
    (Object.values(remedies)[0] as AlertRules['remedies'][string]);
  return {
    severity: override.severity ?? remedy.severity ?? def.severity,
    rule: override.rule ?? remedy.rule[ruleset],
  };
}

/** The severity of a code's variant (`default`: the code's own), for checks over the whole catalogue. */
export const ALERT_SEVERITIES = (code: AlertCode, variant: string): Severity =>
  alertRule(code, variant === 'default' ? {} : { variant }, 'tda').severity;
