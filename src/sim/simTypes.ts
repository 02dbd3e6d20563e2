// The simulator's public constants and types: the mistakes and hardware troubles it injects and the alert each must
// raise, the table's pace, its options, and the reports and events it gives.
import type { Alert, HandSnapshot, Ruleset, TableConfig } from '../engine/types.js';
import type { PanelEvent } from '../hardware/types.js';
import type { HardwareFile } from '../table/hardwareFile.js';
import type { TableView } from './tableView.js';

/** The mistakes the simulator makes on demand (docs/rules.md), and the hardware troubles it can cause. */
export const INJECTIONS = [
  'missedBurn',
  'fourCardFlop',
  'exposedCard',
  'stringBet',
  'outOfTurn',
  'foreignCard',
  'crosstalk',
  'readerFault',
  'unplug',
] as const;
export type InjectKind = (typeof INJECTIONS)[number];

/** The alert each injection must raise (engine or table layer). */
export const EXPECTED_ALERT: Record<InjectKind, string> = {
  missedBurn: 'BURN_MISSED',
  fourCardFlop: 'FLOP_FOUR_CARDS',
  exposedCard: 'CARD_EXPOSED',
  stringBet: 'STRING_BET',
  outOfTurn: 'ACTION_OUT_OF_TURN',
  foreignCard: 'CARD_UNKNOWN',
  crosstalk: 'CARD_CROSSTALK',
  readerFault: 'READER_FAULT',
  unplug: 'LINK_LOST',
};

/** Table pace, in ms at speed 1. */
export interface Pace {
  /** between two cards dealt */
  cardMs: number;
  /** a player's thinking time */
  actionMs: number;
  /** before the dealer collects a finished round (must exceed the engine's motion window) */
  collectMs: number;
  /** between hands (must exceed the table layer's latch-off) */
  handGapMs: number;
  /** between two motions of one player (a string bet); must exceed the motion window */
  motionGapMs: number;
  /** after a panel button, before the next move (the panel and the bridge are two links) */
  buttonMs: number;
  /** how long a crosstalk or a foreign card stays (must exceed the layer's crosstalk window) */
  lingerMs: number;
  /** how long the bridge stays unplugged */
  unplugMs: number;
  /** before the dealer taps a declaration on the tablet (lets the table's reads arrive first) */
  tapMs: number;
}

export const TABLE_PACE: Pace = {
  cardMs: 350,
  actionMs: 2500,
  collectMs: 1500,
  handGapMs: 4000,
  motionGapMs: 1500,
  buttonMs: 300,
  lingerMs: 1500,
  unplugMs: 5000,
  tapMs: 800,
};

export interface SimulatorOptions {
  hardware: HardwareFile;
  /** seat -> stack (default: every seat of the table with 10,000) */
  seats?: Record<number, number>;
  button?: number;
  blinds?: [number, number];
  bbAnte?: number;
  ruleset?: Ruleset;
  /** the engine's motion window for this table (default 700 / speed) */
  motionMs?: number;
  seed?: number;
  /** 1 = table pace; 10 = ten times faster */
  speed?: number;
  /** explicit pace (ms), overriding TABLE_PACE / speed */
  pace?: Partial<Pace>;
  /** the virtual bridge's heartbeat period (ms, default 1000) */
  heartbeatMs?: number;
  /**
   * What the dealer decides from: the hand as the service's session has it (src/service/simView.ts), whose engine is
   * then the only one. Without it the dealer reckons the hand itself from its own moves (a service it cannot read).
   */
  view?: TableView;
  /** with its own reckoning only: what the dealer does when a stop alert holds its hand and its remedy is done (ask
   * the floor); without it, the dealer abandons the hand. (A session view rules on the session's own alert.) */
  floorDecision?: (alert: Alert) => Promise<void> | void;
  /** players sitting down in busted seats for the next hand (seat -> stack): tell the service's session */
  reseat?: (seats: Record<number, number>) => Promise<void> | void;
  /** busted seats are taken by a new player with the starting stack (default true) */
  rebuy?: boolean;
  /**
   * Called at each decision point of a hand, before the move is made (SimMoment); the move waits for the promise.
   * Tests use it to hold the dealer or a player at a known point (a restart of the service while nothing moves,
   * exactly N actions taken while it is down, a collection held until it is back).
   */
  gate?: (moment: SimMoment) => Promise<void> | void;
}

/** A decision point of the simulated hand (SimulatorOptions.gate): the move about to be made, and the hand as the
 * dealer's view has it (every move so far taken in). */
export interface SimMoment {
  hand: number;
  /** 'turn': the seat to act (snap.next) is about to act; 'street': the betting round is over, the dealer is about
   * to collect its chips and deal the next street; 'showdown': to collect and table the hands */
  kind: 'turn' | 'street' | 'showdown';
  snap: HandSnapshot;
}

export interface SimHandReport {
  hand: number;
  config: TableConfig;
  /** the view's hand at the end */
  phase: HandSnapshot['phase'];
  complete: boolean;
  stacks: Record<string, number>;
  alerts: string[];
  injected: InjectKind[];
  actions: number;
}

export interface SimulatorEvents {
  hand: [SimHandReport];
  /** panel events for an in-process panel (with a panel pty they go over Firmata instead); `afterSeq`: the last
   * bridge frame sent before it: hand it to a SideChannelGate so the service applies it after that frame */
  panel: [PanelEvent & { afterSeq: number | null }];
  /** what the dealer taps on the tablet (checks: no chips move, and on the river nothing follows to infer them) */
  tablet: [{ kind: 'say'; seat: number; say: 'check'; at: number; afterSeq: number | null }];
  injected: [{ kind: InjectKind; hand: number; wall: number }];
  log: [string];
  /** fewer than two seats have chips and nobody rebuys (a tournament is over): the dealer deals no more hands */
  finished: [{ hand: number; seats: Record<number, number> }];
}
