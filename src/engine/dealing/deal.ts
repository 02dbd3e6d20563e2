// The initial deal: one card at a time clockwise from the first entitled seat left of the button (heads-up: the big
// blind), two rounds (tda 35, club 2-17); exposed cards during the deal (club 2-4); absent players' hands (LOI 8,
// club 2-18); card counts when the action starts (tda 35-38, club 2-17, 2-20); then the preflop round.

import { TDA_DEAD_CARD_MIXED } from '../alerts/dealingAlerts.js';
import type { MisdealCause } from '../alerts/facts.js';
import { raiseAlert, resolveAlert } from '../alerts/raise.js';
import { foldSeat, killHand, startRound } from '../betting/round.js';
import { type Card, formatCard } from '../cards.js';
import { recordDecision } from '../hand/decisions.js';
import type { HandState } from '../hand/state.js';
import { ruleRef, tda } from '../rules/ruleRef.js';
import { checkBlinds } from './blinds.js';

function misdeal(state: HandState, cause: MisdealCause, facts: { seat?: number; amount?: number } = {}): void {
  raiseAlert(state, 'MISDEAL', { cause, ...facts, reason: cause });
  state.phase = 'misdeal';
}

export function startDeal(state: HandState): void {
  if (state.phase === 'waiting') state.phase = 'dealing';
}

/** Expected seat for the n-th card (0-based), normal order or with the button taking its two cards at the end. */
function expectedSeats(state: HandState, n: number): [number, number] {
  const order = state.deal.order;
  const k = order.length;
  const normal = order[n % k];
  // tda 35: the button may receive its two cards consecutively (skipped in the first round)
  const button = order[k - 1] === state.button ? state.button : -1;
  let alt = normal;
  if (button > 0 && k > 1) {
    if (n < 2 * (k - 1)) alt = order[n % (k - 1)];
    else alt = button;
  }
  return [normal, alt];
}

export function onDealCard(state: HandState, seatNo: number, card: Card, face: 'up' | 'down'): void {
  const d = state.deal;
  const s = state.seats[seatNo];
  if (!s) {
    raiseAlert(state, 'DEAL_NOT_ENTITLED', { seat: seatNo, cards: [formatCard(card)] });
    misdeal(state, 'emptySeat', { seat: seatNo });
    return;
  }
  const [normal, alt] = expectedSeats(state, d.dealt);
  const okNormal = d.expectedIndex !== 2 && normal === seatNo; // expectedIndex: 0 both, 1 normal only, 2 alt only, 3 none
  const okAlt = d.expectedIndex !== 1 && alt === seatNo;
  if (d.expectedIndex !== 3) {
    if (okNormal && okAlt) {
      // still both
    } else if (okNormal) d.expectedIndex = 1;
    else if (okAlt) d.expectedIndex = 2;
    else if (d.dealt === 0) {
      raiseAlert(state, 'DEAL_WRONG_SEAT', { seat: seatNo, expectedSeat: normal });
      misdeal(state, 'firstWrongSeat');
      return;
    } else if (state.config.ruleset === 'club') {
      raiseAlert(state, 'DEAL_WRONG_SEAT', { seat: seatNo, expectedSeat: normal, variant: 'laterClub' });
      misdeal(state, 'outOfOrder');
      return;
    } else {
      raiseAlert(state, 'DEAL_WRONG_SEAT', { seat: seatNo, expectedSeat: normal, variant: 'later' });
      d.expectedIndex = 3;
    }
  }
  s.cards.push(card);
  d.dealt++;
  if (face === 'up') exposedDuringDeal(state, seatNo, card);
  if (state.phase !== 'dealing') return;
  const k = d.order.length;
  if (d.dealt === k) killAbsent(state, 'tda');
  // the deal is over when every seat has two cards, or when every present seat has and an absent one was skipped
  // (then it is a misdeal: tda 35, LOI 8)
  let all = true;
  let skippedAbsent = false;
  for (const seat of d.order) {
    const o = state.seats[seat];
    const n = o?.cards.length ?? 0;
    if (n >= 2) continue;
    if (n === 0 && o?.absent) skippedAbsent = true;
    else all = false;
  }
  if (all && (d.dealt >= 2 * k || skippedAbsent)) beginAction(state);
}

/** An absent player's hand is killed: tda at the end of the first round (LOI 8), club when the deal ends (2-18). */
function killAbsent(state: HandState, when: 'tda' | 'club'): void {
  if (state.config.ruleset !== when) return;
  for (const seat of state.deal.order) {
    const s = state.seats[seat];
    if (s?.absent && !s.folded) {
      foldSeat(state, s);
      s.dead = true;
    }
  }
}

function exposedDuringDeal(state: HandState, seatNo: number, card: Card): void {
  const d = state.deal;
  const s = state.seats[seatNo];
  if (!s) return;
  d.exposedDuringDeal++;
  s.shown.push(card);
  const club = state.config.ruleset === 'club';
  if (d.exposedDuringDeal >= 2 || (club && d.dealt <= 2)) {
    raiseAlert(state, 'CARD_EXPOSED', { seat: seatNo, cards: [formatCard(card)], variant: 'misdeal' });
    misdeal(state, d.exposedDuringDeal >= 2 ? 'secondExposed' : 'earlyExposed');
    return;
  }
  if (club && seatNo === state.button) {
    raiseAlert(state, 'CARD_EXPOSED', { seat: seatNo, cards: [formatCard(card)], variant: 'selfDealer' });
    return;
  }
  const a = raiseAlert(state, 'CARD_EXPOSED', {
    seat: seatNo,
    cards: [formatCard(card)],
    variant: 'replaceDuringDeal',
  });
  d.exposedReplacement = { seat: seatNo, card, replaced: false, burned: false, alertId: a.id };
}

/** The exposed card left the seat (on its way to the burn). */
export function onExposedCardOff(state: HandState, seatNo: number, card: Card): boolean {
  const ex = state.deal.exposedReplacement;
  if (!ex || ex.seat !== seatNo || ex.card !== card) return false;
  const s = state.seats[seatNo];
  if (s) s.cards = s.cards.filter((c) => c !== card);
  return true;
}

/** A card to a seat zone after the initial deal: a replacement owed by a remedy, or a count error. */
export function onLateSeatCard(state: HandState, seatNo: number, card: Card): void {
  const s = state.seats[seatNo];
  const ex = state.deal.exposedReplacement;
  if (s && ex && ex.seat === seatNo && !ex.replaced) {
    s.cards.push(card);
    ex.replaced = true;
    if (ex.burned) resolveAlert(state, ex.alertId);
    return;
  }
  if (!s) {
    raiseAlert(state, 'DEAL_NOT_ENTITLED', { seat: seatNo, cards: [formatCard(card)] });
    return;
  }
  s.cards.push(card);
  const from = state.lastLeft[card];
  if ((from === 'muck' || from === 'burn' || from === 'board') && !s.folded) {
    // club 2-16: a dead card mixed into a hand kills that hand (tda 38 on a tda table: see TDA_DEAD_CARD_MIXED)
    raiseAlert(state, 'DEAL_CARD_COUNT', { seat: seatNo, amount: s.cards.length, variant: 'deadCardMixed' });
    killHand(state, seatNo, TDA_DEAD_CARD_MIXED[state.config.ruleset]);
    return;
  }
  // tda 37: the button short of a card may take the next card if it has not acted
  if (s.cards.length === 2 && seatNo === state.button && !s.acted) {
    const open = state.alerts.find((a) => a.code === 'DEAL_CARD_COUNT' && a.seat === seatNo && !a.resolved);
    if (open) resolveAlert(state, open.id);
    else raiseAlert(state, 'DEAL_CARD_COUNT', { seat: seatNo, amount: 1, variant: 'buttonShort' });
    return;
  }
  countError(state, seatNo, s.cards.length);
}

function countError(state: HandState, seatNo: number, count: number): void {
  const club = state.config.ruleset === 'club';
  if (!club && count === 1 && seatNo === state.button) {
    // tda 37: the button may receive the missing card, even after substantial action, if it has not acted
    raiseAlert(state, 'DEAL_CARD_COUNT', { seat: seatNo, amount: count, variant: 'buttonShort' });
    return;
  }
  if (state.deal.substantial) {
    raiseAlert(state, 'DEAL_CARD_COUNT', { seat: seatNo, amount: count, variant: 'deadHand' });
    killHand(state, seatNo, club ? ruleRef('club', '2-20') : tda('38'));
    return;
  }
  if (club && count === 3 && seatNo === state.sb) {
    raiseAlert(state, 'DEAL_CARD_COUNT', { seat: seatNo, amount: count, variant: 'smallBlindExtra' });
    return;
  }
  raiseAlert(state, 'DEAL_CARD_COUNT', { seat: seatNo, amount: count });
  misdeal(state, 'cardCount', { seat: seatNo, amount: count });
}

/** The deal is over (every seat has two cards, or someone acted): check counts and blinds, start the preflop round. */
export function beginAction(state: HandState): void {
  const d = state.deal;
  if (d.done) return;
  d.done = true;
  killAbsent(state, 'club');
  for (const seat of d.order) {
    const s = state.seats[seat];
    if (!s) continue;
    // an absent player is entitled to be dealt (tda 35, LOI 8, club 2-18): its hand is killed, but it gets cards
    if (s.cards.length === 0 && (!s.folded || s.absent)) {
      raiseAlert(state, 'DEAL_MISSED_SEAT', { seat, ...(s.absent ? { variant: 'absent' } : {}) });
      misdeal(state, 'noCards', { seat });
      return;
    }
  }
  for (const seat of d.order) {
    const s = state.seats[seat];
    if (s && s.cards.length !== 2 && !s.folded && !(d.exposedReplacement?.seat === seat)) {
      countError(state, seat, s.cards.length);
      if (state.phase === 'misdeal') return;
    }
  }
  checkBlinds(state);
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (!s) continue;
    recordDecision(state, { kind: 'dealHole', seat, amount: 0, to: 0, allIn: false, cards: s.cards.map(formatCard) });
  }
  startRound(state, 'preflop');
}
