// The hand archive: each logged hand re-run through the engine from its configuration and events, for the floor's
// step-through and the exports. It reads any EventLog; on the SQLite log it reads one hand's rows by index.
import * as defaultEngine from '../engine/index.js';
import type { HandSnapshot, TableConfig, TableEvent } from '../engine/types.js';
import type { EventLog, LogRecord } from '../session/log.js';
import { StoreError } from './errors.js';
import { toValidOhh } from './ohhExport.js';
import { toPhh } from './phhExport.js';
import type { HandNote, PlayedHand } from './playedHand.js';
import { type TextDialect, toPokerStars } from './pokerstarsExport.js';
import { SqliteEventLog } from './sqliteLog.js';

export type ExportFormat = 'phh' | 'ohh' | 'pokerstars';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['phh', 'ohh', 'pokerstars'];

/** the engine functions the archive needs (src/engine by default) */
export interface ArchiveEngine<S = unknown> {
  createHand(config: TableConfig): S;
  applyEvent(state: S, ev: TableEvent): S;
  snapshot(state: S): HandSnapshot;
  isHandOver(state: S): boolean;
}

export interface ArchiveOptions {
  tableName?: string;
  seatCount?: number;
  /** player names by seat */
  names?: Record<number, string>;
  engine?: ArchiveEngine;
}

export interface HandSummary {
  handNo: number;
  startWall: number | null;
  /** wall ms of the hand's end record, null while it is not over */
  endWall: number | null;
  complete: boolean;
  button: number;
  seats: number[];
  blinds: [number, number];
  events: number;
}

/** One step of a hand for the floor's step-through: the event and the snapshot after it. */
export interface HandStep {
  seq: number;
  wall: number;
  event: TableEvent;
  refused: string | null;
  snapshot: HandSnapshot;
}

interface LogWithIndex extends EventLog {
  handRecords(hand: number): LogRecord[];
  handNumbers(): number[];
}

function hasIndex(log: EventLog): log is LogWithIndex {
  return typeof (log as Partial<LogWithIndex>).handRecords === 'function';
}

export class HandArchive {
  private readonly log: EventLog;
  private readonly engine: ArchiveEngine;
  private readonly tableName: string;
  private readonly seatCount: number;
  private readonly names: Record<number, string>;
  private readonly owned: boolean;

  constructor(log: EventLog, options: ArchiveOptions = {}, owned = false) {
    this.log = log;
    this.engine = options.engine ?? (defaultEngine as ArchiveEngine);
    this.tableName = options.tableName ?? 'feltwire';
    this.seatCount = options.seatCount ?? 10;
    this.names = options.names ?? {};
    this.owned = owned;
  }

  /** opens the log of a data folder read-only (safe while the service writes it) */
  static open(dir: string, options: ArchiveOptions = {}): HandArchive {
    return new HandArchive(SqliteEventLog.open(dir, { readonly: true }), options, true);
  }

  /** hands in the log that were dealt (a shuffle or any event logged), ascending */
  list(): HandSummary[] {
    const out: HandSummary[] = [];
    for (const handNo of this.handNumbers()) {
      const recs = this.recordsOf(handNo);
      const { config, events } = splitHand(recs);
      if (!config || events.length === 0) continue;
      const end = recs.find((r) => r.kind === 'handEnd');
      out.push({
        handNo,
        startWall: startWallOf(recs),
        endWall: end ? end.wall : null,
        complete: !!end,
        button: config.button,
        seats: Object.keys(config.seats).map(Number),
        blinds: config.blinds,
        events: events.length,
      });
    }
    return out;
  }

  /** the hand re-run through the engine, with its notes (burns, alerts, decisions) placed between actions */
  get(handNo: number): PlayedHand {
    const recs = this.recordsOf(handNo);
    const { config, events, tableAlerts } = splitHand(recs);
    if (!config || events.length === 0) throw new StoreError('HAND_NOT_FOUND', `no hand ${handNo} in the log`);
    const notes: HandNote[] = [];
    const mucks: PlayedHand['mucks'] = [];
    let state = this.startHand(config, handNo);
    let snap = this.engine.snapshot(state);
    const seenAlerts = new Set<number>();
    let burns = 0;
    let nextTableAlert = 0;
    for (const rec of events) {
      while (nextTableAlert < tableAlerts.length && tableAlerts[nextTableAlert].seq < rec.seq) {
        notes.push(tableAlertNote(tableAlerts[nextTableAlert++], snap.actions.length));
      }
      const ev = rec.data as TableEvent;
      try {
        state = this.engine.applyEvent(state, ev);
      } catch (err) {
        notes.push({
          afterAction: snap.actions.length,
          kind: 'refused',
          text: `${describeEvent(ev)}: ${(err as Error).message}`,
        });
        continue;
      }
      const prev = snap;
      snap = this.engine.snapshot(state);
      if (prev.phase === 'showdown') {
        // a live hand folded at showdown with no fold action: mucked unshown
        const was = new Set(prev.seats.filter((s) => s.folded).map((s) => s.seat));
        for (const s of snap.seats) {
          if (s.folded && !was.has(s.seat)) mucks.push({ seat: s.seat, afterAction: snap.actions.length });
        }
      }
      for (; burns < snap.burns.length; burns++) {
        // a burn lies before the board deal it precedes: after the actions written when it was seen
        notes.push({ afterAction: snap.actions.length, kind: 'burn', text: snap.burns[burns] });
      }
      for (const a of snap.alerts) {
        if (seenAlerts.has(a.id)) continue;
        seenAlerts.add(a.id);
        const seat = a.seat === null ? '' : ` seat ${a.seat}`;
        notes.push({
          afterAction: snap.actions.length,
          kind: 'alert',
          text: `${a.code} (${a.severity}, ${a.rule})${seat}: ${a.message} / ${a.messageFr}`,
        });
      }
      if (ev.kind === 'floorDecision') {
        notes.push({
          afterAction: snap.actions.length,
          kind: 'decision',
          text: `alert ${ev.alertId}: ${ev.decision} (by ${ev.by})`,
        });
      }
    }
    while (nextTableAlert < tableAlerts.length)
      notes.push(tableAlertNote(tableAlerts[nextTableAlert++], snap.actions.length));
    return {
      handNo,
      tableName: this.tableName,
      seatCount: this.seatCount,
      config,
      final: snap,
      startWall: startWallOf(recs),
      names: this.names,
      notes,
      mucks,
      complete: this.engine.isHandOver(state),
    };
  }

  /** every event of the hand with the snapshot after it (the floor view's step-through) */
  steps(handNo: number): HandStep[] {
    const { config, events } = splitHand(this.recordsOf(handNo));
    if (!config || events.length === 0) throw new StoreError('HAND_NOT_FOUND', `no hand ${handNo} in the log`);
    let state = this.startHand(config, handNo);
    const out: HandStep[] = [];
    for (const rec of events) {
      const ev = rec.data as TableEvent;
      let refused: string | null = null;
      try {
        state = this.engine.applyEvent(state, ev);
      } catch (err) {
        refused = (err as Error).message;
      }
      out.push({ seq: rec.seq, wall: rec.wall, event: ev, refused, snapshot: this.engine.snapshot(state) });
    }
    return out;
  }

  export(handNo: number, format: ExportFormat, dialect: TextDialect = 'pokerstars'): string {
    return exportHand(this.get(handNo), format, dialect);
  }

  close(): void {
    if (this.owned) this.log.close();
  }

  private startHand(config: TableConfig, handNo: number): unknown {
    try {
      return this.engine.createHand(config);
    } catch (err) {
      throw new StoreError(
        'HAND_REPLAY_FAILED',
        `hand ${handNo}: the engine refused its table: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
  }

  private handNumbers(): number[] {
    if (hasIndex(this.log)) return this.log.handNumbers();
    const set = new Set<number>();
    for (const r of this.log.records()) if (r.kind === 'hand') set.add(r.hand);
    return [...set].sort((a, b) => a - b);
  }

  private recordsOf(handNo: number): LogRecord[] {
    if (hasIndex(this.log)) return this.log.handRecords(handNo);
    return [...this.log.records()].filter((r) => r.hand === handNo);
  }
}

/** one played hand in one format (OHH is checked against the schema before it is handed out) */
export function exportHand(hand: PlayedHand, format: ExportFormat, dialect: TextDialect = 'pokerstars'): string {
  switch (format) {
    case 'phh':
      return toPhh(hand);
    case 'ohh':
      return `${JSON.stringify(toValidOhh(hand), null, 2)}\n`;
    case 'pokerstars':
      return toPokerStars(hand, dialect);
    default: {
      const never: never = format;
      throw new StoreError('EXPORT_FORMAT', `unknown export format '${String(never)}' (phh, ohh, pokerstars)`);
    }
  }
}

/** The hand's table is its last 'hand' record (a level change before the shuffle re-logs it); events follow it. */
function splitHand(recs: LogRecord[]): { config: TableConfig | null; events: LogRecord[]; tableAlerts: LogRecord[] } {
  let start = -1;
  for (let i = 0; i < recs.length; i++) if (recs[i].kind === 'hand') start = i;
  if (start < 0) return { config: null, events: [], tableAlerts: [] };
  const data = recs[start].data as { config?: TableConfig } & Partial<TableConfig>;
  const config = (data.config ?? data) as TableConfig;
  const rest = recs.slice(start + 1);
  return {
    config,
    events: rest.filter((r) => r.kind === 'event'),
    tableAlerts: rest.filter((r) => r.kind === 'tableAlert'),
  };
}

function startWallOf(recs: LogRecord[]): number | null {
  const events = recs.filter((r) => r.kind === 'event');
  const shuffle = events.find((r) => {
    const ev = r.data as TableEvent;
    return ev.kind === 'dealer' && ev.button === 'shuffle';
  });
  const first = shuffle ?? events[0];
  if (!first) return null;
  return first.wall - (first.data as TableEvent).t;
}

function tableAlertNote(rec: LogRecord, afterAction: number): HandNote {
  const data = rec.data as {
    op: string;
    alert?: { code: string; message: string; messageFr?: string };
    id?: number;
    decision?: string;
    by?: string;
  };
  if (data.op === 'raise' && data.alert) {
    return { afterAction, kind: 'tableAlert', text: `${data.alert.code}: ${data.alert.message}` };
  }
  if (data.op === 'decision')
    return { afterAction, kind: 'decision', text: `table alert ${data.id}: ${data.decision} (by ${data.by})` };
  return { afterAction, kind: 'tableAlert', text: `table alert ${data.id} acknowledged by ${data.by}` };
}

function describeEvent(ev: TableEvent): string {
  const { t: _t, ...rest } = ev;
  return JSON.stringify(rest);
}
