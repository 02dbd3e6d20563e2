// Protocol v1 frames (docs/protocol.md): `$<seq>,<TYPE>[,<field>...]*<CRC>\n`, CRC-16/CCITT-FALSE.
import { MAX_FRAME, type RejectCause, SEQ_MODULO } from './constants.js';

export { MAX_FRAME };

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor. crc16('123456789') = 0x29B1. */
export function crc16(bytes: Uint8Array | string): number {
  let crc = 0xffff;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const b = typeof bytes === 'string' ? bytes.charCodeAt(i) & 0xff : bytes[i];
    crc ^= b << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

export interface Frame {
  seq: number;
  type: string;
  fields: string[];
}

export const hex4 = (n: number): string => n.toString(16).toUpperCase().padStart(4, '0');

/** Encodes a frame as the line sent on the wire (with its `\n`). */
export function encodeFrame(f: Frame): string {
  const body = [String(f.seq), f.type, ...f.fields].join(',');
  return `$${body}*${hex4(crc16(body))}\n`;
}

export type DecodeResult = { ok: true; frame: Frame } | { ok: false; cause: RejectCause };

const TYPE_TEXT = /^[A-Z][A-Z0-9_]*$/;
const hexDigit = (b: number): number => (b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 0x37 : -1);

/**
 * Decodes one complete line, from `$` to `\n` inclusive (`\r\n` allowed). Never throws: a bad line comes back
 * with the cause the receiver counts it under. Works on the bytes (no string until the frame is known good).
 */
export function decodeFrame(line: Uint8Array | string): DecodeResult {
  const b = typeof line === 'string' ? Buffer.from(line, 'latin1') : line;
  const n = b.length;
  if (n > MAX_FRAME) return { ok: false, cause: 'too_long' };
  if (n < 2 || b[0] !== 0x24 || b[n - 1] !== 0x0a) return { ok: false, cause: 'bad_format' };
  const end = b[n - 2] === 0x0d ? n - 2 : n - 1;
  let star = end - 1;
  while (star > 0 && b[star] !== 0x2a) star--;
  if (star <= 0) return { ok: false, cause: 'no_asterisk' };
  if (end - star - 1 !== 4) return { ok: false, cause: 'bad_crc' };
  let crc = 0;
  for (let i = star + 1; i < end; i++) {
    const d = hexDigit(b[i]);
    if (d < 0) return { ok: false, cause: 'bad_crc' };
    crc = (crc << 4) | d;
  }
  if (crc !== crc16(b.subarray(1, star))) return { ok: false, cause: 'bad_crc' };
  // seq: canonical decimal 0..65535, then ','
  let i = 1;
  let seq = 0;
  while (i < star && b[i] >= 0x30 && b[i] <= 0x39) seq = seq * 10 + b[i++] - 0x30;
  const digits = i - 1;
  if (digits === 0 || digits > 5 || seq >= SEQ_MODULO || (digits > 1 && b[1] === 0x30) || b[i] !== 0x2c) {
    return { ok: false, cause: 'bad_format' };
  }
  // fields: printable ASCII, never '$' or '*' (',' separates them)
  for (let k = i + 1; k < star; k++) {
    const c = b[k];
    if (c < 0x20 || c > 0x7e || c === 0x24 || c === 0x2a) return { ok: false, cause: 'bad_format' };
  }
  const [type, ...fields] = Buffer.from(b.buffer, b.byteOffset + i + 1, star - i - 1)
    .toString('latin1')
    .split(',');
  if (!TYPE_TEXT.test(type)) return { ok: false, cause: 'bad_format' };
  return { ok: true, frame: { seq, type, fields } };
}
