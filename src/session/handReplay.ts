// One logged hand, stepped through event by event (the floor view's "step through a hand").
import type { HandSnapshot, TableConfig, TableEvent } from '../engine/types.js';
import { SessionError } from './errors.js';
import type { EventLog } from './log.js';
import { type HandEngine, TableSession } from './TableSession.js';
import type { HandRecord } from './types.js';

export interface HandStep {
  event: TableEvent;
  /** wall ms when the event was logged */
  wall: number;
  hand: HandSnapshot;
}

export interface LoggedHand {
  handNo: number;
  config: TableConfig;
  startWall: number;
  events: Array<{ event: TableEvent; wall: number }>;
  ended: boolean;
}

/** The records of one hand: the last 'hand' record for it (a level set before the shuffle rewrites it), its events. */
export function loggedHand(log: EventLog, handNo: number): LoggedHand | null {
  let found: LoggedHand | null = null;
  for (const r of log.records()) {
    if (r.hand !== handNo) continue;
    if (r.kind === 'hand') {
      found = { handNo, config: (r.data as HandRecord).config, startWall: r.wall, events: [], ended: false };
    } else if (found && r.kind === 'event') found.events.push({ event: r.data as TableEvent, wall: r.wall });
    else if (found && r.kind === 'handEnd') found.ended = true;
  }
  return found;
}

/** The hands in the log, in order: number, start, whether it ended. */
export function loggedHands(log: EventLog): Array<{ handNo: number; startWall: number; ended: boolean; events: number }> {
  const out = new Map<number, { handNo: number; startWall: number; ended: boolean; events: number }>();
  for (const r of log.records()) {
    if (r.kind === 'hand' && !out.has(r.hand)) out.set(r.hand, { handNo: r.hand, startWall: r.wall, ended: false, events: 0 });
    const h = out.get(r.hand);
    if (!h) continue;
    if (r.kind === 'event') h.events++;
    if (r.kind === 'handEnd') h.ended = true;
  }
  return [...out.values()];
}

/** Re-runs a logged hand through the engine, one snapshot per event. */
export function replayHand(hand: LoggedHand, engine: HandEngine<unknown> | null = TableSession.defaultEngine): HandStep[] {
  if (!engine) throw new SessionError('ENGINE_REJECTED', 'no rules engine registered');
  let state = engine.createHand(hand.config);
  const steps: HandStep[] = [];
  for (const { event, wall } of hand.events) {
    try {
      state = engine.applyEvent(state, event);
    } catch {
      // the live session refused it too: the state stays as it was
    }
    steps.push({ event, wall, hand: engine.snapshot(state) });
  }
  return steps;
}
