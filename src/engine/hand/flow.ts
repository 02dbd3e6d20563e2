// What happens when a betting round ends: the uncalled bet goes back, the next street is awaited, or the showdown
// comes; when one hand is left it wins. Also the all-in prompt (TABLE_ALL_HANDS) and the showdown order.
import { raiseAlert } from '../alerts/raise.js';
import { canAct, liveCount, seatAfter } from '../betting/seats.js';
import { checkBlinds } from '../dealing/blinds.js';
import { computeAward } from '../showdown/award.js';
import type { Street } from '../types.js';
import { recordDecision } from './decisions.js';
import type { HandState } from './state.js';

export const NEXT_STREET: Record<Street, Street | null> = { preflop: 'flop', flop: 'turn', turn: 'river', river: null };

/** The part of the highest bet of the round no one called goes back to its seat (LOI 28 for killed hands too). */
export function returnUncalled(state: HandState): void {
  let top = 0;
  let second = 0;
  let topSeat = 0;
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (!s) continue;
    if (s.committed > top) {
      second = top;
      top = s.committed;
      topSeat = seat;
    } else if (s.committed > second) second = s.committed;
  }
  if (topSeat === 0 || top === second) return;
  const s = state.seats[topSeat];
  if (!s) return;
  // a folded hand's chips stay in the pot: an absent player's big blind is taken, not lent (LOI 8, club 3-2 "les
  // blinds leurs sont prélevés"; LOI 28 gives a killed hand back only a raise no one called, refunded when killed)
  if (s.folded) return;
  const excess = top - second;
  s.committed -= excess;
  s.total -= excess;
  s.stack += excess;
  s.returned += excess;
  if (s.stack > 0) s.allIn = false;
  recordDecision(state, {
    kind: 'uncalled',
    seat: topSeat,
    amount: excess,
    to: s.committed,
    allIn: s.allIn,
    cards: [],
  });
}

/**
 * The betting round's bets gathered into the pots (PokerKit's bet collection): a `collect` decision, seat 0, with the
 * chips gathered (before the flop the big blind's ante with them). None when no chips were bet.
 */
export function collectBets(state: HandState): void {
  // once a street: a hand killed after its round ended (between streets) finds the bets already gathered
  for (let i = state.decisions.length - 1; i >= 0; i--) {
    const k = state.decisions[i].kind;
    if (k === 'collect') return;
    if (k === 'dealBoard' || k === 'dealHole') break;
  }
  let amount = 0;
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (!s) continue;
    amount += s.committed;
    if (state.street === 'preflop') amount += s.ante;
  }
  if (amount > 0) recordDecision(state, { kind: 'collect', seat: 0, amount, to: amount, allIn: false, cards: [] });
}

function ableCount(state: HandState): number {
  let n = 0;
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (s && canAct(s)) n++;
  }
  return n;
}

function anyLiveAllIn(state: HandState): boolean {
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (s && !s.folded && s.allIn) return true;
  }
  return false;
}

export function onRoundComplete(state: HandState): void {
  returnUncalled(state);
  if (liveCount(state) <= 1) {
    onOneLeft(state);
    return;
  }
  collectBets(state);
  if (state.street === 'river') {
    state.lastActionWasBetOnRiver = state.round.anyBet;
    enterShowdown(state);
    return;
  }
  state.phase = 'board';
  state.boardState.dealing = null;
  if (ableCount(state) <= 1 && anyLiveAllIn(state) && !state.allInPromptRaised) {
    state.allInPromptRaised = true;
    raiseAlert(state, 'TABLE_ALL_HANDS');
  }
}

export function onOneLeft(state: HandState): void {
  // won before the deal was over: the blinds' zones are judged as when the action starts (change owed, errors named)
  if (!state.deal.done) {
    state.deal.done = true;
    checkBlinds(state);
  }
  returnUncalled(state);
  collectBets(state);
  state.round.toAct = 0;
  state.round.complete = true;
  state.award = computeAward(state);
  state.phase = 'complete';
}

function enterShowdown(state: HandState): void {
  state.phase = 'showdown';
  if (anyLiveAllIn(state) && !state.allInPromptRaised) {
    state.allInPromptRaised = true;
    raiseAlert(state, 'TABLE_ALL_HANDS');
  } else if (!state.allInPromptRaised && !state.showdownPromptRaised) {
    state.showdownPromptRaised = true;
    const aggressor = state.round.aggressor;
    let first = aggressor;
    if (!state.round.anyBet || aggressor === 0 || state.seats[aggressor]?.folded) {
      first = seatAfter(state, state.button);
      for (let k = 0; k < state.seatOrder.length && state.seats[first]?.folded; k++) first = seatAfter(state, first);
    }
    raiseAlert(state, 'SHOWDOWN_ORDER', {
      seat: first,
      order: state.round.anyBet ? 'lastAggressor' : 'leftOfButton',
    });
  }
  state.award = computeAward(state);
  checkShowdownDone(state);
}

/** The hand is over at showdown once every live hand is tabled (or all but one mucked). */
export function checkShowdownDone(state: HandState, handsChanged = false): void {
  if (state.phase !== 'showdown') return;
  // tabling a hand changes nothing (cards speak); a hand mucked at showdown does
  if (handsChanged) state.award = computeAward(state);
  if (liveCount(state) <= 1) {
    state.phase = 'complete';
    return;
  }
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (s && !s.folded && !s.tabled) return;
  }
  state.phase = 'complete';
}

export function nextStreetOf(state: HandState): Street | null {
  return NEXT_STREET[state.street];
}
