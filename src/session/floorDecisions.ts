// The floor's answers: an alert acknowledged or decided (one answer for its whole incident), and the rulings on the
// hand (misdeal, void, the hand stands, a pot awarded), each checked against the hand before it is logged.
import { alertRule } from '../engine/alerts/catalogue.js';
import { standsProblem } from '../engine/betting/floorRulings.js';
import type { TableConfig } from '../engine/types.js';
import { SessionError } from './errors.js';
import { alertOpen } from './floorLog.js';
import { ingest } from './handEvents.js';
import { anythingDealt, applyHandRecord } from './handLifecycle.js';
import { assertOpen, type CurrentHand, type SessionCore } from './sessionCore.js';
import { publish } from './sessionView.js';
import { applyTableAlertRecord, findHandAlert, findTableAlert, raiseTableAlert } from './tableAlerts.js';
import {
  type HandRecord,
  type SessionState,
  TABLE_ALERT_ID_BASE,
  type TableAlertRecord,
  type TableEventInput,
} from './types.js';

/** the decision a ruling the engine takes records on its FLOOR_RULING */
const RULED: Partial<Record<TableEventInput['kind'], string>> = {
  floorVoid: 'void',
  floorStands: 'the hand stands',
  floorAward: 'award',
};

/** Acknowledges an alert (engine alert of the current hand, or a table alert). */
export function acknowledge(ctx: SessionCore, alertId: number, by = 'dealer', wall: number = ctx.now()): SessionState {
  assertOpen(ctx);
  if (alertId >= TABLE_ALERT_ID_BASE) {
    findTableAlert(ctx, alertId);
    ctx.log.append('tableAlert', ctx.cur.handNo, { op: 'ack', id: alertId, by } satisfies TableAlertRecord, wall);
    applyTableAlertRecord(ctx, { op: 'ack', id: alertId, by }, wall);
    return publish(ctx, wall);
  }
  // one incident, one acknowledgement: every alert of it
  const all = incidentMembers(ctx, alertId);
  const ids = all.filter((id) => !ctx.cur.acked.has(id));
  let state: SessionState | null = null;
  for (const id of ids.length ? ids : all.slice(0, 1)) state = ingest(ctx, { kind: 'ack', alertId: id }, wall);
  return state as SessionState;
}

/**
 * Records a floor decision on an alert: who decided what. One decision closes the whole incident (every alert
 * that repeats it). `hand`: the hand an engine alert belongs to, when not the current one (its alert is closed in
 * the floor's history: the hand is over, the engine is not told).
 */
export function decide(
  ctx: SessionCore,
  alertId: number,
  decision: string,
  by: string,
  wall: number = ctx.now(),
  hand?: number,
): SessionState {
  assertOpen(ctx);
  if (alertId < TABLE_ALERT_ID_BASE && hand !== undefined && hand !== ctx.cur.handNo) {
    const key = `h:${hand}:${alertId}`;
    const entry = ctx.floorLog.get(key);
    if (!entry) throw new SessionError('UNKNOWN_ALERT', `no alert ${alertId} of hand ${hand} in the floor's history`);
    if (entry.state === 'closed' && entry.decision && entry.decision.by !== 'engine')
      throw new SessionError('ALERT_CLOSED', `alert ${alertId} of hand ${hand} is already decided`);
    const rec: TableAlertRecord = { op: 'close', hand, id: alertId, decision, by };
    ctx.log.append('tableAlert', ctx.cur.handNo, rec, wall);
    applyTableAlertRecord(ctx, rec, wall);
    return publish(ctx, wall);
  }
  if (alertId >= TABLE_ALERT_ID_BASE) {
    // (an old alert the state no longer lists may still wait in the floor's history: it is closed there)
    if (!ctx.floorLog.get(`t:${alertId}`)) findTableAlert(ctx, alertId);
    const rec: TableAlertRecord = { op: 'decision', id: alertId, decision, by };
    ctx.log.append('tableAlert', ctx.cur.handNo, rec, wall);
    applyTableAlertRecord(ctx, rec, wall);
    return publish(ctx, wall);
  }
  const all = incidentMembers(ctx, alertId);
  const ids = all.filter((id) => !ctx.cur.decisions.has(id));
  let state: SessionState | null = null;
  for (const id of ids.length ? ids : all.slice(0, 1))
    state = ingest(ctx, { kind: 'floorDecision', alertId: id, decision, by }, wall);
  return state as SessionState;
}

/** The alerts of the incident `alertId` belongs to (its own alert first), in the current hand. */
export function incidentMembers(ctx: SessionCore, alertId: number): number[] {
  const c = ctx.cur;
  findHandAlert(ctx, alertId);
  const rep = c.incident.get(alertId) ?? alertId;
  return [rep, ...[...c.incident].filter(([, r]) => r === rep).map(([id]) => id)];
}

/** A floor ruling's reason checked and the hand it rules on, refused while nothing is dealt (nothing to `what`). */
export function dealtForRuling(ctx: SessionCore, reason: string, what: string): { why: string; c: CurrentHand } {
  assertOpen(ctx);
  const why = floorReason(reason);
  const c = ctx.cur;
  if (!c.started || !anythingDealt(c.snap))
    throw new SessionError(
      'RULING_NOT_APPLICABLE',
      `no hand is dealt yet (hand ${c.handNo}): there is nothing to ${what}`,
    );
  return { why, c };
}

/**
 * The floor declares a misdeal (`reason` in its words), even after substantial action (tda 35 leaves the dealer no
 * misdeal then; the floor's ruling is final, LOI 1): the hand stops, every chip goes back to the stacks of its
 * start, and the same hand is dealt again from its shuffle, an exact replay: same button, same blinds, the same
 * absent and penalised seats (one penalty hand, not two), no new player (tda 35). The ruling is a FLOOR_RULING in
 * the floor's history; the hand's open stops are closed by it. Refused (RULING_NOT_APPLICABLE) before a deal, once
 * the hand is over, and while a misdeal already waits for its redeal.
 */
export function floorMisdeal(ctx: SessionCore, reason: string, by = 'floor', wall: number = ctx.now()): SessionState {
  const { why, c } = dealtForRuling(ctx, reason, 'redeal');
  if (c.over)
    throw new SessionError(
      'RULING_NOT_APPLICABLE',
      `hand ${c.handNo} is over: its pots are paid, a misdeal can no longer be declared`,
    );
  if (c.snap.phase === 'misdeal')
    throw new SessionError(
      'RULING_NOT_APPLICABLE',
      `hand ${c.handNo} is already a misdeal: gather the cards, shuffle and redeal`,
    );
  const facts = { variant: 'misdeal', words: why, handNo: c.handNo };
  const text = alertRule('FLOOR_RULING', facts, c.config.ruleset);
  const alert = raiseTableAlert(ctx, { code: 'FLOOR_RULING', ...text, facts, seat: null }, wall);
  const decided: TableAlertRecord = { op: 'decision', id: alert.id, decision: 'misdeal', by };
  ctx.log.append('tableAlert', c.handNo, decided, wall);
  applyTableAlertRecord(ctx, decided, wall);
  // the misdealt hand's open questions are answered by the misdeal (closed in the floor's history)
  for (const a of c.snap.alerts) {
    if (a.severity !== 'stop' || a.resolved || a.decision || c.decisions.has(a.id)) continue;
    const rec: TableAlertRecord = { op: 'close', hand: c.handNo, id: a.id, decision: 'misdeal', by };
    ctx.log.append('tableAlert', c.handNo, rec, wall);
    applyTableAlertRecord(ctx, rec, wall);
  }
  // an absent player who sat down during the hand is back for the redeal too (LOI 8)
  const back = new Set(c.snap.seats.filter((x) => !x.absent).map((x) => x.seat));
  const config: TableConfig = { ...c.config, absent: c.config.absent.filter((seat) => !back.has(seat)) };
  const rec: HandRecord = { config, redeal: 'misdeal' };
  ctx.log.append('hand', c.handNo + 1, rec, wall);
  applyHandRecord(ctx, c.handNo + 1, rec, wall);
  return publish(ctx, wall);
}

/**
 * The floor voids the hand (`reason` in its words): every chip back to the stacks of the hand's start, blinds and
 * ante included, nothing awarded, the hand over (the engine's floorVoid, as a defective deck's, tda 35); the next
 * shuffle deals the next hand. Refused before a deal, once the hand is over, and on a misdeal (it is redealt).
 */
export function floorVoid(ctx: SessionCore, reason: string, by = 'floor', wall: number = ctx.now()): SessionState {
  const { why, c } = dealtForRuling(ctx, reason, 'void');
  if (c.over)
    throw new SessionError(
      'RULING_NOT_APPLICABLE',
      `hand ${c.handNo} is over: its pots are paid, there is nothing to void`,
    );
  if (c.snap.phase === 'misdeal')
    throw new SessionError(
      'RULING_NOT_APPLICABLE',
      `hand ${c.handNo} is a misdeal: it is redealt, not voided (tda 35)`,
    );
  return ingestRuling(ctx, { kind: 'floorVoid', reason: why }, by, wall);
}

/**
 * The floor rules that the hand stands (`reason` in its words): no misdeal, no void, play goes on as the cards and
 * chips lie (tda 35: after substantial action "la main continue"; LOI 1). It answers the stops that hold the hand:
 * the engine's (closed by the engine's floorStands) and the dealer's call of the floor (FLOOR_CALLED, closed here).
 * Refused before a deal, once the hand is over, on a misdeal (it is redealt), when nothing holds the hand, and while
 * a stop waits for another ruling (an undercall: call or fold; a seat skipped out of turn: act or kill).
 */
export function floorStands(ctx: SessionCore, reason: string, by = 'floor', wall: number = ctx.now()): SessionState {
  const { why, c } = dealtForRuling(ctx, reason, 'stand');
  if (c.over) throw new SessionError('RULING_NOT_APPLICABLE', `hand ${c.handNo} is over: its pots are paid`);
  if (c.snap.phase === 'misdeal')
    throw new SessionError('RULING_NOT_APPLICABLE', `hand ${c.handNo} is a misdeal: it is redealt (tda 35)`);
  const problem = standsProblem(c.snap);
  if (problem) throw new SessionError('RULING_NOT_APPLICABLE', `hand ${c.handNo}: ${problem}`);
  const calls = ctx.tableAlerts.filter((a) => a.hand === c.handNo && a.code === 'FLOOR_CALLED' && alertOpen(a));
  const stops = c.snap.alerts.filter((a) => a.severity === 'stop' && !a.resolved && !a.decision);
  if (calls.length === 0 && stops.length === 0)
    throw new SessionError(
      'RULING_NOT_APPLICABLE',
      `nothing holds hand ${c.handNo}: it goes on as it lies, there is nothing to rule`,
    );
  for (const a of calls) {
    const rec: TableAlertRecord = { op: 'decision', id: a.id, decision: 'the hand stands', by };
    ctx.log.append('tableAlert', c.handNo, rec, wall);
    applyTableAlertRecord(ctx, rec, wall);
  }
  return ingestRuling(ctx, { kind: 'floorStands', reason: why }, by, wall);
}

/**
 * The floor awards pot `pot` (0: the main pot, then the side pots) to `seats` (one seat, or several: split, the odd
 * chips clockwise from the button, LOI 3) at a showdown the engine cannot decide: a fouled hand, a hand never
 * tabled. Once every pot is awarded by the floor the hand is over. Refused unless the hand is at showdown, the pot
 * exists and every seat named is live in it (LOI 4).
 */
export function floorAward(
  ctx: SessionCore,
  pot: number,
  seats: readonly number[],
  by = 'floor',
  wall: number = ctx.now(),
): SessionState {
  assertOpen(ctx);
  const c = ctx.cur;
  if (!Number.isInteger(pot) || pot < 0 || !Array.isArray(seats) || !seats.every((x) => Number.isInteger(x)))
    throw new SessionError(
      'BAD_RULING',
      `an award names a pot (0, 1, ...) and its seats: ${JSON.stringify({ pot, seats })}`,
    );
  if (seats.length === 0) throw new SessionError('BAD_RULING', 'an award names the seats the pot goes to');
  if (new Set(seats).size !== seats.length)
    throw new SessionError('BAD_RULING', `a seat is named twice: ${seats.join(', ')}`);
  const h = c.snap;
  const phase = h.phase === 'stopped' ? h.held : h.phase;
  if (c.over) throw new SessionError('RULING_NOT_APPLICABLE', `hand ${c.handNo} is over: its pots are paid`);
  if (phase !== 'showdown')
    throw new SessionError(
      'RULING_NOT_APPLICABLE',
      `hand ${c.handNo} is not at showdown: the pots go by the betting and the cards (LOI 29); the floor awards only a showdown it must decide`,
    );
  if (pot >= h.pots.length)
    throw new SessionError(
      'RULING_NOT_APPLICABLE',
      `no pot ${pot}: hand ${c.handNo} has ${h.pots.length === 1 ? 'one pot (0)' : `pots 0 to ${h.pots.length - 1}`}`,
    );
  const eligible = h.pots[pot].eligible;
  const out = seats.filter((x) => !eligible.includes(x));
  if (out.length > 0)
    throw new SessionError(
      'RULING_NOT_APPLICABLE',
      `seat ${out.join(', ')} has no claim to pot ${pot} (live in it: ${eligible.join(', ') || 'none'})`,
    );
  return ingestRuling(ctx, { kind: 'floorAward', pot, seats: [...seats] }, by, wall);
}

/** A ruling the engine takes (void, the hand stands, award), logged and applied; its FLOOR_RULING alert records who ruled. */
export function ingestRuling(ctx: SessionCore, input: TableEventInput, by: string, wall: number): SessionState {
  const before = new Set(ctx.cur.snap.alerts.map((a) => a.id));
  ingest(ctx, input, wall);
  const ruled = ctx.cur.snap.alerts.find((a) => a.code === 'FLOOR_RULING' && !before.has(a.id));
  if (!ruled) throw new SessionError('ENGINE_REJECTED', `the engine did not take the ruling ${JSON.stringify(input)}`);
  return ingest(ctx, { kind: 'floorDecision', alertId: ruled.id, decision: RULED[input.kind] ?? 'award', by }, wall);
}

/** the floor's reason for a misdeal, a void or the hand standing, checked: said in a few words */
export function floorReason(reason: unknown): string {
  const why = typeof reason === 'string' ? reason.trim() : '';
  if (why.length === 0) throw new SessionError('BAD_RULING', 'the floor gives the reason for the ruling');
  if (why.length > 200) throw new SessionError('BAD_RULING', 'the reason is 200 characters at most');
  return why;
}
