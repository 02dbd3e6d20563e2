// The simulator's table and cables, under the play (Simulator, simulator.ts): its state, the virtual bridge and
// dealer panel plugged in-process or over ptys (unplugged on demand), the flow control that keeps the dealer behind
// the service, the shadow of the hand in the rules engine, and the physical moves (cards, chips, buttons, the
// collection, the showdown, the gathering) each mirrored in that shadow.
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { SerialPort } from 'serialport';
import { formatCard, parseCard } from '../engine/cards.js';
import { applyEvent, type HandState, snapshot } from '../engine/index.js';
import type { HandSnapshot, TableConfig, TableEvent, Zone } from '../engine/types.js';
import { seqAfter, VirtualBridgeWire } from '../hardware/bridge/index.js';
import type { PanelButton } from '../hardware/types.js';
import { AntennaMap, type ZoneName } from '../table/hardwareFile.js';
import type { TagRegistry } from '../table/registry.js';
import { duplexPair } from './duplexPair.js';
import { SimError } from './errors.js';
import { FirmataEmulator } from './firmataEmulator.js';
import { openPtyPair, type PtyPair } from './ptyPair.js';
import { Rng } from './rng.js';
import { type InjectKind, type Pace, type SimulatorEvents, type SimulatorOptions, TABLE_PACE } from './simTypes.js';
import { cardUid, SIM_DENOMINATIONS, simulatedRegistry } from './tags.js';
import { VirtualTable } from './virtualTable.js';

export const sleep = (ms: number) => new Promise<void>((r) => (ms > 0 ? setTimeout(r, ms) : setImmediate(r)));

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export abstract class SimulatorBase extends EventEmitter<SimulatorEvents> {
  readonly registry: TagRegistry;
  readonly wire: VirtualBridgeWire;
  readonly emulator = new FirmataEmulator();
  readonly antennas: AntennaMap;
  readonly table: VirtualTable;
  readonly pace: Pace;
  protected readonly rng: Rng;
  protected readonly opts: SimulatorOptions;
  protected config: TableConfig;
  /** H7: the level the room called, taken at the end of the hand under way */
  protected nextLevel: { blinds: [number, number]; bbAnte: number; applied: () => void } | null = null;
  protected readonly initialSeats: Record<number, number>;
  protected readonly pending: InjectKind[] = [];
  protected handNo = 0;
  protected running = false;
  protected stopped = false;
  protected finishedSaid = false;
  protected closed = false;
  // shadow of the current hand
  protected st: HandState | null = null;
  protected t = 0;
  protected deck: number[] = [];
  protected skipBurn = false;
  protected injectedThisHand: InjectKind[] = [];
  // transports
  protected mode: 'none' | 'inprocess' | 'pty' = 'none';
  protected unplugged = false;
  protected inprocDevice: Duplex | null = null;
  protected inprocService: Duplex | null = null;
  protected bridgePty: PtyPair | null = null;
  protected panelPty: PtyPair | null = null;
  protected bridgePort: SerialPort | null = null;
  protected panelPort: SerialPort | null = null;
  protected bridgeLinkPath: string | undefined;
  protected sentSeq: number | null = null;

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

  protected async plugBridgePty(): Promise<void> {
    this.bridgePty = await openPtyPair({ serviceLink: this.bridgeLinkPath });
    this.bridgeLinkPath = this.bridgePty.service;
    this.bridgePort = await openDevice(this.bridgePty.device, 115200);
    this.attachWire(this.bridgePort);
  }

  /** Attaches the virtual bridge to a cable, noting the seq of each frame it sends (for afterSeq). */
  protected attachWire(port: Duplex): void {
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

  protected powerOn(): void {
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
  protected async awaitService(heardBefore: number): Promise<void> {
    for (let i = 0; i < 1500 && !this.closed && this.wire.stats.received === heardBefore; i++) await sleep(10);
    await sleep(this.pace.buttonMs);
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

  protected async pause(ms: number): Promise<void> {
    await sleep(ms);
    // flow control: a dealer faster than the service waits for the link to acknowledge what is in flight
    for (let i = 0; i < 500 && !this.closed && !this.unplugged && this.inFlight() > 256; i++) await sleep(5);
  }

  /** Waits until the service has acknowledged every frame sent (at most `maxMs`): before the dealer hands a decision
   * to the floor or changes seats, the service has seen the table as it is. */
  protected async settle(maxMs = 3000): Promise<void> {
    if (this.mode !== 'pty' && !this.inprocDevice) return;
    for (let i = 0; i * 5 < maxMs && !this.closed && !this.unplugged && this.inFlight() > 0; i++) await sleep(5);
    await sleep(10);
  }

  /** frames sent and not yet acknowledged by the service */
  protected inFlight(): number {
    const acked = this.wire.stats.acked;
    if (this.sentSeq === null || acked === null) return 0;
    return (this.sentSeq - acked + 65536) % 65536;
  }

  protected take(kind: InjectKind, when = true): boolean {
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
  protected apply(ev: DistributiveOmit<TableEvent, 't'>, dt = 10): void {
    this.t += dt;
    if (this.st) this.st = applyEvent(this.st, { ...ev, t: this.t } as TableEvent);
  }

  protected snap(): HandSnapshot {
    if (!this.st) throw new SimError('SIM_STATE', 'no hand in play');
    return snapshot(this.st);
  }

  protected async press(button: PanelButton): Promise<void> {
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
  protected cardUid(card: number, deck = 0): string {
    return cardUid(deck, card);
  }

  protected place(card: number, zone: ZoneName, face: 'up' | 'down'): void {
    this.table.placeCard(this.cardUid(card), zone, face === 'up' ? 'U' : 'D');
    this.apply({ kind: 'cardAt', card: formatCard(card), zone: zone as Zone, face });
  }

  protected move(card: string, from: string, to: ZoneName, face: 'up' | 'down'): void {
    const c = parseCard(card);
    this.table.removeCard(this.cardUid(c));
    this.apply({ kind: 'cardOff', card, zone: from as Zone });
    this.place(c, to, face);
  }

  protected async push(seat: number, chips: number[]): Promise<void> {
    this.table.addChips(seat, chips);
    this.apply({ kind: 'chips', seat, chips: this.table.zoneValues(seat) });
    // the motion is over once the window has passed with nothing new in this zone
    this.apply({ kind: 'tick' }, this.config.motionMs + 10);
    await this.pause(this.pace.actionMs);
  }

  protected draw(): number {
    const c = this.deck.pop();
    if (c === undefined) throw new SimError('SIM_STATE', 'the deck is empty');
    return c;
  }

  protected async collect(): Promise<void> {
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

  protected async tableAll(snap: HandSnapshot): Promise<void> {
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

  protected async showdown(snap: HandSnapshot): Promise<void> {
    await this.collect();
    const before = this.snap();
    await this.tableAll(snap);
    // nothing changed: the engine waits for something we cannot give; stop the loop from spinning
    if (this.snap().t === before.t) throw new SimError('SIM_STATE', `hand ${this.handNo}: showdown does not end`);
  }

  /** The hand is over: the pot goes to the winners (off the antennas), every card leaves the felt. */
  protected async gather(): Promise<void> {
    await this.pause(this.pace.collectMs);
    for (const seat of this.table.seatsWithChips()) {
      this.table.clearZone(seat);
      this.apply({ kind: 'chips', seat, chips: [] });
    }
    for (const uid of this.table.cardsOnTable()) this.table.removeCard(uid);
    await this.pause(this.pace.cardMs);
  }
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
