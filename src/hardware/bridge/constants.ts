// Protocol v1 numbers (docs/protocol.md), in one place for the parser, the link and the virtual bridge.
/** The protocol this service speaks: v2 (INV in parts, CLR, FOCUS); a v1 bridge is read as before. */
export const PROTOCOL_VERSION = 2;
/** Longest frame on the wire, `$` and `\n` included (a `\r` before the `\n` counts too). */
export const MAX_FRAME = 160;
export const START_BYTE = 0x24; // '$'
export const END_BYTE = 0x0a; // '\n'
export const CR_BYTE = 0x0d; // '\r'
export const CRC_SEPARATOR = 0x2a; // '*'
/** seq counts 0..65535 per direction, then wraps to 0. */
export const SEQ_MODULO = 65536;
/** The bridge keeps at least this many frames for RESEND. */
export const RING_MIN_FRAMES = 128;
export const ACK_INTERVAL_MS = 250;
export const HEARTBEAT_PERIOD_MS = 1000;
/** No HB for this many heartbeat periods means the link is down (3 s at the default 1 s period). */
export const HEARTBEAT_MISSES = 3;
export const INVENTORY_PERIOD_MS = 5000;
export const DEFAULT_BAUD = 115200;

/** Messages from the bridge to the service. */
export const BridgeMsg = {
  HELLO: 'HELLO',
  TAG: 'TAG',
  GONE: 'GONE',
  INV: 'INV',
  HB: 'HB',
  ERR: 'ERR',
  /** v2: the antenna's fault cleared */
  CLR: 'CLR',
} as const;
/** Messages from the service to the bridge. */
/** FOCUS (v2): the antennas the bridge reads most often now (a v1 bridge counts and ignores it). */
export const ServiceMsg = { ACK: 'ACK', RESEND: 'RESEND', SYNC: 'SYNC', PING: 'PING', FOCUS: 'FOCUS' } as const;

/** v2 adds FOREIGN_TAG: a tag answered whose UID no frame can carry (a 10-byte ISO 14443A UID); it is left out. */
export const BRIDGE_ERROR_CODES = [
  'ANT_TIMEOUT',
  'ANT_SHORT',
  'COLLISION',
  'OVERRUN',
  'BUF_FULL',
  'FOREIGN_TAG',
] as const;
export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number];

/** Why a receiver dropped bytes that looked like a frame. */
export const REJECT_CAUSES = ['too_long', 'truncated', 'no_asterisk', 'bad_crc', 'bad_format'] as const;
export type RejectCause = (typeof REJECT_CAUSES)[number];

/** seq a is after b (modular, half-window), e.g. 0 is after 65535. */
export function seqAfter(a: number, b: number): boolean {
  const d = (a - b + SEQ_MODULO) % SEQ_MODULO;
  return d !== 0 && d < SEQ_MODULO / 2;
}
export const nextSeq = (s: number): number => (s + 1) % SEQ_MODULO;
