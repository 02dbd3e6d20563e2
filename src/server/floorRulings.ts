// The floor's rulings from the websocket as the engine's table events (src/engine/betting/floorRulings.ts), checked
// against the question an open alert puts to the floor: a call can only answer an undercall facing a raise that waits
// for the floor (tda 51), letting a seat act only a stop on a seat skipped by substantial action out of turn (tda 53).
// A ruling that answers nothing is refused with a clear error (the engine would pass over it without a word); a kill
// and a fold (a kill when no undercall waits) stand on their own, as the floor may kill a hand at any time.
// The rulings on the whole hand (a misdeal, the hand void, the hand stands, a pot awarded) are the session's
// (TableSession floorMisdeal, floorVoid, floorStands, floorAward: checked there, refused RULING_NOT_APPLICABLE with
// the reason), over the websocket (`misdeal`, `void`, `stands`, `award`) and as the floor's routes
// POST /api/hand/{misdeal,void,stands,award}.
import type { FastifyInstance } from 'fastify';
import type { Alert, HandSnapshot } from '../engine/types.js';
import type { TableSession } from '../session/TableSession.js';
import type { SessionState, TableEventInput } from '../session/types.js';
import { FLOOR_ONLY, tokenQuery } from './httpCommon.js';
import { type FloorRuling, type InboundMessage, MessageError } from './messages.js';
import type { TapOutcome } from './outcomes.js';

/** the open undercall of `seat` that waits for the floor (call or fold) */
export function pendingUndercall(hand: HandSnapshot, seat: number): Alert | undefined {
  return hand.alerts.find(
    (a) => a.code === 'UNDERCALL' && !a.resolved && a.facts?.variant === 'floor' && a.seat === seat,
  );
}

/** the open stop on `seat` skipped by substantial action out of turn (let it act or kill it) */
export function pendingSkipped(hand: HandSnapshot, seat: number): Alert | undefined {
  return hand.alerts.find(
    (a) =>
      a.code === 'ACTION_OUT_OF_TURN' && !a.resolved && a.facts?.variant === 'substantial' && a.facts.onTurn === seat,
  );
}

const KIND = { kill: 'floorKill', fold: 'floorFold', call: 'floorCall', act: 'floorAct' } as const;

/** The table event of a floor ruling on the hand as it stands; throws NO_RULING_PENDING when it answers nothing. */
export function rulingEvent(
  hand: HandSnapshot,
  ruling: FloorRuling,
  seat: number,
  ref?: string | number,
): TableEventInput {
  if (ruling === 'call' && !pendingUndercall(hand, seat))
    throw new MessageError('NO_RULING_PENDING', `no undercall of seat ${seat} waits for the floor (tda 51)`, ref);
  if (ruling === 'act' && !pendingSkipped(hand, seat))
    throw new MessageError(
      'NO_RULING_PENDING',
      `seat ${seat} was not skipped by substantial action out of turn (tda 53)`,
      ref,
    );
  if (!hand.seats.some((s) => s.seat === seat))
    throw new MessageError('NO_RULING_PENDING', `seat ${seat} has no hand this deal`, ref);
  return { kind: KIND[ruling], seat };
}

type HandRuling = Extract<InboundMessage, { type: 'misdeal' | 'void' | 'stands' | 'award' }>;

/** What a ruling on the hand did, as the tablet says it (outcomes.ts). */
function outcomeOf(msg: HandRuling, before: SessionState, after: SessionState): TapOutcome {
  if (msg.type === 'misdeal') return { code: 'MISDEAL_DECLARED', hand: before.handNo };
  if (msg.type === 'void') return { code: 'HAND_VOIDED', hand: before.handNo, alerts: ['FLOOR_RULING'] };
  if (msg.type === 'stands')
    return { code: 'ALERTS', alerts: ['FLOOR_RULING'], hand: after.handNo, toAct: after.hand.next?.toAct ?? null };
  return { code: 'ALERTS', alerts: ['FLOOR_RULING'], hand: after.handNo, toAct: null };
}

/** A ruling on the hand from the floor (`by`: who), applied by the session; its refusal is the session's error. */
export function floorRuling(session: TableSession, msg: HandRuling, by: string, wall: number): TapOutcome {
  const before = session.snapshot(wall);
  let after: SessionState;
  if (msg.type === 'misdeal') after = session.floorMisdeal(msg.reason, by, wall);
  else if (msg.type === 'void') after = session.floorVoid(msg.reason, by, wall);
  else if (msg.type === 'stands') after = session.floorStands(msg.reason, by, wall);
  else after = session.floorAward(msg.pot ?? 0, msg.seats, by, wall);
  return outcomeOf(msg, before, after);
}

const reasonBody = {
  type: 'object',
  required: ['reason'],
  additionalProperties: false,
  properties: {
    reason: { type: 'string', minLength: 1, maxLength: 200 },
    by: { type: 'string', minLength: 1, maxLength: 80 },
  },
} as const;

/** The floor's routes for the rulings on the hand: the floor only (declared on the route, src/http/auth.ts). */
export function registerFloorRulings(app: FastifyInstance, session: TableSession, now: () => number): void {
  const answer = (msg: HandRuling, by: string | undefined) => {
    const outcome = floorRuling(session, msg, `floor${by ? `:${by}` : ''}`, now());
    const s = session.snapshot(now());
    return { outcome, handNo: s.handNo, handOver: s.handOver, stacks: s.hand.stacks, pots: s.hand.pots };
  };
  app.post<{ Body: { reason: string; by?: string } }>(
    '/api/hand/misdeal',
    { schema: { querystring: tokenQuery, body: reasonBody }, config: { roles: FLOOR_ONLY } },
    async (req) => answer({ type: 'misdeal', reason: req.body.reason }, req.body.by),
  );
  app.post<{ Body: { reason: string; by?: string } }>(
    '/api/hand/void',
    { schema: { querystring: tokenQuery, body: reasonBody }, config: { roles: FLOOR_ONLY } },
    async (req) => answer({ type: 'void', reason: req.body.reason }, req.body.by),
  );
  app.post<{ Body: { reason: string; by?: string } }>(
    '/api/hand/stands',
    { schema: { querystring: tokenQuery, body: reasonBody }, config: { roles: FLOOR_ONLY } },
    async (req) => answer({ type: 'stands', reason: req.body.reason }, req.body.by),
  );
  app.post<{ Body: { pot?: number; seats: number[]; by?: string } }>(
    '/api/hand/award',
    {
      schema: {
        querystring: tokenQuery,
        body: {
          type: 'object',
          required: ['seats'],
          additionalProperties: false,
          properties: {
            pot: { type: 'integer', minimum: 0, maximum: 10 },
            seats: {
              type: 'array',
              items: { type: 'integer', minimum: 1, maximum: 10 },
              minItems: 1,
              maxItems: 10,
              uniqueItems: true,
            },
            by: { type: 'string', minLength: 1, maxLength: 80 },
          },
        },
      },
      config: { roles: FLOOR_ONLY },
    },
    async (req) => answer({ type: 'award', pot: req.body.pot ?? 0, seats: req.body.seats }, req.body.by),
  );
}
