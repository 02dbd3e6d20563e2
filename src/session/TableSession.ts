// The table session: one hand at a time through the engine, the next hand by the dead button, blind levels from
// the next shuffle, every record written to the log BEFORE it is acted on, and recovery by replaying that log.
// This class is the session's public face over one SessionCore (sessionCore.ts: its state, clocks and log); each
// concern is a module of functions over that core: a table event and its timers (handEvents.ts), the hand's lifecycle
// and the shuffle (handLifecycle.ts), the seats between hands (seatChanges.ts), the table alerts and incidents
// (tableAlerts.ts), the floor's answers and rulings (floorDecisions.ts), the published state (sessionView.ts) and the
// replay of the log (recovery.ts).

import { EventEmitter } from 'node:events';
import type { HandSnapshot, TableConfig } from '../engine/types.js';
import { SessionError } from './errors.js';
import { acknowledge, decide, floorAward, floorMisdeal, floorStands, floorVoid } from './floorDecisions.js';
import { ingest } from './handEvents.js';
import { beginHand, restartTable } from './handLifecycle.js';
import type { EventLog } from './log.js';
import { replayLog } from './recovery.js';
import type { RosterOp } from './roster.js';
import { changeRoster, changeSeats, penalise, pendingSeatChanges, setAbsent, setLevel } from './seatChanges.js';
import {
  type EngineHand,
  type HandEngine,
  SessionCore,
  type SessionEvents,
  type TableSessionOptions,
} from './sessionCore.js';
import { setHealth, snapshot, trialHand } from './sessionView.js';
import { callFloor, raiseTableAlert } from './tableAlerts.js';
import type {
  BlindLevel,
  HandRecord,
  SessionState,
  TableAlert,
  TableAlertInput,
  TableEventInput,
  TableHealth,
} from './types.js';

export {
  type HandEngine,
  MAX_EVENT_LAG_MS,
  type SessionEvents,
  type TableSessionOptions,
} from './sessionCore.js';
export { boundTableAlerts } from './tableAlerts.js';

export class TableSession extends EventEmitter<SessionEvents> {
  /** src/session/index.ts registers src/engine here, so that this file loads without the engine (unit tests). */
  static defaultEngine: HandEngine<EngineHand> | null = null;
  private readonly core: SessionCore;

  constructor(opts: TableSessionOptions, fresh = true) {
    super();
    const impl = opts.engine ?? TableSession.defaultEngine;
    if (!impl)
      throw new SessionError('ENGINE_REJECTED', 'no rules engine: import TableSession from src/session/index.js');
    const core = new SessionCore(opts, impl, this);
    this.core = core;
    if (fresh) {
      core.away = new Set(opts.config.absent);
      const wall = core.now();
      core.log.append('hand', 1, { config: opts.config } satisfies HandRecord, wall);
      beginHand(core, 1, opts.config, wall);
    }
  }

  /** Rebuilds the session by replaying the log: the current hand exactly, alerts acknowledged or not. */
  static recover(log: EventLog, opts: Omit<TableSessionOptions, 'log'>): TableSession {
    const s = new TableSession({ ...opts, log }, false);
    replayLog(s.core, log, opts.config);
    return s;
  }

  // ---- inputs -------------------------------------------------------------------------------------------------

  /** A table event (from the table layer, the panel or the dealer's tablet). Logged, then applied. */
  ingest(input: TableEventInput, wall: number = this.core.now()): SessionState {
    return ingest(this.core, input, wall);
  }

  /**
   * A count between hands (a tournament's break, src/room/tableBreak.ts): while set, and no hand is under way, the
   * chips read in a betting zone are each seat's whole stack pushed there to be counted, given to `read` and not to
   * the engine (they are no bet; neither logged nor replayed). null: back to the engine.
   */
  divertChips(read: ((seat: number, chips: number[]) => void) | null): void {
    this.core.chipsDiverted = read;
  }

  /** Acknowledges an alert (engine alert of the current hand, or a table alert). */
  acknowledge(alertId: number, by = 'dealer', wall: number = this.core.now()): SessionState {
    return acknowledge(this.core, alertId, by, wall);
  }

  /**
   * Records a floor decision on an alert: who decided what. One decision closes the whole incident (every alert
   * that repeats it). `hand`: the hand an engine alert belongs to, when not the current one (its alert is closed in
   * the floor's history: the hand is over, the engine is not told).
   */
  decide(alertId: number, decision: string, by: string, wall: number = this.core.now(), hand?: number): SessionState {
    return decide(this.core, alertId, decision, by, wall, hand);
  }

  /**
   * The dealer calls the floor (the tablet's "Call the floor", or the panel's floor button): a FLOOR_CALLED stop alert
   * with the seat and the reason picked, which holds the hand until the floor decides. A second call while the first
   * waits is the same incident (counted there).
   */
  callFloor(call: { seat?: number | null; reason?: string }, wall: number = this.core.now()): TableAlert {
    return callFloor(this.core, call, wall);
  }

  /** An alert from the table or hardware layer (READER_FAULT, LINK_LOST, CARD_UNKNOWN, ...). */
  raiseTableAlert(input: TableAlertInput, wall: number = this.core.now()): TableAlert {
    return raiseTableAlert(this.core, input, wall);
  }

  /** A new blind level: applies from the next shuffle on (LOI 18, club 8-5). */
  setLevel(level: BlindLevel, wall: number = this.core.now()): SessionState {
    return setLevel(this.core, level, wall);
  }

  /** The seat changes waiting for the next shuffle (seat -> stack joining, 0 leaving), or null. */
  pendingSeatChanges(): Record<number, number> | null {
    return pendingSeatChanges(this.core);
  }

  /** Seats joining (stack) or leaving (0) from the next hand on. */
  changeSeats(seats: Record<number, number>, wall: number = this.core.now()): SessionState {
    return changeSeats(this.core, seats, wall);
  }

  /** A roster change from the floor (seat a named player, move, remove, sit out): see seatChanges.ts. */
  changeRoster(op: RosterOp, wall: number = this.core.now()): SessionState {
    return changeRoster(this.core, op, wall);
  }

  /** A player away from the table (`absent` true) or back (false), from the next shuffle on (LOI 8): seatChanges.ts. */
  setAbsent(seat: number, absent: boolean, wall: number = this.core.now()): SessionState {
    return setAbsent(this.core, seat, absent, wall);
  }

  /** A penalty of `hands` hands (tda 71; 0 lifts it) from the end of the hand under way on: seatChanges.ts. */
  penalise(seat: number, hands: number, wall: number = this.core.now()): SessionState {
    return penalise(this.core, seat, hands, wall);
  }

  /** The floor declares a misdeal: the same hand dealt again from its shuffle (tda 35; floorDecisions.ts). */
  floorMisdeal(reason: string, by = 'floor', wall: number = this.core.now()): SessionState {
    return floorMisdeal(this.core, reason, by, wall);
  }

  /** The floor voids the hand: every chip back to the stacks of its start (tda 35; floorDecisions.ts). */
  floorVoid(reason: string, by = 'floor', wall: number = this.core.now()): SessionState {
    return floorVoid(this.core, reason, by, wall);
  }

  /** The floor rules that the hand stands: play goes on as the cards and chips lie (tda 35; floorDecisions.ts). */
  floorStands(reason: string, by = 'floor', wall: number = this.core.now()): SessionState {
    return floorStands(this.core, reason, by, wall);
  }

  /** The floor awards pot `pot` (0: the main pot) to `seats` at a showdown it must decide (LOI 3, 4; floorDecisions.ts). */
  floorAward(pot: number, seats: readonly number[], by = 'floor', wall: number = this.core.now()): SessionState {
    return floorAward(this.core, pot, seats, by, wall);
  }

  /**
   * A new table from the next hand on, whatever the current hand's state: the simulator starting afresh, or the
   * operator re-seating the table. The hand under way (if any) stays in the log unfinished.
   */
  restartTable(config: TableConfig, wall: number = this.core.now()): SessionState {
    return restartTable(this.core, config, wall);
  }

  /** Transient hardware health (links, readers, tray): published, not logged. */
  setHealth(patch: Partial<TableHealth>, wall: number = this.core.now()): SessionState {
    return setHealth(this.core, patch, wall);
  }

  // ---- outputs ------------------------------------------------------------------------------------------------

  snapshot(wall: number = this.core.now()): SessionState {
    return snapshot(this.core, wall);
  }

  /**
   * The hand as it would be after `inputs` at `wall`, then a tick past the motion window (every motion read): the
   * hand's events replayed on a fresh engine state, nothing logged, published or kept. After a restart the reading
   * of what changed while the service was down tries its orders here (src/service/resume.ts).
   */
  trialHand(inputs: readonly TableEventInput[], wall: number = this.core.now()): HandSnapshot {
    return trialHand(this.core, inputs, wall);
  }

  /** the rules engine this session runs (for re-running logged hands the same way) */
  get rulesEngine(): HandEngine<EngineHand> {
    return this.core.engine;
  }

  /** True while chips read in a betting zone wait for the motion window's end before the engine reads them. */
  get motionPending(): boolean {
    return this.core.cancelMotion !== null;
  }

  get handNo(): number {
    return this.core.cur.handNo;
  }

  close(): void {
    const core = this.core;
    if (core.closed) return;
    core.closed = true;
    core.cancelClock?.();
    core.cancelClock = null;
    core.cancelMotion?.();
    core.cancelMotion = null;
    core.cancelInfoExpiry?.();
    core.cancelInfoExpiry = null;
    this.removeAllListeners();
  }
}
