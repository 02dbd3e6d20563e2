// What the service makes of the bridge's frames: seq order (gaps, duplicates), the tags it believes are on
// each antenna, and the typed ReaderEvents that leave the hardware layer. No I/O here: the link drives it.
import type { ReaderEvent, TagFace } from '../types.js';
import { BelievedTags } from './believed.js';
import { BridgeMsg, nextSeq, seqAfter } from './constants.js';
import type { Frame } from './frame.js';

export interface ReceiverCounts {
  applied: number;
  duplicates: number;
  outOfOrder: number;
  beforeHello: number;
  unknownType: number;
  badFields: number;
  reboots: number;
  /** frames never applied in order: given up after RESENDs, or jumped over by a HELLO (healed by inventory) */
  skipped: number;
  /** protocol v2: inventories sent in parts (INV,a,uids,k/n) that were applied whole */
  partedInventories: number;
  /** protocol v2: inventories whose parts disagreed or came without their first (dropped; the next INV heals) */
  brokenInventories: number;
}

export interface ReceiverHooks {
  emit(ev: ReaderEvent): void;
  /** ask the bridge to send again from this seq (go-back-N) */
  resend(from: number): void;
  /** the bridge restarted: ask for a full inventory */
  sync(): void;
  /** a HELLO and an INV for every antenna after it (or the HB that follows them) have been applied */
  synced(): void;
  heartbeat(at: number): void;
}

const UID = /^([0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{16})$/;
const ANTENNA = /^(0|[1-9][0-9]{0,2})$/;
const FACES: readonly string[] = ['U', 'D', '-'];

export class BridgeReceiver {
  readonly counts: ReceiverCounts = {
    applied: 0,
    duplicates: 0,
    outOfOrder: 0,
    beforeHello: 0,
    unknownType: 0,
    badFields: 0,
    reboots: 0,
    skipped: 0,
    partedInventories: 0,
    brokenInventories: 0,
  };
  /** protocol version of the bridge's last HELLO */
  proto: number | null = null;
  bootId: string | null = null;
  /** the seq the next in-order frame must carry; null before the first HELLO */
  expected: number | null = null;
  private readonly believed: BelievedTags;
  private awaitingInventory: Set<number> | null = null;
  private skipping = false;
  /** protocol v2: the parts of an inventory received so far, per antenna */
  private readonly parts = new Map<number, { next: number; of: number; uids: string[] }>();

  constructor(private readonly hooks: ReceiverHooks) {
    this.believed = new BelievedTags((ev) => hooks.emit(ev));
  }

  /** Last seq applied in order (what an ACK acknowledges), or null. */
  get lastApplied(): number | null {
    return this.expected === null ? null : (this.expected + 65535) % 65536;
  }

  /** Gives up the missing frames: the next frame ahead is taken as in order (the caller asks SYNC to heal). */
  skipGap(): void {
    this.skipping = true;
  }

  /** uids believed present on an antenna */
  present(antenna: number): string[] {
    return this.believed.present(antenna);
  }

  accept(f: Frame, at: number): void {
    if (f.type === BridgeMsg.HELLO) {
      this.hello(f, at);
      return;
    }
    if (this.expected === null) {
      this.counts.beforeHello++;
      return;
    }
    if (this.skipping && f.seq !== this.expected && !seqAfter(this.expected, f.seq)) {
      this.counts.skipped += (f.seq - this.expected + 65536) % 65536;
      this.expected = f.seq;
      this.skipping = false;
    }
    if (f.seq !== this.expected) {
      if (seqAfter(this.expected, f.seq)) this.counts.duplicates++;
      else {
        this.counts.outOfOrder++;
        this.hooks.resend(this.expected);
      }
      return;
    }
    this.expected = nextSeq(f.seq);
    this.counts.applied++;
    this.apply(f, at);
  }

  private hello(f: Frame, at: number): void {
    const [proto, firmware, deviceId, bootId, count] = f.fields;
    const antennas = Number(count);
    if (proto === undefined || bootId === undefined || !ANTENNA.test(count ?? '')) {
      this.counts.badFields++;
      return;
    }
    const rebooted = this.bootId !== null && bootId !== this.bootId;
    // Same boot, seq in the past: a retransmitted HELLO already applied.
    if (!rebooted && this.expected !== null && seqAfter(this.expected, f.seq)) {
      this.counts.duplicates++;
      return;
    }
    if (rebooted) this.counts.reboots++;
    else if (this.expected !== null) this.counts.skipped += (f.seq - this.expected + 65536) % 65536;
    this.skipping = false; // a HELLO (and the inventory after it) replaces whatever was missing
    this.bootId = bootId;
    this.expected = nextSeq(f.seq);
    this.counts.applied++;
    this.awaitingInventory = new Set(Array.from({ length: antennas }, (_, i) => i));
    this.parts.clear();
    this.proto = Number(proto);
    this.hooks.emit({
      kind: 'hello',
      bootId,
      firmware: firmware ?? '',
      deviceId: deviceId ?? '',
      antennas,
      at,
      proto: Number.isInteger(this.proto) ? this.proto : 1,
    });
    if (rebooted) this.hooks.sync();
    if (antennas === 0) this.inventoryDone();
  }

  private apply(f: Frame, at: number): void {
    const [a, b, c] = f.fields;
    switch (f.type) {
      case BridgeMsg.TAG:
        if (!ANTENNA.test(a ?? '') || !UID.test(b ?? '') || !FACES.includes(c ?? '')) break;
        {
          this.believed.arrive(Number(a), b as string, c as TagFace, true, at);
          return;
        }
      case BridgeMsg.GONE:
        if (!ANTENNA.test(a ?? '') || !UID.test(b ?? '')) break;
        {
          this.believed.leave(Number(a), b as string, true, at);
          return;
        }
      case BridgeMsg.INV: {
        const uids = (b ?? '').split(' ').filter((u) => u !== '');
        if (!ANTENNA.test(a ?? '') || !uids.every((u) => UID.test(u))) break;
        if (f.fields.length === 2) {
          this.parts.delete(Number(a));
          this.inventory(Number(a), uids, at);
          return;
        }
        // protocol v2: part k of n (1-based); the inventory is applied when its last part arrives
        const part = /^([1-9][0-9]{0,2})\/([1-9][0-9]{0,2})$/.exec(c ?? '');
        if (f.fields.length !== 3 || !part || Number(part[1]) > Number(part[2])) break;
        this.inventoryPart(Number(a), Number(part[1]), Number(part[2]), uids, at);
        return;
      }
      case BridgeMsg.CLR:
        if (!ANTENNA.test(a ?? '') || f.fields.length !== 1) break;
        this.hooks.emit({ kind: 'fault', antenna: Number(a), code: 'OK', at });
        return;
      case BridgeMsg.HB: {
        const [uptimeMs, scanMs, dropped] = [a, b, c].map(Number);
        if (![uptimeMs, scanMs, dropped].every(Number.isInteger)) break;
        this.hooks.emit({ kind: 'heartbeat', uptimeMs, scanMs, dropped, at });
        // the bridge sends HELLO and its INVs in one burst: an HB after them means the burst is over, even if an
        // antenna had no INV (one too large for a frame)
        if (this.awaitingInventory) this.inventoryDone();
        this.hooks.heartbeat(at);
        return;
      }
      case BridgeMsg.ERR:
        if (b === undefined || (a !== '-' && !ANTENNA.test(a ?? ''))) break;
        {
          this.hooks.emit({ kind: 'fault', antenna: a === '-' ? null : Number(a), code: b, at });
          return;
        }
      default:
        this.counts.unknownType++; // extensions: counted and ignored, never an error
        return;
    }
    this.counts.badFields++;
  }

  private inventoryPart(antenna: number, k: number, n: number, uids: string[], at: number): void {
    let acc = this.parts.get(antenna);
    if (k === 1) {
      if (acc) this.counts.brokenInventories++; // a new inventory began before the last one was complete
      acc = { next: 1, of: n, uids: [] };
      this.parts.set(antenna, acc);
    }
    if (!acc || acc.next !== k || acc.of !== n) {
      // a part without the ones before it (they went in a RESEND gap) or from an inventory of another size (the
      // antenna changed between a part and its resend): nothing is applied, the periodic INV heals it
      this.counts.brokenInventories++;
      this.parts.delete(antenna);
      return;
    }
    acc.uids.push(...uids);
    acc.next++;
    if (k < n) return;
    this.parts.delete(antenna);
    this.counts.partedInventories++;
    this.inventory(antenna, acc.uids, at);
  }

  private inventory(antenna: number, uids: string[], at: number): void {
    this.believed.inventory(antenna, uids, at);
    if (this.awaitingInventory?.delete(antenna) && this.awaitingInventory.size === 0) this.inventoryDone();
  }

  private inventoryDone(): void {
    this.awaitingInventory = null;
    this.hooks.synced();
  }
}
