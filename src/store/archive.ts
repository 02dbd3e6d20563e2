// The hand archive: each logged hand re-run through the engine from its configuration and events, for the floor's
// step-through and the exports. It reads any EventLog; on the SQLite log it reads one hand's rows by index.
import * as defaultEngine from '../engine/index.js';
import { ruleTag } from '../engine/rules/ruleRef.js';
import type { HandSnapshot, TableConfig, TableEvent } from '../engine/types.js';
import { alertTexts } from '../i18n/renderAlert.js';
import { foldHand, type ReplayEngine } from '../session/evolve.js';
import type { EventLog, LogRecord } from '../session/log.js';
import { Roster } from '../session/roster.js';
import {
  describeEvent,
  placeProcedure,
  seatCountOf,
  sourceOf,
  splitHand,
  startWallOf,
  tableAlertNote,
} from './archiveRecords.js';
import { StoreError } from './errors.js';
import { toValidOhh } from './ohhExport.js';
import { toPhh } from './phhExport.js';
import type { HandNote, PlayedHand } from './playedHand.js';
import { type TextDialect, toPokerStars } from './pokerstarsExport.js';
import { SqliteEventLog } from './sqliteLog.js';
import { defaultIdentity, handId, readTableIdentity, type TableIdentity } from './tableIdentity.js';

export type ExportFormat = 'phh' | 'ohh' | 'pokerstars';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['phh', 'ohh', 'pokerstars'];

/** the engine functions the archive needs (src/engine by default): the log's readers' one interface */
export type ArchiveEngine<S = unknown> = ReplayEngine<S>;

export interface ArchiveOptions {
  /** the card room, table and game (default: DATA/table.json for open(), else defaultIdentity()) */
  identity?: TableIdentity;
  /** @deprecated the table's name: identity.table */
  tableName?: string;
  /** seats the table has (default identity.seatCount) */
  seatCount?: number;
  /** player names by seat, for every hand */
  names?: Record<number, string>;
  /** player names by seat for one hand (the floor's seating as it was when the hand began); over `names` */
  namesOf?: (handNo: number) => Record<number, string>;
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

export class HandArchive {
  private readonly log: EventLog;
  private readonly engine: ArchiveEngine;
  private readonly identity: TableIdentity;
  private readonly seatCount: number;
  private readonly names: Record<number, string>;
  private readonly namesOf: ((handNo: number) => Record<number, string>) | null;
  private readonly owned: boolean;
  /** what the log said so far, read once and then as it grows (catchUp): hand number -> blind level (1, 2, ...)
   * and the floor's seating (seat -> name) */
  private readonly levels = new Map<number, number>();
  private readonly seating = new Map<number, Record<number, string>>();
  private readonly roster = new Roster();
  /** seat -> its player's entry (1, 2, ...): a seat taken again after its player busted is a new player */
  private readonly entries = new Map<number, number>();
  private readonly entriesAt = new Map<number, Record<number, number>>();
  private readonly everSeated = new Set<number>();
  private cursor = 0;
  private lastHand = 0;
  private level = 0;
  private levelKey = '';

  constructor(log: EventLog, options: ArchiveOptions = {}, owned = false) {
    this.log = log;
    this.engine = options.engine ?? (defaultEngine as ArchiveEngine);
    const base = options.identity ?? defaultIdentity();
    this.identity = options.tableName ? { ...base, table: options.tableName } : base;
    this.seatCount = options.seatCount ?? this.identity.seatCount ?? 10;
    this.names = options.names ?? {};
    this.namesOf = options.namesOf ?? null;
    this.owned = owned;
    this.catchUp();
  }

  /** opens the log of a data folder read-only (safe while the service writes it), with its DATA/table.json */
  static open(dir: string, options: ArchiveOptions = {}): HandArchive {
    const log = SqliteEventLog.open(dir, { readonly: true });
    if (options.identity) return new HandArchive(log, options, true);
    let firstWall: number | null = null;
    for (const r of log.records()) {
      firstWall = r.wall;
      break;
    }
    try {
      return new HandArchive(log, { ...options, identity: readTableIdentity(dir, firstWall) }, true);
    } catch (err) {
      log.close();
      throw err;
    }
  }

  /** the table identity its exports carry */
  get table(): TableIdentity {
    return this.identity;
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
    const start = this.startHand(config, handNo);
    let snap = this.engine.snapshot(start);
    const seenAlerts = new Set<number>();
    let nextTableAlert = 0;
    const state = foldHand(this.engine, start, events, (rec, step) => {
      // the table's alerts logged before this event lie after the decisions made so far
      while (nextTableAlert < tableAlerts.length && tableAlerts[nextTableAlert].seq < rec.seq) {
        notes.push(tableAlertNote(tableAlerts[nextTableAlert++], snap.decisions.length));
      }
      const ev = rec.data;
      if (step.refused) {
        const text = `${describeEvent(ev)}: ${step.refused.message}`;
        notes.push({ afterAction: snap.decisions.length, kind: 'refused', text });
        return;
      }
      const seen = snap.decisions.length;
      snap = this.engine.snapshot(step.state);
      // the event's burns and unshown mucks, as the engine decided them (a redeal keeps the posts only)
      placeProcedure(snap.decisions, Math.min(seen, snap.decisions.length), notes, mucks);
      for (const a of snap.alerts) {
        if (seenAlerts.has(a.id)) continue;
        seenAlerts.add(a.id);
        const seat = a.seat === null ? '' : ` seat ${a.seat}`;
        const texts = alertTexts(a);
        notes.push({
          afterAction: snap.decisions.length,
          kind: 'alert',
          text: `${a.code} (${a.severity}, ${ruleTag(a.rule)})${seat}: ${texts.message} / ${texts.messageFr}`,
        });
      }
      if (ev.kind === 'floorDecision') {
        notes.push({
          afterAction: snap.decisions.length,
          kind: 'decision',
          text: `alert ${ev.alertId}: ${ev.decision} (by ${ev.by})`,
        });
      }
    });
    while (nextTableAlert < tableAlerts.length)
      notes.push(tableAlertNote(tableAlerts[nextTableAlert++], snap.decisions.length));
    const source = sourceOf(recs);
    const names = {
      ...this.entrants(handNo),
      ...this.names,
      ...this.seatingAt(handNo),
      ...(this.namesOf?.(handNo) ?? {}),
    };
    if (source?.players) {
      // an imported PHH hand: player pK sits in seat K
      source.players.forEach((name, i) => {
        if (name) names[i + 1] = name;
      });
    }
    return {
      handNo,
      handId: handId(this.identity, handNo),
      identity: this.identity,
      level: this.levelOf(handNo),
      tableName: this.identity.table,
      seatCount: source ? seatCountOf(source, config) : this.seatCount,
      config,
      final: snap,
      startWall: startWallOf(recs),
      names,
      notes,
      mucks,
      complete: this.engine.isHandOver(state),
      ...(source ? { source } : {}),
    };
  }

  /** the players the floor had seated when the hand was played (src/session/roster.ts: ops logged during hand N
   * count for hand N), by seat */
  seatingAt(handNo: number): Record<number, string> {
    this.catchUp();
    return this.seating.get(handNo) ?? {};
  }

  /** the blind level of a hand: 1 at the first hand (or a new table), one more at each change of blinds or ante */
  levelOf(handNo: number): number {
    this.catchUp();
    return this.levels.get(handNo) ?? 1;
  }

  /**
   * Reads the records appended since the last call (all of them the first time, when the archive is made): the
   * floor's seating and the blind level, hand by hand. Later calls read only what is new, so an export's cost does
   * not grow with the log.
   */
  private catchUp(): void {
    for (const rec of this.log.records(this.cursor + 1)) {
      this.cursor = rec.seq;
      if (rec.hand !== this.lastHand) {
        this.lastHand = rec.hand;
        this.seating.set(rec.hand, this.seated());
      }
      if (rec.kind === 'config' && rec.data.roster) {
        try {
          this.roster.apply(rec.data.roster);
        } catch {
          // an op the session refused when it was logged changes nothing here either
        }
        this.seating.set(rec.hand, this.seated());
      } else if (rec.kind === 'config' && rec.data.seats) {
        // a player sitting down in a seat that was played before (its player busted or left) is someone new
        for (const [seat, stack] of Object.entries(rec.data.seats))
          if (stack > 0 && this.everSeated.has(Number(seat)))
            this.entries.set(Number(seat), (this.entries.get(Number(seat)) ?? 1) + 1);
      } else if (rec.kind === 'hand') {
        const data = rec.data;
        const config = data.config;
        if (data.restart) {
          this.entries.clear();
          this.everSeated.clear();
        }
        for (const seat of Object.keys(config.seats)) this.everSeated.add(Number(seat));
        this.entriesAt.set(rec.hand, Object.fromEntries(this.entries));
        const key = `${config.blinds.join('/')}+${config.bbAnte}`;
        if (data.restart || this.level === 0) this.level = 1;
        else if (key !== this.levelKey) this.level++;
        this.levelKey = key;
        this.levels.set(rec.hand, this.level);
      }
    }
  }

  /** in a tournament, a seat's later entrants when no one named them: "Seat 3 #2" (a busted player never comes
   * back: whoever sits there next is someone else) */
  private entrants(handNo: number): Record<number, string> {
    if (this.identity.game !== 'tournament') return {};
    this.catchUp();
    const out: Record<number, string> = {};
    for (const [seat, k] of Object.entries(this.entriesAt.get(handNo) ?? {}))
      if (k > 1) out[Number(seat)] = `Seat ${seat} #${k}`;
    return out;
  }

  private seated(): Record<number, string> {
    return Object.fromEntries(this.roster.list().map((x) => [x.seat, x.player.name]));
  }

  /** every event of the hand with the snapshot after it (the floor view's step-through) */
  steps(handNo: number): HandStep[] {
    const { config, events } = splitHand(this.recordsOf(handNo));
    if (!config || events.length === 0) throw new StoreError('HAND_NOT_FOUND', `no hand ${handNo} in the log`);
    const out: HandStep[] = [];
    foldHand(this.engine, this.startHand(config, handNo), events, (rec, step) => {
      const refused = step.refused?.message ?? null;
      out.push({ seq: rec.seq, wall: rec.wall, event: rec.data, refused, snapshot: this.engine.snapshot(step.state) });
    });
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
    if (this.log.handNumbers) return this.log.handNumbers();
    const set = new Set<number>();
    for (const r of this.log.records()) if (r.kind === 'hand') set.add(r.hand);
    return [...set].sort((a, b) => a - b);
  }

  private recordsOf(handNo: number): LogRecord[] {
    if (this.log.handRecords) return this.log.handRecords(handNo);
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
