// Actions out of turn on the hand (tda 53): an action held until the turn reaches the seat, bound at once by
// substantial action past the skipped seat, released (bound or void) when the turn comes. Pure.

import type { HandState, SeatState } from '../hand/state.js';
import { tda } from '../rules/ruleRef.js';
import type { Declaration } from '../types.js';
import { bettingContext, roundChips } from './context.js';
import { readDeclaredChips } from './declarations.js';
import { isSubstantialAction, type OutOfTurnKind, outOfTurnRuling } from './outOfTurn.js';
import { applyReading, readSeatChips } from './readingProcedures.js';
import { doFold } from './round.js';
import { chipRulesOf, raiseBettingAlert } from './seatChipRules.js';

const ootKind = (k: 'chips' | Declaration): OutOfTurnKind =>
  k === 'chips' ? 'call' : k === 'bet' ? 'bet' : k === 'allin' ? 'allin' : k;

/**
 * A seat acted (chips, words or cards) while another seat was to act (tda 53). The action is held; when its turn
 * comes it binds unless the action changed. Substantial action past the skipped seat binds it whatever follows, and
 * the floor rules on the skipped hand.
 */
export function holdOutOfTurn(
  state: HandState,
  s: SeatState,
  kind: 'chips' | Declaration,
  before: readonly number[],
  to?: number,
): void {
  const onTurn = state.round.toAct;
  const rules = chipRulesOf(s);
  if (kind === 'fold' && rules.outOfTurn?.kind === 'fold') return; // the hand's second card reaching the muck
  rules.outOfTurn = {
    kind,
    ...(to !== undefined ? { to } : {}),
    facing: state.round.currentBet,
    before: [...before],
    onTurn,
    // tda 59B: a "call" said while the bettor had not yet given its amount binds to that amount
    bindsRegardless: kind === 'call' && state.seats[onTurn]?.declaration != null,
  };
  raiseBettingAlert(state, 'ACTION_OUT_OF_TURN', { seat: s.seat, onTurn, variant: 'pending' });
  // substantial action past the skipped seat: every held action past it, in seat order
  const held: { seat: SeatState; chips: boolean }[] = [];
  for (const seat of state.seatOrder) {
    const o = state.seats[seat];
    const h = o?.chipRules?.outOfTurn;
    if (o && h && h.onTurn === onTurn)
      held.push({
        seat: o,
        chips: h.kind === 'chips' || h.kind === 'call' || h.kind === 'bet' || h.kind === 'raise' || h.kind === 'allin',
      });
  }
  if (held.length >= 2 && isSubstantialAction(held.map((h) => ({ putsChips: h.chips })))) {
    if (!held.every((h) => h.seat.chipRules?.outOfTurn?.bindsRegardless)) {
      for (const h of held) if (h.seat.chipRules?.outOfTurn) h.seat.chipRules.outOfTurn.bindsRegardless = true;
      const bound = bindPastSkippedSeat(
        state,
        onTurn,
        held.map((h) => h.seat),
      );
      // a stop: the floor rules on the skipped hand (let it act, or kill it) before play goes on
      raiseBettingAlert(state, 'ACTION_OUT_OF_TURN', { seat: s.seat, onTurn, seats: bound, variant: 'substantial' });
    }
  }
}

/**
 * tda 53, seed 002 forgotten-player examples 1 and 2: substantial action past a skipped seat that did not speak up
 * makes the out-of-turn actions binding now ("le call OOT du siège 5 est désormais contraignant … ainsi que le fold du
 * siège 6"): each is applied as it was made, in turn order from the skipped seat; the turn stays on the skipped seat,
 * whose hand the floor rules on. A later bet or raise by the skipped seat reopens the action to them like any raise.
 * Returns the seats bound, in turn order.
 */
function bindPastSkippedSeat(state: HandState, skipped: number, seats: SeatState[]): number[] {
  const order = state.seatOrder;
  const from = order.indexOf(skipped);
  const dist = (seat: number): number => (order.indexOf(seat) - from + order.length) % order.length;
  const bound: number[] = [];
  for (const o of [...seats].sort((a, b) => dist(a.seat) - dist(b.seat))) {
    if (state.phase !== 'betting' || state.round.complete) break;
    state.round.toAct = o.seat;
    releaseOutOfTurn(state, o);
    bound.push(o.seat);
  }
  const sk = state.seats[skipped];
  if (state.phase === 'betting' && !state.round.complete && sk && !sk.folded) state.round.toAct = skipped;
  return bound;
}

/**
 * The turn reached a seat holding an out-of-turn action (tda 53): a fold binds; an unchanged action binds; a changed
 * one is void (every option back), except a check, which leaves call or fold. Returns true when an action was applied.
 */
export function releaseOutOfTurn(state: HandState, s: SeatState): boolean {
  const rules = chipRulesOf(s);
  const held = rules.outOfTurn;
  if (!held) return false;
  rules.outOfTurn = null;
  const ruling = held.bindsRegardless
    ? { binds: true, variant: 'binds' as const, legal: [] }
    : outOfTurnRuling({ seat: s.seat, kind: ootKind(held.kind), facing: held.facing }, state.round.currentBet, {
        checkCallOrFold: state.config.house?.checkOutOfTurnCallOrFold === true,
      });
  if (!ruling.binds) {
    if (ruling.variant === 'callOrFold') {
      rules.callOrFoldOnly = true;
      rules.restrictedBy = tda('53');
    }
    raiseBettingAlert(state, 'ACTION_OUT_OF_TURN', {
      seat: s.seat,
      onTurn: s.seat,
      variant: ruling.variant,
      action: ootKind(held.kind),
    });
    return false;
  }
  const ctx = bettingContext(state, s);
  if (held.kind === 'chips') {
    const reading = readSeatChips(state, ctx, held.before, roundChips(s, s.zone), undefined);
    return applyReading(state, s, reading, false, tda('53'));
  }
  if (held.kind === 'fold') {
    doFold(state, s.seat, { source: 'say', rule: tda('53') });
    return true;
  }
  const lying = roundChips(s, s.zone);
  const declaration = held.to !== undefined ? { say: held.kind, to: held.to } : { say: held.kind };
  const reading = readDeclaredChips(ctx, lying, lying, declaration);
  return applyReading(state, s, reading, true, tda('53'));
}
