// What the tablet's and the floor's websocket messages do: each becomes a session input (declarations and buttons
// are TableEvents, logged by the session), answered with what the engine did with it (outcomes.ts).
import { type SessionState, TABLE_ALERT_ID_BASE } from '../session/types.js';
import type { Role } from '../views/liveState.js';
import type { TableContext } from './context.js';
import { floorRuling, rulingEvent } from './floorRulings.js';
import { type InboundMessage, MessageError } from './messages.js';
import { type TapOutcome, tapOutcome } from './outcomes.js';
import { resyncOutcome } from './resync.js';

/** the alerts an acknowledgement or a decision closed: its incident's count in the floor's history */
function incidentCount(s: SessionState, alertId: number, hand?: number): number {
  const key = alertId >= TABLE_ALERT_ID_BASE ? `t:${alertId}` : `h:${hand ?? s.handNo}:${alertId}`;
  const direct = s.floorLog?.find((e) => e.key === key);
  if (direct) return direct.count;
  // a repeat: the incident it belongs to
  const a = s.hand.alerts.find((x) => x.id === alertId) as { incident?: number } | undefined;
  const rep = a?.incident === undefined ? undefined : s.floorLog?.find((e) => e.key === `h:${s.handNo}:${a.incident}`);
  return rep?.count ?? 1;
}

/** Inbound actions become session inputs: declarations and buttons are TableEvents, logged by the session. The
 * answer says what the engine did with each (outcomes.ts). */
export function act(ctx: TableContext, msg: InboundMessage, role: Role): TapOutcome | null {
  const { session, now, taps, tablet } = ctx;
  const before = session.snapshot(now());
  const after = () => session.snapshot(now());
  switch (msg.type) {
    case 'say':
      taps.check(msg.version, 'say');
      tablet(
        msg.to === undefined
          ? { kind: 'say', seat: msg.seat, say: msg.say }
          : { kind: 'say', seat: msg.seat, say: msg.say, to: msg.to },
      );
      return tapOutcome(msg, before, after());
    case 'dealer': {
      taps.check(msg.version, 'dealer');
      if (msg.button === 'floor') {
        // an event of the session (a FLOOR_CALLED stop, logged), not of the engine: the engine has no floor
        const a = session.callFloor({ seat: msg.seat ?? null, reason: msg.reason ?? 'other' });
        return { code: 'FLOOR_CALLED', alertId: a.id, count: a.count ?? 1, seat: msg.seat ?? null };
      }
      tablet({ kind: 'dealer', button: msg.button });
      return tapOutcome(msg, before, after());
    }
    case 'clock':
      taps.check(msg.version, 'clock');
      tablet({ kind: 'clock', seat: msg.seat });
      return tapOutcome(msg, before, after());
    case 'ack': {
      const s = session.acknowledge(msg.alertId, role);
      return { code: 'ACKNOWLEDGED', alertId: msg.alertId, count: incidentCount(s, msg.alertId) };
    }
    case 'decision': {
      const s = session.decide(msg.alertId, msg.decision, `${role}:${msg.by}`, now(), msg.hand);
      return {
        code: 'DECIDED',
        alertId: msg.alertId,
        hand: msg.hand ?? s.handNo,
        count: incidentCount(s, msg.alertId, msg.hand),
      };
    }
    case 'kill':
      tablet({ kind: 'floorKill', seat: msg.seat });
      return tapOutcome(msg, before, after());
    case 'ruling':
      tablet(rulingEvent(session.snapshot().hand, msg.ruling, msg.seat, msg.ref));
      return tapOutcome(msg, before, after());
    case 'absent':
      session.setAbsent(msg.seat, msg.absent);
      return tapOutcome(msg, before, after());
    case 'penalty':
      session.penalise(msg.seat, msg.hands);
      return tapOutcome(msg, before, after());
    case 'misdeal':
    case 'void':
    case 'stands':
    case 'award':
      return floorRuling(session, msg, `${role}${msg.by ? `:${msg.by}` : ''}`, now());
    case 'resync':
      return resyncOutcome(ctx.resync, session, `${role}${msg.by ? `:${msg.by}` : ''}`, now());
    case 'ping':
      return null;
    default: {
      const never: never = msg;
      throw new MessageError('UNKNOWN_TYPE', `unhandled ${JSON.stringify(never)}`);
    }
  }
}
