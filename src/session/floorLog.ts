// The floor's history: every alert incident of the session (the hands' and the table's), one entry per incident with
// its count, open until the floor closes it with a decision (past hands' included), the engine sees its remedy
// carried out, the dealer acknowledges a lesser one, or (info) the hand it was raised in is over (its end, or the
// next hand's shuffle when it was cut short) or it has waited longer than its age (the session's `infoExpiryMs`, on the
// monotonic clock). Built by the session
// as it applies the log, so that every floor tablet reads the same history, after a reload and after a restart.
//
// Incidents: alerts that come from one cause are one decision.
//   - a misdeal: the MISDEAL alert, the alert that caused it (raised by the same event) and every alert the hand
//     raises after it (each card dealt or gathered after a misdeal is judged again by the engine: one misdeal made
//     17 STOP alerts) are one incident, represented by the MISDEAL alert;
//   - otherwise an alert repeats an open one when it has the same code, severity, seat, zone and variant.
import type { Alert, AlertFacts } from '../engine/types.js';
import type { TableAlert } from './types.js';

/** An alert of the hand as the session publishes it: with the incident it belongs to and the count of its own. */
export type SessionAlert = Alert & {
  /** the alert this one repeats (its incident's first alert); absent on an incident's own alert */
  incident?: number;
  /** alerts of this incident, itself included (absent: 1) */
  count?: number;
};

export type FloorEntryState = 'open' | 'closed' | 'expired';

export interface FloorEntry {
  /** `h:HAND:ID` (an alert of a hand) or `t:ID` (a table alert) */
  key: string;
  source: 'hand' | 'table';
  hand: number;
  /** the incident's alert: its id, code, texts, facts */
  alert: SessionAlert | TableAlert;
  /** alerts of the incident */
  count: number;
  /** wall ms of the first alert */
  wall: number;
  /** monotonic ms of the first alert (its age; a record replayed after a restart counts as at most a minute old) */
  mono: number;
  /** the order the incidents were raised in (the floor's "age": older first) */
  seq: number;
  state: FloorEntryState;
  /** the floor's decision (closed), or the engine's word (remedy carried out) */
  decision?: { decision: string; by: string; wall: number };
}

const SEVERITY: Record<string, number> = { stop: 0, warn: 1, info: 2 };

/** The floor's order: open incidents first, the most severe first, the oldest first (waiting longest); then the
 * closed and expired ones, newest first. */
export function floorOrder(a: FloorEntry, b: FloorEntry): number {
  const ao = a.state === 'open' ? 0 : 1;
  const bo = b.state === 'open' ? 0 : 1;
  if (ao !== bo) return ao - bo;
  const sa = SEVERITY[a.alert.severity] ?? 3;
  const sb = SEVERITY[b.alert.severity] ?? 3;
  if (ao === 0) return sa - sb || a.seq - b.seq;
  return b.seq - a.seq;
}

/** What makes two alerts one incident when neither is a misdeal. */
export function incidentKey(a: {
  code: string;
  severity: string;
  seat?: number | null;
  facts?: AlertFacts;
  zone?: string;
  antenna?: number | null;
  uid?: string;
}): string {
  const f = a.facts ?? {};
  return [
    a.code,
    a.severity,
    a.seat ?? f.seat ?? '',
    a.zone ?? f.zone ?? '',
    f.variant ?? '',
    a.antenna ?? f.antenna ?? '',
    a.uid ?? f.uid ?? '',
  ].join('|');
}

/** An alert still waiting for someone: not decided, not carried out, not acknowledged (a stop needs a decision). */
export function alertOpen(a: {
  severity: string;
  acknowledged: boolean;
  resolved?: boolean;
  decision?: unknown;
}): boolean {
  if (a.decision) return false;
  if (a.resolved) return false;
  return a.severity === 'stop' || !a.acknowledged;
}

export class FloorLog {
  private readonly entries = new Map<string, FloorEntry>();
  private seq = 0;

  /** keeps every open entry and the newest `limit` of the others */
  constructor(private readonly limit = 300) {}

  /** The current hand's incidents as they stand (its alerts that are no other's repeat). */
  syncHand(
    hand: number,
    alerts: readonly SessionAlert[],
    wall: number,
    wallOf: (a: Alert) => number,
    monoOf: (wall: number) => number = (w) => w,
  ): void {
    for (const a of alerts) {
      if (a.incident !== undefined) continue;
      const key = `h:${hand}:${a.id}`;
      const old = this.entries.get(key);
      const entry: FloorEntry = old ?? {
        key,
        source: 'hand',
        hand,
        alert: a,
        count: 1,
        wall: wallOf(a),
        mono: monoOf(wallOf(a)),
        seq: ++this.seq,
        state: 'open',
      };
      entry.alert = a;
      entry.count = a.count ?? 1;
      if (a.decision) {
        entry.decision ??= { decision: a.decision.decision, by: a.decision.by, wall };
        entry.state = 'closed';
      } else if (old?.decision) {
        entry.state = 'closed';
      } else if (entry.state !== 'expired') {
        entry.state = alertOpen(a) ? 'open' : 'closed';
        if (a.resolved && !entry.decision) entry.decision = { decision: 'remedy carried out', by: 'engine', wall };
      }
      if (!old) this.add(entry);
    }
  }

  /** A table alert raised, repeated, acknowledged or decided. */
  syncTable(a: TableAlert, mono: number = a.wall): void {
    const key = `t:${a.id}`;
    const old = this.entries.get(key);
    const entry: FloorEntry = old ?? {
      key,
      source: 'table',
      hand: a.hand,
      alert: a,
      count: 1,
      wall: a.wall,
      mono,
      seq: ++this.seq,
      state: 'open',
    };
    entry.alert = a;
    entry.count = a.count ?? 1;
    if (a.decision) {
      entry.decision = a.decision;
      entry.state = 'closed';
    } else if (entry.state !== 'expired') entry.state = alertOpen(a) ? 'open' : 'closed';
    if (!old) this.add(entry);
  }

  get(key: string): FloorEntry | undefined {
    return this.entries.get(key);
  }

  /** The floor closes an entry of an earlier hand with a decision. */
  close(key: string, decision: { decision: string; by: string; wall: number }): void {
    const e = this.entries.get(key);
    if (!e) return;
    e.decision = decision;
    e.state = 'closed';
  }

  /** A hand ended, or a new one began: the info incidents of the hands before `beforeHand` expire. */
  expireInfo(beforeHand: number): void {
    for (const e of this.entries.values()) {
      if (e.state === 'open' && e.alert.severity === 'info' && e.hand < beforeHand) e.state = 'expired';
    }
  }

  /** Info incidents still open `ageMs` after they were raised (monotonic `now`) expire; returns how many did. */
  expireInfoOlderThan(now: number, ageMs: number): number {
    let n = 0;
    for (const e of this.entries.values()) {
      if (e.state === 'open' && e.alert.severity === 'info' && now - e.mono >= ageMs) {
        e.state = 'expired';
        n++;
      }
    }
    return n;
  }

  /** The monotonic time the next open info incident reaches `ageMs` (null: none open). */
  nextInfoExpiry(ageMs: number): number | null {
    let due: number | null = null;
    for (const e of this.entries.values())
      if (e.state === 'open' && e.alert.severity === 'info') due = Math.min(due ?? Infinity, e.mono + ageMs);
    return due;
  }

  /** The entries in the floor's order (floorOrder). */
  list(): FloorEntry[] {
    return [...this.entries.values()].map((e) => ({ ...e })).sort(floorOrder);
  }

  private add(entry: FloorEntry): void {
    this.entries.set(entry.key, entry);
    if (this.entries.size <= this.limit) return;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.limit) break;
      if (e.state !== 'open') this.entries.delete(k);
    }
  }
}
