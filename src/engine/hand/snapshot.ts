// What others may read of a hand: a plain, JSON-serialisable copy (viewFor decides who sees what).

import { nextAction } from '../betting/round.js';
import { chipSum } from '../betting/zoneChips.js';
import { formatCard } from '../cards.js';
import { describeHand } from '../eval/index.js';
import { buildPots } from '../pots/sidePots.js';
import type { HandSnapshot, PotView, SeatView } from '../types.js';
import type { HandState } from './state.js';

export function isHandOver(state: HandState): boolean {
  return state.phase === 'complete';
}

/** Final (or current) stacks by seat: chips behind plus what the award gave. */
export function stacksOf(state: HandState): Record<string, number> {
  const out: Record<string, number> = {};
  for (let seat = 1; seat < state.seats.length; seat++) {
    const s = state.seats[seat];
    if (s) out[String(seat)] = s.stack + (state.award ? state.award.received[seat] : 0);
  }
  return out;
}

export function potsOf(state: HandState): PotView[] {
  if (state.award) {
    return state.award.pots.map((p) => ({
      amount: p.amount,
      eligible: p.eligible.slice(),
      winners: p.winners.slice(),
      shares: { ...p.shares },
    }));
  }
  return buildPots(state).map((p) => ({ amount: p.amount, eligible: p.eligible.slice() }));
}

export function snapshot(state: HandState): HandSnapshot {
  const seats: SeatView[] = [];
  for (const seat of [...state.seatOrder].sort((a, b) => a - b)) {
    const s = state.seats[seat];
    if (!s) continue;
    const view: SeatView = {
      seat,
      stack: s.stack,
      committed: s.committed,
      zone: s.zone.slice(),
      cards: s.cards.map(formatCard),
      shown: s.shown.map(formatCard),
      folded: s.folded,
      allIn: s.allIn,
      absent: s.absent,
      dead: s.dead,
    };
    if (s.cards.length === 2 && state.board.length >= 3) view.handName = describeHand(s.cards.concat(state.board));
    seats.push(view);
  }
  return {
    ruleset: state.config.ruleset,
    house: { ...(state.config.house ?? {}) },
    phase: state.stopAlertId !== 0 && state.phase !== 'misdeal' ? 'stopped' : state.phase,
    ...(state.stopAlertId !== 0 && state.phase !== 'misdeal' ? { held: state.phase } : {}),
    street: state.street,
    button: state.button,
    sb: state.sb,
    bb: state.bb,
    blinds: [state.config.blinds[0], state.config.blinds[1]],
    bbAnte: state.config.bbAnte,
    board: state.board.map(formatCard),
    burns: state.burns.map(formatCard),
    muck: state.muck.map(formatCard),
    seats,
    alerts: state.alerts.map((a) => ({ ...a })),
    decisions: state.decisions.map((d) => ({ ...d, cards: d.cards.slice(), chips: d.chips.slice() })),
    next: nextAction(state),
    pots: potsOf(state),
    stacks: stacksOf(state),
    t: state.t,
  };
}

/** Chips in play: stacks, commitments and dead money (a hand conserves this total until the award pays it out). */
export function chipsInPlay(state: HandState): number {
  let total = state.deadMoney;
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (s) total += s.stack + s.total;
  }
  return total;
}

export { chipSum };
