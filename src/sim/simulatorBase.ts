// The simulator's table under the play (Simulator, simulator.ts): its state, the simulated hardware it plays through
// (SimBinding, binding.ts: the virtual bridge and dealer panel the service opens like the real ones), the view of the
// hand it decides from (TableView, tableView.ts: the service's session, or its own reckoning when it cannot read the
// service), and the physical moves (cards, chips, buttons, the collection, the showdown, the gathering).
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { formatCard, parseCard } from '../engine/cards.js';
import type { HandSnapshot, TableConfig } from '../engine/types.js';
import { seatZone, type Zone } from '../engine/zone.js';
import type { VirtualBridgeWire } from '../hardware/bridge/index.js';
import type { PanelButton } from '../hardware/types.js';
import { AntennaMap } from '../table/hardwareFile.js';
import type { TagRegistry } from '../table/registry.js';
import { SimBinding } from './binding.js';
import { SimError } from './errors.js';
import type { FirmataEmulator } from './firmataEmulator.js';
import { Rng } from './rng.js';
import { type InjectKind, type Pace, type SimulatorEvents, type SimulatorOptions, TABLE_PACE } from './simTypes.js';
import { type Move, OwnReckoning, type TableView } from './tableView.js';
import { cardUid, SIM_DENOMINATIONS, simulatedRegistry } from './tags.js';
import { VirtualTable } from './virtualTable.js';

export { sleep } from './binding.js';

export abstract class SimulatorBase extends EventEmitter<SimulatorEvents> {
  readonly registry: TagRegistry;
  readonly binding: SimBinding;
  readonly antennas: AntennaMap;
  readonly table: VirtualTable;
  readonly pace: Pace;
  protected readonly rng: Rng;
  protected readonly opts: SimulatorOptions;
  /** what the dealer decides from: the service's session, or its own reckoning */
  protected view: TableView;
  protected config: TableConfig;
  /** H7: the level the room called, taken at the end of the hand under way */
  protected nextLevel: { blinds: [number, number]; bbAnte: number; applied: () => void } | null = null;
  protected readonly initialSeats: Record<number, number>;
  protected readonly pending: InjectKind[] = [];
  protected handNo = 0;
  protected stopped = false;
  protected finishedSaid = false;
  protected offlinePlay = false;
  protected deck: number[] = [];
  protected skipBurn = false;
  protected injectedThisHand: InjectKind[] = [];

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
    this.binding = new SimBinding({
      hardware: opts.hardware,
      antennas: opts.hardware.bridge?.antennas ?? Math.max(...this.antennas.antennas) + 1,
      heartbeatMs: opts.heartbeatMs,
      onPanel: (ev) => this.emit('panel', ev),
    });
    this.table = new VirtualTable(this.binding.wire, this.antennas, SIM_DENOMINATIONS, 400);
    this.view = opts.view ?? new OwnReckoning(opts.floorDecision);
  }

  /** The first hand's table, for the service's session (same seats, button, blinds and motion window). */
  tableConfig(): TableConfig {
    return structuredClone(this.config);
  }

  get hands(): number {
    return this.handNo;
  }

  /** Reads the hand from `view` from now on (the service's session, once it is there). */
  setView(view: TableView): void {
    this.view = view;
  }

  // ---- the hardware: the binding the service opens ----------------------------------------------------------

  get wire(): VirtualBridgeWire {
    return this.binding.wire;
  }

  get emulator(): FirmataEmulator {
    return this.binding.emulator;
  }

  /** In-process: a PortOpener for the service's BridgeLink; each call is a new cable (refused while unplugged). */
  readonly openBridgeStream = (): Promise<Duplex> => this.binding.open();

  /** Over ptys: the bridge's and the panel's pseudo-terminals (socat); the paths the service must open. */
  connectPty(opts: { bridgeLink?: string; panelLink?: string; panel?: boolean } = {}) {
    return this.binding.connectPty(opts);
  }

  /** The seq of the last frame the virtual bridge sent (null before the first). */
  get lastSentSeq(): number | null {
    return this.binding.lastSentSeq;
  }

  protected get closed(): boolean {
    return this.binding.closed;
  }

  /** The bridge's USB cable pulled for `ms`, then plugged back under the same device path. */
  unplug(ms = this.pace.unplugMs): Promise<void> {
    return this.binding.unplug(ms, this.pace.buttonMs);
  }

  async close(): Promise<void> {
    this.stopped = true;
    for (const wake of this.sleepers) wake();
    this.sleepers.clear();
    await this.binding.close();
  }

  /** the dealer's pauses under way: a close ends them at once (at table pace a pause is seconds long) */
  private readonly sleepers = new Set<() => void>();

  protected async pause(ms: number): Promise<void> {
    if (this.closed) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
    await this.binding.drain();
  }

  /** Before the dealer hands a decision to the floor or changes seats, the service has seen the table as it is. */
  protected async settle(maxMs = 3000): Promise<void> {
    if (!this.offlinePlay) await this.binding.acknowledged(maxMs);
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

  /** the hand as the view has it, once it has taken in every move so far */
  protected async read(): Promise<HandSnapshot> {
    await this.view.settled();
    return this.view.hand();
  }

  protected saw(move: Move, dt?: number): void {
    this.view.saw(move, dt);
  }

  protected async press(button: PanelButton): Promise<void> {
    await this.binding.press(button, this.pace.buttonMs);
    if (button !== 'confirm' && button !== 'shuffle') this.saw({ kind: 'dealer', button });
    await this.pause(this.pace.buttonMs);
  }

  // ---- physical moves --------------------------------------------------------------------------------------------

  protected cardUid(card: number, deck = 0): string {
    return cardUid(deck, card);
  }

  protected place(card: number, zone: Zone, face: 'up' | 'down'): void {
    this.table.placeCard(this.cardUid(card), zone, face === 'up' ? 'U' : 'D');
    this.saw({ kind: 'cardAt', card: formatCard(card), zone, face });
  }

  protected move(card: string, from: Zone, to: Zone, face: 'up' | 'down'): void {
    const c = parseCard(card);
    this.table.removeCard(this.cardUid(c));
    this.saw({ kind: 'cardOff', card, zone: from });
    this.place(c, to, face);
  }

  /** A card picked up and put back face up in its seat (tabled, or exposed). */
  protected turnUp(seat: number, card: string): void {
    this.table.turnOver(this.cardUid(parseCard(card)));
    this.saw({ kind: 'cardAt', card, zone: seatZone(seat), face: 'up' });
  }

  /** chips pushed into a seat's betting zone: one motion, over once the window has passed */
  protected async push(seat: number, chips: number[]): Promise<void> {
    this.table.addChips(seat, chips);
    this.saw({ kind: 'chips', seat, chips: this.table.zoneValues(seat) });
    this.saw({ kind: 'tick' }, this.config.motionMs + 10);
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
      this.saw({ kind: 'chips', seat, chips: [] });
    }
    this.saw({ kind: 'tick' }, this.config.motionMs + 10);
    await this.pause(this.pace.cardMs);
  }

  protected async tableAll(snap: HandSnapshot): Promise<void> {
    for (const s of snap.seats) {
      if (s.folded || s.dead) continue;
      for (const card of s.cards) {
        if (s.shown.includes(card)) continue;
        this.turnUp(s.seat, card);
        await this.pause(this.pace.cardMs);
      }
    }
  }

  protected async showdown(snap: HandSnapshot): Promise<void> {
    await this.collect();
    const before = await this.read();
    await this.tableAll(snap);
    // nothing changed: the rules wait for something we cannot give; stop the loop from spinning
    const after = await this.read();
    const moved = (h: HandSnapshot) =>
      JSON.stringify([h.t, h.phase, h.seats.map((x) => x.shown.length), h.alerts.length]);
    if (moved(after) === moved(before))
      throw new SimError('SIM_STATE', `hand ${this.handNo}: showdown does not end (${after.phase})`);
  }

  /** The hand is over: the pot goes to the winners (off the antennas), every card leaves the felt. */
  protected async gather(): Promise<void> {
    await this.pause(this.pace.collectMs);
    for (const seat of this.table.seatsWithChips()) {
      this.table.clearZone(seat);
      this.saw({ kind: 'chips', seat, chips: [] });
    }
    for (const uid of this.table.cardsOnTable()) this.table.removeCard(uid);
    await this.pause(this.pace.cardMs);
  }
}
