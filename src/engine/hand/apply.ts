// The reducer: one TableEvent at a time, dispatched by kind (exhaustive), to the module that holds its rule.
// Mutates the state in place and returns it (replay speed); no I/O, no clock but the events' `t`.

import { raiseAlert, resolveAlert } from '../alerts/raise.js';
import { applyPendingOutOfTurn, flushMotions, onChips, onDeclaration, onMuckedByPlayer } from '../betting/chipFlow.js';
import { raiseClockExpired } from '../betting/chipProcedures.js';
import { clockState } from '../betting/clock.js';
import {
  floorAct,
  floorAward,
  floorCall,
  floorFold,
  floorKill,
  floorStands,
  floorVoid,
} from '../betting/floorRulings.js';
import { foldSeat, killHand } from '../betting/round.js';
import { onBoardCard, onBoardCardOff, onBurn, onBurnCardOff } from '../board/board.js';
import { type Card, formatCard, parseCard } from '../cards.js';
import { playerSits } from '../dealing/absent.js';
import { beginAction, onDealCard, onExposedCardOff, onLateSeatCard, startDeal } from '../dealing/deal.js';
import { loi, ruleRef, tda } from '../rules/ruleRef.js';
import type { Face, TableEvent } from '../types.js';
import { recordDecision, recordMuck, settleAwards } from './decisions.js';
import { checkShowdownDone } from './flow.js';
import { redeal } from './redeal.js';
import type { HandState } from './state.js';
import { voidHand } from './void.js';

/** `seat1`..`seat10` -> 1..10, anything else 0 (char codes: this runs for every card event). */
function zoneSeat(zone: string): number {
  if (zone.charCodeAt(0) !== 115 || zone.charCodeAt(3) !== 116 || zone.charCodeAt(1) !== 101) return 0; // s..t
  if (zone.length === 5) {
    const d = zone.charCodeAt(4) - 48;
    return d >= 1 && d <= 9 ? d : 0;
  }
  return zone === 'seat10' ? 10 : 0;
}

function ownerOf(state: HandState, card: Card): number {
  for (const seat of state.seatOrder) if (state.seats[seat]?.cards.includes(card)) return seat;
  return 0;
}

function cardAt(state: HandState, text: string, zone: string, face: Face): void {
  const card = parseCard(text);
  if (card < 0) {
    raiseAlert(state, 'CARD_UNKNOWN', { cards: [String(text)], zone });
    voidHand(state);
    return;
  }
  const prev = state.cardZone[card];
  if (prev === zone) {
    // turned over where it lies
    const was = state.cardFace[card];
    state.cardFace[card] = face;
    const seatNo = zoneSeat(zone);
    if (seatNo && face === 'up' && was !== 'up') seatCardUp(state, seatNo, card);
    return;
  }
  if (prev !== '') {
    raiseAlert(state, 'CARD_DUPLICATE', { cards: [text], zone: `${prev},${zone}` });
    voidHand(state);
    return;
  }
  state.cardZone[card] = zone;
  state.cardFace[card] = face;
  const from = state.lastLeft[card];
  const seatNo = zoneSeat(zone);
  if (seatNo) {
    const s = state.seats[seatNo];
    // a misdeal is declared: the cards still coming are the misdeal's, all gathered for the redeal (its alert names it)
    if (state.phase === 'misdeal') return;
    if ((state.phase === 'waiting' || state.phase === 'dealing') && !state.deal.done) {
      if (s?.cards.includes(card)) return; // lifted and put back during the deal
      startDeal(state);
      onDealCard(state, seatNo, card, face);
      return;
    }
    if (s?.cards.includes(card)) {
      if (face === 'up') seatCardUp(state, seatNo, card);
      return;
    }
    onLateSeatCard(state, seatNo, card);
    return;
  }
  switch (zone) {
    case 'board':
      // the dealer moving on to the board ends the initial deal (a short seat is then caught by the counts)
      if (state.phase === 'dealing' && state.deal.dealt > 0) beginAction(state);
      onBoardCard(state, card, from === 'burn');
      return;
    case 'burn':
      if (state.phase === 'dealing' && state.deal.dealt > 0 && !state.deal.exposedReplacement) beginAction(state);
      onBurn(state, card);
      return;
    case 'muck': {
      state.muck.push(card);
      const owner = ownerOf(state, card);
      if (!owner) return;
      const s = state.seats[owner];
      if (!s || s.folded) return;
      if (state.phase === 'showdown') {
        // a tabled hand cannot be killed by the muck (LOI 29, tda 65B): it stays read as tabled; say so (once)
        if (s.tabled) {
          if (!state.alerts.some((a) => a.code === 'TABLED_HAND_MUCKED' && a.seat === owner))
            raiseAlert(state, 'TABLED_HAND_MUCKED', { seat: owner, cards: s.shown.map(formatText), zone: 'muck' });
          return;
        }
        // a hand that touched the muck is dead (club 5-3): mucked unshown
        foldSeat(state, s);
        recordMuck(state, owner);
        checkShowdownDone(state, true);
        return;
      }
      if (state.phase === 'dealing' && state.deal.dealt > 0) beginAction(state);
      if (state.phase === 'board') {
        // between streets no one acts: a hand that touched the muck is dead (club 5-3). The TDA texts name no muck
        // rule: the player folded before the action reached him, and "le pli du tour reste" (tda 53)
        killHand(state, owner, state.config.ruleset === 'club' ? ruleRef('club', '5-3') : tda('53'));
        return;
      }
      onMuckedByPlayer(state, owner);
      return;
    }
    default:
      return;
  }
}

/** A hole card turned face up: tabled (showdown, all-in) or exposed (tda 68, LOI 35, club 6-1). */
function seatCardUp(state: HandState, seatNo: number, card: Card): void {
  const s = state.seats[seatNo];
  if (!s) return;
  if (!s.shown.includes(card)) s.shown.push(card);
  const tabling = state.phase === 'showdown' || state.phase === 'complete' || state.allInPromptRaised;
  if (tabling) {
    if (s.shown.length >= s.cards.length) s.tabled = true;
    if (s.tabled) {
      const cards = s.shown.map(formatText);
      recordDecision(state, { kind: 'show', seat: seatNo, amount: 0, to: s.committed, allIn: s.allIn, cards });
    }
    checkShowdownDone(state);
    return;
  }
  if (state.phase === 'dealing') return; // handled as the deal's exposed card
  raiseAlert(state, 'CARD_EXPOSED', { seat: seatNo, cards: [formatText(card)] });
}

const formatText = (c: Card): string => formatCard(c);

function cardOff(state: HandState, text: string, zone: string): void {
  const card = parseCard(text);
  if (card < 0) return;
  if (state.cardZone[card] === zone) state.cardZone[card] = '';
  state.lastLeft[card] = zone;
  const seatNo = zoneSeat(zone);
  if (seatNo) {
    onExposedCardOff(state, seatNo, card);
    return;
  }
  if (zone === 'board') onBoardCardOff(state, card);
  else if (zone === 'burn') onBurnCardOff(state, card);
}

function checkClock(state: HandState): void {
  const c = state.clock;
  if (!c) return;
  if (state.phase !== 'betting' || state.round.toAct !== c.seat) {
    state.clock = null;
    return;
  }
  // one minute, then a ten-second count (LOI 5, club 5-6)
  if (clockState(c.t, state.t).phase === 'expired') {
    state.clock = null;
    raiseClockExpired(state, c.seat);
    killHand(state, c.seat, state.config.ruleset === 'tda' ? loi('5') : ruleRef('club', '5-6'));
  }
}

export function applyEvent(state: HandState, ev: TableEvent): HandState {
  if (ev.t > state.t) state.t = ev.t;
  if (ev.kind !== 'chips')
    flushMotions(state, ev.kind === 'tick' || ev.kind === 'ack' ? ev.t : Number.POSITIVE_INFINITY);
  else flushMotions(state, ev.t);
  switch (ev.kind) {
    case 'cardAt':
      // a hand's card read in the muck at resume: its fold (and the checks it infers) is a decision read at resume
      if (ev.atResume) state.readingAtResume = true;
      cardAt(state, ev.card, ev.zone, ev.face);
      delete state.readingAtResume;
      break;
    case 'cardOff':
      cardOff(state, ev.card, ev.zone);
      break;
    case 'chips': {
      if (Number.isInteger(ev.seat) && ev.seat >= 1 && ev.seat <= 10)
        onChips(state, ev.seat, ev.chips, ev.t, ev.atResume === true);
      break;
    }
    case 'say':
      if ((state.phase === 'dealing' || state.phase === 'waiting') && state.deal.dealt > 0) beginAction(state);
      onDeclaration(state, ev.seat, ev.say, ev.to);
      break;
    case 'dealer':
      if (ev.button === 'shuffle') {
        if (state.phase === 'waiting') state.phase = 'dealing';
        else if (state.phase === 'misdeal') redeal(state);
      } else if (ev.button === 'misdeal') {
        if (!state.deal.substantial && state.phase !== 'complete') {
          raiseAlert(state, 'MISDEAL', { cause: 'dealer', reason: 'dealer' });
          state.phase = 'misdeal';
        }
      }
      break;
    case 'clock':
      state.clock = { seat: ev.seat, t: ev.t };
      break;
    case 'floorKill':
      floorKill(state, ev.seat);
      break;
    case 'floorFold':
      floorFold(state, ev.seat);
      break;
    case 'floorCall':
      floorCall(state, ev.seat);
      break;
    case 'floorAct':
      floorAct(state, ev.seat);
      break;
    case 'floorVoid':
      floorVoid(state, ev.reason);
      break;
    case 'floorStands':
      floorStands(state, ev.reason);
      break;
    case 'floorAward':
      floorAward(state, ev.pot, ev.seats);
      break;
    case 'sits':
      playerSits(state, ev.seat);
      break;
    case 'floorDecision': {
      const a = state.alerts[ev.alertId - 1];
      if (a) {
        a.decision = { decision: ev.decision, by: ev.by, t: ev.t };
        resolveAlert(state, a.id);
      }
      break;
    }
    case 'ack': {
      const a = state.alerts[ev.alertId - 1];
      if (a) a.acknowledged = true;
      break;
    }
    case 'tick':
      break;
    default: {
      const never: never = ev;
      throw new Error(`unknown event ${JSON.stringify(never)}`);
    }
  }
  applyPendingOutOfTurn(state);
  checkClock(state);
  if (state.phase === 'complete') settleAwards(state);
  return state;
}
