// The simulated felt: where each tagged card and chip lies, and the reader bridge that reads it. Every move is a
// physical one (a tag arrives on or leaves an antenna); the virtual bridge turns it into protocol v1 frames.
import { betZone } from '../engine/zone.js';
import type { VirtualBridgeWire } from '../hardware/bridge/index.js';
import type { TagFace } from '../hardware/types.js';
import type { AntennaMap, ZoneName } from '../table/hardwareFile.js';
import { SimError } from './errors.js';
import { chipUid } from './tags.js';

export class VirtualTable {
  private readonly cards = new Map<string, number>();
  private readonly zones = new Map<number, { uid: string; value: number }[]>();
  private readonly free = new Map<number, string[]>();

  constructor(
    readonly wire: VirtualBridgeWire,
    readonly antennas: AntennaMap,
    readonly denominations: readonly number[],
    chipsPerDenomination: number,
  ) {
    denominations.forEach((v, k) => {
      this.free.set(
        v,
        Array.from({ length: chipsPerDenomination }, (_, n) => chipUid(k, n)),
      );
    });
  }

  placeCard(uid: string, zone: ZoneName, face: TagFace): void {
    const a = this.antennas.antennaOf(zone);
    this.removeCard(uid);
    this.cards.set(uid, a);
    this.wire.arrive(a, uid, face);
  }

  removeCard(uid: string): void {
    const a = this.cards.get(uid);
    if (a === undefined) return;
    this.cards.delete(uid);
    this.wire.leave(a, uid);
  }

  /** A card picked up and put back face up in its zone (tabled, or exposed). */
  turnOver(uid: string): void {
    const a = this.cards.get(uid);
    if (a === undefined) throw new SimError('SIM_STATE', `card ${uid} is not on the table`);
    this.wire.leave(a, uid);
    this.wire.arrive(a, uid, 'U');
  }

  /** A card read by a second antenna as well (crosstalk), until clearCrosstalk. */
  alsoRead(uid: string, zone: ZoneName): void {
    this.wire.arrive(this.antennas.antennaOf(zone), uid, '-');
  }

  clearCrosstalk(uid: string, zone: ZoneName): void {
    this.wire.leave(this.antennas.antennaOf(zone), uid);
  }

  cardsOnTable(): string[] {
    return [...this.cards.keys()];
  }

  addChips(seat: number, values: readonly number[]): void {
    const a = this.antennas.antennaOf(betZone(seat));
    const zone = this.zones.get(seat) ?? [];
    for (const v of values) {
      const pool = this.free.get(v);
      const uid = pool?.pop();
      if (!uid) throw new SimError('SIM_STATE', `no free ${v} chip left in the simulator's set`);
      zone.push({ uid, value: v });
      this.wire.arrive(a, uid, '-');
    }
    this.zones.set(seat, zone);
  }

  removeChips(seat: number, values: readonly number[]): void {
    const a = this.antennas.antennaOf(betZone(seat));
    const zone = this.zones.get(seat) ?? [];
    for (const v of values) {
      const i = zone.findIndex((c) => c.value === v);
      if (i < 0) throw new SimError('SIM_STATE', `no ${v} chip in bet${seat}`);
      const [chip] = zone.splice(i, 1);
      this.wire.leave(a, chip.uid);
      this.free.get(v)?.push(chip.uid);
    }
  }

  clearZone(seat: number): void {
    this.removeChips(seat, this.zoneValues(seat));
  }

  zoneValues(seat: number): number[] {
    return (this.zones.get(seat) ?? []).map((c) => c.value).sort((x, y) => y - x);
  }

  seatsWithChips(): number[] {
    return [...this.zones].filter(([, z]) => z.length > 0).map(([s]) => s);
  }
}
