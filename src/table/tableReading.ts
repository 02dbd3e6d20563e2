// The table layer's reading of the felt: the state it keeps (which tag lies on which antenna, what the engine was
// told of each card, the betting zones' last snapshots, the health) and the motions it derives from reader events:
// arrivals and departures with their latch-off, crosstalk between zones, chip snapshots with their settle window.
// TableResume (tableResume.ts) and TableLayer (tableLayer.ts) build on it.
import { EventEmitter } from 'node:events';
import { type WallClock, wallNow } from '../clock/index.js';
import type { Face, Zone } from '../engine/types.js';
import { betSeat, betZone, isCardZone } from '../engine/zone.js';
import type { TagFace } from '../hardware/types.js';
import { crosstalkAlert, readerFaultAlert, unknownTagAlert } from './alerts.js';
import type { EnrollmentFlow, EnrollStep } from './enrollment.js';
import { TableError } from './errors.js';
import { AntennaMap } from './hardwareFile.js';
import type { TableHealth } from './health.js';
import type { TagRegistry } from './registry.js';
import type { LiveTableEvent, ResyncDifferences, TableLayerEvents, TableLayerOptions } from './tableLayerTypes.js';

export const defaultFace = (zone: string): Face => (zone === 'board' ? 'up' : 'down');
export const faceOf = (f: TagFace): Face | null => (f === 'U' ? 'up' : f === 'D' ? 'down' : null);
export const sameMultiset = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export abstract class TableReading extends EventEmitter<TableLayerEvents> {
  readonly antennas: AntennaMap;
  protected readonly registry: TagRegistry;
  protected readonly latchOffMs: number;
  protected readonly chipSettleMs: number;
  protected readonly crosstalkMs: number;
  protected readonly wall: WallClock;

  /** uid -> antenna -> face, in order of arrival (the first antenna is the tag's home) */
  protected readonly presence = new Map<string, Map<number, TagFace>>();
  /** antenna -> uids on it */
  protected readonly contents = new Map<number, Set<string>>();
  /** what the engine was told of each card of the deck in play */
  protected readonly reported = new Map<string, { card: string; zone: Zone; face: Face }>();
  protected readonly pendingLeave = new Map<string, { zone: Zone; timer: NodeJS.Timeout }>();
  protected readonly crosstalk = new Map<string, { timer: NodeJS.Timeout | null; alerted: boolean }>();
  protected readonly unknownAlerted = new Set<string>();
  protected readonly unmappedAlerted = new Set<number>();
  protected readonly chipZones = new Map<
    number,
    { last: number[]; timer: NodeJS.Timeout | null; wall: number; arrived: Set<string> }
  >();
  protected flow: EnrollmentFlow | null = null;
  protected readonly state: TableHealth;
  /** after a v2 HELLO: the faults standing before it, until the bridge has restated its own */
  protected restating: Map<number, string> | null = null;
  /** after resume(): the antennas whose first inventory has not come yet, and the cards the log placed */
  protected awaitingInventory: Set<number> | null = null;
  protected resumedUids = new Set<string>();
  protected heardSinceResume = false;
  /** reconcileResume is handing on the zones as they lie now */
  protected reconciling = false;
  protected readonly resumedBets = new Map<number, number[]>();
  /** resync() is reading the table again for the floor */
  protected resyncing: { by: string; differences: ResyncDifferences } | null = null;

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

  health(): TableHealth {
    return structuredClone(this.state);
  }

  /** After resume(), until the readers' first inventory is complete and reconciled: what this layer emits meanwhile
   * comes from that inventory (`orderKnown: false`, chips included). */
  get resuming(): boolean {
    return this.awaitingInventory !== null || this.reconciling;
  }

  /** True while a departure or a betting zone's chips wait for their window before they are told. */
  get settling(): boolean {
    return this.pendingLeave.size > 0 || [...this.chipZones.values()].some((z) => z.timer !== null);
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

  protected arrive(antenna: number, uid: string, face: TagFace, wall: number, orderKnown: boolean): void {
    const zone = this.antennas.zoneOf(antenna);
    if (zone === undefined) {
      this.unmapped(antenna, wall);
      return;
    }
    const ants = this.presence.get(uid) ?? new Map<number, TagFace>();
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
    if (isCardZone(zone)) this.placeCard(uid, id.card, zone, face, wall, orderKnown);
  }

  protected leave(antenna: number, uid: string, wall: number, orderKnown: boolean): void {
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
      if (homeZone && isCardZone(homeZone) && homeFace !== undefined)
        this.placeCard(uid, id.card, homeZone, homeFace, wall, orderKnown);
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

  protected placeCard(
    uid: string,
    card: string,
    zone: Zone,
    readerFace: TagFace,
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

  protected commitLeave(uid: string, zone: Zone, wall: number, orderKnown = true): void {
    const rep = this.reported.get(uid);
    if (!rep || rep.zone !== zone) return;
    this.reported.delete(uid);
    this.emitEvent({ kind: 'cardOff', card: rep.card, zone, wall }, orderKnown);
  }

  protected startCrosstalk(uid: string, wall: number): void {
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

  protected scheduleChips(seat: number, wall: number, arrived?: string): void {
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
  protected emitChips(seat: number, wall: number): void {
    const zone = betZone(seat);
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

  protected offerToFlow(uid: string): void {
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

  protected emitEvent(ev: LiveTableEvent, orderKnown: boolean): void {
    this.flushChips();
    this.emit('event', orderKnown ? ev : { ...ev, orderKnown: false });
  }

  /** Pending zone snapshots go out before any later event, so that the engine sees the table's order of motions
   * (the settle window merges a zone's own changes, never reorders zones). */
  protected flushChips(except?: number): void {
    for (const [seat, z] of this.chipZones) {
      if (seat === except || !z.timer) continue;
      clearTimeout(z.timer);
      z.timer = null;
      this.emitChips(seat, z.wall);
    }
  }

  /** Latched departures are committed before a dealer button: a hand boundary ends every lift. */
  protected flushLeaves(): void {
    for (const [uid, p] of [...this.pendingLeave]) {
      clearTimeout(p.timer);
      this.pendingLeave.delete(uid);
      this.commitLeave(uid, p.zone, this.wall());
    }
  }

  protected emitHealth(): void {
    this.emit('health', this.health());
  }

  protected unmapped(antenna: number, wall: number): void {
    if (this.unmappedAlerted.has(antenna)) return;
    this.unmappedAlerted.add(antenna);
    this.emit('alert', readerFaultAlert(wall, antenna, undefined, 'UNMAPPED'));
  }

  protected contentsOf(antenna: number): Set<string> {
    let s = this.contents.get(antenna);
    if (!s) {
      s = new Set();
      this.contents.set(antenna, s);
    }
    return s;
  }

  /** distinct zones (enroll aside) of the antennas a tag is on */
  protected zonesOf(ants: Map<number, TagFace>): Set<string> {
    const zones = new Set<string>();
    for (const a of ants.keys()) {
      const z = this.antennas.zoneOf(a);
      if (z && z !== 'enroll') zones.add(z);
    }
    return zones;
  }
}
