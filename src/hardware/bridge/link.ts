// The service's end of the serial link to the reader bridge: port lifecycle, ACK pacing, heartbeat watch,
// reconnection with backoff, SYNC. Frames go to BridgeReceiver; only ReaderEvents come out.
import { EventEmitter } from 'node:events';
import { type MonotonicClock, monotonicNow, type WallClock, wallNow } from '../../clock/index.js';
import type { ReaderEvent, ReaderEvents } from '../types.js';

type LinkLossCause = NonNullable<Extract<ReaderEvent, { kind: 'link' }>['cause']>;

import { ACK_INTERVAL_MS, DEFAULT_BAUD, HEARTBEAT_MISSES, HEARTBEAT_PERIOD_MS, ServiceMsg } from './constants.js';
import { BridgeError } from './errors.js';
import type { Frame } from './frame.js';
import type { BridgeLinkOptions, BridgeLinkStats, LinkState } from './link-types.js';
import { FrameParser } from './parser.js';
import { Backoff, type BridgePort, openSerialPort, releasePort } from './port.js';
import { BridgeReceiver } from './receiver.js';
import { FrameWriter } from './writer.js';

/** RESENDs for one missing seq before it is given up. */
const MAX_RESENDS = 2;
/** After open: silence from the bridge for this long means it is up and waiting for our SYNC (ms). The Mega 2560's
 * stk500v2 bootloader (Debian arduino-core-avr) gives up on the host about 0.8 s after the reset that opening the
 * port causes, and the sketch's HELLO follows at about 1.3 s (measured under simavr: test/bench-avr/firmata/bridgeBoot.test.ts). */
export const OPEN_QUIET_MS = 2000;
/** ... and whatever is heard (bytes that are no frame: a wrong baud rate), SYNC goes out this long after open. */
const OPEN_WAIT_MAX_MS = 4000;

export class BridgeLink extends EventEmitter<ReaderEvents> {
  private port: BridgePort | null = null;
  private state: LinkState = 'syncing';
  private everUp = false;
  private readonly parser = new FrameParser();
  private readonly receiver: BridgeReceiver;
  private readonly writer = new FrameWriter((line) => this.write(line));
  /** ages (heartbeat timeout, boot wait, pacing): monotonic */
  private readonly mono: MonotonicClock;
  /** the events' `at`: wall time, written down, never subtracted here */
  private readonly wall: WallClock;
  private readonly hbMs: number;
  private lastHeard = 0;
  private lastSync = 0;
  private lastAcked: number | null = null;
  /** just opened: waiting for the bridge to speak (or a quiet period) before anything is written */
  private booting = false;
  private openedAt = 0;
  private lastByte = 0;
  private lastResend = { from: -1, at: 0, tries: 0 };
  private readonly backoff: Backoff;
  private timer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly n = { acksSent: 0, resendsSent: 0, syncsSent: 0, linkLost: 0, reconnects: 0 };

  static async open(options: BridgeLinkOptions): Promise<BridgeLink> {
    const link = new BridgeLink(options);
    try {
      await link.attach();
    } catch (err) {
      if (!options.waitForDevice) {
        throw new BridgeError('OPEN_FAILED', `cannot open reader bridge at ${options.path}`, { cause: err });
      }
      link.lose(`cannot open ${options.path}: ${err instanceof Error ? err.message : String(err)}`, 'cannotOpen', err);
    }
    link.timer = setInterval(() => link.tick(), Math.min(link.opts.ackIntervalMs ?? ACK_INTERVAL_MS, 100));
    return link;
  }

  private constructor(private readonly opts: BridgeLinkOptions) {
    super();
    this.mono = opts.mono ?? monotonicNow;
    this.wall = opts.wall ?? wallNow;
    this.hbMs = opts.heartbeatMs ?? HEARTBEAT_PERIOD_MS;
    this.backoff = new Backoff(opts.reconnectMinMs, opts.reconnectMaxMs);
    this.parser.on('data', (f: Frame) => {
      // the bridge speaks: out of its bootloader (or running already); the SYNC can go
      if (this.booting) this.endBoot();
      this.receiver.accept(f, this.wall());
    });
    this.parser.on('reject', (cause: string, bytes: Buffer) =>
      opts.logger?.debug({ cause, hex: bytes.toString('hex') }, 'bridge frame rejected'),
    );
    this.receiver = new BridgeReceiver({
      emit: (ev) => this.emit('reader', ev),
      resend: (from) => this.resend(from),
      sync: () => this.sync(),
      synced: () => this.synced(),
      // the HB's `at` is the wall time it is written down with; its age is on the monotonic clock
      heartbeat: () => {
        this.lastHeard = this.mono();
      },
    });
  }

  stats(): BridgeLinkStats {
    const { bootId, lastApplied } = this.receiver;
    return {
      state: this.state,
      parser: { ...this.parser.counts },
      receiver: { ...this.receiver.counts },
      bootId,
      lastSeq: lastApplied,
      ...this.n,
    };
  }

  /** uids the link believes are on an antenna */
  present(antenna: number): string[] {
    return this.receiver.present(antenna);
  }

  /** Protocol v2: the antennas the bridge should read most often now (the seat to act's betting zone, the board).
   * Kept and sent again after every resync (a rebooted bridge forgets it); a v1 bridge ignores it. */
  focus(antennas: readonly number[]): void {
    this.focusSet = [...new Set(antennas)].sort((x, y) => x - y);
    if (this.state === 'up' && !this.booting) this.sendFocus();
  }

  private focusSet: number[] = [];

  private sendFocus(): void {
    if (this.focusSet.length) this.writer.send(ServiceMsg.FOCUS, [this.focusSet.join(' ')]);
    else this.writer.send(ServiceMsg.FOCUS);
  }

  async close(): Promise<void> {
    this.state = 'closed';
    if (this.timer) clearInterval(this.timer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.dropPort();
  }

  private async attach(): Promise<void> {
    const port = await (this.opts.openPort ?? openSerialPort)(this.opts.path, this.opts.baudRate ?? DEFAULT_BAUD);
    if (this.state === 'closed') return releasePort(port); // closed while we were opening
    this.port = port;
    this.parser.reset();
    port.on('data', (chunk: Buffer) => {
      this.lastByte = this.mono();
      this.parser.write(chunk);
    });
    port.on('error', (err: Error) => this.lose(`port error: ${err.message}`, 'portError', err));
    port.on('close', () => this.lose('port closed', 'portClosed'));
    this.state = 'syncing';
    this.lastHeard = this.mono();
    // Opening a Mega's USB serial port resets it (DTR) and its bootloader listens first: a SYNC sent now would keep
    // it in the bootloader, and every reopen resets it again. Nothing is written until the bridge says something or
    // has been quiet for openQuietMs.
    const quiet = this.opts.openQuietMs ?? OPEN_QUIET_MS;
    if (quiet > 0) {
      this.booting = true;
      this.openedAt = this.lastHeard;
      this.lastByte = this.lastHeard;
    } else this.sync();
  }

  private endBoot(): void {
    this.booting = false;
    this.sync();
  }

  private tick(): void {
    if (this.state === 'lost' || this.state === 'closed') return;
    const at = this.mono();
    if (this.booting) {
      const quiet = this.opts.openQuietMs ?? OPEN_QUIET_MS;
      if (at - this.lastByte >= quiet || at - this.openedAt >= OPEN_WAIT_MAX_MS) this.endBoot();
      else return;
    }
    if (at - this.lastHeard > this.hbMs * HEARTBEAT_MISSES) {
      this.lose('no heartbeat', 'noHeartbeat');
      return;
    }
    // a SYNC (or its answer) lost on the wire: ask again each heartbeat period until the HELLO burst is in
    if (this.state === 'syncing' && at - this.lastSync >= this.hbMs) this.sync();
    const last = this.receiver.lastApplied;
    if (last !== null && last !== this.lastAcked) {
      this.lastAcked = last;
      this.n.acksSent++;
      this.writer.send(ServiceMsg.ACK, [last]);
    }
  }

  private resend(from: number): void {
    const at = this.mono();
    const last = this.lastResend;
    // one RESEND per gap, repeated only if the answer has not come within an ACK interval or two
    if (from === last.from && at - last.at < 2 * (this.opts.ackIntervalMs ?? ACK_INTERVAL_MS)) return;
    const tries = from === last.from ? last.tries + 1 : 1;
    if (tries > MAX_RESENDS) {
      // the bridge cannot deliver it (gone, or corrupt every time): skip it and heal by inventory
      this.lastResend = { from: -1, at, tries: 0 };
      this.receiver.skipGap();
      this.sync();
      return;
    }
    this.lastResend = { from, at, tries };
    this.n.resendsSent++;
    this.writer.send(ServiceMsg.RESEND, [from]);
  }

  private sync(): void {
    if (this.booting) return; // the boot wait ends with a SYNC
    this.lastSync = this.mono();
    this.n.syncsSent++;
    this.writer.send(ServiceMsg.SYNC);
  }

  private synced(): void {
    this.lastHeard = this.mono();
    if (this.state !== 'syncing') return;
    this.state = 'up';
    if (this.focusSet.length) this.sendFocus();
    this.emit('reader', { kind: 'link', state: this.everUp ? 'restored' : 'up', at: this.wall() });
    this.everUp = true;
  }

  private write(line: string): void {
    const port = this.port;
    if (!port?.writable) {
      this.lose('write on a closed port', 'writeClosed');
      return;
    }
    port.write(line, (err) => {
      if (err) this.lose(`write error: ${err.message}`, 'writeError', err);
    });
  }

  private lose(detail: string, cause: LinkLossCause, err?: unknown): void {
    if (this.state === 'lost' || this.state === 'closed') return;
    this.state = 'lost';
    this.booting = false;
    this.n.linkLost++;
    this.lastAcked = null;
    void this.dropPort();
    this.opts.logger?.warn({ path: this.opts.path, detail }, 'reader bridge link lost');
    const system = err === undefined ? undefined : err instanceof Error ? err.message : String(err);
    this.emit('reader', {
      kind: 'link',
      state: 'lost',
      at: this.wall(),
      detail,
      cause,
      ...(system ? { system } : {}),
      ...(cause === 'cannotOpen' ? { path: this.opts.path } : {}),
    });
    this.backoff.reset();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.state !== 'lost') return;
      this.attach().then(
        () => {
          this.n.reconnects++;
        },
        () => this.scheduleReconnect(),
      );
    }, this.backoff.next());
  }

  private async dropPort(): Promise<void> {
    const port = this.port;
    this.port = null;
    if (port) await releasePort(port);
  }
}
