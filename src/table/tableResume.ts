// The table layer's reconciliation of a reading with a belief: resume() after a restart (the log's cards and chips
// against the readers' first inventories), resync() for the floor (the current reading replaces the engine's belief),
// the per-antenna inventories that feed both, and view() (what the engine was told lies where).
import type { Face } from '../engine/types.js';
import { betSeat, betZone, isCardZone } from '../engine/zone.js';
import type { TagFace } from '../hardware/types.js';
import type { ZoneName } from './hardwareFile.js';
import type { ResyncDifferences } from './tableLayerTypes.js';
import { sameMultiset, TableReading } from './tableReading.js';

export abstract class TableResume extends TableReading {
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
      if (!isCardZone(c.zone)) continue;
      let uid: string;
      try {
        uid = this.registry.uidOfCard(deck, c.card).toUpperCase();
      } catch {
        continue; // not a card of the deck in play: the readers' word on it stands
      }
      this.reported.set(uid, { card: c.card, zone: c.zone, face: c.face });
      this.resumedUids.add(uid);
      n++;
    }
    // once every antenna has said what lies on it, the cards no antenna reads are told ('resumed'): a card is never
    // silently kept where the log left it
    if (n > 0)
      this.awaitingInventory = new Set(this.antennas.antennas.filter((a) => this.antennas.zoneOf(a) !== 'enroll'));
    return n;
  }

  /** The first inventory after resume() is complete: the cards the log placed that no antenna reads now. A card on
   * an antenna in fault is not missing (the reader fault is its own alert). Those cards stay where the engine was
   * told (a card put back is no change); the caller decides what their absence means for the hand. */
  protected reconcileResume(wall: number): void {
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
        if (faulted.has(betZone(seat))) continue;
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
      if (zone && isCardZone(zone) && id.type === 'card' && id.inPlay) readZone.set(id.card, zone);
    }
    const differences: ResyncDifferences = { cards: [], chips: [] };
    const believed = new Map<string, string>();
    for (const c of cards) if (isCardZone(c.zone)) believed.set(c.card, c.zone);
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
          const m = this.presence.get(uid) ?? new Map<number, TagFace>();
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

  /** An inventory of one antenna: whatever differs from what we believed becomes arrivals and departures whose order
   * is unknown. */
  protected inventory(antenna: number, uids: string[], wall: number): void {
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
}
