// The link's options and counters.
import type { MonotonicClock, WallClock } from '../../clock/index.js';
import type { ParserCounts } from './parser.js';
import type { PortOpener } from './port.js';
import type { ReceiverCounts } from './receiver.js';

/** The subset of a pino logger the link uses (pass `logger.child({ module: 'bridge' })`). */
export interface BridgeLogger {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface BridgeLinkOptions {
  path: string;
  baudRate?: number;
  /** the bridge's HB period; the link is lost after HEARTBEAT_MISSES periods without one */
  heartbeatMs?: number;
  ackIntervalMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** the clock of every age: heartbeat timeout, boot wait, SYNC and RESEND pacing (default performance.now; it
   * never jumps, whatever NTP or the operator do to the wall clock) */
  mono?: MonotonicClock;
  /** the wall time written on the events (`at`), and nothing else (default Date.now) */
  wall?: WallClock;
  /** transport injection (tests, recordings); defaults to serialport */
  openPort?: PortOpener;
  /** after opening the port, write nothing until the bridge speaks (its boot HELLO, or any frame of a bridge already
   * running) or nothing has been heard for this long (ms, default OPEN_QUIET_MS = 2000; 0: SYNC at once). Opening a
   * Mega's USB port resets it, and its bootloader listens for about a second: bytes sent then keep it there. */
  openQuietMs?: number;
  /** absent device at open: resolve anyway, report the link lost and keep trying (default: throw OPEN_FAILED) */
  waitForDevice?: boolean;
  /** rejected frames as hex dumps at debug level; link lost/restored at warn */
  logger?: BridgeLogger;
}

export interface BridgeLinkStats {
  state: LinkState;
  parser: ParserCounts;
  receiver: ReceiverCounts;
  bootId: string | null;
  lastSeq: number | null;
  acksSent: number;
  resendsSent: number;
  syncsSent: number;
  linkLost: number;
  reconnects: number;
}

export type LinkState = 'syncing' | 'up' | 'lost' | 'closed';
