// The bridge's side of the wire in TypeScript: what firmware-bridge/ does on the serial link, for the simulator
// and the tests. Seq numbering, a ring of unacknowledged frames for RESEND, SYNC answered with HELLO + an INV per
// antenna, HB every period, periodic INV. Transport-agnostic: `attach()` any Duplex (a pty opened by serialport).
import type { Duplex } from 'node:stream';
import type { Face } from '../types.js';
import {
  BridgeMsg,
  HEARTBEAT_PERIOD_MS,
  INVENTORY_PERIOD_MS,
  PROTOCOL_VERSION,
  RING_MIN_FRAMES,
  ServiceMsg,
  seqAfter,
} from './constants.js';
import { encodeFrame, type Frame } from './frame.js';
import { FrameScanner } from './parser.js';

export interface VirtualBridgeOptions {
  antennas: number;
  bootId?: string;
  firmware?: string;
  deviceId?: string;
  ringSize?: number;
  heartbeatMs?: number;
  inventoryMs?: number;
  now?: () => number;
}

export interface VirtualBridgeStats {
  sent: number;
  resent: number;
  dropped: number;
  acked: number | null;
  ring: number;
  received: number;
}

export class VirtualBridgeWire {
  readonly antennas: number;
  bootId: string;
  /** frames from the service, decoded; rejections counted by cause in `scanner.counts` */
  readonly scanner = new FrameScanner();
  private readonly opts: VirtualBridgeOptions;
  private readonly tags: Map<string, Face>[];
  private ring: Frame[] = [];
  private seq = 0;
  private sink: ((line: string) => void) | null = null;
  private port: Duplex | null = null;
  private timers: NodeJS.Timeout[] = [];
  private dropNext = 0;
  private bufFullReported = false;
  private readonly started: number;
  readonly stats: VirtualBridgeStats = { sent: 0, resent: 0, dropped: 0, acked: null, ring: 0, received: 0 };

  constructor(opts: VirtualBridgeOptions) {
    this.opts = opts;
    this.antennas = opts.antennas;
    this.bootId = opts.bootId ?? randomBootId();
    this.tags = Array.from({ length: opts.antennas }, () => new Map<string, Face>());
    this.started = this.now();
  }

  /** Sends frames to a Duplex and reads the service's frames from it. Replaces any previous port. */
  attach(port: Duplex): void {
    this.detach();
    this.port = port;
    this.sink = (line) => {
      if (port.writable) port.write(line);
    };
    port.on('data', (chunk: Buffer) => this.receive(chunk));
    port.on('error', () => this.detach()); // unplugged: frames wait in the ring
  }

  /** Cable out: frames are still numbered and kept in the ring, but go nowhere. */
  detach(): void {
    this.port?.removeAllListeners('data');
    this.port = null;
    this.sink = null;
  }

  /** Writes to a custom sink (in-process use). */
  setSink(sink: ((line: string) => void) | null): void {
    this.sink = sink;
  }

  /** Power on: fresh seq and ring, HELLO, an INV per antenna; then HB and periodic INV timers. */
  start(): void {
    this.boot();
    this.resume();
  }

  /** Timers only (HB, periodic INV), no boot: a bridge that was busy or stalled carries on. */
  resume(): void {
    this.stop();
    const hb = setInterval(() => this.heartbeat(), this.opts.heartbeatMs ?? HEARTBEAT_PERIOD_MS);
    const inv = setInterval(() => this.inventoryAll(), this.opts.inventoryMs ?? INVENTORY_PERIOD_MS);
    this.timers = [hb, inv];
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  boot(): void {
    this.seq = 0;
    this.ring = [];
    this.hello();
  }

  /** A restart that kept nothing: new boot id, seq from 0 (tags on the table stay where they are). */
  reboot(bootId = randomBootId()): void {
    this.bootId = bootId;
    this.boot();
  }

  arrive(antenna: number, uid: string, face: Face = '-'): void {
    if (this.tags[antenna].has(uid)) return;
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
    this.send(BridgeMsg.HB, [String(this.now() - this.started), String(scanMs), String(this.stats.dropped)]);
  }

  inventory(antenna: number): string[] {
    return [...this.tags[antenna].keys()];
  }

  /** The next `n` frames are numbered and kept in the ring but lost on the wire. */
  loseNext(n: number): void {
    this.dropNext += n;
  }

  /** Raw bytes on the wire (noise, corrupt frames), outside the seq. */
  sendRaw(bytes: string | Uint8Array): void {
    if (this.port?.writable) this.port.write(bytes);
    else if (this.sink && typeof bytes === 'string') this.sink(bytes);
  }

  receive(chunk: Uint8Array): void {
    this.scanner.feed(chunk, (f) => this.command(f));
  }

  private command(f: Frame): void {
    this.stats.received++;
    const from = Number(f.fields[0]);
    switch (f.type) {
      case ServiceMsg.ACK:
        this.ring = this.ring.filter((r) => seqAfter(r.seq, from));
        this.stats.acked = from;
        this.bufFullReported = false;
        break;
      case ServiceMsg.RESEND: {
        this.resend(from);
        return;
      }
      case ServiceMsg.SYNC: {
        this.hello();
        return;
      }
      case ServiceMsg.PING: {
        this.heartbeat();
        return;
      }
    }
    this.stats.ring = this.ring.length;
  }

  private resend(from: number): void {
    const i = this.ring.findIndex((r) => r.seq === from);
    if (i < 0) {
      if (from !== this.seq) this.hello(); // gone from the ring: the full state instead
      return;
    }
    for (const f of this.ring.slice(i)) {
      this.stats.resent++;
      this.sink?.(encodeFrame(f));
    }
  }

  private hello(): void {
    const fields = [String(PROTOCOL_VERSION), this.opts.firmware ?? '1.0.0', this.opts.deviceId ?? 'BR-SIM'];
    this.send(BridgeMsg.HELLO, [...fields, this.bootId, String(this.antennas)]);
    this.inventoryAll();
  }

  private inventoryAll(): void {
    for (let a = 0; a < this.antennas; a++) this.send(BridgeMsg.INV, [String(a), this.inventory(a).join(' ')]);
  }

  private send(type: string, fields: string[]): void {
    while (this.ring.length >= Math.max(this.opts.ringSize ?? RING_MIN_FRAMES, RING_MIN_FRAMES)) this.overflow();
    const frame: Frame = { seq: this.seq, type, fields };
    this.seq = (this.seq + 1) % 65536;
    this.ring.push(frame);
    this.stats.ring = this.ring.length;
    if (this.dropNext > 0) {
      this.dropNext--;
      return;
    }
    this.stats.sent++;
    this.sink?.(encodeFrame(frame));
  }

  /** Ring full of unacknowledged frames: the oldest goes, reported once until an ACK frees room. */
  private overflow(): void {
    this.ring.shift();
    this.stats.dropped++;
    if (this.bufFullReported) return;
    this.bufFullReported = true;
    this.send(BridgeMsg.ERR, ['-', 'BUF_FULL']);
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }
}

function randomBootId(): string {
  return Math.floor(Math.random() * 0x10000)
    .toString(16)
    .toUpperCase()
    .padStart(4, '0');
}
