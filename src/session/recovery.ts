// Recovery: the session rebuilt by replaying its log, every record applied as when it was written (nothing emitted,
// nothing logged again), then the timers armed again.
import type { TableConfig } from '../engine/types.js';
import { SessionError } from './errors.js';
import { applyEvent, armClock } from './handEvents.js';
import { applyHandRecord, beginHand } from './handLifecycle.js';
import type { EventLog, LogRecord } from './log.js';
import { applyConfigRecord } from './seatChanges.js';
import type { SessionCore } from './sessionCore.js';
import { armInfoExpiry } from './sessionView.js';
import { applyTableAlertRecord } from './tableAlerts.js';
import type { HandRecord } from './types.js';

/** Rebuilds the session by replaying the log: the current hand exactly, alerts acknowledged or not. `config`: the
 * first hand's table when the log holds no hand yet. */
export function replayLog(ctx: SessionCore, log: EventLog, config: TableConfig): void {
  ctx.replaying = true;
  let sawHand = false;
  for (const rec of log.records()) {
    if (rec.kind === 'hand') sawHand = true;
    else if (!sawHand && rec.kind !== 'config') continue;
    applyRecord(ctx, rec);
  }
  ctx.replaying = false;
  if (!sawHand) {
    const wall = ctx.now();
    log.append('hand', 1, { config } satisfies HandRecord, wall);
    beginHand(ctx, 1, config, wall);
  }
  if (ctx.clock) armClock(ctx, ctx.clock);
  // info alerts replayed: those past their age expire now, the next one's expiry is armed
  ctx.floorLog.expireInfoOlderThan(ctx.mono(), ctx.infoExpiryMs);
  armInfoExpiry(ctx);
}

export function applyRecord(ctx: SessionCore, rec: LogRecord): void {
  switch (rec.kind) {
    case 'hand':
      applyHandRecord(ctx, rec.hand, rec.data, rec.wall);
      return;
    case 'event':
      applyEvent(ctx, rec.data, rec.wall);
      return;
    case 'tableAlert':
      applyTableAlertRecord(ctx, rec.data, rec.wall);
      return;
    case 'config':
      applyConfigRecord(ctx, rec.data);
      return;
    case 'handEnd':
      return; // derived from the events before it
    default: {
      const never: never = rec;
      throw new SessionError('LOG_CORRUPT', `unknown log record ${JSON.stringify(never)}`);
    }
  }
}
