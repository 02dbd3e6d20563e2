// A hand of 6, 9 or 10 named seats (long names), street by street, as the service holds it; the views the tests feed
// to the pages are made from it by the service's own viewFor (what each role may see), never written by hand.

import type { Alert, AlertFacts, HandSnapshot, SeatView } from '../../src/engine/types.js';
import { renderAlert } from '../../src/i18n/renderAlert.js';
import type { SessionState } from '../../src/session/types.js';
import type { LiveState } from '../../src/views/liveState.js';
import { type RoleView, viewFor } from '../../src/views/views.js';

export const LONG_NAMES = [
  'Alexandrine Beauchamp-Delacroix',
  'Bartholomew Okonkwo-Fitzgerald',
  'Maximilian von Hohenstein',
  'Guðrún Sigurðardóttir',
  'Jean-Baptiste Lefèvre-Moreau',
  'Alexandre Dubois',
  'Anastasia Papadopoulou',
  'Christopher Vanderbilt-Ashworth',
  'Léopoldine Saint-Exupéry',
  'Wojciech Szczęsny-Brzęczyszczykiewicz',
];

const HOLES = [
  ['As', 'Kd'],
  ['Ah', 'Kc'],
  ['7s', '7d'],
  ['Qh', 'Jh'],
  ['9c', '8c'],
  ['2s', '3s'],
  ['5d', '6d'],
  ['Jc', 'Tc'],
  ['4h', '4c'],
  ['Ks', 'Qs'],
];
const BOARD = ['Td', '7c', '2h', 'Kh', '3c'];

const BURN_FACTS: AlertFacts = { cards: ['Td', '7c'], street: 'flop', variant: 'flop' };

export type Step = 'preflop' | 'flop' | 'turn' | 'showdown';
export const STEPS: Step[] = ['preflop', 'flop', 'turn', 'showdown'];

function seatOf(n: number, step: Step, seats: number): SeatView {
  const cards = HOLES[n - 1];
  // seats 3.. fold on the flop, except the last seat (it is the one to act on the turn); seats 1 and 2 split the pot
  const folds = step !== 'preflop' && n > 2 && n !== seats;
  const inPot = 12_500;
  return {
    seat: n,
    stack: 1_234_500 - n * 1000 - (step === 'preflop' ? 0 : inPot),
    committed: step === 'preflop' ? (n === 1 ? 5000 : n === 2 ? 10_000 : 0) : step === 'flop' && !folds ? 25_000 : 0,
    zone: [],
    cards,
    shown: step === 'showdown' && !folds ? cards : [],
    folded: folds,
    allIn: false,
    absent: false,
    dead: false,
    handName:
      step === 'turn' || step === 'showdown'
        ? n <= 2
          ? 'Two pair, kings and tens'
          : n === seats
            ? 'King high'
            : undefined
        : undefined,
  };
}

export function snapshotAt(seats: number, step: Step): HandSnapshot {
  const list = Array.from({ length: seats }, (_, i) => seatOf(i + 1, step, seats));
  const board =
    step === 'preflop' ? [] : step === 'flop' ? BOARD.slice(0, 3) : step === 'turn' ? BOARD.slice(0, 4) : BOARD;
  const live = list.filter((s) => !s.folded).map((s) => s.seat);
  const pot = step === 'preflop' ? 15_000 : 12_500 * seats + (step === 'flop' ? 0 : 50_000);
  const alerts: Alert[] =
    step === 'flop'
      ? [
          {
            id: 1,
            code: 'BURN_MISSED',
            seat: null,
            // the engine's own texts for a flop dealt without a burn (its raw card codes: "Td 7c")
            ...renderAlert('BURN_MISSED', BURN_FACTS, 'tda'),
            facts: BURN_FACTS,
            t: 1000,
            acknowledged: false,
            resolved: false,
          } as Alert,
        ]
      : [];
  const toAct = step === 'showdown' ? null : step === 'preflop' ? 3 % seats : seats;
  return {
    ruleset: 'tda',
    phase: step === 'showdown' ? 'complete' : 'betting',
    street: step === 'preflop' ? 'preflop' : step === 'flop' ? 'flop' : step === 'turn' ? 'turn' : 'river',
    button: seats,
    sb: 1,
    bb: 2,
    blinds: [5000, 10_000],
    bbAnte: 0,
    board,
    burns: [],
    muck: [],
    seats: list,
    alerts,
    decisions: [],
    next:
      toAct === null
        ? null
        : {
            toAct,
            toCall: step === 'preflop' ? 10_000 : 25_000,
            minRaiseTo: step === 'preflop' ? 20_000 : 50_000,
            canRaise: true,
            maxRaiseTo: 1_000_000,
            legal: ['fold', 'call', 'raise', 'allin'],
          },
    pots:
      step === 'showdown'
        ? [{ amount: pot, eligible: live, winners: [1, 2], shares: { 1: pot / 2, 2: pot / 2 } }]
        : [{ amount: pot, eligible: live }],
    stacks: Object.fromEntries(list.map((s) => [s.seat, s.stack])),
    t: 5000,
  } as HandSnapshot;
}

function sessionAt(seats: number, step: Step, version: number): SessionState {
  return {
    version,
    wall: 1_000_000 + version,
    handNo: 42,
    handStartWall: 990_000,
    config: {
      ruleset: 'tda',
      seats: Object.fromEntries(Array.from({ length: seats }, (_, i) => [i + 1, 1_234_500])),
      button: seats,
      blinds: [5000, 10_000],
      bbAnte: 0,
      absent: [],
      chips: [1000, 5000, 25_000],
      motionMs: 700,
      orderKnown: true,
    },
    hand: snapshotAt(seats, step),
    handOver: step === 'showdown',
    tableAlerts: [
      {
        id: 1_000_001,
        code: 'READER_FAULT',
        severity: 'warn',
        recorded: {
          message: 'Reader cards-B does not answer: antenna 7 unread',
          remedy: 'Carry on; the floor checks the reader after the hand.',
          messageFr: 'Le lecteur cards-B ne répond pas : antenne 7 non lue',
          remedyFr: 'Continuez ; l’arbitre vérifie le lecteur après la main.',
        },
        rule: { book: 'own', id: 'table' },
        wall: 995_000,
        hand: 42,
        acknowledged: false,
      },
    ] as SessionState['tableAlerts'],
    health: { link: 'up', panel: 'up', readers: {}, tray: {}, scanMs: 120, counters: {}, source: 'sim' },
    clock: null,
    level: { blinds: [5000, 10_000], bbAnte: 0 },
    roster: Array.from({ length: seats }, (_, i) => ({
      seat: i + 1,
      player: { name: LONG_NAMES[i], ...(i % 3 === 0 ? { country: ['FR', 'NG', 'IS', 'PL'][i / 3] } : {}) },
      sittingOut: false,
    })),
  } as SessionState;
}

/** The view of `role` of the hand of `seats` named seats at `step`. */
export function viewAt(role: 'dealer' | 'overlay' | 'commentator', seats: number, step: Step): RoleView {
  const version = 10 + STEPS.indexOf(step);
  const session = sessionAt(seats, step, version);
  const liveSeats = session.hand.seats.filter((s) => !s.folded).map((s) => s.seat);
  const state: LiveState = {
    session,
    at: session.wall,
    equity: {
      handNo: 42,
      points: [
        {
          boardLen: session.hand.board.length,
          board: session.hand.board,
          equity: Object.fromEntries(liveSeats.map((s) => [s, Math.round(1000 / liveSeats.length) / 10])),
        },
      ],
      outs: {},
    },
    broadcastDelayMs: 0,
  };
  const v = viewFor(role, state, session.wall);
  if (!v) throw new Error(`no ${role} view`);
  return v;
}
