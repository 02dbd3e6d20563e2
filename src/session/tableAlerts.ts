// The table alerts (raised outside the engine: hardware, table layer, the floor called) raised, counted as one
// incident when they repeat, acknowledged and decided through their log records; the engine alerts of the hand joined
// to their incidents, with the acknowledgements and decisions the session keeps overlaid on them.
import { alertRule, FLOOR_REASONS } from '../engine/alerts/catalogue.js';
import { ownRule } from '../engine/rules/ruleRef.js';
import type { Alert, HandSnapshot } from '../engine/types.js';
import { SessionError } from './errors.js';
import { alertOpen, incidentKey, type SessionAlert } from './floorLog.js';
import { assertOpen, type CurrentHand, monoOf, type SessionCore } from './sessionCore.js';
import { publish } from './sessionView.js';
import { type TableAlert, type TableAlertInput, type TableAlertRecord, tableAlertFromLog } from './types.js';

/**
 * The table alerts kept in the state: a stop alert until the floor decides it, whatever comes after it; of the
 * others (and of the decided stops), the newest `limit` of each severity. A flood of lesser alerts (a bad bridge:
 * hundreds of warnings) never pushes out a stop the table is waiting on.
 */
export function boundTableAlerts(alerts: TableAlert[], limit: number): TableAlert[] {
  const kept = new Array<boolean>(alerts.length).fill(false);
  const counts = new Map<string, number>();
  for (let i = alerts.length - 1; i >= 0; i--) {
    const a = alerts[i];
    if (a.severity === 'stop' && !a.decision) {
      kept[i] = true;
      continue;
    }
    const n = counts.get(a.severity) ?? 0;
    if (n < limit) {
      kept[i] = true;
      counts.set(a.severity, n + 1);
    }
  }
  return kept.every(Boolean) ? alerts : alerts.filter((_, i) => kept[i]);
}

export function findTableAlert(ctx: SessionCore, id: number): TableAlert {
  const a = ctx.tableAlerts.find((x) => x.id === id);
  if (!a) throw new SessionError('UNKNOWN_ALERT', `no table alert ${id}`);
  return a;
}

export function findHandAlert(ctx: SessionCore, id: number): Alert {
  const a = ctx.cur.snap.alerts.find((x) => x.id === id);
  if (!a) throw new SessionError('UNKNOWN_ALERT', `no alert ${id} in hand ${ctx.cur.handNo}`);
  return a;
}

/** An alert from the table or hardware layer (READER_FAULT, LINK_LOST, CARD_UNKNOWN, ...). */
export function raiseTableAlert(ctx: SessionCore, input: TableAlertInput, wall: number = ctx.now()): TableAlert {
  assertOpen(ctx);
  const alert: TableAlert = {
    ...input,
    rule: input.rule ?? ownRule('table'),
    id: ctx.nextTableAlertId,
    wall,
    hand: ctx.cur.handNo,
    acknowledged: false,
  };
  // the same alert again while the first waits (same hand, code, seat, zone, antenna): one incident, counted
  const key = incidentKey(alert);
  const rep = ctx.tableAlerts.find((a) => a.hand === alert.hand && alertOpen(a) && incidentKey(a) === key);
  if (rep) alert.incident = rep.id;
  ctx.log.append('tableAlert', ctx.cur.handNo, { op: 'raise', alert } satisfies TableAlertRecord, wall);
  applyTableAlertRecord(ctx, { op: 'raise', alert }, wall);
  publish(ctx, wall);
  return rep ? findTableAlert(ctx, rep.id) : alert;
}

/**
 * The dealer calls the floor (the tablet's "Call the floor", or the panel's floor button): a FLOOR_CALLED stop alert
 * with the seat and the reason picked, which holds the hand until the floor decides. A second call while the first
 * waits is the same incident (counted there).
 */
export function callFloor(
  ctx: SessionCore,
  call: { seat?: number | null; reason?: string },
  wall: number = ctx.now(),
): TableAlert {
  assertOpen(ctx);
  const seat = call.seat ?? null;
  if (seat !== null && !(Number.isInteger(seat) && seat >= 1 && seat <= 10))
    throw new SessionError('BAD_FLOOR_CALL', `no seat ${seat}`);
  const reason = call.reason ?? 'other';
  if (!(FLOOR_REASONS as readonly string[]).includes(reason))
    throw new SessionError('BAD_FLOOR_CALL', `unknown reason ${reason}`);
  const facts = { seat, variant: reason };
  const text = alertRule('FLOOR_CALLED', facts, ctx.cur.config.ruleset);
  return raiseTableAlert(ctx, { code: 'FLOOR_CALLED', ...text, facts, seat }, wall);
}

export function applyTableAlertRecord(ctx: SessionCore, rec: TableAlertRecord, wall: number): void {
  if (rec.op === 'close') {
    ctx.floorLog.close(`h:${rec.hand}:${rec.id}`, { decision: rec.decision, by: rec.by, wall });
    return;
  }
  if (rec.op === 'raise') {
    ctx.nextTableAlertId = Math.max(ctx.nextTableAlertId, rec.alert.id + 1);
    const rep = rec.alert.incident === undefined ? undefined : ctx.tableAlerts.find((a) => a.id === rec.alert.incident);
    if (rep) {
      const counted = { ...rep, count: (rep.count ?? 1) + 1, lastWall: wall };
      ctx.tableAlerts = ctx.tableAlerts.map((a) => (a.id === rep.id ? counted : a));
      ctx.floorLog.syncTable(counted, monoOf(ctx, rep.wall));
    } else {
      const { incident: _incident, ...alert } = tableAlertFromLog(rec.alert);
      ctx.tableAlerts = boundTableAlerts([...ctx.tableAlerts, alert], ctx.tableAlertLimit);
      ctx.floorLog.syncTable(alert, monoOf(ctx, alert.wall));
    }
    if (!ctx.replaying) ctx.events.emit('alert', tableAlertFromLog(rec.alert));
    return;
  }
  if (rec.op === 'decision' && !ctx.tableAlerts.some((a) => a.id === rec.id))
    ctx.floorLog.close(`t:${rec.id}`, { decision: rec.decision, by: rec.by, wall });
  ctx.tableAlerts = ctx.tableAlerts.map((a) => {
    if (a.id !== rec.id) return a;
    const next =
      rec.op === 'ack'
        ? { ...a, acknowledged: true }
        : { ...a, acknowledged: true, decision: { decision: rec.decision, by: rec.by, wall } };
    ctx.floorLog.syncTable(next, monoOf(ctx, a.wall));
    return next;
  });
}

/**
 * The alerts an event raised join their incident (floorLog.ts): after the hand's MISDEAL every alert is the
 * misdeal's; the MISDEAL takes the alert that caused it (raised by the same event); otherwise a repeat of an open
 * alert (same code, severity, seat, zone, variant) is that alert's.
 */
export function joinIncidents(
  c: CurrentHand,
  alerts: readonly Alert[],
  before: ReadonlySet<number>,
  wall: number,
): void {
  const fresh = alerts.filter((a) => !before.has(a.id));
  if (fresh.length === 0) return;
  for (const a of fresh) c.raisedWall.set(a.id, wall);
  if (!c.misdealRep) {
    const mis = fresh.find((a) => a.code === 'MISDEAL');
    if (mis) {
      c.misdealRep = mis.id;
      for (const a of fresh) if (a.id !== mis.id && !c.incident.has(a.id)) c.incident.set(a.id, mis.id);
      return;
    }
  } else {
    for (const a of fresh) c.incident.set(a.id, c.misdealRep);
    return;
  }
  const byId = new Map(alerts.map((a) => [a.id, a]));
  for (const a of fresh) {
    const key = incidentKey(a);
    for (const old of alerts) {
      if (old.id >= a.id) break;
      if (c.incident.has(old.id)) continue;
      const seen = byId.get(old.id) as Alert;
      const open = alertOpen({
        ...seen,
        acknowledged: seen.acknowledged || c.acked.has(old.id),
        decision: seen.decision ?? c.decisions.get(old.id),
      });
      if (open && incidentKey(old) === key) {
        c.incident.set(a.id, old.id);
        break;
      }
    }
  }
}

/** Acknowledgements and decisions are kept by the session too, so that they survive whatever the engine keeps; an
 * alert that repeats another carries its incident, and takes the incident's acknowledgement and decision. */
export function overlayAcks(snap: HandSnapshot, c: CurrentHand): HandSnapshot {
  if (c.acked.size === 0 && c.decisions.size === 0 && c.incident.size === 0) return snap;
  const counts = new Map<number, number>();
  for (const rep of c.incident.values()) counts.set(rep, (counts.get(rep) ?? 1) + 1);
  const own = snap.alerts.map((a) => {
    const d = c.decisions.get(a.id);
    const acknowledged = a.acknowledged || c.acked.has(a.id) || d !== undefined;
    const out: SessionAlert = d ? { ...a, acknowledged, decision: a.decision ?? d } : { ...a, acknowledged };
    const n = counts.get(a.id);
    if (n !== undefined) out.count = n;
    return out;
  });
  const byId = new Map(own.map((a) => [a.id, a]));
  return {
    ...snap,
    alerts: own.map((a) => {
      const repId = c.incident.get(a.id);
      if (repId === undefined) return a;
      const rep = byId.get(repId);
      const out: SessionAlert = { ...a, incident: repId };
      if (rep?.acknowledged) out.acknowledged = true;
      if (rep?.decision && !out.decision) out.decision = rep.decision;
      return out;
    }),
  };
}
