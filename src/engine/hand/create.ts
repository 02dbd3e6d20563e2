// A new hand from its table: seats, button, blinds and the big-blind ante committed by the rules.
import type { Face, TableConfig } from '../types.js';
import { recordDecision } from './decisions.js';
import { type HandState, MAX_SEATS, type SeatState } from './state.js';

function occupiedFrom(config: TableConfig): number[] {
  const out: number[] = [];
  for (let s = 1; s <= MAX_SEATS; s++) if (config.seats[s] !== undefined) out.push(s);
  return out;
}

/** Occupied seats clockwise, starting with the first one left of `button`. */
export function clockwiseFrom(occupied: readonly number[], button: number): number[] {
  const i = occupied.findIndex((s) => s > button);
  if (i < 0) return occupied.slice();
  return occupied.slice(i).concat(occupied.slice(0, i));
}

/** The blinds' seats: small blind left of the button, big blind next; heads-up the button posts the small blind. */
export function blindSeats(config: TableConfig, order: readonly number[]): { sb: number | null; bb: number } {
  const headsUp = order.length === 2 && order.includes(config.button);
  let sb: number | null;
  if (config.sb !== undefined) sb = config.sb;
  else sb = headsUp ? config.button : (order[0] ?? null);
  let bb: number;
  if (config.bb !== undefined) bb = config.bb;
  else if (headsUp) bb = order[0] === config.button ? order[1] : order[0];
  else {
    const i = sb === null ? -1 : order.indexOf(sb);
    bb = order[(i + 1) % order.length] ?? order[0];
  }
  return { sb, bb };
}

function newSeat(seat: number, stack: number, absent: boolean): SeatState {
  return {
    seat,
    startStack: stack,
    stack,
    committed: 0,
    total: 0,
    ante: 0,
    cards: [],
    shown: [],
    folded: false,
    allIn: false,
    absent,
    dead: false,
    acted: false,
    betWhenActed: 0,
    tabled: false,
    zone: [],
    zoneBase: [],
    owed: 0,
    returned: 0,
    declaration: null,
  };
}

const NO_ZONE: string[] = new Array(52).fill('');
const FACE_DOWN: Face[] = new Array(52).fill('down');

export function createHand(config: TableConfig): HandState {
  const occupied = occupiedFrom(config);
  const seatOrder = clockwiseFrom(occupied, config.button);
  const { sb, bb } = blindSeats(config, seatOrder);
  const seats: (SeatState | undefined)[] = new Array(MAX_SEATS + 1);
  const absent = new Set(config.absent);
  for (const seat of occupied) seats[seat] = newSeat(seat, config.seats[seat], absent.has(seat));
  const playerNo: number[] = new Array(MAX_SEATS + 1).fill(0);
  seatOrder.forEach((seat, i) => {
    playerNo[seat] = i + 1;
  });
  const state: HandState = {
    config,
    phase: 'waiting',
    street: 'preflop',
    button: config.button,
    sb,
    bb,
    seatOrder,
    seats,
    cardZone: NO_ZONE.slice(),
    cardFace: FACE_DOWN.slice(),
    board: [],
    burns: [],
    muck: [],
    deal: {
      order: seatOrder.slice(),
      dealt: 0,
      expectedIndex: 0,
      exposedDuringDeal: 0,
      exposedReplacement: null,
      done: false,
      substantial: false,
      recentActions: '',
    },
    boardState: {
      burnsThisStreet: 0,
      cardsThisStreet: 0,
      dealing: null,
      burnWaived: 0,
      premature: null,
      fourFlop: null,
      scramble: null,
      extraBurnRedeal: null,
      toBurn: [],
      nextStreetNoBurn: false,
      riverNoBurn: false,
    },
    round: {
      street: 'preflop',
      currentBet: 0,
      minRaiseIncrement: config.blinds[1],
      toAct: 0,
      aggressor: 0,
      complete: false,
      anyBet: false,
      levels: [],
      lastActor: 0,
    },
    motions: [],
    alerts: [],
    decisions: [],
    deadMoney: 0,
    stopAlertId: 0,
    award: null,
    allInPromptRaised: false,
    showdownPromptRaised: false,
    playerNo,
    t: 0,
    redeals: 0,
    lastActionWasBetOnRiver: false,
    clock: null,
    lastLeft: NO_ZONE.slice(),
    live: seatOrder.length,
  };
  postBlinds(state);
  return state;
}

/** Blinds and the big-blind ante, committed by the rules (a short big blind pays the blind first: tda 72). */
function postBlinds(state: HandState): void {
  const [small, big] = state.config.blinds;
  let currentBet = 0;
  if (state.sb !== null) {
    const s = state.seats[state.sb];
    if (s) {
      const amt = Math.min(small, s.stack);
      s.stack -= amt;
      s.committed = amt;
      s.total = amt;
      if (s.stack === 0) s.allIn = true;
      currentBet = Math.max(currentBet, amt);
      if (small > 0)
        recordDecision(state, { kind: 'postSb', seat: state.sb, amount: amt, to: amt, allIn: s.allIn, cards: [] });
    }
  }
  const b = state.seats[state.bb];
  if (b) {
    const amt = Math.min(big, b.stack);
    b.stack -= amt;
    b.committed = amt;
    b.total = amt;
    const ante = Math.min(state.config.bbAnte, b.stack);
    b.stack -= ante;
    b.ante = ante;
    state.deadMoney += ante;
    if (b.stack === 0) b.allIn = true;
    currentBet = Math.max(currentBet, amt);
    const bbAllIn = b.stack + ante === 0;
    recordDecision(state, { kind: 'postBb', seat: state.bb, amount: amt, to: amt, allIn: bbAllIn, cards: [] });
    if (ante > 0)
      recordDecision(state, { kind: 'postAnte', seat: state.bb, amount: ante, to: ante, allIn: b.allIn, cards: [] });
  }
  state.round.currentBet = currentBet;
}
