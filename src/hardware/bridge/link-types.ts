// The link's options and counters.
import type { ParserCounts } from './parser.js';
import type { PortOpener } from './port.js';
import type { ReceiverCounts } from './receiver.js';

export interface BridgeLinkOptions {
  path: string;
  baudRate?: number;
  /** the bridge's HB period; the link is lost after HEARTBEAT_MISSES periods without one */
  heartbeatMs?: number;
  ackIntervalMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  now?: () => number;
  /** transport injection (tests, recordings); defaults to serialport */
  openPort?: PortOpener;
  /** absent device at open: resolve anyway, report the link lost and keep trying (default: throw OPEN_FAILED) */
  waitForDevice?: boolean;
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
