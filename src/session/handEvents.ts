// A table event through the session: logged, then applied to the engine (evolve.ts), the hand's alerts joined to
// their incidents, the hand's end written down; and the timers that give the engine a tick when time alone matters
// (the motion window's end, the shot clock's).
import type { TableEvent } from '../engine/types.js';
import { SessionError } from './errors.js';
import { evolve } from './evolve.js';
import type { SessionAlert } from './floorLog.js';
import { prepareShuffle, tableFinished } from './handLifecycle.js';
import { assertOpen, handTime, monoOf, reject, type SessionCore, stopClock } from './sessionCore.js';
import { publish, snapshot } from './sessionView.js';
import { callFloor, joinIncidents, overlayAcks } from './tableAlerts.js';
import {
  type HandEndRecord,
  type SessionState,
  SHOT_CLOCK_COUNT_MS,
  SHOT_CLOCK_MS,
  type ShotClock,
  type TableEventInput,
} from './types.js';

/** A table event (from the table layer, the panel or the dealer's tablet). Logged, then applied. */
export function ingest(ctx: SessionCore, input: TableEventInput, wall: number = ctx.now()): SessionState {
  return ingestAt(ctx, input, wall, 0);
}

/** ingest, at hand time `minT` at least (a tick due then) */
export function ingestAt(ctx: SessionCore, input: TableEventInput, wall: number, minT: number): SessionState {
  assertOpen(ctx);
  if (input.kind === 'chips' && ctx.chipsDiverted && (!ctx.cur.started || ctx.cur.over)) {
    ctx.chipsDiverted(input.seat, [...input.chips]);
    return snapshot(ctx);
  }
  if (input.kind === 'dealer' && input.button === 'shuffle') prepareShuffle(ctx, wall);
  const c = ctx.cur;
  let t: number;
  if (!c.started && input.kind === 'dealer' && input.button === 'shuffle') t = c.lastT;
  else t = Math.max(c.lastT, minT, Math.round(monoOf(ctx, wall) - c.originMono));
  const ev = { ...input, t } as TableEvent;
  ctx.log.append('event', c.handNo, ev, wall);
  applyEvent(ctx, ev, wall);
  if (ev.kind === 'chips') armMotionTick(ctx, ev.t);
  // the panel's floor button: the floor is called as from the tablet (no seat, no reason given)
  if (ev.kind === 'dealer' && ev.button === 'floor') callFloor(ctx, {}, wall);
  return publish(ctx, wall);
}

export function applyEvent(ctx: SessionCore, ev: TableEvent, wall: number): void {
  const c = ctx.cur;
  if (!c.started && ev.kind === 'dealer' && ev.button === 'shuffle') {
    c.started = true;
    c.origin = wall - ev.t;
    c.originMono = monoOf(ctx, wall) - ev.t;
  }
  c.lastT = Math.max(c.lastT, ev.t);
  c.events.push(ev);
  const before = new Set(c.snap.alerts.map((a) => a.id));
  const step = evolve(ctx.engine, c.state, ev);
  c.state = step.state;
  if (step.refused) {
    const msg = `event refused: ${JSON.stringify(ev)}: ${step.refused.message}`;
    reject(ctx, new SessionError('ENGINE_REJECTED', msg, { cause: step.refused }));
    return;
  }
  if (ev.kind === 'ack') c.acked.add(ev.alertId);
  // the player is back at the table: present at the next deals too (LOI 8)
  if (ev.kind === 'sits') ctx.away.delete(ev.seat);
  if (ev.kind === 'floorDecision') c.decisions.set(ev.alertId, { decision: ev.decision, by: ev.by, t: ev.t });
  const raw = ctx.engine.snapshot(c.state);
  // the misdeal's incident ends with it: after the redeal, alerts are the new deal's
  if (c.misdealRep && raw.phase !== 'misdeal') c.misdealRep = 0;
  joinIncidents(c, raw.alerts, before, wall);
  c.snap = overlayAcks(raw, c);
  ctx.floorLog.syncHand(
    c.handNo,
    c.snap.alerts as SessionAlert[],
    wall,
    (a) => c.raisedWall.get(a.id) ?? wall,
    (w) => monoOf(ctx, w),
  );
  const wasOver = c.over;
  c.over = ctx.engine.isHandOver(c.state);
  // the hand is over: its info alerts (and earlier ones) have expired
  if (!wasOver && c.over) ctx.floorLog.expireInfo(c.handNo + 1);

  if (ev.kind === 'clock') {
    setClock(ctx, { seat: ev.seat, startedWall: wall, t: ev.t, limitMs: SHOT_CLOCK_MS + SHOT_CLOCK_COUNT_MS });
  } else if (ctx.clock) {
    const expired = c.snap.alerts.some((a) => a.code === 'CLOCK_EXPIRED' && !before.has(a.id));
    if (c.over || expired || c.snap.next?.toAct !== ctx.clock.seat) setClock(ctx, null);
  }

  if (!ctx.replaying) {
    for (const a of c.snap.alerts) if (!before.has(a.id)) ctx.events.emit('alert', a);
    if (!wasOver && c.over) {
      const end: HandEndRecord = {
        stacks: c.snap.stacks,
        pots: c.snap.pots,
        phase: c.snap.phase,
        board: c.snap.board,
      };
      ctx.log.append('handEnd', c.handNo, end, wall);
      ctx.events.emit('handEnd', { handNo: c.handNo, config: c.config, final: c.snap, wall });
      // a tournament's last hand: the table says at once that it is finished (a cash table waits for the shuffle:
      // a player may sit down before it)
      if (ctx.game === 'tournament') tableFinished(ctx, c, wall);
    }
  }
}

export function setClock(ctx: SessionCore, clock: ShotClock | null): void {
  stopClock(ctx);
  ctx.clock = clock;
  if (clock && !ctx.replaying) armClock(ctx, clock);
}

/**
 * Chips read in a betting zone are one motion until the motion window passes; the engine only learns that time
 * has passed from an event. When the table stays quiet, a tick at the window's end lets it read the motion (and
 * the tablet show the next seat to act) without waiting for the next sensor event.
 */
export function armMotionTick(ctx: SessionCore, t: number): void {
  ctx.cancelMotion?.();
  const c = ctx.cur;
  const due = t + c.config.motionMs + 1;
  ctx.cancelMotion = ctx.schedule(Math.max(0, due - handTime(ctx)), () => {
    ctx.cancelMotion = null;
    if (ctx.closed || ctx.cur !== c || c.lastT >= due) return;
    try {
      ingestAt(ctx, { kind: 'tick' }, ctx.now(), due);
    } catch (err) {
      reject(ctx, new SessionError('ENGINE_REJECTED', `tick refused: ${(err as Error).message}`, { cause: err }));
    }
  });
}

/** At the end of the count the engine gets a tick, so that it can raise CLOCK_EXPIRED (LOI 5). */
export function armClock(ctx: SessionCore, clock: ShotClock): void {
  const left = Math.max(0, clock.t + clock.limitMs - handTime(ctx));
  ctx.cancelClock = ctx.schedule(left + 1, () => {
    ctx.cancelClock = null;
    if (!ctx.closed && ctx.clock === clock) ingest(ctx, { kind: 'tick' });
  });
}
