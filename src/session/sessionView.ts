// What the table session shows: the state it publishes (snapshot, publish, the info alerts' expiry that publishes
// again), the hardware health it carries, and a trial of the hand under way that changes nothing.
import type { HandSnapshot, TableEvent } from '../engine/types.js';
import { evolve } from './evolve.js';
import type { SessionCore } from './sessionCore.js';
import type { SessionState, TableEventInput, TableHealth } from './types.js';

export function snapshot(ctx: SessionCore, wall: number = ctx.now()): SessionState {
  const c = ctx.cur;
  return {
    version: ctx.version,
    wall,
    handNo: c.handNo,
    handStartWall: c.started ? c.origin : null,
    config: c.config,
    hand: c.snap,
    handOver: c.over,
    tableAlerts: ctx.tableAlerts,
    health: ctx.health,
    clock: ctx.clock,
    level: ctx.level,
    roster: ctx.roster.list(),
    away: [...ctx.away].sort((a, b) => a - b),
    penalties: Object.fromEntries([...ctx.penalties].filter(([, n]) => n > 0).map(([k, n]) => [String(k), n])),
    floorLog: ctx.floorLog.list(),
  };
}

export function publish(ctx: SessionCore, wall: number): SessionState {
  ctx.version++;
  if (!ctx.replaying) {
    ctx.floorLog.expireInfoOlderThan(ctx.mono(), ctx.infoExpiryMs);
    armInfoExpiry(ctx);
  }
  const s = snapshot(ctx, wall);
  if (!ctx.replaying) ctx.events.emit('state', s);
  return s;
}

/** The next open info alert's expiry, on the monotonic clock: a state is published then (nothing is logged: the
 * age is the clock's, and a replay arms it again). */
export function armInfoExpiry(ctx: SessionCore): void {
  const due = ctx.floorLog.nextInfoExpiry(ctx.infoExpiryMs);
  if (due === ctx.infoDue) return;
  ctx.cancelInfoExpiry?.();
  ctx.cancelInfoExpiry = null;
  ctx.infoDue = due;
  if (due === null) return;
  ctx.cancelInfoExpiry = ctx.schedule(Math.max(0, due - ctx.mono()) + 1, () => {
    ctx.cancelInfoExpiry = null;
    ctx.infoDue = null;
    if (ctx.closed) return;
    if (ctx.floorLog.expireInfoOlderThan(ctx.mono(), ctx.infoExpiryMs) > 0) publish(ctx, ctx.now());
    else armInfoExpiry(ctx);
  });
}

/** Transient hardware health (links, readers, tray): published, not logged. */
export function setHealth(ctx: SessionCore, patch: Partial<TableHealth>, wall: number = ctx.now()): SessionState {
  ctx.health = {
    ...ctx.health,
    ...patch,
    readers: { ...ctx.health.readers, ...patch.readers },
    counters: { ...ctx.health.counters, ...patch.counters },
    tray: patch.tray ? { ...patch.tray } : ctx.health.tray,
  };
  return publish(ctx, wall);
}

/**
 * The hand as it would be after `inputs` at `wall`, then a tick past the motion window (every motion read): the
 * hand's events replayed on a fresh engine state, nothing logged, published or kept. After a restart the reading
 * of what changed while the service was down tries its orders here (src/service/resume.ts).
 */
export function trialHand(
  ctx: SessionCore,
  inputs: readonly TableEventInput[],
  wall: number = ctx.now(),
): HandSnapshot {
  const c = ctx.cur;
  let state = ctx.engine.createHand(c.config);
  // copies: the engine keeps parts of an event (a zone's chips) in its state, and the live state shares them; a
  // refused event leaves the state as the session keeps it
  const apply = (ev: TableEvent) => {
    state = evolve(ctx.engine, state, structuredClone(ev)).state;
  };
  for (const ev of c.events) apply(ev);
  let t = c.lastT;
  for (const input of inputs) {
    t = Math.max(t, Math.round(wall - c.origin));
    apply({ ...input, t } as TableEvent);
  }
  apply({ kind: 'tick', t: t + c.config.motionMs + 1 });
  return ctx.engine.snapshot(state);
}
