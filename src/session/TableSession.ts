// The table session: one hand at a time through the engine, the next hand by the dead button, blind levels from
// the next shuffle, every record written to the log BEFORE it is acted on, and recovery by replaying that log.

import { EventEmitter } from 'node:events';
import { monotonicNow, wallNow } from '../clock/index.js';
import { alertRule, FLOOR_REASONS } from '../engine/alerts/catalogue.js';
import { standsProblem } from '../engine/betting/floorRulings.js';
import type { Alert, HandSnapshot, TableConfig, TableEvent } from '../engine/types.js';
import { SessionError } from './errors.js';
import { evolve, type ReplayEngine } from './evolve.js';
import { alertOpen, FloorLog, incidentKey, type SessionAlert } from './floorLog.js';
import type { EventLog, LogRecord } from './log.js';
import { Roster, type RosterOp } from './roster.js';
import {
  type BlindLevel,
  type ConfigRecord,
  type HandEndInfo,
  type HandEndRecord,
  type HandRecord,
  type SessionState,
  SHOT_CLOCK_COUNT_MS,
  SHOT_CLOCK_MS,
  type ShotClock,
  TABLE_ALERT_ID_BASE,
  type TableAlert,
  type TableAlertInput,
  type TableAlertRecord,
  type TableEventInput,
  type TableHealth,
  tableAlertFromLog,
} from './types.js';

/** The engine's five functions (the log readers' four, evolve.ts, and the next hand's table); injected so that a
 * session can run on any engine build (tests, benches). */
export interface HandEngine<S> extends ReplayEngine<S> {
  nextHandConfig(
    prev: TableConfig,
    final: HandSnapshot,
    changes?: { seats?: Record<number, number>; blinds?: [number, number]; bbAnte?: number },
  ): TableConfig;
}

/** The engine's hand state is opaque to the session. */
type EngineHand = unknown;

export interface TableSessionOptions {
  /** the first hand's table (ignored by recover() when the log already holds a hand) */
  config: TableConfig;
  log: EventLog;
  /** the rules engine (default: src/engine, registered by src/session/index.ts) */
  engine?: HandEngine<EngineHand>;
  /** wall clock, for what is written down (records, the wall of states); tests and the simulator inject theirs */
  now?: () => number;
  /** the clock of every age (the hand's time t: motion windows, the shot clock): monotonic. Default
   * performance.now(); a test that injects `now` alone runs on that one clock */
  mono?: () => number;
  /** keeps the last N table alerts of each severity in the state (default 200); undecided stops are always kept */
  tableAlertLimit?: number;
  /** schedules the shot clock's expiry tick (default setTimeout, unref'd); return a cancel function */
  schedule?: (ms: number, fn: () => void) => () => void;
  /** an info alert nobody answered expires this long after it was raised, on the monotonic clock, as well as at its
   * hand's end (default 10 minutes) */
  infoExpiryMs?: number;
  /** cash or tournament (the table identity's game): a tournament's table is finished, and says so, as soon as a hand
   * leaves fewer than two seats with chips; a cash table only when the next shuffle finds no second player */
  game?: 'cash' | 'tournament';
}

export interface SessionEvents {
  state: [SessionState];
  alert: [Alert | TableAlert];
  handEnd: [HandEndInfo];
  /** an event the engine refused (logged, state unchanged) */
  rejected: [SessionError];
}

interface CurrentHand {
  handNo: number;
  config: TableConfig;
  state: EngineHand;
  snap: HandSnapshot;
  started: boolean;
  over: boolean;
  /** wall ms of t = 0 (for the record: handStartWall) */
  origin: number;
  /** monotonic ms of t = 0: the hand's time runs on it, whatever the wall clock does */
  originMono: number;
  lastT: number;
  acked: Set<number>;
  decisions: Map<number, { decision: string; by: string; t: number }>;
  /** the hand's events as applied (trialHand replays them on a fresh engine state) */
  events: TableEvent[];
  /** alert id -> the incident's alert it repeats (src/session/floorLog.ts) */
  incident: Map<number, number>;
  /** the hand's MISDEAL alert: every later alert of the hand is part of that incident */
  misdealRep: number;
  /** alert id -> wall ms it was raised */
  raisedWall: Map<number, number>;
  /** the same hand dealt again from its start (HandRecord.redeal): its shuffle takes no new level and counts no
   * penalty hand again (tda 35) */
  redeal?: 'void' | 'misdeal';
}

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

/** the most an event's wall time may lie before its ingestion and still count (monoOf) */
export const MAX_EVENT_LAG_MS = 60_000;
const sameSeats = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((s, i) => s === [...b].sort((x, y) => x - y)[i]);

/** the decision a ruling the engine takes records on its FLOOR_RULING */
const RULED: Partial<Record<TableEventInput['kind'], string>> = {
  floorVoid: 'void',
  floorStands: 'the hand stands',
  floorAward: 'award',
};

const defaultSchedule = (ms: number, fn: () => void): (() => void) => {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

export class TableSession extends EventEmitter<SessionEvents> {
  /** src/session/index.ts registers src/engine here, so that this file loads without the engine (unit tests). */
  static defaultEngine: HandEngine<EngineHand> | null = null;
  private readonly log: EventLog;
  private readonly now: () => number;
  private readonly mono: () => number;
  /** one injected clock for both (tests): the wall given with an event is its time, as it was */
  private readonly oneClock: boolean;
  private readonly engine: HandEngine<EngineHand>;
  private readonly schedule: (ms: number, fn: () => void) => () => void;
  private readonly tableAlertLimit: number;
  private cur!: CurrentHand;
  private level: BlindLevel;
  private pendingSeats: Record<number, number> | null = null;
  /** who sits where (src/session/roster.ts): names, sitting out, moves */
  private readonly roster = new Roster();
  /** seats away from the table: absent at the next deals until the player sits down (LOI 8, club 2-18, 3-2) */
  private away = new Set<number>();
  /** seat -> penalty hands still to serve, from the next shuffle (tda 71; dealt in and killed, tda 35) */
  private readonly penalties = new Map<number, number>();
  /** new players who sat one hand out at the left of the button (club 8-10): dealt in at the next hand, not held again */
  private readonly waited = new Set<number>();
  private tableAlerts: TableAlert[] = [];
  /** the floor's history (every incident, open ones first), rebuilt by replaying the log */
  private readonly floorLog = new FloorLog();
  private readonly infoExpiryMs: number;
  private cancelInfoExpiry: (() => void) | null = null;
  private infoDue: number | null = null;
  private nextTableAlertId = TABLE_ALERT_ID_BASE;
  private clock: ShotClock | null = null;
  private cancelClock: (() => void) | null = null;
  private cancelMotion: (() => void) | null = null;
  private health: TableHealth = {
    link: 'unknown',
    panel: 'unknown',
    readers: {},
    tray: {},
    scanMs: null,
    counters: {},
    source: 'none',
  };
  private version = 0;
  private replaying = false;
  private readonly game: 'cash' | 'tournament';
  private closed = false;

  constructor(opts: TableSessionOptions, fresh = true) {
    super();
    this.log = opts.log;
    this.now = opts.now ?? wallNow;
    this.mono = opts.mono ?? opts.now ?? monotonicNow;
    this.oneClock = opts.mono === undefined && opts.now !== undefined;
    const impl = opts.engine ?? TableSession.defaultEngine;
    if (!impl)
      throw new SessionError('ENGINE_REJECTED', 'no rules engine: import TableSession from src/session/index.js');
    this.engine = impl;
    this.schedule = opts.schedule ?? defaultSchedule;
    this.tableAlertLimit = opts.tableAlertLimit ?? 200;
    this.infoExpiryMs = opts.infoExpiryMs ?? 600_000;
    this.game = opts.game ?? 'cash';
    this.level = { blinds: [...opts.config.blinds], bbAnte: opts.config.bbAnte };
    if (fresh) {
      this.away = new Set(opts.config.absent);
      const wall = this.now();
      this.log.append('hand', 1, { config: opts.config } satisfies HandRecord, wall);
      this.beginHand(1, opts.config, wall);
    }
  }

  /** Rebuilds the session by replaying the log: the current hand exactly, alerts acknowledged or not. */
  static recover(log: EventLog, opts: Omit<TableSessionOptions, 'log'>): TableSession {
    const s = new TableSession({ ...opts, log }, false);
    s.replaying = true;
    let sawHand = false;
    for (const rec of log.records()) {
      if (rec.kind === 'hand') sawHand = true;
      else if (!sawHand && rec.kind !== 'config') continue;
      s.applyRecord(rec);
    }
    s.replaying = false;
    if (!sawHand) {
      const wall = s.now();
      log.append('hand', 1, { config: opts.config } satisfies HandRecord, wall);
      s.beginHand(1, opts.config, wall);
    }
    if (s.clock) s.armClock(s.clock);
    // info alerts replayed: those past their age expire now, the next one's expiry is armed
    s.floorLog.expireInfoOlderThan(s.mono(), s.infoExpiryMs);
    s.armInfoExpiry();
    return s;
  }

  // ---- inputs -------------------------------------------------------------------------------------------------

  /** A table event (from the table layer, the panel or the dealer's tablet). Logged, then applied. */
  ingest(input: TableEventInput, wall: number = this.now()): SessionState {
    return this.ingestAt(input, wall, 0);
  }

  /**
   * A count between hands (a tournament's break, src/room/tableBreak.ts): while set, and no hand is under way, the
   * chips read in a betting zone are each seat's whole stack pushed there to be counted, given to `read` and not to
   * the engine (they are no bet; neither logged nor replayed). null: back to the engine.
   */
  divertChips(read: ((seat: number, chips: number[]) => void) | null): void {
    this.chipsDiverted = read;
  }
  private chipsDiverted: ((seat: number, chips: number[]) => void) | null = null;

  /** ingest, at hand time `minT` at least (a tick due then) */
  private ingestAt(input: TableEventInput, wall: number, minT: number): SessionState {
    this.assertOpen();
    if (input.kind === 'chips' && this.chipsDiverted && (!this.cur.started || this.cur.over)) {
      this.chipsDiverted(input.seat, [...input.chips]);
      return this.snapshot();
    }
    if (input.kind === 'dealer' && input.button === 'shuffle') this.prepareShuffle(wall);
    const c = this.cur;
    let t: number;
    if (!c.started && input.kind === 'dealer' && input.button === 'shuffle') t = c.lastT;
    else t = Math.max(c.lastT, minT, Math.round(this.monoOf(wall) - c.originMono));
    const ev = { ...input, t } as TableEvent;
    this.log.append('event', c.handNo, ev, wall);
    this.applyEvent(ev, wall);
    if (ev.kind === 'chips') this.armMotionTick(ev.t);
    // the panel's floor button: the floor is called as from the tablet (no seat, no reason given)
    if (ev.kind === 'dealer' && ev.button === 'floor') this.callFloor({}, wall);
    return this.publish(wall);
  }

  /** Acknowledges an alert (engine alert of the current hand, or a table alert). */
  acknowledge(alertId: number, by = 'dealer', wall: number = this.now()): SessionState {
    this.assertOpen();
    if (alertId >= TABLE_ALERT_ID_BASE) {
      this.findTableAlert(alertId);
      this.log.append('tableAlert', this.cur.handNo, { op: 'ack', id: alertId, by } satisfies TableAlertRecord, wall);
      this.applyTableAlertRecord({ op: 'ack', id: alertId, by }, wall);
      return this.publish(wall);
    }
    // one incident, one acknowledgement: every alert of it
    const all = this.incidentMembers(alertId);
    const ids = all.filter((id) => !this.cur.acked.has(id));
    let state: SessionState | null = null;
    for (const id of ids.length ? ids : all.slice(0, 1)) state = this.ingest({ kind: 'ack', alertId: id }, wall);
    return state as SessionState;
  }

  /**
   * Records a floor decision on an alert: who decided what. One decision closes the whole incident (every alert
   * that repeats it). `hand`: the hand an engine alert belongs to, when not the current one (its alert is closed in
   * the floor's history: the hand is over, the engine is not told).
   */
  decide(alertId: number, decision: string, by: string, wall: number = this.now(), hand?: number): SessionState {
    this.assertOpen();
    if (alertId < TABLE_ALERT_ID_BASE && hand !== undefined && hand !== this.cur.handNo) {
      const key = `h:${hand}:${alertId}`;
      const entry = this.floorLog.get(key);
      if (!entry) throw new SessionError('UNKNOWN_ALERT', `no alert ${alertId} of hand ${hand} in the floor's history`);
      if (entry.state === 'closed' && entry.decision && entry.decision.by !== 'engine')
        throw new SessionError('ALERT_CLOSED', `alert ${alertId} of hand ${hand} is already decided`);
      const rec: TableAlertRecord = { op: 'close', hand, id: alertId, decision, by };
      this.log.append('tableAlert', this.cur.handNo, rec, wall);
      this.applyTableAlertRecord(rec, wall);
      return this.publish(wall);
    }
    if (alertId >= TABLE_ALERT_ID_BASE) {
      // (an old alert the state no longer lists may still wait in the floor's history: it is closed there)
      if (!this.floorLog.get(`t:${alertId}`)) this.findTableAlert(alertId);
      const rec: TableAlertRecord = { op: 'decision', id: alertId, decision, by };
      this.log.append('tableAlert', this.cur.handNo, rec, wall);
      this.applyTableAlertRecord(rec, wall);
      return this.publish(wall);
    }
    const all = this.incidentMembers(alertId);
    const ids = all.filter((id) => !this.cur.decisions.has(id));
    let state: SessionState | null = null;
    for (const id of ids.length ? ids : all.slice(0, 1))
      state = this.ingest({ kind: 'floorDecision', alertId: id, decision, by }, wall);
    return state as SessionState;
  }

  /**
   * The dealer calls the floor (the tablet's "Call the floor", or the panel's floor button): a FLOOR_CALLED stop alert
   * with the seat and the reason picked, which holds the hand until the floor decides. A second call while the first
   * waits is the same incident (counted there).
   */
  callFloor(call: { seat?: number | null; reason?: string }, wall: number = this.now()): TableAlert {
    this.assertOpen();
    const seat = call.seat ?? null;
    if (seat !== null && !(Number.isInteger(seat) && seat >= 1 && seat <= 10))
      throw new SessionError('BAD_FLOOR_CALL', `no seat ${seat}`);
    const reason = call.reason ?? 'other';
    if (!(FLOOR_REASONS as readonly string[]).includes(reason))
      throw new SessionError('BAD_FLOOR_CALL', `unknown reason ${reason}`);
    const facts = { seat, variant: reason };
    const text = alertRule('FLOOR_CALLED', facts, this.cur.config.ruleset);
    return this.raiseTableAlert({ code: 'FLOOR_CALLED', ...text, facts, seat }, wall);
  }

  /** The alerts of the incident `alertId` belongs to (its own alert first), in the current hand. */
  private incidentMembers(alertId: number): number[] {
    const c = this.cur;
    this.findHandAlert(alertId);
    const rep = c.incident.get(alertId) ?? alertId;
    return [rep, ...[...c.incident].filter(([, r]) => r === rep).map(([id]) => id)];
  }

  /** An alert from the table or hardware layer (READER_FAULT, LINK_LOST, CARD_UNKNOWN, ...). */
  raiseTableAlert(input: TableAlertInput, wall: number = this.now()): TableAlert {
    this.assertOpen();
    const alert: TableAlert = {
      ...input,
      rule: input.rule ?? '',
      id: this.nextTableAlertId,
      wall,
      hand: this.cur.handNo,
      acknowledged: false,
    };
    // the same alert again while the first waits (same hand, code, seat, zone, antenna): one incident, counted
    const key = incidentKey(alert);
    const rep = this.tableAlerts.find((a) => a.hand === alert.hand && alertOpen(a) && incidentKey(a) === key);
    if (rep) alert.incident = rep.id;
    this.log.append('tableAlert', this.cur.handNo, { op: 'raise', alert } satisfies TableAlertRecord, wall);
    this.applyTableAlertRecord({ op: 'raise', alert }, wall);
    this.publish(wall);
    return rep ? this.findTableAlert(rep.id) : alert;
  }

  /** A new blind level: applies from the next shuffle on (LOI 18, club 8-5). */
  setLevel(level: BlindLevel, wall: number = this.now()): SessionState {
    this.assertOpen();
    const [sb, bb] = level.blinds;
    if (!(Number.isInteger(sb) && Number.isInteger(bb) && sb >= 0 && bb > 0 && sb <= bb && level.bbAnte >= 0)) {
      throw new SessionError('BAD_LEVEL', `not a blind level: ${JSON.stringify(level)}`);
    }
    const rec: ConfigRecord = { level: { blinds: [sb, bb], bbAnte: level.bbAnte } };
    this.log.append('config', this.cur.handNo, rec, wall);
    this.applyConfigRecord(rec);
    return this.publish(wall);
  }

  /** The seat changes waiting for the next shuffle (seat -> stack joining, 0 leaving), or null. */
  pendingSeatChanges(): Record<number, number> | null {
    return this.pendingSeats ? { ...this.pendingSeats } : null;
  }

  /** Seats joining (stack) or leaving (0) from the next hand on. */
  changeSeats(seats: Record<number, number>, wall: number = this.now()): SessionState {
    this.assertOpen();
    for (const [seat, stack] of Object.entries(seats)) {
      const n = Number(seat);
      if (!(Number.isInteger(n) && n >= 1 && n <= 10 && Number.isInteger(stack) && stack >= 0)) {
        throw new SessionError('BAD_SEAT_CHANGE', `bad seat change ${seat}: ${stack}`);
      }
    }
    const rec: ConfigRecord = { seats };
    this.log.append('config', this.cur.handNo, rec, wall);
    this.applyConfigRecord(rec);
    return this.publish(wall);
  }

  /**
   * A roster change from the floor (seat a named player, move, remove, sit out): checked, logged as a config record,
   * then applied. A player sitting down on an empty seat joins the deal with `stack` from the next hand; a removed
   * player leaves at the next hand; sitting out and moves take effect at the next shuffle (see roster.ts).
   */
  changeRoster(op: RosterOp, wall: number = this.now()): SessionState {
    this.assertOpen();
    if (op.op === 'park' || op.op === 'moved')
      throw new SessionError('BAD_SEAT_CHANGE', `${op.op} is the session's own`);
    const playing = new Set(Object.keys(this.cur.config.seats).map(Number));
    for (const [k, v] of Object.entries(this.pendingSeats ?? {})) {
      if (v > 0) playing.add(Number(k));
      else playing.delete(Number(k));
    }
    this.roster.check(op, playing);
    if (op.op === 'seat' && !playing.has(op.seat) && op.stack) {
      const rec: ConfigRecord = { seats: { [op.seat]: op.stack } };
      this.log.append('config', this.cur.handNo, rec, wall);
      this.applyConfigRecord(rec);
    }
    if (op.op === 'remove' && (playing.has(op.seat) || this.roster.get(op.seat)?.parked !== undefined)) {
      const rec: ConfigRecord = { seats: { [op.seat]: 0 } };
      this.log.append('config', this.cur.handNo, rec, wall);
      this.applyConfigRecord(rec);
    }
    const rec: ConfigRecord = { roster: op };
    this.log.append('config', this.cur.handNo, rec, wall);
    this.applyConfigRecord(rec);
    return this.publish(wall);
  }

  /**
   * A player away from the table (`absent` true) or back (false), from the next shuffle on: an absent player is dealt
   * in, the blinds and the ante are posted from the stack and the hand is killed unless the player is seated in time
   * (LOI 8; club 2-18, 3-2: "leurs cartes sont distribuées et les blinds leurs sont prélevés"). A player sitting down
   * during a hand (the `sits` event) is back from then on.
   */
  setAbsent(seat: number, absent: boolean, wall: number = this.now()): SessionState {
    this.assertOpen();
    if (!(Number.isInteger(seat) && seat >= 1 && seat <= 10 && typeof absent === 'boolean'))
      throw new SessionError('BAD_SEAT_CHANGE', `bad absence: seat ${seat}: ${absent}`);
    const rec: ConfigRecord = { absent: { seat, absent } };
    this.log.append('config', this.cur.handNo, rec, wall);
    this.applyConfigRecord(rec);
    return this.publish(wall);
  }

  /**
   * A penalty of `hands` hands (tda 71; 0 lifts it) from the end of the hand under way on (tda 68: "la pénalité
   * commencera à la fin de la main"): the seat is dealt in and its hand killed, blinds and ante posted, as an absent
   * player's (tda 35: "les cartes sont distribuées aux joueurs pénalisés ou absents"); a misdeal's redeal counts as
   * the same hand (tda 35).
   */
  penalise(seat: number, hands: number, wall: number = this.now()): SessionState {
    this.assertOpen();
    if (!(Number.isInteger(seat) && seat >= 1 && seat <= 10 && Number.isInteger(hands) && hands >= 0 && hands <= 1000))
      throw new SessionError('BAD_SEAT_CHANGE', `bad penalty: seat ${seat}: ${hands} hands`);
    const rec: ConfigRecord = { penalty: { seat, hands } };
    this.log.append('config', this.cur.handNo, rec, wall);
    this.applyConfigRecord(rec);
    return this.publish(wall);
  }

  /** A floor ruling's reason checked and the hand it rules on, refused while nothing is dealt (nothing to `what`). */
  private dealtForRuling(reason: string, what: string): { why: string; c: CurrentHand } {
    this.assertOpen();
    const why = this.floorReason(reason);
    const c = this.cur;
    if (!c.started || !this.anythingDealt(c.snap))
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
  floorMisdeal(reason: string, by = 'floor', wall: number = this.now()): SessionState {
    const { why, c } = this.dealtForRuling(reason, 'redeal');
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
    const alert = this.raiseTableAlert({ code: 'FLOOR_RULING', ...text, facts, seat: null }, wall);
    const decided: TableAlertRecord = { op: 'decision', id: alert.id, decision: 'misdeal', by };
    this.log.append('tableAlert', c.handNo, decided, wall);
    this.applyTableAlertRecord(decided, wall);
    // the misdealt hand's open questions are answered by the misdeal (closed in the floor's history)
    for (const a of c.snap.alerts) {
      if (a.severity !== 'stop' || a.resolved || a.decision || c.decisions.has(a.id)) continue;
      const rec: TableAlertRecord = { op: 'close', hand: c.handNo, id: a.id, decision: 'misdeal', by };
      this.log.append('tableAlert', c.handNo, rec, wall);
      this.applyTableAlertRecord(rec, wall);
    }
    // an absent player who sat down during the hand is back for the redeal too (LOI 8)
    const back = new Set(c.snap.seats.filter((x) => !x.absent).map((x) => x.seat));
    const config: TableConfig = { ...c.config, absent: c.config.absent.filter((seat) => !back.has(seat)) };
    const rec: HandRecord = { config, redeal: 'misdeal' };
    this.log.append('hand', c.handNo + 1, rec, wall);
    this.applyHandRecord(c.handNo + 1, rec, wall);
    return this.publish(wall);
  }

  /**
   * The floor voids the hand (`reason` in its words): every chip back to the stacks of the hand's start, blinds and
   * ante included, nothing awarded, the hand over (the engine's floorVoid, as a defective deck's, tda 35); the next
   * shuffle deals the next hand. Refused before a deal, once the hand is over, and on a misdeal (it is redealt).
   */
  floorVoid(reason: string, by = 'floor', wall: number = this.now()): SessionState {
    const { why, c } = this.dealtForRuling(reason, 'void');
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
    return this.ingestRuling({ kind: 'floorVoid', reason: why }, by, wall);
  }

  /**
   * The floor rules that the hand stands (`reason` in its words): no misdeal, no void, play goes on as the cards and
   * chips lie (tda 35: after substantial action "la main continue"; LOI 1). It answers the stops that hold the hand:
   * the engine's (closed by the engine's floorStands) and the dealer's call of the floor (FLOOR_CALLED, closed here).
   * Refused before a deal, once the hand is over, on a misdeal (it is redealt), when nothing holds the hand, and while
   * a stop waits for another ruling (an undercall: call or fold; a seat skipped out of turn: act or kill).
   */
  floorStands(reason: string, by = 'floor', wall: number = this.now()): SessionState {
    const { why, c } = this.dealtForRuling(reason, 'stand');
    if (c.over) throw new SessionError('RULING_NOT_APPLICABLE', `hand ${c.handNo} is over: its pots are paid`);
    if (c.snap.phase === 'misdeal')
      throw new SessionError('RULING_NOT_APPLICABLE', `hand ${c.handNo} is a misdeal: it is redealt (tda 35)`);
    const problem = standsProblem(c.snap);
    if (problem) throw new SessionError('RULING_NOT_APPLICABLE', `hand ${c.handNo}: ${problem}`);
    const calls = this.tableAlerts.filter((a) => a.hand === c.handNo && a.code === 'FLOOR_CALLED' && alertOpen(a));
    const stops = c.snap.alerts.filter((a) => a.severity === 'stop' && !a.resolved && !a.decision);
    if (calls.length === 0 && stops.length === 0)
      throw new SessionError(
        'RULING_NOT_APPLICABLE',
        `nothing holds hand ${c.handNo}: it goes on as it lies, there is nothing to rule`,
      );
    for (const a of calls) {
      const rec: TableAlertRecord = { op: 'decision', id: a.id, decision: 'the hand stands', by };
      this.log.append('tableAlert', c.handNo, rec, wall);
      this.applyTableAlertRecord(rec, wall);
    }
    return this.ingestRuling({ kind: 'floorStands', reason: why }, by, wall);
  }

  /**
   * The floor awards pot `pot` (0: the main pot, then the side pots) to `seats` (one seat, or several: split, the odd
   * chips clockwise from the button, LOI 3) at a showdown the engine cannot decide: a fouled hand, a hand never
   * tabled. Once every pot is awarded by the floor the hand is over. Refused unless the hand is at showdown, the pot
   * exists and every seat named is live in it (LOI 4).
   */
  floorAward(pot: number, seats: readonly number[], by = 'floor', wall: number = this.now()): SessionState {
    this.assertOpen();
    const c = this.cur;
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
    return this.ingestRuling({ kind: 'floorAward', pot, seats: [...seats] }, by, wall);
  }

  /** A ruling the engine takes (void, the hand stands, award), logged and applied; its FLOOR_RULING alert records who ruled. */
  private ingestRuling(input: TableEventInput, by: string, wall: number): SessionState {
    const before = new Set(this.cur.snap.alerts.map((a) => a.id));
    this.ingest(input, wall);
    const ruled = this.cur.snap.alerts.find((a) => a.code === 'FLOOR_RULING' && !before.has(a.id));
    if (!ruled)
      throw new SessionError('ENGINE_REJECTED', `the engine did not take the ruling ${JSON.stringify(input)}`);
    return this.ingest({ kind: 'floorDecision', alertId: ruled.id, decision: RULED[input.kind] ?? 'award', by }, wall);
  }

  /** the floor's reason for a misdeal, a void or the hand standing, checked: said in a few words */
  private floorReason(reason: unknown): string {
    const why = typeof reason === 'string' ? reason.trim() : '';
    if (why.length === 0) throw new SessionError('BAD_RULING', 'the floor gives the reason for the ruling');
    if (why.length > 200) throw new SessionError('BAD_RULING', 'the reason is 200 characters at most');
    return why;
  }

  /**
   * A new table from the next hand on, whatever the current hand's state: the simulator starting afresh, or the
   * operator re-seating the table. The hand under way (if any) stays in the log unfinished.
   */
  restartTable(config: TableConfig, wall: number = this.now()): SessionState {
    this.assertOpen();
    const handNo = this.cur.started ? this.cur.handNo + 1 : this.cur.handNo;
    const rec: HandRecord = { config, restart: true };
    this.log.append('hand', handNo, rec, wall);
    this.applyHandRecord(handNo, rec, wall);
    return this.publish(wall);
  }

  /** Transient hardware health (links, readers, tray): published, not logged. */
  setHealth(patch: Partial<TableHealth>, wall: number = this.now()): SessionState {
    this.health = {
      ...this.health,
      ...patch,
      readers: { ...this.health.readers, ...patch.readers },
      counters: { ...this.health.counters, ...patch.counters },
      tray: patch.tray ? { ...patch.tray } : this.health.tray,
    };
    return this.publish(wall);
  }

  // ---- outputs ------------------------------------------------------------------------------------------------

  snapshot(wall: number = this.now()): SessionState {
    const c = this.cur;
    return {
      version: this.version,
      wall,
      handNo: c.handNo,
      handStartWall: c.started ? c.origin : null,
      config: c.config,
      hand: c.snap,
      handOver: c.over,
      tableAlerts: this.tableAlerts,
      health: this.health,
      clock: this.clock,
      level: this.level,
      roster: this.roster.list(),
      away: [...this.away].sort((a, b) => a - b),
      penalties: Object.fromEntries([...this.penalties].filter(([, n]) => n > 0).map(([k, n]) => [String(k), n])),
      floorLog: this.floorLog.list(),
    };
  }

  /**
   * The hand as it would be after `inputs` at `wall`, then a tick past the motion window (every motion read): the
   * hand's events replayed on a fresh engine state, nothing logged, published or kept. After a restart the reading
   * of what changed while the service was down tries its orders here (src/service/resume.ts).
   */
  trialHand(inputs: readonly TableEventInput[], wall: number = this.now()): HandSnapshot {
    const c = this.cur;
    let state = this.engine.createHand(c.config);
    // copies: the engine keeps parts of an event (a zone's chips) in its state, and the live state shares them; a
    // refused event leaves the state as the session keeps it
    const apply = (ev: TableEvent) => {
      state = evolve(this.engine, state, structuredClone(ev)).state;
    };
    for (const ev of c.events) apply(ev);
    let t = c.lastT;
    for (const input of inputs) {
      t = Math.max(t, Math.round(wall - c.origin));
      apply({ ...input, t } as TableEvent);
    }
    apply({ kind: 'tick', t: t + c.config.motionMs + 1 });
    return this.engine.snapshot(state);
  }

  /** the rules engine this session runs (for re-running logged hands the same way) */
  get rulesEngine(): HandEngine<EngineHand> {
    return this.engine;
  }

  /** True while chips read in a betting zone wait for the motion window's end before the engine reads them. */
  get motionPending(): boolean {
    return this.cancelMotion !== null;
  }

  get handNo(): number {
    return this.cur.handNo;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.cancelClock?.();
    this.cancelClock = null;
    this.cancelMotion?.();
    this.cancelMotion = null;
    this.cancelInfoExpiry?.();
    this.cancelInfoExpiry = null;
    this.removeAllListeners();
  }

  // ---- internals ----------------------------------------------------------------------------------------------

  private assertOpen(): void {
    if (this.closed) throw new SessionError('SESSION_CLOSED', 'the table session is closed');
  }

  private findTableAlert(id: number): TableAlert {
    const a = this.tableAlerts.find((x) => x.id === id);
    if (!a) throw new SessionError('UNKNOWN_ALERT', `no table alert ${id}`);
    return a;
  }

  private findHandAlert(id: number): Alert {
    const a = this.cur.snap.alerts.find((x) => x.id === id);
    if (!a) throw new SessionError('UNKNOWN_ALERT', `no alert ${id} in hand ${this.cur.handNo}`);
    return a;
  }

  /** A shuffle starts the next hand once the current one is over; before the first shuffle it takes the level. */
  private prepareShuffle(wall: number): void {
    const c = this.cur;
    if (c.started && c.over) {
      // fewer than two seats with chips: no next hand is dealt (the shuffle stays in the hand that ended)
      if (this.tableFinished(c, wall)) return;
      const next = this.nextConfig(c);
      if (!next) return;
      const { config, waits } = next;
      this.log.append('hand', c.handNo + 1, { config } satisfies HandRecord, wall);
      this.applyHandRecord(c.handNo + 1, { config }, wall);
      // the new players who sit this hand out (club 8-10), after the hand's record: dealt in at the next one
      for (const w of waits) {
        const rec: ConfigRecord = { waits: w };
        this.log.append('config', c.handNo + 1, rec, wall);
        this.applyConfigRecord(rec);
      }
    } else if (c.started && !c.over && c.snap.phase !== 'misdeal' && this.anythingDealt(c.snap)) {
      this.voidUnfinishedHand(c, wall);
    } else if (!c.started && !c.redeal) {
      // the first hand (or a new table's): the level and the absent seats as they stand at its shuffle (LOI 18)
      const absent = this.absentAtDeal(c.config.seats, c.handNo, wall);
      if (!this.levelDiffers(c.config) && sameSeats(absent, c.config.absent)) return;
      const config = {
        ...c.config,
        blinds: [...this.level.blinds] as [number, number],
        bbAnte: this.level.bbAnte,
        absent,
      };
      this.log.append('hand', c.handNo, { config } satisfies HandRecord, wall);
      this.beginHand(c.handNo, config, wall);
    }
  }

  /**
   * A hand ended and fewer than two seats have chips for the next one (the seats sitting down counted): the session
   * deals no next hand and says so once, with TABLE_FINISHED (its tournament text when the game is a tournament).
   * A misdeal's redeal is the same table: never finished.
   */
  private tableFinished(c: CurrentHand, wall: number): boolean {
    if (c.snap.phase === 'misdeal') return false;
    const seats: Record<number, number> = {};
    for (const [seat, stack] of Object.entries(c.snap.stacks)) if (stack > 0) seats[Number(seat)] = stack;
    for (const [seat, stack] of Object.entries(this.pendingSeats ?? {})) {
      if (stack > 0) seats[Number(seat)] = stack;
      else delete seats[Number(seat)];
    }
    const left = Object.entries(seats);
    if (left.length >= 2) return false;
    if (!this.tableAlerts.some((a) => a.code === 'TABLE_FINISHED' && a.hand === c.handNo)) {
      const facts = {
        ...(left.length === 1 ? { seat: Number(left[0][0]), amount: left[0][1] } : {}),
        handNo: c.handNo,
        ...(this.game === 'tournament' ? { variant: 'tournament' } : {}),
      };
      const text = alertRule('TABLE_FINISHED', facts, c.config.ruleset);
      this.raiseTableAlert({ code: 'TABLE_FINISHED', ...text, facts, seat: facts.seat ?? null }, wall);
    }
    return true;
  }

  private anythingDealt(snap: HandSnapshot): boolean {
    return snap.board.length > 0 || snap.burns.length > 0 || snap.seats.some((s) => s.cards.length > 0);
  }

  /**
   * The dealer shuffled before the hand was over: the cards are gathered and the hand cannot go on. Rather than read
   * the new deal into the old hand (every card a count error, for ever), the hand is void: every chip goes back to
   * the stacks of its start, and the next hand is dealt with the same button and blinds, as a misdeal's redeal is
   * (tda 35). The floor is told, with the hand's number, to check the stacks.
   */
  private voidUnfinishedHand(c: CurrentHand, wall: number): void {
    const facts = { handNo: c.handNo, phase: c.snap.phase };
    const text = alertRule('HAND_VOID', facts, c.config.ruleset);
    this.raiseTableAlert({ code: 'HAND_VOID', ...text, facts }, wall);
    const rec: HandRecord = { config: c.config, redeal: 'void' };
    this.log.append('hand', c.handNo + 1, rec, wall);
    this.applyHandRecord(c.handNo + 1, rec, wall);
  }

  private levelDiffers(config: TableConfig): boolean {
    return (
      config.blinds[0] !== this.level.blinds[0] ||
      config.blinds[1] !== this.level.blinds[1] ||
      config.bbAnte !== this.level.bbAnte
    );
  }

  private nextConfig(c: CurrentHand): { config: TableConfig; waits: { seat: number; stack: number }[] } | null {
    // A misdeal's redeal is an exact replay: same button, same blinds, no new player (tda 35).
    if (c.snap.phase === 'misdeal') return { config: c.config, waits: [] };
    const changes: { seats?: Record<number, number>; blinds?: [number, number]; bbAnte?: number } = {
      blinds: [...this.level.blinds],
      bbAnte: this.level.bbAnte,
    };
    if (this.pendingSeats) changes.seats = this.pendingSeats;
    try {
      const next = this.engine.nextHandConfig(c.config, c.snap, changes);
      this.pendingSeats = null;
      // the roster's share: seats sitting out leave the deal (stack parked), moves carry the stack (roster.ts)
      const { seats, ops } = this.roster.atShuffle(next.seats);
      for (const op of ops) {
        const rec: ConfigRecord = { roster: op };
        this.log.append('config', c.handNo + 1, rec, this.now());
        this.applyConfigRecord(rec);
      }
      const waits = this.newPlayersWaiting(c, { ...next, seats }, changes.seats ?? {});
      for (const w of waits) delete seats[w.seat];
      // who is absent at this deal is the session's to say (away, penalties), not the last hand's list
      return { config: { ...next, seats, absent: this.absentAtDeal(seats, c.handNo + 1, this.now()) }, waits };
    } catch (err) {
      this.reject(new SessionError('ENGINE_REJECTED', `no next hand: ${(err as Error).message}`, { cause: err }));
      return null;
    }
  }

  /**
   * Club 8-10: "Un nouveau joueur qu'on assoit à une place vacante le coup précédent et située à gauche du nouveau
   * donneur passe un coup. Le coup suivant il peut jouer mais la donne passe à sa gauche." A player sitting down on a
   * seat that was empty last hand, between the new button and the first blind (the dead button moves the big blind,
   * LOI 6 / club 8-6, so that seat posts no blind), sits this hand out; at the next hand the button, moving on to the
   * small blind's seat, passes to the left of the player, who is dealt in (and then, between the old button and the
   * new one, is the player of club 8-11: dealt in at once, the button going on to the left). A player who waited once
   * is not held again. The club's rule: the TDA rule texts say nothing of it (a new player is dealt in).
   */
  private newPlayersWaiting(
    c: CurrentHand,
    next: TableConfig,
    joining: Record<number, number>,
  ): { seat: number; stack: number }[] {
    if (next.ruleset !== 'club') return [];
    const occupied = Object.keys(next.seats)
      .map(Number)
      .sort((a, b) => a - b);
    if (occupied.length < 3) return [];
    const order = occupied.filter((x) => x !== next.button);
    // the seats clockwise from the button up to the first blind (excluded); by default the small blind is the first
    // seat left of the button, with no small blind (null) the big blind is the first
    const after = order.filter((x) => x > next.button).concat(order.filter((x) => x < next.button));
    const blind = next.sb === undefined ? after[0] : (next.sb ?? next.bb ?? after[0]);
    const between = after.slice(0, Math.max(0, after.indexOf(blind)));
    const out: { seat: number; stack: number }[] = [];
    for (const seat of between) {
      const stack = joining[seat] ?? 0;
      if (stack <= 0 || c.config.seats[seat] !== undefined || this.waited.has(seat)) continue;
      out.push({ seat, stack });
    }
    // two players at least are dealt
    return occupied.length - out.length >= 2 ? out : [];
  }

  /**
   * The seats absent at the deal of hand `handNo` dealt to `seats`: a seat serving a penalty (one hand of it counted
   * now, logged) or away from the table.
   */
  private absentAtDeal(seats: Record<number, number>, handNo: number, wall: number): number[] {
    const out: number[] = [];
    for (let seat = 1; seat <= 10; seat++) {
      if (seats[seat] === undefined) continue;
      const left = this.penalties.get(seat) ?? 0;
      if (left > 0) {
        out.push(seat);
        const rec: ConfigRecord = { penalty: { seat, hands: left - 1 } };
        this.log.append('config', handNo, rec, wall);
        this.applyConfigRecord(rec);
      } else if (this.away.has(seat)) out.push(seat);
    }
    return out;
  }

  private beginHand(handNo: number, config: TableConfig, wall: number, redeal?: 'void' | 'misdeal'): void {
    const state = this.engine.createHand(config);
    // a new player who waited a hand (club 8-10) is dealt in now: the rule is served
    for (const seat of [...this.waited]) if (config.seats[seat] !== undefined) this.waited.delete(seat);
    this.cur = {
      handNo,
      config,
      state,
      snap: this.engine.snapshot(state),
      started: false,
      over: false,
      origin: wall,
      originMono: this.monoOf(wall),
      lastT: 0,
      acked: new Set(),
      decisions: new Map(),
      events: [],
      incident: new Map(),
      misdealRep: 0,
      raisedWall: new Map(),
      ...(redeal ? { redeal } : {}),
    };
    // info alerts of the hands before this one have expired (and need no one)
    this.floorLog.expireInfo(handNo);
    this.setClock(null);
  }

  private applyRecord(rec: LogRecord): void {
    switch (rec.kind) {
      case 'hand':
        this.applyHandRecord(rec.hand, rec.data, rec.wall);
        return;
      case 'event':
        this.applyEvent(rec.data, rec.wall);
        return;
      case 'tableAlert':
        this.applyTableAlertRecord(rec.data, rec.wall);
        return;
      case 'config':
        this.applyConfigRecord(rec.data);
        return;
      case 'handEnd':
        return; // derived from the events before it
      default: {
        const never: never = rec;
        throw new SessionError('LOG_CORRUPT', `unknown log record ${JSON.stringify(never)}`);
      }
    }
  }

  private applyHandRecord(handNo: number, rec: HandRecord, wall: number): void {
    // the first hand's (or a new table's) absent seats are away until they sit down
    if (rec.restart || this.cur === undefined) this.away = new Set(rec.config.absent);
    if (rec.restart) {
      this.level = { blinds: [...rec.config.blinds], bbAnte: rec.config.bbAnte };
      this.pendingSeats = null;
    }
    // the next hand took the seat changes waiting for it (nextConfig): replayed, they are not taken twice (a redeal
    // takes none: they wait for the hand after it)
    if (!rec.restart && !rec.redeal && this.cur !== undefined && handNo > this.cur.handNo) this.pendingSeats = null;
    this.beginHand(handNo, rec.config, wall, rec.redeal);
  }

  private applyConfigRecord(rec: ConfigRecord): void {
    if (rec.level) this.level = { blinds: [...rec.level.blinds], bbAnte: rec.level.bbAnte };
    if (rec.seats) this.pendingSeats = { ...this.pendingSeats, ...rec.seats };
    if (rec.roster) {
      this.roster.apply(rec.roster);
      // a player moving seat takes their absence and their penalty along (tda 71: the hands left follow the player)
      if (rec.roster.op === 'moved') this.moveSeatState(rec.roster.from, rec.roster.to);
    }
    if (rec.absent) {
      if (rec.absent.absent) this.away.add(rec.absent.seat);
      else this.away.delete(rec.absent.seat);
    }
    if (rec.penalty) this.penalties.set(rec.penalty.seat, rec.penalty.hands);
    if (rec.waits) {
      this.pendingSeats = { ...this.pendingSeats, [rec.waits.seat]: rec.waits.stack };
      this.waited.add(rec.waits.seat);
    }
  }

  private moveSeatState(from: number, to: number): void {
    if (this.away.delete(from)) this.away.add(to);
    const left = this.penalties.get(from);
    if (left !== undefined) {
      this.penalties.delete(from);
      this.penalties.set(to, left);
    }
  }

  private applyTableAlertRecord(rec: TableAlertRecord, wall: number): void {
    if (rec.op === 'close') {
      this.floorLog.close(`h:${rec.hand}:${rec.id}`, { decision: rec.decision, by: rec.by, wall });
      return;
    }
    if (rec.op === 'raise') {
      this.nextTableAlertId = Math.max(this.nextTableAlertId, rec.alert.id + 1);
      const rep =
        rec.alert.incident === undefined ? undefined : this.tableAlerts.find((a) => a.id === rec.alert.incident);
      if (rep) {
        const counted = { ...rep, count: (rep.count ?? 1) + 1, lastWall: wall };
        this.tableAlerts = this.tableAlerts.map((a) => (a.id === rep.id ? counted : a));
        this.floorLog.syncTable(counted, this.monoOf(rep.wall));
      } else {
        const { incident: _incident, ...alert } = tableAlertFromLog(rec.alert);
        this.tableAlerts = boundTableAlerts([...this.tableAlerts, alert], this.tableAlertLimit);
        this.floorLog.syncTable(alert, this.monoOf(alert.wall));
      }
      if (!this.replaying) this.emit('alert', tableAlertFromLog(rec.alert));
      return;
    }
    if (rec.op === 'decision' && !this.tableAlerts.some((a) => a.id === rec.id))
      this.floorLog.close(`t:${rec.id}`, { decision: rec.decision, by: rec.by, wall });
    this.tableAlerts = this.tableAlerts.map((a) => {
      if (a.id !== rec.id) return a;
      const next =
        rec.op === 'ack'
          ? { ...a, acknowledged: true }
          : { ...a, acknowledged: true, decision: { decision: rec.decision, by: rec.by, wall } };
      this.floorLog.syncTable(next, this.monoOf(a.wall));
      return next;
    });
  }

  private applyEvent(ev: TableEvent, wall: number): void {
    const c = this.cur;
    if (!c.started && ev.kind === 'dealer' && ev.button === 'shuffle') {
      c.started = true;
      c.origin = wall - ev.t;
      c.originMono = this.monoOf(wall) - ev.t;
    }
    c.lastT = Math.max(c.lastT, ev.t);
    c.events.push(ev);
    const before = new Set(c.snap.alerts.map((a) => a.id));
    const step = evolve(this.engine, c.state, ev);
    c.state = step.state;
    if (step.refused) {
      const msg = `event refused: ${JSON.stringify(ev)}: ${step.refused.message}`;
      this.reject(new SessionError('ENGINE_REJECTED', msg, { cause: step.refused }));
      return;
    }
    if (ev.kind === 'ack') c.acked.add(ev.alertId);
    // the player is back at the table: present at the next deals too (LOI 8)
    if (ev.kind === 'sits') this.away.delete(ev.seat);
    if (ev.kind === 'floorDecision') c.decisions.set(ev.alertId, { decision: ev.decision, by: ev.by, t: ev.t });
    const raw = this.engine.snapshot(c.state);
    // the misdeal's incident ends with it: after the redeal, alerts are the new deal's
    if (c.misdealRep && raw.phase !== 'misdeal') c.misdealRep = 0;
    this.joinIncidents(c, raw.alerts, before, wall);
    c.snap = this.overlayAcks(raw, c);
    this.floorLog.syncHand(
      c.handNo,
      c.snap.alerts as SessionAlert[],
      wall,
      (a) => c.raisedWall.get(a.id) ?? wall,
      (w) => this.monoOf(w),
    );
    const wasOver = c.over;
    c.over = this.engine.isHandOver(c.state);
    // the hand is over: its info alerts (and earlier ones) have expired
    if (!wasOver && c.over) this.floorLog.expireInfo(c.handNo + 1);

    if (ev.kind === 'clock') {
      this.setClock({ seat: ev.seat, startedWall: wall, t: ev.t, limitMs: SHOT_CLOCK_MS + SHOT_CLOCK_COUNT_MS });
    } else if (this.clock) {
      const expired = c.snap.alerts.some((a) => a.code === 'CLOCK_EXPIRED' && !before.has(a.id));
      if (c.over || expired || c.snap.next?.toAct !== this.clock.seat) this.setClock(null);
    }

    if (!this.replaying) {
      for (const a of c.snap.alerts) if (!before.has(a.id)) this.emit('alert', a);
      if (!wasOver && c.over) {
        const end: HandEndRecord = {
          stacks: c.snap.stacks,
          pots: c.snap.pots,
          phase: c.snap.phase,
          board: c.snap.board,
        };
        this.log.append('handEnd', c.handNo, end, wall);
        this.emit('handEnd', { handNo: c.handNo, config: c.config, final: c.snap, wall });
        // a tournament's last hand: the table says at once that it is finished (a cash table waits for the shuffle:
        // a player may sit down before it)
        if (this.game === 'tournament') this.tableFinished(c, wall);
      }
    }
  }

  /**
   * The alerts an event raised join their incident (floorLog.ts): after the hand's MISDEAL every alert is the
   * misdeal's; the MISDEAL takes the alert that caused it (raised by the same event); otherwise a repeat of an open
   * alert (same code, severity, seat, zone, variant) is that alert's.
   */
  private joinIncidents(c: CurrentHand, alerts: readonly Alert[], before: ReadonlySet<number>, wall: number): void {
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
  private overlayAcks(snap: HandSnapshot, c: CurrentHand): HandSnapshot {
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

  private setClock(clock: ShotClock | null): void {
    this.cancelClock?.();
    this.cancelClock = null;
    this.clock = clock;
    if (clock && !this.replaying) this.armClock(clock);
  }

  /**
   * Chips read in a betting zone are one motion until the motion window passes; the engine only learns that time
   * has passed from an event. When the table stays quiet, a tick at the window's end lets it read the motion (and
   * the tablet show the next seat to act) without waiting for the next sensor event.
   */
  private armMotionTick(t: number): void {
    this.cancelMotion?.();
    const c = this.cur;
    const due = t + c.config.motionMs + 1;
    this.cancelMotion = this.schedule(Math.max(0, due - this.handTime()), () => {
      this.cancelMotion = null;
      if (this.closed || this.cur !== c || c.lastT >= due) return;
      try {
        this.ingestAt({ kind: 'tick' }, this.now(), due);
      } catch (err) {
        this.reject(new SessionError('ENGINE_REJECTED', `tick refused: ${(err as Error).message}`, { cause: err }));
      }
    });
  }

  /** At the end of the count the engine gets a tick, so that it can raise CLOCK_EXPIRED (LOI 5). */
  private armClock(clock: ShotClock): void {
    const left = Math.max(0, clock.t + clock.limitMs - this.handTime());
    this.cancelClock = this.schedule(left + 1, () => {
      this.cancelClock = null;
      if (!this.closed && this.clock === clock) this.ingest({ kind: 'tick' });
    });
  }

  /**
   * The monotonic time of something that happened at `wall`: now on the monotonic clock, less how long ago it was
   * on the wall clock (an event read a moment before it is ingested), that lag taken within [0, MAX_EVENT_LAG_MS]
   * so that a jump of the wall clock moves nothing by more (a record replayed after a restart counts as at most that
   * old: the hand's time resumes where the log left it).
   */
  private monoOf(wall: number): number {
    if (this.oneClock) return wall;
    const lag = this.now() - wall;
    return this.mono() - (Number.isFinite(lag) ? Math.min(MAX_EVENT_LAG_MS, Math.max(0, lag)) : 0);
  }

  /** the current hand's time now (ms since its t = 0, monotonic) */
  private handTime(): number {
    return this.mono() - this.cur.originMono;
  }

  private reject(err: SessionError): void {
    if (!this.replaying) this.emit('rejected', err);
  }

  private publish(wall: number): SessionState {
    this.version++;
    if (!this.replaying) {
      this.floorLog.expireInfoOlderThan(this.mono(), this.infoExpiryMs);
      this.armInfoExpiry();
    }
    const s = this.snapshot(wall);
    if (!this.replaying) this.emit('state', s);
    return s;
  }

  /** The next open info alert's expiry, on the monotonic clock: a state is published then (nothing is logged: the
   * age is the clock's, and a replay arms it again). */
  private armInfoExpiry(): void {
    const due = this.floorLog.nextInfoExpiry(this.infoExpiryMs);
    if (due === this.infoDue) return;
    this.cancelInfoExpiry?.();
    this.cancelInfoExpiry = null;
    this.infoDue = due;
    if (due === null) return;
    this.cancelInfoExpiry = this.schedule(Math.max(0, due - this.mono()) + 1, () => {
      this.cancelInfoExpiry = null;
      this.infoDue = null;
      if (this.closed) return;
      if (this.floorLog.expireInfoOlderThan(this.mono(), this.infoExpiryMs) > 0) this.publish(this.now());
      else this.armInfoExpiry();
    });
  }
}
