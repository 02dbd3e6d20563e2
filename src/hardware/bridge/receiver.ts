// What the service makes of the bridge's frames: seq order (gaps, duplicates), the tags it believes are on
// each antenna, and the typed ReaderEvents that leave the hardware layer. No I/O here: the link drives it.
import type { Face, ReaderEvent } from '../types.js';
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
  };
  bootId: string | null = null;
  /** the seq the next in-order frame must carry; null before the first HELLO */
  expected: number | null = null;
  private readonly believed: BelievedTags;
  private awaitingInventory: Set<number> | null = null;
  private skipping = false;

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
    this.hooks.emit({ kind: 'hello', bootId, firmware: firmware ?? '', deviceId: deviceId ?? '', antennas, at });
    if (rebooted) this.hooks.sync();
    if (antennas === 0) this.inventoryDone();
  }

  private apply(f: Frame, at: number): void {
    const [a, b, c] = f.fields;
    switch (f.type) {
      case BridgeMsg.TAG:
        if (!ANTENNA.test(a ?? '') || !UID.test(b ?? '') || !FACES.includes(c ?? '')) break;
        {
          this.believed.arrive(Number(a), b as string, c as Face, true, at);
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
        if (!ANTENNA.test(a ?? '') || f.fields.length !== 2 || !uids.every((u) => UID.test(u))) break;
        this.inventory(Number(a), uids, at);
        return;
      }
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

  private inventory(antenna: number, uids: string[], at: number): void {
    this.believed.inventory(antenna, uids, at);
    if (this.awaitingInventory?.delete(antenna) && this.awaitingInventory.size === 0) this.inventoryDone();
  }

  private inventoryDone(): void {
    this.awaitingInventory = null;
    this.hooks.synced();
  }
}
