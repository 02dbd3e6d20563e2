// The simulator: a whole table in software. A dealer shuffles (the panel's button), posts the blinds, deals tagged
// cards onto the antennas, burns and deals the board, tables hands at showdown and collects; random players push
// tagged chips into their betting zones. Everything reaches the service through the real protocols: protocol v1 from
// a virtual reader bridge, Firmata from a virtual dealer panel, in-process (stream pair) or over ptys (socat).
// To stay legal it keeps a shadow of the hand in the rules engine (src/engine), fed with the events its own moves
// produce, and asks that shadow whose turn it is and what that seat may do. On demand it makes the mistakes docs/rules.md
// names, then carries out the remedy the alert gives.
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { SerialPort } from 'serialport';
import { ALL_CARDS, formatCard, parseCard } from '../engine/cards.js';
import { applyEvent, createHand, type HandState, isHandOver, nextHandConfig, snapshot } from '../engine/index.js';
import type { Alert, HandSnapshot, Ruleset, TableConfig, TableEvent, Zone } from '../engine/types.js';
import { seqAfter, VirtualBridgeWire } from '../hardware/bridge/index.js';
import type { PanelButton, PanelEvent } from '../hardware/types.js';
import { AntennaMap, type HardwareFile, type ZoneName } from '../table/hardwareFile.js';
import type { TagRegistry } from '../table/registry.js';
import { chipsFor } from './chips.js';
import { duplexPair } from './duplexPair.js';
import { SimError } from './errors.js';
import { FirmataEmulator } from './firmataEmulator.js';
import { type Decision, decide } from './players.js';
import { openPtyPair, type PtyPair } from './ptyPair.js';
import { Rng } from './rng.js';
import { cardUid, SIM_DENOMINATIONS, simulatedRegistry } from './tags.js';
import { VirtualTable } from './virtualTable.js';

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
  /** what the simulator does when a stop alert holds its hand and its remedy is done: ask the floor (in-process
   * services resolve it on their session); without it, the simulator abandons the hand */
  floorDecision?: (alert: Alert) => Promise<void> | void;
  /** players sitting down in busted seats for the next hand (seat -> stack): tell the service's session */
  reseat?: (seats: Record<number, number>) => Promise<void> | void;
  /**
   * The table the service deals after the dealer's shuffle (its session's hand config), or null if it has none yet.
   * With it the simulated dealer plays the service's table (seats, stacks, button, blinds, ante) rather than its own
   * reckoning, so a level called from the floor or a bust the two count differently cannot split them.
   */
  handConfig?: () => Promise<TableConfig | null> | TableConfig | null;
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
 * simulator's shadow engine has it (every move so far). */
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
  /** the shadow engine's view at the end */
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

/** tags one antenna can report: an INV frame of 160 bytes lists 15 of the simulator's 8-digit UIDs */
const ZONE_TAG_LIMIT = 15;

const sleep = (ms: number) => new Promise<void>((r) => (ms > 0 ? setTimeout(r, ms) : setImmediate(r)));

export class Simulator extends EventEmitter<SimulatorEvents> {
  readonly registry: TagRegistry;
  readonly wire: VirtualBridgeWire;
  readonly emulator = new FirmataEmulator();
  readonly antennas: AntennaMap;
  readonly table: VirtualTable;
  readonly pace: Pace;
  private readonly rng: Rng;
  private readonly opts: SimulatorOptions;
  private config: TableConfig;
  /** H7: the level the room called, taken at the end of the hand under way */
  private nextLevel: { blinds: [number, number]; bbAnte: number; applied: () => void } | null = null;
  private readonly initialSeats: Record<number, number>;
  private readonly pending: InjectKind[] = [];
  private handNo = 0;
  private running = false;
  private stopped = false;
  private finishedSaid = false;
  private closed = false;
  // shadow of the current hand
  private st: HandState | null = null;
  private t = 0;
  private deck: number[] = [];
  private skipBurn = false;
  private injectedThisHand: InjectKind[] = [];
  // transports
  private mode: 'none' | 'inprocess' | 'pty' = 'none';
  private unplugged = false;
  private inprocDevice: Duplex | null = null;
  private inprocService: Duplex | null = null;
  private bridgePty: PtyPair | null = null;
  private panelPty: PtyPair | null = null;
  private bridgePort: SerialPort | null = null;
  private panelPort: SerialPort | null = null;
  private bridgeLinkPath: string | undefined;
  private sentSeq: number | null = null;

  constructor(opts: SimulatorOptions) {
    super();
    this.opts = opts;
    this.antennas = new AntennaMap(opts.hardware);
    this.rng = new Rng(opts.seed ?? 1);
    this.registry = simulatedRegistry();
    const speed = opts.speed ?? 1;
    if (!(speed > 0)) throw new SimError('SIM_CONFIG', `speed must be positive, got ${speed}`);
    const scaled = Object.fromEntries(Object.entries(TABLE_PACE).map(([k, v]) => [k, v / speed])) as unknown as Pace;
    this.pace = { ...scaled, ...opts.pace };
    const seats: Record<number, number> = {};
    for (let s = 1; s <= opts.hardware.seats; s++) seats[s] = 10_000;
    this.initialSeats = opts.seats ?? seats;
    for (const seat of Object.keys(this.initialSeats))
      if (Number(seat) > opts.hardware.seats) throw new SimError('SIM_CONFIG', `seat ${seat} is not at this table`);
    const occupied = Object.keys(this.initialSeats)
      .map(Number)
      .sort((a, b) => a - b);
    this.config = {
      ruleset: opts.ruleset ?? 'tda',
      seats: { ...this.initialSeats },
      button: opts.button ?? occupied[0],
      blinds: opts.blinds ?? [50, 100],
      bbAnte: opts.bbAnte ?? 0,
      absent: [],
      chips: [...SIM_DENOMINATIONS],
      motionMs: opts.motionMs ?? Math.max(1, Math.round(700 / speed)),
      orderKnown: true,
    };
    this.wire = new VirtualBridgeWire({
      antennas: opts.hardware.bridge?.antennas ?? Math.max(...this.antennas.antennas) + 1,
      heartbeatMs: opts.heartbeatMs,
      ringSize: 4096,
      deviceId: 'BR-SIM',
      firmware: 'sim-1.0',
    });
    this.table = new VirtualTable(this.wire, this.antennas, SIM_DENOMINATIONS, 400);
  }

  /** The first hand's table, for the service's session (same seats, button, blinds and motion window). */
  tableConfig(): TableConfig {
    return structuredClone(this.config);
  }

  get hands(): number {
    return this.handNo;
  }

  // ---- transports ----------------------------------------------------------------------------------------------

  /** In-process: a PortOpener for the service's BridgeLink; each call is a new cable (refused while unplugged). */
  readonly openBridgeStream = async (): Promise<Duplex> => {
    if (this.unplugged) throw new SimError('SIM_STATE', 'the simulated bridge is unplugged');
    this.mode = 'inprocess';
    const [device, service] = duplexPair();
    this.inprocDevice = device;
    this.inprocService = service;
    this.attachWire(device);
    if (!this.running) this.powerOn();
    return service;
  };

  /** Over ptys: creates the bridge's and the panel's pseudo-terminals (socat) and opens their device ends. Returns
   * the paths the service must open. */
  async connectPty(
    opts: { bridgeLink?: string; panelLink?: string; panel?: boolean } = {},
  ): Promise<{ bridge: string; panel: string | null }> {
    this.mode = 'pty';
    this.bridgeLinkPath = opts.bridgeLink;
    await this.plugBridgePty();
    let panel: string | null = null;
    if (opts.panel !== false) {
      this.panelPty = await openPtyPair({ serviceLink: opts.panelLink });
      this.panelPort = await openDevice(this.panelPty.device, 57600);
      this.emulator.attach(this.panelPort);
      panel = this.panelPty.service;
    }
    this.powerOn();
    return { bridge: this.bridgePty?.service ?? '', panel };
  }

  private async plugBridgePty(): Promise<void> {
    this.bridgePty = await openPtyPair({ serviceLink: this.bridgeLinkPath });
    this.bridgeLinkPath = this.bridgePty.service;
    this.bridgePort = await openDevice(this.bridgePty.device, 115200);
    this.attachWire(this.bridgePort);
  }

  /** Attaches the virtual bridge to a cable, noting the seq of each frame it sends (for afterSeq). */
  private attachWire(port: Duplex): void {
    this.wire.attach(port);
    // frames produced together (one scan cycle: a stack of chips, a gathered deck) leave in one write, as a
    // bridge's UART sends them back to back
    let batch: string[] = [];
    const flush = () => {
      const out = batch.join('');
      batch = [];
      if (out && port.writable) port.write(out);
    };
    this.wire.setSink((line) => {
      const seq = Number(line.slice(1, line.indexOf(',')));
      if (this.sentSeq === null || seqAfter(seq, this.sentSeq) || seq === 0) this.sentSeq = seq;
      if (batch.length === 0) setImmediate(flush);
      batch.push(line);
    });
  }

  /** The seq of the last frame the virtual bridge sent (null before the first). */
  get lastSentSeq(): number | null {
    return this.sentSeq;
  }

  private powerOn(): void {
    if (this.running) return;
    this.running = true;
    this.wire.start();
  }

  /** The bridge's USB cable pulled for `ms`, then plugged back under the same device path. */
  async unplug(ms = this.pace.unplugMs): Promise<void> {
    // the dealer waits until the bridge's last frames are acknowledged: nothing in flight is lost with the cable
    for (let i = 0; i < 200 && this.sentSeq !== null && this.wire.stats.acked !== this.sentSeq; i++) await sleep(10);
    this.unplugged = true;
    this.wire.detach();
    if (this.mode === 'pty') {
      await closeDevice(this.bridgePort);
      this.bridgePort = null;
      await this.bridgePty?.close();
      this.bridgePty = null;
      await sleep(ms);
      if (this.closed) return;
      const heard = this.wire.stats.received;
      await this.plugBridgePty();
      if (this.closed) {
        // closed while the cable was out: the new pty must not outlive the simulator
        const pair = this.bridgePty as PtyPair | null;
        await closeDevice(this.bridgePort);
        await pair?.close();
        return;
      }
      this.unplugged = false;
      await this.awaitService(heard);
    } else if (this.mode === 'inprocess') {
      const heard = this.wire.stats.received;
      this.inprocService?.destroy();
      this.inprocDevice?.destroy();
      await sleep(ms);
      this.unplugged = false;
      await this.awaitService(heard);
    }
    this.unplugged = false;
  }

  /** After a replug the dealer waits for the service to be back (its SYNC reaches the bridge) before dealing on. */
  private async awaitService(heardBefore: number): Promise<void> {
    for (let i = 0; i < 1500 && !this.closed && this.wire.stats.received === heardBefore; i++) await sleep(10);
    await sleep(this.pace.buttonMs);
  }

  // ---- play ----------------------------------------------------------------------------------------------------

  /** Queues a mistake or a hardware trouble for the next moment it can happen. */
  inject(kind: InjectKind): void {
    if (!INJECTIONS.includes(kind))
      throw new SimError('SIM_CONFIG', `unknown injection "${kind}" (one of ${INJECTIONS.join(', ')})`);
    this.pending.push(kind);
  }

  /** No transport at all: the simulator plays against its own shadow engine only (tests of its play). */
  offline(): void {
    this.mode = 'inprocess';
  }

  /** Plays hands until `hands` are done or stop() is called. */
  async run(hands = Number.POSITIVE_INFINITY): Promise<SimHandReport[]> {
    if (this.mode === 'none')
      throw new SimError('SIM_STATE', 'connect the simulator first (openBridgeStream or connectPty)');
    this.stopped = false;
    const reports: SimHandReport[] = [];
    if (this.mode === 'pty' && this.wire.stats.received === 0) {
      // nobody reads the table yet: the dealer waits for the service (its SYNC) before shuffling
      this.emit('log', 'waiting for the service to open the reader bridge...');
      while (!this.closed && !this.stopped && this.wire.stats.received === 0) await sleep(50);
    }
    const shufflePin = this.opts.hardware.panel?.buttons.shuffle;
    if (this.mode === 'pty' && this.panelPty && shufflePin !== undefined) {
      // and for the dealer panel: johnny-five has set the buttons up (input pins), else the first press is lost
      this.emit('log', 'waiting for the service to open the dealer panel...');
      while (!this.closed && !this.stopped && this.emulator.modes[shufflePin] < 0) await sleep(50);
      await sleep(300);
    }
    await this.pause(this.pace.handGapMs); // the dealer sits down: the service's links settle first
    for (let i = 0; i < hands && !this.stopped && !this.closed; i++) {
      if (this.tableFinished()) break;
      const report = await this.playHand();
      reports.push(report);
      this.emit('hand', report);
      await this.pause(this.pace.handGapMs);
    }
    return reports;
  }

  stop(): void {
    this.stopped = true;
  }

  /** A finished table given players again (a tournament's room seats players at it): the dealer deals on, the
   * service's table (handConfig) taking over at the next shuffle. */
  resume(seats: Record<number, number>): Promise<SimHandReport[]> {
    this.config = { ...this.config, seats: { ...seats } };
    this.finishedSaid = false;
    return this.run();
  }

  /** Busted seats taken by new players (cash) or not (a tournament: a busted player does not come back). */
  setRebuy(rebuy: boolean): void {
    this.opts.rebuy = rebuy;
  }

  /** True once fewer than two seats have chips for the next hand: the dealer stops dealing, and says so once. */
  private tableFinished(): boolean {
    const seats = Object.fromEntries(Object.entries(this.config.seats).filter(([, stack]) => stack > 0));
    if (Object.keys(seats).length >= 2) return false;
    if (!this.finishedSaid) {
      this.finishedSaid = true;
      const last = Object.entries(seats)[0];
      this.emit(
        'log',
        `table finished after hand ${this.handNo}: ${last ? `only seat ${last[0]} has chips (${last[1]})` : 'no seat has chips'}; no more hands`,
      );
      this.emit('finished', {
        hand: this.handNo,
        seats: Object.fromEntries(Object.entries(seats).map(([k, v]) => [Number(k), v])),
      });
    }
    return true;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopped = true;
    this.wire.stop();
    this.wire.detach();
    this.emulator.close();
    this.inprocService?.destroy();
    this.inprocDevice?.destroy();
    await closeDevice(this.bridgePort);
    await closeDevice(this.panelPort);
    await this.bridgePty?.close();
    await this.panelPty?.close();
  }

  private async pause(ms: number): Promise<void> {
    await sleep(ms);
    // flow control: a dealer faster than the service waits for the link to acknowledge what is in flight
    for (let i = 0; i < 500 && !this.closed && !this.unplugged && this.inFlight() > 256; i++) await sleep(5);
  }

  /** Waits until the service has acknowledged every frame sent (at most `maxMs`): before the dealer hands a decision
   * to the floor or changes seats, the service has seen the table as it is. */
  private async settle(maxMs = 3000): Promise<void> {
    if (this.mode !== 'pty' && !this.inprocDevice) return;
    for (let i = 0; i * 5 < maxMs && !this.closed && !this.unplugged && this.inFlight() > 0; i++) await sleep(5);
    await sleep(10);
  }

  /** frames sent and not yet acknowledged by the service */
  private inFlight(): number {
    const acked = this.wire.stats.acked;
    if (this.sentSeq === null || acked === null) return 0;
    return (this.sentSeq - acked + 65536) % 65536;
  }

  private take(kind: InjectKind, when = true): boolean {
    if (!when) return false;
    const i = this.pending.indexOf(kind);
    if (i < 0) return false;
    this.pending.splice(i, 1);
    this.injectedThisHand.push(kind);
    this.emit('injected', { kind, hand: this.handNo, wall: Date.now() });
    this.emit('log', `hand ${this.handNo}: injecting ${kind}`);
    return true;
  }

  // shadow engine
  private apply(ev: DistributiveOmit<TableEvent, 't'>, dt = 10): void {
    this.t += dt;
    if (this.st) this.st = applyEvent(this.st, { ...ev, t: this.t } as TableEvent);
  }

  private snap(): HandSnapshot {
    if (!this.st) throw new SimError('SIM_STATE', 'no hand in play');
    return snapshot(this.st);
  }

  private async press(button: PanelButton): Promise<void> {
    if (this.mode === 'pty' && this.panelPty) {
      const pin = this.opts.hardware.panel?.buttons[button];
      if (pin === undefined) throw new SimError('SIM_CONFIG', 'the table file has no panel');
      this.emulator.press(pin);
      await sleep(Math.min(20, this.pace.buttonMs));
      this.emulator.release(pin);
      // the panel is a second serial link: nothing orders it with the bridge, so the dealer leaves the press time
      // to arrive (johnny-five's reads, the debounce) before touching the table, whatever the speed
      await sleep(Math.max(0, 300 - this.pace.buttonMs));
    } else this.emit('panel', { kind: 'button', button, at: Date.now(), afterSeq: this.sentSeq });
    if (button !== 'confirm') this.apply({ kind: 'dealer', button });
    await this.pause(this.pace.buttonMs);
  }

  // physical moves, each mirrored in the shadow
  private cardUid(card: number, deck = 0): string {
    return cardUid(deck, card);
  }

  private place(card: number, zone: ZoneName, face: 'up' | 'down'): void {
    this.table.placeCard(this.cardUid(card), zone, face === 'up' ? 'U' : 'D');
    this.apply({ kind: 'cardAt', card: formatCard(card), zone: zone as Zone, face });
  }

  private move(card: string, from: string, to: ZoneName, face: 'up' | 'down'): void {
    const c = parseCard(card);
    this.table.removeCard(this.cardUid(c));
    this.apply({ kind: 'cardOff', card, zone: from as Zone });
    this.place(c, to, face);
  }

  private async push(seat: number, chips: number[]): Promise<void> {
    this.table.addChips(seat, chips);
    this.apply({ kind: 'chips', seat, chips: this.table.zoneValues(seat) });
    // the motion is over once the window has passed with nothing new in this zone
    this.apply({ kind: 'tick' }, this.config.motionMs + 10);
    await this.pause(this.pace.actionMs);
  }

  private draw(): number {
    const c = this.deck.pop();
    if (c === undefined) throw new SimError('SIM_STATE', 'the deck is empty');
    return c;
  }

  private async playHand(): Promise<SimHandReport> {
    this.handNo++;
    this.injectedThisHand = [];
    let config = this.config;
    this.st = createHand(config);
    this.t = 0;
    this.skipBurn = false;
    this.deck = this.rng.shuffle([...ALL_CARDS]);
    let actions = 0;
    let abandoned = false;

    await this.press('shuffle');
    if (this.opts.handConfig) {
      await this.settle();
      const served = await this.opts.handConfig();
      if (served) {
        // the service's table is the truth: play its seats, button, blinds and ante
        config = structuredClone(served);
        this.config = config;
        this.st = createHand(config);
        this.t = 0;
        this.apply({ kind: 'dealer', button: 'shuffle' });
      }
    }
    // blinds and ante
    const s0 = this.snap();
    const stackOf = (seat: number) => config.seats[seat] ?? 0;
    if (s0.sb !== null) await this.push(s0.sb, chipsFor(Math.min(config.blinds[0], stackOf(s0.sb)), SIM_DENOMINATIONS));
    await this.push(s0.bb, chipsFor(Math.min(config.blinds[1] + config.bbAnte, stackOf(s0.bb)), SIM_DENOMINATIONS));
    // the deal: one card at a time, clockwise from the first seat left of the button, two rounds
    const order = dealOrder(config);
    for (let round = 0; round < 2; round++) {
      for (const seat of order) {
        this.place(this.draw(), `seat${seat}`, 'down');
        await this.pause(this.pace.cardMs);
      }
    }
    for (let step = 0; step < 400; step++) {
      if (this.closed) break;
      if (this.st && isHandOver(this.st)) break;
      const snap = this.snap();
      if (snap.phase === 'stopped') {
        if (!(await this.floor(snap))) {
          abandoned = true;
          break;
        }
        continue;
      }
      if (snap.phase === 'misdeal' || snap.phase === 'waiting' || snap.phase === 'dealing') {
        abandoned = true;
        break;
      }
      const kind = snap.next ? 'turn' : snap.phase === 'showdown' ? 'showdown' : 'street';
      if (
        this.opts.gate &&
        (snap.next || snap.phase === 'showdown' || snap.phase === 'board' || snap.phase === 'betting')
      )
        await this.opts.gate({ hand: this.handNo, kind, snap });
      if (this.closed) break;
      if (snap.next) {
        await this.turn(snap);
        actions++;
      } else if (snap.phase === 'showdown') await this.showdown(snap);
      else if (snap.phase === 'board' || snap.phase === 'betting') await this.street(snap);
    }
    const final = this.snap();
    if (!isHandOver(this.st)) abandoned = true;
    await this.gather();
    const report: SimHandReport = {
      hand: this.handNo,
      config,
      phase: final.phase,
      complete: !abandoned,
      stacks: final.stacks,
      alerts: final.alerts.map((a) => a.code),
      injected: this.injectedThisHand,
      actions,
    };
    if (abandoned) this.emit('log', `hand ${this.handNo}: abandoned in phase ${final.phase}`);
    if (abandoned) this.config = config;
    else {
      // a busted player's seat is taken by a new player with the starting stack, from the next hand on
      const joining: Record<number, number> = {};
      if (this.opts.rebuy !== false)
        for (const [seat, start] of Object.entries(this.initialSeats))
          if ((final.stacks[seat] ?? 0) === 0 && config.seats[Number(seat)] !== undefined)
            joining[Number(seat)] = start;
      if (Object.keys(joining).length) {
        await this.settle();
        await this.opts.reseat?.(joining);
      }
      // H7: a level the room called takes effect from the next hand, as the session applies it at the next shuffle
      const level = this.nextLevel;
      this.nextLevel = null;
      this.config = nextHandConfig(config, final, {
        ...(Object.keys(joining).length ? { seats: joining } : {}),
        ...(level ? { blinds: level.blinds, bbAnte: level.bbAnte } : {}),
      });
      level?.applied();
    }
    return report;
  }

  /** H7: a new blind level from the next hand on; `applied` runs when it is taken (before that hand's shuffle). */
  setLevel(level: { blinds: [number, number]; bbAnte: number }, applied: () => void = () => {}): void {
    this.nextLevel = { blinds: [level.blinds[0], level.blinds[1]], bbAnte: level.bbAnte, applied };
  }

  /** A stop alert holds the hand after its remedy: the floor decides (in-process) or the hand is abandoned. */
  private async floor(snap: HandSnapshot): Promise<boolean> {
    const alert = snap.alerts.find((a) => a.severity === 'stop' && !a.resolved && a.code !== 'MISDEAL');
    if (!alert || !this.opts.floorDecision) return false;
    await this.press('floor');
    await this.settle();
    await this.opts.floorDecision(alert);
    this.apply({ kind: 'floorDecision', alertId: alert.id, decision: 'play on as the remedy says', by: 'floor' });
    return true;
  }

  private liveSeats(snap: HandSnapshot): number[] {
    return snap.seats.filter((s) => !s.folded && !s.dead && s.cards.length > 0).map((s) => s.seat);
  }

  private async turn(snap: HandSnapshot): Promise<void> {
    const next = snap.next;
    if (!next) return;
    const seat = snap.seats.find((s) => s.seat === next.toAct);
    if (!seat) throw new SimError('SIM_STATE', `seat ${next.toAct} is to act but not seated`);
    const live = this.liveSeats(snap);
    // hardware troubles and mistakes that can happen at any turn
    if (this.take('readerFault')) this.wire.fault(this.rng.pick(this.antennas.antennas), 'ANT_TIMEOUT');
    if (this.take('unplug')) await this.unplug();
    if (this.take('foreignCard')) {
      const uid = cardUid(1, this.rng.int(0, 51));
      this.table.wire.arrive(this.antennas.antennaOf('board'), uid, 'U');
      await this.pause(this.pace.lingerMs);
      this.table.wire.leave(this.antennas.antennaOf('board'), uid);
      await this.pause(this.pace.cardMs);
    }
    if (this.take('crosstalk')) {
      const card = seat.cards[0];
      const other = `seat${(seat.seat % this.opts.hardware.seats) + 1}` as ZoneName;
      if (card) {
        const uid = this.cardUid(parseCard(card));
        this.table.alsoRead(uid, other);
        await this.pause(this.pace.lingerMs);
        this.table.clearCrosstalk(uid, other);
        await this.pause(this.pace.cardMs);
      }
    }
    if (this.take('exposedCard', seat.cards.length === 2 && seat.shown.length === 0)) {
      const card = seat.cards[1];
      this.table.turnOver(this.cardUid(parseCard(card)));
      this.apply({ kind: 'cardAt', card, zone: `seat${seat.seat}`, face: 'up' });
      await this.pause(this.pace.cardMs);
      return;
    }
    const others = live.filter((s) => s !== seat.seat && !snap.seats.find((x) => x.seat === s)?.allIn);
    if (this.take('outOfTurn', others.length >= 2)) {
      // a player further round the table folds before his turn: the fold binds (tda 53)
      const culprit = others[others.length - 1];
      await this.fold(snap, culprit);
      return;
    }
    const pot = snap.pots.reduce((a, p) => a + p.amount, 0) + snap.seats.reduce((a, s) => a + s.committed, 0);
    const unit = this.config.chips[0];
    const d: Decision = decide(next, seat, pot, this.rng, unit);
    if ((d.kind === 'call' || d.kind === 'raise') && next.toCall > 0 && next.toCall < seat.stack) {
      const extra = (next.minRaiseTo ?? 0) - seat.committed - next.toCall;
      if (extra > 0 && next.toCall + extra < seat.stack && this.take('stringBet')) {
        await this.stringBet(seat.seat, next.toCall, extra);
        return;
      }
    }
    let act: Decision = d;
    if (d.kind === 'call' || d.kind === 'raise') {
      // an antenna reports at most what one INV frame lists (15 of our tags): a push that would not fit is not made
      // (the player folds, or checks when free to)
      const adding = (d.kind === 'raise' ? raiseChips(d.add, next.toCall) : chipsFor(d.add, SIM_DENOMINATIONS)).length;
      if (this.table.zoneValues(seat.seat).length + adding > ZONE_TAG_LIMIT)
        act = next.toCall > 0 ? { kind: 'fold' } : { kind: 'check' };
    }
    switch (act.kind) {
      case 'fold':
        await this.fold(snap, seat.seat);
        break;
      case 'check':
        // no chips move: the dealer taps the check on the tablet
        await this.pause(this.pace.tapMs);
        this.emit('tablet', { kind: 'say', seat: seat.seat, say: 'check', at: Date.now(), afterSeq: this.sentSeq });
        this.apply({ kind: 'say', seat: seat.seat, say: 'check' });
        await this.pause(this.pace.actionMs);
        break;
      case 'call':
        if (act.add > 0) await this.push(seat.seat, chipsFor(act.add, SIM_DENOMINATIONS));
        break;
      case 'raise':
        await this.push(seat.seat, raiseChips(act.add, next.toCall));
        break;
    }
  }

  /** tda 56: the call goes in, then more chips in a second motion before the next seat acts; the extra goes back. */
  private async stringBet(seat: number, call: number, extra: number): Promise<void> {
    this.table.addChips(seat, chipsFor(call, SIM_DENOMINATIONS));
    this.apply({ kind: 'chips', seat, chips: this.table.zoneValues(seat) });
    await this.pause(this.pace.motionGapMs);
    const more = chipsFor(extra, SIM_DENOMINATIONS);
    this.table.addChips(seat, more);
    this.apply({ kind: 'chips', seat, chips: this.table.zoneValues(seat) }, this.config.motionMs + 10);
    this.apply({ kind: 'tick' }, this.config.motionMs + 10);
    await this.pause(this.pace.motionGapMs);
    // the remedy: only the first motion counts; the dealer hands the extra back
    this.table.removeChips(seat, more);
    this.apply({ kind: 'chips', seat, chips: this.table.zoneValues(seat) });
    this.apply({ kind: 'tick' }, this.config.motionMs + 10);
    await this.pause(this.pace.actionMs);
  }

  private async fold(snap: HandSnapshot, seat: number): Promise<void> {
    const s = snap.seats.find((x) => x.seat === seat);
    for (const card of s?.cards ?? []) this.move(card, `seat${seat}`, 'muck', 'down');
    await this.pause(this.pace.actionMs);
  }

  /** The round is over: collect, then burn and deal the next street (tabling all hands first after an all-in). */
  private async street(snap: HandSnapshot): Promise<void> {
    await this.collect();
    if (snap.alerts.some((a) => a.code === 'TABLE_ALL_HANDS')) await this.tableAll(snap);
    const n = snap.board.length;
    if (n >= 5) return;
    const street = n === 0 ? 'flop' : n === 3 ? 'turn' : 'river';
    // board mistakes only where the engine can tell streets apart: with betting still to come
    const betting = snap.seats.filter((s) => !s.folded && !s.dead && !s.allIn && s.cards.length > 0).length >= 2;
    if (street === 'flop' && this.take('missedBurn', betting)) {
      const flop = [this.draw(), this.draw(), this.draw()];
      for (const c of flop) {
        this.place(c, 'board', 'up');
        await this.pause(this.pace.cardMs);
      }
      // club 2-5: the first flop card becomes the burn and the next card completes the flop
      this.move(formatCard(flop[0]), 'board', 'burn', 'down');
      await this.pause(this.pace.cardMs);
      this.place(this.draw(), 'board', 'up');
      await this.pause(this.pace.actionMs);
      return;
    }
    if (street === 'flop' && this.take('fourCardFlop', betting)) {
      this.place(this.draw(), 'burn', 'down');
      const four = [this.draw(), this.draw(), this.draw(), this.draw()];
      for (const c of four) {
        this.place(c, 'board', 'up');
        await this.pause(this.pace.cardMs);
      }
      // tda 39: the four scrambled, one picked at random as the next burn; club 2-7: the fourth is burned.
      // Either way the turn then comes without a further burn.
      const out = this.config.ruleset === 'tda' ? this.rng.pick(four) : four[3];
      this.move(formatCard(out), 'board', 'burn', 'down');
      this.skipBurn = true;
      await this.pause(this.pace.actionMs);
      return;
    }
    if (!this.skipBurn) {
      this.place(this.draw(), 'burn', 'down');
      await this.pause(this.pace.cardMs);
    }
    this.skipBurn = false;
    for (let i = 0; i < (street === 'flop' ? 3 : 1); i++) {
      this.place(this.draw(), 'board', 'up');
      await this.pause(this.pace.cardMs);
    }
    await this.pause(this.pace.actionMs);
  }

  private async collect(): Promise<void> {
    const seats = this.table.seatsWithChips();
    if (!seats.length) return;
    await this.pause(this.pace.collectMs);
    for (const seat of seats) {
      this.table.clearZone(seat);
      this.apply({ kind: 'chips', seat, chips: [] });
    }
    this.apply({ kind: 'tick' }, this.config.motionMs + 10);
    await this.pause(this.pace.cardMs);
  }

  private async tableAll(snap: HandSnapshot): Promise<void> {
    for (const s of snap.seats) {
      if (s.folded || s.dead) continue;
      for (const card of s.cards) {
        if (s.shown.includes(card)) continue;
        this.table.turnOver(this.cardUid(parseCard(card)));
        this.apply({ kind: 'cardAt', card, zone: `seat${s.seat}`, face: 'up' });
        await this.pause(this.pace.cardMs);
      }
    }
  }

  private async showdown(snap: HandSnapshot): Promise<void> {
    await this.collect();
    const before = this.snap();
    await this.tableAll(snap);
    // nothing changed: the engine waits for something we cannot give; stop the loop from spinning
    if (this.snap().t === before.t) throw new SimError('SIM_STATE', `hand ${this.handNo}: showdown does not end`);
  }

  /** The hand is over: the pot goes to the winners (off the antennas), every card leaves the felt. */
  private async gather(): Promise<void> {
    await this.pause(this.pace.collectMs);
    for (const seat of this.table.seatsWithChips()) {
      this.table.clearZone(seat);
      this.apply({ kind: 'chips', seat, chips: [] });
    }
    for (const uid of this.table.cardsOnTable()) this.table.removeCard(uid);
    await this.pause(this.pace.cardMs);
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A raise in chips the rules read as a raise: the call made up on its own plus the raise on top, so that not every
 * chip is needed to call (tda 45) and never a single chip facing a bet (tda 44: one chip is a call). */
function raiseChips(add: number, toCall: number): number[] {
  if (toCall <= 0) return chipsFor(add, SIM_DENOMINATIONS);
  return [...chipsFor(toCall, SIM_DENOMINATIONS), ...chipsFor(add - toCall, SIM_DENOMINATIONS)].sort((a, b) => b - a);
}

/** Seats in dealing order: clockwise from the first occupied seat left of the button (heads-up: the big blind). */
export function dealOrder(config: TableConfig): number[] {
  const occupied = Object.keys(config.seats)
    .map(Number)
    .sort((a, b) => a - b);
  const after = occupied.filter((s) => s > config.button);
  const before = occupied.filter((s) => s <= config.button);
  return [...after, ...before];
}

async function openDevice(path: string, baudRate: number): Promise<SerialPort> {
  const port = new SerialPort({ path, baudRate, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  port.on('error', () => {});
  return port;
}

async function closeDevice(port: SerialPort | null): Promise<void> {
  if (!port?.isOpen) return;
  await new Promise<void>((resolve) => port.close(() => resolve()));
}
