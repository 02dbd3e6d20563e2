// Scenario-level helpers for the chip-rule tests: a table dealt and ready for the first action, then the events of
// the test, run through the same engine as `feltwire scenario`. Default: six-handed, button 6, blinds 250-500, 20000
// each; seat N holds the Nth pair of HOLES.
import {
  applyEvent,
  createHand,
  type HandState,
  parseScenario,
  runScenario,
  type ScenarioOutcome,
} from '../../src/engine/index.js';
import { phhLines } from '../../src/phh/index.js';

type RawEvent = Record<string, unknown>;
/** a scenario's outcome with its hand as PHH action lines */
export type Played = ScenarioOutcome & { actions: string[] };

const HOLES: Record<number, string[]> = {
  1: ['2c', '3d'],
  2: ['4h', '5s'],
  3: ['6c', '7d'],
  4: ['8h', '9s'],
  5: ['Tc', 'Jd'],
  6: ['Qh', 'Ks'],
};

export interface TableSetup {
  /** seats dealt in, in deal order (the small blind first) */
  seats: number[];
  button: number;
  blinds: [number, number];
  /** chips the blinds put in their zones: small blind seat first */
  blindChips: [number, number[]][];
  stack: number;
}

export const SIX_HANDED: TableSetup = {
  seats: [1, 2, 3, 4, 5, 6],
  button: 6,
  blinds: [250, 500],
  blindChips: [
    [1, [100, 100, 25, 25]],
    [2, [500]],
  ],
  stack: 20000,
};

function deal(setup: TableSetup): RawEvent[] {
  const events: RawEvent[] = [{ dealer: 'shuffle' }];
  for (const [seat, chips] of setup.blindChips) events.push({ chips, at: `bet${seat}` });
  for (let round = 0; round < 2; round++) {
    for (const seat of setup.seats) events.push({ card: HOLES[seat][round], at: `seat${seat}` });
  }
  return events;
}

/** The events of a seat mucking its hand (a fold). */
export const muck = (seat: number): RawEvent[] =>
  HOLES[seat].flatMap((card) => [
    { card, off: `seat${seat}` },
    { card, at: 'muck' },
  ]);

/** The collection of a finished round and the next street's burn and cards. */
export const nextStreet = (seats: number[], cards: string[]): RawEvent[] => [
  ...seats.map((seat) => ({ chips: [], at: `bet${seat}` })),
  { card: cards[0], at: 'burn' },
  ...cards.slice(1).map((card) => ({ card, at: 'board' })),
];

/** Runs `events` after the deal of `setup`; `state` is the engine's hand after the same events (facts, decisions). */
export function playTable(
  setup: TableSetup,
  events: RawEvent[],
  house: Record<string, unknown> = {},
  ruleset: 'tda' | 'club' = 'tda',
): Played & { state: HandState } {
  const seats: Record<number, number> = {};
  for (const seat of setup.seats) seats[seat] = setup.stack;
  const scenario = parseScenario({
    name: 'chip rules',
    ruleset,
    table: { seats, button: setup.button, blinds: setup.blinds, bbAnte: 0, absent: [], ...house },
    events: [...deal(setup), ...events],
  });
  const state = createHand(scenario.config);
  let last = 0;
  for (const ev of scenario.events) {
    applyEvent(state, ev);
    last = ev.t;
  }
  applyEvent(state, { kind: 'tick', t: last + scenario.config.motionMs });
  const outcome = runScenario(scenario);
  // the hand as PHH lines, rendered by the PHH writer (the engine keeps decisions only)
  return { ...outcome, actions: phhLines(outcome.decisions, outcome.order), state };
}

/** The six-handed table (button 6, blinds 250-500). */
export const play = (events: RawEvent[]): Played => playTable(SIX_HANDED, events);

export const codes = (o: ScenarioOutcome): string[] => o.alerts.map((a) => a.code);
