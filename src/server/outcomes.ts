// What the engine did with a tap: the service answers every tablet message with an outcome read from the state
// before and after it (never a bare "recorded"), which the tablet says in the reader's language (web/src/i18n.ts
// `out_*`). A Misdeal tapped once it may no longer be declared is refused here with the rule and the remedy.
import type { Decision } from '../engine/hand/decisions.js';
import { club, type RuleRef, tda } from '../engine/rules/ruleRef.js';
import type { Ruleset } from '../engine/types.js';
import type { SessionState } from '../session/types.js';
import type { InboundMessage } from './messages.js';

export type OutcomeCode =
  /** the table layer holds the tap until the readings before it are in (it reaches the engine then) */
  | 'QUEUED'
  /** the engine recorded an action for the seat */
  | 'ACTION'
  /** the tap raised alerts (their codes) */
  | 'ALERTS'
  /** the engine took the tap and the hand did not change (it waits for the chips or cards that go with it) */
  | 'NO_CHANGE'
  | 'MISDEAL_DECLARED'
  | 'MISDEAL_REFUSED'
  | 'NEW_HAND'
  /** the shuffle after a misdeal: the same hand dealt again (tda 35) */
  | 'REDEAL'
  | 'HAND_VOIDED'
  | 'DEAL_STARTED'
  | 'CLOCK_STARTED'
  | 'HAND_KILLED'
  | 'FLOOR_CALLED'
  | 'ACKNOWLEDGED'
  | 'DECIDED'
  /** the floor's resync with the readers: `count` differences replaced, listed in the alert `alertId` */
  | 'RESYNCED';

export interface TapOutcome {
  code: OutcomeCode;
  /** the tap did not take effect (MISDEAL_REFUSED) */
  refused?: boolean;
  /** MISDEAL_REFUSED: why (substantial action, the hand is over, already a misdeal) */
  variant?: 'substantial' | 'over' | 'already';
  /** the rules applied (MISDEAL_REFUSED), as values: the pages render them (src/i18n/ruleText.ts) */
  rule?: readonly RuleRef[];
  hand?: number;
  seat?: number | null;
  /** the seat to act after the tap */
  toAct?: number | null;
  /** codes of the alerts the tap raised */
  alerts?: string[];
  /** the action the engine recorded (ACTION) */
  decision?: Decision;
  /** the alert the tap raised or closed, and its incident's count */
  alertId?: number;
  count?: number;
}

/** Misdeals may not be declared after substantial action: tda 35 and 36 (seed 004), club 2-20 (seed 001). */
const MISDEAL_LATE_RULE: Record<Ruleset, readonly RuleRef[]> = { tda: [tda('35'), tda('36')], club: [club('2-20')] };

const BETTING = new Set(['fold', 'check', 'call', 'bet', 'raise']);

function newAlerts(before: SessionState, after: SessionState): string[] {
  const out: string[] = [];
  if (after.handNo === before.handNo) {
    const had = new Set(before.hand.alerts.map((a) => a.id));
    for (const a of after.hand.alerts) if (!had.has(a.id)) out.push(a.code);
  }
  const lastTable = Math.max(0, ...before.tableAlerts.map((a) => a.id));
  for (const a of after.tableAlerts) if (a.id > lastTable) out.push(a.code);
  return [...new Set(out)];
}

/** What a hand-driving tap (say, dealer button, clock, kill) did: `before` and `after` are the session's states. */
export function tapOutcome(
  msg: Extract<InboundMessage, { type: 'say' | 'dealer' | 'clock' | 'kill' | 'ruling' | 'absent' | 'penalty' }>,
  before: SessionState,
  after: SessionState,
): TapOutcome {
  const toAct = after.hand.next?.toAct ?? null;
  if (msg.type === 'dealer' && msg.button === 'misdeal') {
    if (after.handNo === before.handNo && after.hand.phase === 'misdeal' && before.hand.phase !== 'misdeal')
      return { code: 'MISDEAL_DECLARED', hand: after.handNo };
    if (after.version === before.version) return { code: 'QUEUED' };
    const variant = before.hand.phase === 'misdeal' ? 'already' : before.handOver ? 'over' : 'substantial';
    return {
      code: 'MISDEAL_REFUSED',
      refused: true,
      variant,
      rule: MISDEAL_LATE_RULE[before.hand.ruleset] ?? MISDEAL_LATE_RULE.tda,
      hand: before.handNo,
      toAct,
    };
  }
  if (after.version === before.version) return { code: 'QUEUED' };
  const alerts = newAlerts(before, after);
  if (msg.type === 'dealer' && msg.button === 'shuffle') {
    if (alerts.includes('HAND_VOID')) return { code: 'HAND_VOIDED', hand: before.handNo, alerts };
    if (after.handNo !== before.handNo) return { code: 'NEW_HAND', hand: after.handNo };
    if (before.hand.phase === 'misdeal' && after.hand.phase !== 'misdeal')
      return { code: 'REDEAL', hand: after.handNo };
    if (before.hand.phase === 'waiting' && after.hand.phase !== 'waiting')
      return { code: 'DEAL_STARTED', hand: after.handNo };
  }
  if (msg.type === 'clock' && after.clock?.seat === msg.seat && before.clock?.seat !== msg.seat)
    return { code: 'CLOCK_STARTED', seat: msg.seat };
  if (msg.type === 'kill' || (msg.type === 'ruling' && (msg.ruling === 'kill' || msg.ruling === 'fold'))) {
    const was = before.hand.seats.find((s) => s.seat === msg.seat);
    const now = after.hand.seats.find((s) => s.seat === msg.seat);
    if (now && (now.dead || now.folded) && !(was?.dead || was?.folded))
      return { code: 'HAND_KILLED', seat: msg.seat, toAct, ...(alerts.length ? { alerts } : {}) };
  }
  if (alerts.length) return { code: 'ALERTS', alerts, toAct };
  if ((msg.type === 'say' || msg.type === 'ruling') && after.handNo === before.handNo) {
    const fresh = (after.hand.decisions ?? []).slice((before.hand.decisions ?? []).length);
    const mine = fresh.filter((d) => BETTING.has(d.kind)).at(-1);
    if (mine) return { code: 'ACTION', decision: { ...mine, cards: [] }, seat: mine.seat, toAct };
  }
  return { code: 'NO_CHANGE', toAct };
}
