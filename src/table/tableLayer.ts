// The table layer: reader events (antenna, tag UID) in; the engine's events (cards in zones, the content of betting
// zones, dealer buttons) out, with their wall time. Noise is cleaned here and nowhere else: a card lifted off the felt
// for a moment is not a move (latch-off), a stack of chips read tag by tag is one snapshot (settle window), a tag
// seen by two antennas during a slide is not crosstalk unless it stays (crosstalk window). Tags that are not cards
// of the deck in play never reach the engine: they raise CARD_UNKNOWN here.
import { EventEmitter } from 'node:events';
import { type WallClock, wallNow } from '../clock/index.js';
import type { Face, TableEvent, Zone } from '../engine/types.js';
import type { PanelButton, PanelEvent, ReaderEvent, Face as ReaderFace } from '../hardware/types.js';
import { crosstalkAlert, linkAlert, readerFaultAlert, type TableAlert, unknownTagAlert } from './alerts.js';
import type { ChipEnrollment, DeckCheck, DeckEnrollment, EnrollmentFlow, EnrollStep } from './enrollment.js';
import { TableError } from './errors.js';
import { AntennaMap, type HardwareFile, type ZoneName } from './hardwareFile.js';
import type { TableHealth } from './health.js';
import { type PanelAlert, panelAlert, panelButtonLowAlert } from './panelAlerts.js';
import type { TagRegistry } from './registry.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An engine TableEvent without its hand-relative `t`, with the wall-clock time it happened. `orderKnown: false`
 * marks events reconstructed from an inventory (their order among themselves is unknown). */
export type LiveTableEvent = DistributiveOmit<TableEvent, 't'> & { wall: number; orderKnown?: false };

export interface EnrollEvent {
  flow: 'deck' | 'chips' | 'check';
  step: EnrollStep;
  /** deck enrollment: the next card to present (null when done) */
  expected?: string | null;
}

export interface TableLayerEvents {
  event: [LiveTableEvent];
  alert: [TableAlert | PanelAlert];
  health: [TableHealth];
  enroll: [EnrollEvent];
  /** panel buttons that are not engine events (confirm) */
  panel: [{ button: PanelButton; wall: number }];
  /** after resume(): every antenna has given its inventory; `missing` are the cards the log placed on the table that
   * no antenna reads now (moved while the service was down, to nowhere the readers see) */
  resumed: [
    {
      wall: number;
      missing: Array<{ card: string; zone: string }>;
      /** betting zones whose chips are not what the log left there (the engine was given the zone as it is now) */
      chips: Array<{ seat: number; was: number[]; now: number[] }>;
      /** the floor's resync (resync()), not a restart: who asked, and every difference between the engine's belief
       * and the reading */
      resync?: { by: string; differences: ResyncDifferences };
    },
  ];
}

/** Where the engine's belief and the readers' reading differ (resync()): a card's zone in each (null: nowhere), a
 * betting zone's chips in each. */
export interface ResyncDifferences {
  cards: Array<{ card: string; was: string | null; now: string | null }>;
  chips: Array<{ seat: number; was: number[]; now: number[] }>;
}

export interface TableLayerOptions {
  hardware: HardwareFile;
  registry: TagRegistry;
  /** a card that leaves a zone and comes back within this time never left (ms, default 250; 0: off) */
  latchOffMs?: number;
  /** changes of a betting zone closer than this are one snapshot (ms, default 150; 0: every change) */
  chipSettleMs?: number;
  /** a tag on two zones' antennas longer than this is crosstalk (ms, default 600; 0: at once) */
  crosstalkMs?: number;
  /** the wall time written on what this layer makes itself (a crosstalk alert, a departure flushed by a button, a
   * tablet tap without one); never subtracted: every window here (latch-off, settle, crosstalk) is a timer */
  wall?: WallClock;
}

const CARD_ZONES = /^(seat\d+|board|burn|muck)$/;
const defaultFace = (zone: string): Face => (zone === 'board' ? 'up' : 'down');
const faceOf = (f: ReaderFace): Face | null => (f === 'U' ? 'up' : f === 'D' ? 'down' : null);
const sameMultiset = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export class TableLayer extends EventEmitter<TableLayerEvents> {
  readonly antennas: AntennaMap;
  private readonly registry: TagRegistry;
  private readonly latchOffMs: number;
  private readonly chipSettleMs: number;
  private readonly crosstalkMs: number;
  private readonly wall: WallClock;

  /** uid -> antenna -> face, in order of arrival (the first antenna is the tag's home) */
  private readonly presence = new Map<string, Map<number, ReaderFace>>();
  /** antenna -> uids on it */
  private readonly contents = new Map<number, Set<string>>();
  /** what the engine was told of each card of the deck in play */
  private readonly reported = new Map<string, { card: string; zone: Zone; face: Face }>();
  private readonly pendingLeave = new Map<string, { zone: Zone; timer: NodeJS.Timeout }>();
  private readonly crosstalk = new Map<string, { timer: NodeJS.Timeout | null; alerted: boolean }>();
  private readonly unknownAlerted = new Set<string>();
  private readonly unmappedAlerted = new Set<number>();
  private readonly chipZones = new Map<
    number,
    { last: number[]; timer: NodeJS.Timeout | null; wall: number; arrived: Set<string> }
  >();
  private flow: EnrollmentFlow | null = null;
  private readonly state: TableHealth;
  /** after a v2 HELLO: the faults standing before it, until the bridge has restated its own */
  private restating: Map<number, string> | null = null;
  /** after resume(): the antennas whose first inventory has not come yet, and the cards the log placed */
  private awaitingInventory: Set<number> | null = null;
  private resumedUids = new Set<string>();
  private heardSinceResume = false;
  /** reconcileResume is handing on the zones as they lie now */
  private reconciling = false;
  private readonly resumedBets = new Map<number, number[]>();
  /** resync() is reading the table again for the floor */
  private resyncing: { by: string; differences: ResyncDifferences } | null = null;

  constructor(opts: TableLayerOptions) {
    super();
    this.antennas = new AntennaMap(opts.hardware);
    this.registry = opts.registry;
    this.latchOffMs = opts.latchOffMs ?? 250;
    this.chipSettleMs = opts.chipSettleMs ?? 150;
    this.crosstalkMs = opts.crosstalkMs ?? 600;
    this.wall = opts.wall ?? wallNow;
    const readerOf = new Map(opts.hardware.antennas.map((a) => [a.antenna, a.reader]));
    this.state = {
      link: 'unknown',
      linkChangedAt: null,
      bridge: { reboots: 0 },
      antennas: this.antennas.antennas.map((a) => ({
        antenna: a,
        zone: this.antennas.zoneOf(a) ?? '?',
        reader: readerOf.get(a) ?? '?',
        faults: 0,
      })),
      panel: 'unknown',
      panelInfo: null,
      panelDetail: null,
      panelButtonsLow: [],
      tray: {},
      unknownTags: 0,
      crosstalk: 0,
    };
  }

  /** Subscribes to a reader source (BridgeLink, the simulator) that emits 'reader' ReaderEvents. */
  attach(source: { on(event: 'reader', listener: (ev: ReaderEvent) => void): unknown }): this {
    source.on('reader', (ev) => this.ingest(ev));
    return this;
  }

  health(): TableHealth {
    return structuredClone(this.state);
  }

  /** The health in the shape the table session publishes (src/session TableHealth, as a patch for setHealth). */
  sessionHealth(): {
    link: TableHealth['link'];
    panel: TableHealth['panel'];
    panelInfo: TableHealth['panelInfo'];
    panelDetail: TableHealth['panelDetail'];
    panelButtonsLow: TableHealth['panelButtonsLow'];
    readers: Record<string, string>;
    tray: Record<string, number>;
    scanMs: number | null;
  } {
    const readers: Record<string, string> = {};
    for (const a of this.state.antennas) readers[String(a.antenna)] = a.fault ?? 'ok';
    return {
      link: this.state.link,
      panel: this.state.panel,
      panelInfo: this.state.panelInfo ? { ...this.state.panelInfo } : null,
      panelDetail: this.state.panelDetail,
      panelButtonsLow: [...this.state.panelButtonsLow],
      readers,
      tray: { ...this.state.tray },
      scanMs: this.state.bridge.scanMs ?? null,
    };
  }

  /**
   * After a restart: what the engine was told before it (the session rebuilt from its log) becomes what this layer
   * believes it told, so that the readers' first inventories are read against it: a card still where it was is
   * nothing new, a card that moved while the service was down (folded into the muck) is a movement (a departure
   * from its old zone, an arrival in the new one), never a second copy of the card.
   */
  resume(
    cards: ReadonlyArray<{ card: string; zone: string; face: Face }>,
    bets: ReadonlyArray<{ seat: number; chips: number[] }> = [],
  ): number {
    const deck = this.registry.deckInPlay;
    if (!deck) return 0;
    let n = 0;
    // the chips the engine was told lie in each betting zone: a zone emptied or changed while down is a new snapshot
    this.resumedBets.clear();
    for (const b of bets) {
      const last = [...b.chips].sort((x, y) => y - x);
      this.resumedBets.set(b.seat, last);
      this.chipZones.set(b.seat, { last: [...last], timer: null, wall: this.wall(), arrived: new Set<string>() });
    }
    for (const c of cards) {
      if (!CARD_ZONES.test(c.zone)) continue;
      let uid: string;
      try {
        uid = this.registry.uidOfCard(deck, c.card).toUpperCase();
      } catch {
        continue; // not a card of the deck in play: the readers' word on it stands
      }
      this.reported.set(uid, { card: c.card, zone: c.zone as Zone, face: c.face });
      this.resumedUids.add(uid);
      n++;
    }
    // once every antenna has said what lies on it, the cards no antenna reads are told ('resumed'): a card is never
    // silently kept where the log left it
    if (n > 0)
      this.awaitingInventory = new Set(this.antennas.antennas.filter((a) => this.antennas.zoneOf(a) !== 'enroll'));
    return n;
  }

  /** After resume(), until the readers' first inventory is complete and reconciled: what this layer emits meanwhile
   * comes from that inventory (`orderKnown: false`, chips included). */
  get resuming(): boolean {
    return this.awaitingInventory !== null || this.reconciling;
  }

  /** The first inventory after resume() is complete: the cards the log placed that no antenna reads now. A card on
   * an antenna in fault is not missing (the reader fault is its own alert). Those cards stay where the engine was
   * told (a card put back is no change); the caller decides what their absence means for the hand. */
  private reconcileResume(wall: number): void {
    // an antenna that gave no inventory (the bridge has fewer than the file maps) or is in fault judges nothing
    const unheard = this.awaitingInventory ?? new Set<number>();
    this.awaitingInventory = null;
    const faulted = new Set(
      this.state.antennas
        .filter((a) => a.fault !== undefined || unheard.has(a.antenna))
        .map((a) => this.antennas.zoneOf(a.antenna)),
    );
    const missing: Array<{ card: string; zone: string }> = [];
    for (const uid of this.resumedUids) {
      const rep = this.reported.get(uid);
      if (!rep || this.presence.has(uid) || this.pendingLeave.has(uid) || faulted.has(rep.zone as ZoneName)) continue;
      missing.push({ card: rep.card, zone: rep.zone });
    }
    this.resumedUids.clear();
    // betting zones: every zone the log left chips in is given to the engine as it lies now (emptied while down:
    // an empty snapshot, never silently kept); those that differ from the log are told
    const chips: Array<{ seat: number; was: number[]; now: number[] }> = [];
    this.reconciling = true;
    try {
      this.flushChips();
      for (const [seat, was] of this.resumedBets) {
        if (faulted.has(`bet${seat}` as ZoneName)) continue;
        this.emitChips(seat, wall);
        const now = this.chipZones.get(seat)?.last ?? [];
        if (!sameMultiset(was, now)) chips.push({ seat, was, now: [...now] });
      }
    } finally {
      this.reconciling = false;
    }
    this.resumedBets.clear();
    const resync = this.resyncing;
    if (resync) {
      resync.differences.chips.push(...chips);
      resync.differences.chips.sort((a, b) => a.seat - b.seat);
    }
    this.emit('resumed', { wall, missing, chips, ...(resync ? { resync } : {}) });
  }

  /**
   * The floor's resync: the readers' current reading of every antenna replaces what the engine believes. Read as the
   * first inventory after a restart is (the same path: resume() seeds this layer with the engine's belief, every tag
   * on the table is read again as that inventory, unordered, then 'resumed' is told with `resync` and the
   * differences): a card where the engine has it is nothing new, a card elsewhere is a movement the engine reads, a
   * card no antenna reads is `missing`, a betting zone is given as it lies. An antenna in fault judges nothing.
   */
  resync(
    cards: ReadonlyArray<{ card: string; zone: string; face: Face }>,
    bets: ReadonlyArray<{ seat: number; chips: number[] }>,
    wall: number,
    by: string,
  ): ResyncDifferences {
    // what is still settling goes first, as it would live (a lift ends, a zone's snapshot goes out)
    this.flush();
    const faulted = new Set(this.state.antennas.filter((a) => a.fault !== undefined).map((a) => a.antenna));
    const faultedZones = new Set([...faulted].map((a) => this.antennas.zoneOf(a)));
    // the reading: every tag on a mapped antenna (enroll aside), where it lies (its home, the first antenna)
    const saved = [...this.presence].map(([uid, ants]) => [uid, new Map(ants)] as const);
    const readZone = new Map<string, string>();
    for (const [uid, ants] of saved) {
      const home = ants.keys().next().value;
      const zone = home === undefined ? undefined : this.antennas.zoneOf(home);
      const id = this.registry.lookup(uid);
      if (zone && CARD_ZONES.test(zone) && id.type === 'card' && id.inPlay) readZone.set(id.card, zone);
    }
    const differences: ResyncDifferences = { cards: [], chips: [] };
    const believed = new Map<string, string>();
    for (const c of cards) if (CARD_ZONES.test(c.zone)) believed.set(c.card, c.zone);
    for (const [card, was] of believed) {
      const now = readZone.get(card) ?? null;
      if (now === was) continue;
      if (now === null && faultedZones.has(was as ZoneName)) continue;
      differences.cards.push({ card, was, now });
    }
    for (const [card, now] of readZone) if (!believed.has(card)) differences.cards.push({ card, was: null, now });
    // the engine's belief becomes what this layer told it: nothing else (a card it refused is told again)
    this.reported.clear();
    for (const p of this.pendingLeave.values()) clearTimeout(p.timer);
    this.pendingLeave.clear();
    for (const z of this.chipZones.values()) {
      if (z.timer) clearTimeout(z.timer);
      z.timer = null;
      z.last = [];
      z.arrived.clear();
    }
    this.resume(cards, bets);
    this.awaitingInventory = new Set();
    // every tag read again, as an inventory (order unknown); chips restored as they lie, each zone told once below
    this.presence.clear();
    this.contents.clear();
    for (const [uid, ants] of saved) {
      const id = this.registry.lookup(uid);
      for (const [antenna, face] of ants) {
        const zone = this.antennas.zoneOf(antenna);
        if (id.type === 'chip' || zone === 'enroll' || faulted.has(antenna)) {
          const m = this.presence.get(uid) ?? new Map<number, ReaderFace>();
          m.set(antenna, face);
          this.presence.set(uid, m);
          this.contentsOf(antenna).add(uid);
        } else this.arrive(antenna, uid, face, wall, false);
      }
    }
    const believedBets = new Map(bets.map((b) => [b.seat, [...b.chips].sort((x, y) => y - x)]));
    for (const zone of new Set(this.antennas.antennas.map((a) => this.antennas.zoneOf(a)))) {
      const seat = zone === undefined ? null : betSeat(zone);
      if (seat === null || faultedZones.has(zone)) continue;
      if (!this.chipZones.has(seat)) this.chipZones.set(seat, { last: [], timer: null, wall, arrived: new Set() });
      const z = this.chipZones.get(seat) as { last: number[] };
      z.last = believedBets.get(seat) ?? [];
      // seats whose zone the engine believes empty: told here (the others by reconcileResume, as at a restart)
      if (!believedBets.has(seat)) this.emitChips(seat, wall);
      const now = this.chipZones.get(seat)?.last ?? [];
      const was = believedBets.get(seat) ?? [];
      if (!believedBets.has(seat) && now.length > 0) differences.chips.push({ seat, was, now: [...now] });
    }
    this.resyncing = { by, differences };
    try {
      this.reconcileResume(wall);
    } finally {
      this.resyncing = null;
    }
    return differences;
  }

  /** What the engine was told lies in each zone now (cards) and in each betting zone (chips). */
  view(): { cards: Record<string, string[]>; bets: Record<string, number[]> } {
    const cards: Record<string, string[]> = {};
    for (const r of this.reported.values()) {
      const list = cards[r.zone] ?? [];
      list.push(r.card);
      cards[r.zone] = list;
    }
    const bets: Record<string, number[]> = {};
    for (const [seat, z] of this.chipZones) if (z.last.length) bets[`bet${seat}`] = [...z.last];
    return { cards, bets };
  }

  ingest(ev: ReaderEvent): void {
    switch (ev.kind) {
      case 'arrive':
        this.arrive(ev.antenna, ev.uid.toUpperCase(), ev.face, ev.at, ev.orderKnown);
        break;
      case 'leave':
        this.leave(ev.antenna, ev.uid.toUpperCase(), ev.at, ev.orderKnown);
        break;
      case 'inventory':
        this.inventory(
          ev.antenna,
          ev.uids.map((u) => u.toUpperCase()),
          ev.at,
        );
        break;
      case 'fault': {
        const zone = ev.antenna === null ? undefined : this.antennas.zoneOf(ev.antenna);
        const h = this.state.antennas.find((a) => a.antenna === ev.antenna);
        if (ev.code === 'OK') {
          // protocol v2 CLR: the antenna reads again
          if (h && h.fault !== undefined) {
            h.fault = undefined;
            this.emitHealth();
          }
          break;
        }
        // a fault the bridge restates after a SYNC, or repeats, is the same fault: no second alert
        const standing = h?.fault ?? (ev.antenna === null ? undefined : this.restating?.get(ev.antenna));
        if (h) {
          if (standing === ev.code) {
            h.fault = ev.code;
            this.emitHealth();
            break;
          }
          h.faults++;
          h.fault = ev.code;
          h.lastFault = { code: ev.code, wall: ev.at };
        }
        this.emit('alert', readerFaultAlert(ev.at, ev.antenna, zone, ev.code));
        this.emitHealth();
        break;
      }
      case 'link':
        if (ev.state === 'lost' && this.state.link !== 'lost') this.emit('alert', linkAlert(ev.at, 'lost', ev.detail));
        if (ev.state === 'restored' && this.state.link === 'lost')
          this.emit('alert', linkAlert(ev.at, 'restored', ev.detail));
        this.state.link = ev.state === 'lost' ? 'lost' : 'up';
        this.state.linkChangedAt = ev.at;
        this.emitHealth();
        break;
      case 'hello': {
        const b = this.state.bridge;
        if (b.bootId !== undefined && b.bootId !== ev.bootId) b.reboots++;
        Object.assign(b, { bootId: ev.bootId, firmware: ev.firmware, deviceId: ev.deviceId, antennas: ev.antennas });
        if ((ev.proto ?? 1) >= 2) {
          // a v2 bridge restates every standing fault after this HELLO's inventory: what it does not restate cleared
          this.restating = new Map();
          for (const h of this.state.antennas) {
            if (h.fault !== undefined) this.restating.set(h.antenna, h.fault);
            h.fault = undefined;
          }
        }
        if (this.state.link === 'unknown') {
          this.state.link = 'up';
          this.state.linkChangedAt = ev.at;
        }
        this.emitHealth();
        break;
      }
      case 'heartbeat':
        this.restating = null; // the HELLO burst is over
        // the first inventory after resume() is over too, even if some antenna the file maps gave none
        if (this.awaitingInventory && this.heardSinceResume) this.reconcileResume(ev.at);
        Object.assign(this.state.bridge, {
          lastHeartbeat: ev.at,
          uptimeMs: ev.uptimeMs,
          scanMs: ev.scanMs,
          dropped: ev.dropped,
        });
        if (this.state.link === 'unknown') this.state.link = 'up';
        break;
      default: {
        const never: never = ev;
        throw new TableError('UID_INVALID', `unexpected reader event ${JSON.stringify(never)}`);
      }
    }
  }

  /** Dealer-panel events: the shuffle/misdeal/floor buttons are engine events; confirm and the tray are not. */
  ingestPanel(ev: PanelEvent): void {
    switch (ev.kind) {
      case 'button':
        if (ev.button === 'confirm') this.emit('panel', { button: 'confirm', wall: ev.at });
        else {
          this.flushLeaves();
          this.emitEvent({ kind: 'dealer', button: ev.button, wall: ev.at }, true);
        }
        break;
      case 'tray':
        this.state.tray = { ...ev.counts };
        this.emitHealth();
        break;
      case 'panelLink': {
        const before = this.state.panel;
        this.state.panel = ev.state;
        this.state.panelDetail = ev.state === 'up' ? null : (ev.detail ?? null);
        if (ev.state === 'up') {
          this.state.panelInfo = ev.info ?? null;
          this.state.panelButtonsLow = [];
        }
        // the dealer and the floor are told once per change; a retry that fails the same way says nothing new
        if (ev.state !== before) {
          if (ev.state !== 'up') this.emit('alert', panelAlert(ev.at, ev.state, ev.detail));
          else if (before === 'lost' || before === 'silent') this.emit('alert', panelAlert(ev.at, 'up', ev.detail));
        }
        this.emitHealth();
        break;
      }
      case 'panelFault':
        if (!this.state.panelButtonsLow.includes(ev.button)) {
          this.state.panelButtonsLow.push(ev.button);
          this.emit('alert', panelButtonLowAlert(ev.at, ev.button, ev.pin, this.state.panelInfo));
        }
        this.emitHealth();
        break;
      default: {
        const never: never = ev;
        throw new TableError('UID_INVALID', `unexpected panel event ${JSON.stringify(never)}`);
      }
    }
  }

  /** A declaration or decision tapped on the dealer's tablet: it goes to the engine after every zone snapshot still
   * settling, so that the engine sees the table in the order it happened. */
  ingestTablet(ev: DistributiveOmit<TableEvent, 't'>, wall: number = this.wall()): void {
    // transport fields a caller may have left on the object (the simulator's afterSeq, an `at`) never reach the log
    const {
      afterSeq: _seq,
      at: _at,
      wall: _wall,
      ...clean
    } = ev as DistributiveOmit<TableEvent, 't'> & {
      afterSeq?: unknown;
      at?: unknown;
      wall?: unknown;
    };
    this.emitEvent({ ...clean, wall } as LiveTableEvent, true);
  }

  /** Routes tags read on the enroll antenna to a guided flow (deck, chips, deck check) until endEnrollment(). */
  beginEnrollment<F extends DeckEnrollment | ChipEnrollment | DeckCheck>(flow: F): F {
    if (this.flow) throw new TableError('ENROLLMENT_BUSY', `an enrollment (${this.flow.kind}) is already running`);
    this.flow = flow;
    return flow;
  }

  endEnrollment(): void {
    this.flow = null;
  }

  /** Emits every pending snapshot and departure now (before a shutdown, or to settle a test). */
  flush(): void {
    this.flushLeaves();
    this.flushChips();
  }

  close(): void {
    for (const p of this.pendingLeave.values()) clearTimeout(p.timer);
    this.pendingLeave.clear();
    for (const c of this.crosstalk.values()) if (c.timer) clearTimeout(c.timer);
    this.crosstalk.clear();
    for (const z of this.chipZones.values()) if (z.timer) clearTimeout(z.timer);
    this.removeAllListeners();
  }

  // ---- presence ----

  private arrive(antenna: number, uid: string, face: ReaderFace, wall: number, orderKnown: boolean): void {
    const zone = this.antennas.zoneOf(antenna);
    if (zone === undefined) {
      this.unmapped(antenna, wall);
      return;
    }
    const ants = this.presence.get(uid) ?? new Map<number, ReaderFace>();
    const had = ants.has(antenna);
    ants.set(antenna, face);
    this.presence.set(uid, ants);
    this.contentsOf(antenna).add(uid);
    if (zone === 'enroll') {
      if (!had) this.offerToFlow(uid);
      return;
    }
    const id = this.registry.lookup(uid);
    if (id.type === 'unknown' || (id.type === 'card' && !id.inPlay)) {
      if (!this.unknownAlerted.has(uid)) {
        this.unknownAlerted.add(uid);
        this.state.unknownTags++;
        this.emit('alert', unknownTagAlert(wall, antenna, zone, uid, id.type === 'card' ? id.deck : undefined));
      }
      return;
    }
    if (this.zonesOf(ants).size > 1) {
      this.startCrosstalk(uid, wall);
      return;
    }
    if (id.type === 'chip') {
      const seat = betSeat(zone);
      if (seat !== null) this.scheduleChips(seat, wall, uid);
      return;
    }
    if (CARD_ZONES.test(zone)) this.placeCard(uid, id.card, zone as Zone, face, wall, orderKnown);
  }

  private leave(antenna: number, uid: string, wall: number, orderKnown: boolean): void {
    const zone = this.antennas.zoneOf(antenna);
    const ants = this.presence.get(uid);
    if (zone === undefined || !ants || !ants.has(antenna)) return;
    // A chip leaving a zone whose snapshot of fresh arrivals has not gone out yet: that snapshot goes first (a call
    // then the collection, read together after a pause of the service, are still two motions).
    const leavingSeat = betSeat(zone);
    const pendingZone = leavingSeat === null ? undefined : this.chipZones.get(leavingSeat);
    if (leavingSeat !== null && pendingZone?.timer && pendingZone.arrived.size > 0) {
      clearTimeout(pendingZone.timer);
      pendingZone.timer = null;
      this.emitChips(leavingSeat, pendingZone.wall);
    }
    ants.delete(antenna);
    this.contentsOf(antenna).delete(uid);
    if (ants.size === 0) {
      this.presence.delete(uid);
      this.unknownAlerted.delete(uid);
    }
    if (zone === 'enroll') return;
    const id = this.registry.lookup(uid);
    if (id.type === 'unknown' || (id.type === 'card' && !id.inPlay)) return;

    const xt = this.crosstalk.get(uid);
    if (xt) {
      if (this.zonesOf(ants).size > 1) return;
      if (xt.timer) clearTimeout(xt.timer);
      this.crosstalk.delete(uid);
      // the tag settled in one zone: it moved (or the crosstalk cleared); the engine learns where it is now
      const [home, homeFace] = [...ants][0] ?? [];
      const seat = betSeat(zone);
      if (id.type === 'chip') {
        if (seat !== null) this.scheduleChips(seat, wall);
        const homeSeat = home === undefined ? null : betSeat(this.antennas.zoneOf(home) ?? '');
        if (homeSeat !== null && homeSeat !== seat) this.scheduleChips(homeSeat, wall);
        return;
      }
      const homeZone = home === undefined ? undefined : this.antennas.zoneOf(home);
      if (homeZone && CARD_ZONES.test(homeZone) && homeFace !== undefined)
        this.placeCard(uid, id.card, homeZone as Zone, homeFace, wall, orderKnown);
      return;
    }
    if (id.type === 'chip') {
      const seat = betSeat(zone);
      if (seat !== null) this.scheduleChips(seat, wall);
      return;
    }
    const rep = this.reported.get(uid);
    if (!rep || rep.zone !== zone) return;
    for (const a of ants.keys()) if (this.antennas.zoneOf(a) === zone) return; // still on another antenna of the zone
    if (this.latchOffMs <= 0) {
      this.commitLeave(uid, zone, wall, orderKnown);
      return;
    }
    const timer = setTimeout(() => {
      this.pendingLeave.delete(uid);
      this.commitLeave(uid, zone, wall, orderKnown);
    }, this.latchOffMs);
    this.pendingLeave.set(uid, { zone, timer });
  }

  /** An inventory of one antenna: whatever differs from what we believed becomes arrivals and departures whose order
   * is unknown. */
  private inventory(antenna: number, uids: string[], wall: number): void {
    if (this.antennas.zoneOf(antenna) === undefined) {
      this.unmapped(antenna, wall);
      return;
    }
    const now = new Set(uids);
    const before = this.contentsOf(antenna);
    for (const uid of [...before]) if (!now.has(uid)) this.leave(antenna, uid, wall, false);
    for (const uid of now) if (!before.has(uid)) this.arrive(antenna, uid, '-', wall, false);
    const waiting = this.awaitingInventory;
    if (waiting) {
      this.heardSinceResume = true;
      waiting.delete(antenna);
      if (waiting.size === 0) this.reconcileResume(wall);
    }
  }

  private placeCard(
    uid: string,
    card: string,
    zone: Zone,
    readerFace: ReaderFace,
    wall: number,
    orderKnown: boolean,
  ): void {
    const seen = faceOf(readerFace);
    const pend = this.pendingLeave.get(uid);
    if (pend) {
      clearTimeout(pend.timer);
      this.pendingLeave.delete(uid);
      if (pend.zone !== zone) this.commitLeave(uid, pend.zone, wall, orderKnown);
    }
    const rep = this.reported.get(uid);
    if (rep && rep.zone === zone) {
      const face = seen ?? rep.face;
      if (face !== rep.face) {
        rep.face = face;
        this.emitEvent({ kind: 'cardAt', card, zone, face, wall }, orderKnown);
      }
      return;
    }
    if (rep) this.commitLeave(uid, rep.zone, wall, orderKnown); // a departure the reader missed
    const face = seen ?? defaultFace(zone);
    this.reported.set(uid, { card, zone, face });
    this.emitEvent({ kind: 'cardAt', card, zone, face, wall }, orderKnown);
  }

  private commitLeave(uid: string, zone: Zone, wall: number, orderKnown = true): void {
    const rep = this.reported.get(uid);
    if (!rep || rep.zone !== zone) return;
    this.reported.delete(uid);
    this.emitEvent({ kind: 'cardOff', card: rep.card, zone, wall }, orderKnown);
  }

  private startCrosstalk(uid: string, wall: number): void {
    if (this.crosstalk.has(uid)) return;
    const raise = () => {
      const entry = this.crosstalk.get(uid);
      const ants = this.presence.get(uid);
      if (!entry || !ants || this.zonesOf(ants).size < 2 || entry.alerted) return;
      entry.alerted = true;
      entry.timer = null;
      this.state.crosstalk++;
      const id = this.registry.lookup(uid);
      const what = id.type === 'card' ? { card: id.card } : id.type === 'chip' ? { chip: id.value } : {};
      const antennas = [...ants.keys()].filter((a) => this.antennas.zoneOf(a) !== 'enroll');
      const zones = antennas.map((a) => this.antennas.zoneOf(a) ?? '?');
      this.emit('alert', crosstalkAlert(this.crosstalkMs > 0 ? this.wall() : wall, uid, what, zones, antennas));
      this.emitHealth();
    };
    this.crosstalk.set(uid, { timer: null, alerted: false });
    if (this.crosstalkMs <= 0) raise();
    else {
      const entry = this.crosstalk.get(uid);
      if (entry) entry.timer = setTimeout(raise, this.crosstalkMs);
    }
  }

  // ---- chips ----

  private scheduleChips(seat: number, wall: number, arrived?: string): void {
    const z = this.chipZones.get(seat) ?? { last: [], timer: null, wall, arrived: new Set<string>() };
    this.chipZones.set(seat, z);
    z.wall = wall;
    if (arrived) z.arrived.add(arrived);
    this.flushChips(seat);
    if (z.timer) clearTimeout(z.timer);
    z.timer = null;
    if (this.chipSettleMs <= 0) {
      this.emitChips(seat, wall);
      return;
    }
    z.timer = setTimeout(() => {
      z.timer = null;
      this.emitChips(seat, z.wall);
    }, this.chipSettleMs);
  }

  /** The whole content of seat's betting zone: every chip whose home antenna lies in it, largest first. */
  private emitChips(seat: number, wall: number): void {
    const zone = `bet${seat}` as ZoneName;
    const chips: number[] = [];
    const counted = new Set<string>();
    for (const a of this.antennas.antennasOf(zone)) {
      for (const uid of this.contentsOf(a)) {
        if (counted.has(uid)) continue;
        const home = this.presence.get(uid)?.keys().next().value;
        if (home === undefined || this.antennas.zoneOf(home) !== zone) continue;
        const id = this.registry.lookup(uid);
        if (id.type !== 'chip') continue;
        counted.add(uid);
        chips.push(id.value);
      }
    }
    chips.sort((a, b) => b - a);
    const z = this.chipZones.get(seat);
    if (!z) return;
    z.arrived.clear();
    if (sameMultiset(z.last, chips)) return;
    z.last = chips;
    if (z.timer) {
      clearTimeout(z.timer);
      z.timer = null;
    }
    // read from the first inventory after a restart: its order among the zones is unknown (src/service/resumeReading.ts reads it)
    this.emit('event', { kind: 'chips', seat, chips, wall, ...(this.resuming ? { orderKnown: false as const } : {}) });
  }

  // ---- helpers ----

  private offerToFlow(uid: string): void {
    const flow = this.flow;
    if (!flow) return;
    let step: EnrollStep;
    try {
      step = flow.offer(uid);
    } catch (err) {
      if (err instanceof TableError) return; // a malformed UID or no denomination chosen: nothing recorded
      throw err;
    }
    this.emit('enroll', {
      flow: flow.kind,
      step,
      ...(flow.kind === 'deck' ? { expected: flow.expected() } : {}),
    });
  }

  private emitEvent(ev: LiveTableEvent, orderKnown: boolean): void {
    this.flushChips();
    this.emit('event', orderKnown ? ev : { ...ev, orderKnown: false });
  }

  /** Pending zone snapshots go out before any later event, so that the engine sees the table's order of motions
   * (the settle window merges a zone's own changes, never reorders zones). */
  private flushChips(except?: number): void {
    for (const [seat, z] of this.chipZones) {
      if (seat === except || !z.timer) continue;
      clearTimeout(z.timer);
      z.timer = null;
      this.emitChips(seat, z.wall);
    }
  }

  /** Latched departures are committed before a dealer button: a hand boundary ends every lift. */
  private flushLeaves(): void {
    for (const [uid, p] of [...this.pendingLeave]) {
      clearTimeout(p.timer);
      this.pendingLeave.delete(uid);
      this.commitLeave(uid, p.zone, this.wall());
    }
  }

  private emitHealth(): void {
    this.emit('health', this.health());
  }

  private unmapped(antenna: number, wall: number): void {
    if (this.unmappedAlerted.has(antenna)) return;
    this.unmappedAlerted.add(antenna);
    this.emit('alert', readerFaultAlert(wall, antenna, undefined, 'UNMAPPED'));
  }

  private contentsOf(antenna: number): Set<string> {
    let s = this.contents.get(antenna);
    if (!s) {
      s = new Set();
      this.contents.set(antenna, s);
    }
    return s;
  }

  /** distinct zones (enroll aside) of the antennas a tag is on */
  private zonesOf(ants: Map<number, ReaderFace>): Set<string> {
    const zones = new Set<string>();
    for (const a of ants.keys()) {
      const z = this.antennas.zoneOf(a);
      if (z && z !== 'enroll') zones.add(z);
    }
    return zones;
  }
}

function betSeat(zone: string): number | null {
  const m = /^bet(\d+)$/.exec(zone);
  return m ? Number(m[1]) : null;
}
