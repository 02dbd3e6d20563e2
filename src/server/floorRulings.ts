// The floor's rulings from the websocket as the engine's table events (src/engine/betting/floorRulings.ts), checked
// against the question an open alert puts to the floor: a call can only answer an undercall facing a raise that waits
// for the floor (tda 51), letting a seat act only a stop on a seat skipped by substantial action out of turn (tda 53).
// A ruling that answers nothing is refused with a clear error (the engine would pass over it without a word); a kill
// and a fold (a kill when no undercall waits) stand on their own, as the floor may kill a hand at any time.
import type { Alert, HandSnapshot } from '../engine/types.js';
import type { TableEventInput } from '../session/types.js';
import { type FloorRuling, MessageError } from './messages.js';

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
