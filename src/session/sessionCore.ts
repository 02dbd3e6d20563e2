// The table session's state and what every part of it stands on: the engine it runs, its clocks, the log, the hand
// under way, the seats, the table alerts and the timers. TableSession (TableSession.ts) is a thin class over one
// SessionCore; the functions of handEvents.ts, handLifecycle.ts, seatChanges.ts, tableAlerts.ts, floorDecisions.ts,
// sessionView.ts and recovery.ts act on it.
import type { EventEmitter } from 'node:events';
import { monotonicNow, wallNow } from '../clock/index.js';
import type { Alert, HandSnapshot, TableConfig, TableEvent } from '../engine/types.js';
import { SessionError } from './errors.js';
import type { ReplayEngine } from './evolve.js';
import { FloorLog } from './floorLog.js';
import type { EventLog } from './log.js';
import { Roster } from './roster.js';
import {
  type BlindLevel,
  type HandEndInfo,
  type SessionState,
  type ShotClock,
  TABLE_ALERT_ID_BASE,
  type TableAlert,
  type TableHealth,
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
export type EngineHand = unknown;

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

export interface CurrentHand {
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

/** the most an event's wall time may lie before its ingestion and still count (monoOf) */
export const MAX_EVENT_LAG_MS = 60_000;

const defaultSchedule = (ms: number, fn: () => void): (() => void) => {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

export class SessionCore {
  readonly log: EventLog;
  readonly now: () => number;
  readonly mono: () => number;
  /** one injected clock for both (tests): the wall given with an event is its time, as it was */
  readonly oneClock: boolean;
  readonly engine: HandEngine<EngineHand>;
  readonly schedule: (ms: number, fn: () => void) => () => void;
  readonly tableAlertLimit: number;
  /** where the session's events go (the TableSession itself) */
  readonly events: EventEmitter<SessionEvents>;
  cur!: CurrentHand;
  level: BlindLevel;
  pendingSeats: Record<number, number> | null = null;
  /** who sits where (src/session/roster.ts): names, sitting out, moves */
  readonly roster = new Roster();
  /** seats away from the table: absent at the next deals until the player sits down (LOI 8, club 2-18, 3-2) */
  away = new Set<number>();
  /** seat -> penalty hands still to serve, from the next shuffle (tda 71; dealt in and killed, tda 35) */
  readonly penalties = new Map<number, number>();
  /** new players who sat one hand out at the left of the button (club 8-10): dealt in at the next hand, not held again */
  readonly waited = new Set<number>();
  tableAlerts: TableAlert[] = [];
  /** the floor's history (every incident, open ones first), rebuilt by replaying the log */
  readonly floorLog = new FloorLog();
  readonly infoExpiryMs: number;
  cancelInfoExpiry: (() => void) | null = null;
  infoDue: number | null = null;
  nextTableAlertId = TABLE_ALERT_ID_BASE;
  clock: ShotClock | null = null;
  cancelClock: (() => void) | null = null;
  cancelMotion: (() => void) | null = null;
  health: TableHealth = {
    link: 'unknown',
    panel: 'unknown',
    readers: {},
    tray: {},
    scanMs: null,
    counters: {},
    source: 'none',
  };
  version = 0;
  replaying = false;
  readonly game: 'cash' | 'tournament';
  closed = false;
  /** a count between hands (TableSession.divertChips): the chips read in a betting zone go here, not to the engine */
  chipsDiverted: ((seat: number, chips: number[]) => void) | null = null;

  constructor(opts: TableSessionOptions, engine: HandEngine<EngineHand>, events: EventEmitter<SessionEvents>) {
    this.log = opts.log;
    this.now = opts.now ?? wallNow;
    this.mono = opts.mono ?? opts.now ?? monotonicNow;
    this.oneClock = opts.mono === undefined && opts.now !== undefined;
    this.engine = engine;
    this.events = events;
    this.schedule = opts.schedule ?? defaultSchedule;
    this.tableAlertLimit = opts.tableAlertLimit ?? 200;
    this.infoExpiryMs = opts.infoExpiryMs ?? 600_000;
    this.game = opts.game ?? 'cash';
    this.level = { blinds: [...opts.config.blinds], bbAnte: opts.config.bbAnte };
  }
}

export function assertOpen(ctx: SessionCore): void {
  if (ctx.closed) throw new SessionError('SESSION_CLOSED', 'the table session is closed');
}

/**
 * The monotonic time of something that happened at `wall`: now on the monotonic clock, less how long ago it was
 * on the wall clock (an event read a moment before it is ingested), that lag taken within [0, MAX_EVENT_LAG_MS]
 * so that a jump of the wall clock moves nothing by more (a record replayed after a restart counts as at most that
 * old: the hand's time resumes where the log left it).
 */
export function monoOf(ctx: SessionCore, wall: number): number {
  if (ctx.oneClock) return wall;
  const lag = ctx.now() - wall;
  return ctx.mono() - (Number.isFinite(lag) ? Math.min(MAX_EVENT_LAG_MS, Math.max(0, lag)) : 0);
}

/** the current hand's time now (ms since its t = 0, monotonic) */
export function handTime(ctx: SessionCore): number {
  return ctx.mono() - ctx.cur.originMono;
}

export function reject(ctx: SessionCore, err: SessionError): void {
  if (!ctx.replaying) ctx.events.emit('rejected', err);
}

/** the shot clock stopped: nothing counts, nothing is due (handEvents.ts setClock starts one) */
export function stopClock(ctx: SessionCore): void {
  ctx.cancelClock?.();
  ctx.cancelClock = null;
  ctx.clock = null;
}
