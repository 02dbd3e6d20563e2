// The bridge's side of protocol v1 in TypeScript, what firmware-bridge/ does on the wire: seq numbering, a ring of
// unacknowledged frames for RESEND, SYNC answered with HELLO + an INV per antenna, PING with HB. No I/O: lines go
// to `sink`; VirtualBridgeWire (virtual-bridge.ts) adds a serial port and the timers.
import { type MonotonicClock, monotonicNow } from '../../clock/index.js';
import type { TagFace } from '../types.js';
import { BridgeMsg, MAX_FRAME, ServiceMsg } from './constants.js';

import { encodeFrame, type Frame } from './frame.js';
import { FrameScanner } from './parser.js';
import { OutboundRing } from './ring.js';

/** The simulated bridge speaks protocol v1 (TAG/GONE/INV of at most one frame, no CLR, no restated faults). */
const V1 = 1;

export interface VirtualBridgeOptions {
  antennas: number;
  bootId?: string;
  firmware?: string;
  deviceId?: string;
  ringSize?: number;
  /** the firmware tracks 8 tags per antenna; unset: no limit (the simulator's chip stacks are taller) */
  maxTagsPerAntenna?: number;
  heartbeatMs?: number;
  inventoryMs?: number;
  /** the bridge's uptime clock (the HB's first field: ms since boot), monotonic as the firmware's millis() */
  mono?: MonotonicClock;
}

export interface VirtualBridgeStats {
  sent: number;
  resent: number;
  dropped: number;
  acked: number | null;
  ring: number;
  received: number;
  /** tags refused past `maxTagsPerAntenna` */
  overruns: number;
  /** INV frames not sent because they would pass 160 bytes */
  oversizeInventories: number;
}

export class BridgeEndpoint {
  readonly antennas: number;
  bootId: string;
  /** frames from the service, decoded; rejections counted by cause in `scanner.counts` */
  readonly scanner = new FrameScanner();
  protected readonly opts: VirtualBridgeOptions;
  private readonly tags: Map<string, TagFace>[];
  private readonly ring: OutboundRing;
  private seq = 0;
  protected sink: ((line: string) => void) | null = null;
  private dropNext = 0;
  private bufFullReported = false;
  /** monotonic ms of the last boot (the HB's uptime counts from it, as millis() from a reset) */
  private started: number;
  readonly stats: VirtualBridgeStats = {
    sent: 0,
    resent: 0,
    dropped: 0,
    acked: null,
    ring: 0,
    received: 0,
    overruns: 0,
    oversizeInventories: 0,
  };

  constructor(opts: VirtualBridgeOptions) {
    this.opts = opts;
    this.antennas = opts.antennas;
    this.bootId = opts.bootId ?? randomBootId();
    this.tags = Array.from({ length: opts.antennas }, () => new Map<string, TagFace>());
    this.ring = new OutboundRing(opts.ringSize);
    this.started = this.now();
  }

  /** Where encoded lines go (null: nowhere, as with the cable out). */
  setSink(sink: ((line: string) => void) | null): void {
    this.sink = sink;
  }

  boot(): void {
    this.started = this.now();
    this.seq = 0;
    this.ring.clear();
    this.hello();
  }

  /** A restart that kept nothing: new boot id, seq from 0 (tags on the table stay where they are). */
  reboot(bootId = randomBootId()): void {
    this.bootId = bootId;
    this.boot();
  }

  /** A tag read on an antenna. With `maxTagsPerAntenna` (the firmware has 8), one more is not tracked:
   * ERR,<antenna>,OVERRUN instead. */
  arrive(antenna: number, uid: string, face: TagFace = '-'): void {
    if (this.tags[antenna].has(uid)) return;
    if (this.tags[antenna].size >= (this.opts.maxTagsPerAntenna ?? Number.POSITIVE_INFINITY)) {
      this.stats.overruns++;
      this.fault(antenna, 'OVERRUN');
      return;
    }
    this.tags[antenna].set(uid, face);
    this.send(BridgeMsg.TAG, [String(antenna), uid, face]);
  }

  leave(antenna: number, uid: string): void {
    if (this.tags[antenna].delete(uid)) this.send(BridgeMsg.GONE, [String(antenna), uid]);
  }

  fault(antenna: number | null, code: string): void {
    this.send(BridgeMsg.ERR, [antenna === null ? '-' : String(antenna), code]);
  }

  heartbeat(scanMs = 120): void {
    // whole milliseconds, as millis() counts them: the service refuses an HB whose uptime is not an integer, and the
    // monotonic clock (performance.now) has fractions
    const uptime = Math.floor(this.now() - this.started);
    this.send(BridgeMsg.HB, [String(uptime), String(scanMs), String(this.stats.dropped)]);
  }

  inventory(antenna: number): string[] {
    return [...this.tags[antenna].keys()];
  }

  /** The next `n` frames are numbered and kept in the ring but lost on the wire. */
  loseNext(n: number): void {
    this.dropNext += n;
  }

  receive(chunk: Uint8Array): void {
    this.scanner.feed(chunk, (f) => this.command(f));
  }

  private command(f: Frame): void {
    this.stats.received++;
    const from = Number(f.fields[0]);
    if (f.type === ServiceMsg.ACK) {
      this.ring.ack(from);
      this.stats.acked = from;
      this.stats.ring = this.ring.size;
      this.bufFullReported = false;
    } else if (f.type === ServiceMsg.RESEND) this.resend(from);
    else if (f.type === ServiceMsg.SYNC) this.hello();
    else if (f.type === ServiceMsg.PING) this.heartbeat();
  }

  private resend(from: number): void {
    const frames = this.ring.from(from);
    if (frames === null) {
      if (from !== this.seq) this.hello(); // gone from the ring: the full state instead
      return;
    }
    this.stats.resent += frames.length;
    for (const f of frames) this.sink?.(encodeFrame(f));
  }

  private hello(): void {
    const fields = [String(V1), this.opts.firmware ?? '1.0.0', this.opts.deviceId ?? 'BR-SIM'];
    this.send(BridgeMsg.HELLO, [...fields, this.bootId, String(this.antennas)]);
    this.inventoryAll();
  }

  protected inventoryAll(): void {
    for (let a = 0; a < this.antennas; a++) {
      const uids = this.inventory(a).join(' ');
      // never a frame over 160 bytes (the service could only drop it): such an antenna gets no INV
      if (`$65535,INV,${a},${uids}*0000\n`.length > MAX_FRAME) this.stats.oversizeInventories++;
      else this.send(BridgeMsg.INV, [String(a), uids]);
    }
  }

  private send(type: string, fields: string[]): void {
    while (this.ring.full) this.overflow();
    const frame: Frame = { seq: this.seq, type, fields };
    this.seq = (this.seq + 1) % 65536;
    this.ring.push(frame);
    this.stats.ring = this.ring.size;
    if (this.dropNext > 0) {
      this.dropNext--;
      return;
    }
    this.stats.sent++;
    this.sink?.(encodeFrame(frame));
  }

  /** Ring full of unacknowledged frames: the oldest goes, reported once until an ACK frees room. */
  private overflow(): void {
    this.ring.dropOldest();
    this.stats.dropped++;
    if (this.bufFullReported) return;
    this.bufFullReported = true;
    this.send(BridgeMsg.ERR, ['-', 'BUF_FULL']);
  }

  private now(): number {
    return (this.opts.mono ?? monotonicNow)();
  }
}

function randomBootId(): string {
  return Math.floor(Math.random() * 0x10000)
    .toString(16)
    .toUpperCase()
    .padStart(4, '0');
}
