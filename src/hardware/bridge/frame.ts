// Protocol v1 frames (spec/protocol.md): `$<seq>,<TYPE>[,<field>...]*<CRC>\n`, CRC-16/CCITT-FALSE.
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

const CRC_TEXT = /^[0-9A-F]{4}$/;
const SEQ_TEXT = /^(0|[1-9][0-9]{0,4})$/;
const TYPE_TEXT = /^[A-Z][A-Z0-9_]*$/;
// Printable ASCII except the three framing characters `$`, `*` and `,` (which split fields).
const FIELD_TEXT = /^[\x20-\x23\x25-\x29\x2b\x2d-\x7e]*$/;

/**
 * Decodes one complete line, from `$` to `\n` inclusive (`\r\n` allowed). Never throws: a bad line
 * comes back with the cause the receiver counts it under.
 */
export function decodeFrame(line: Uint8Array | string): DecodeResult {
  const text = typeof line === 'string' ? line : Buffer.from(line).toString('latin1');
  if (text.length > MAX_FRAME) return { ok: false, cause: 'too_long' };
  if (text.charCodeAt(0) !== 0x24 || !text.endsWith('\n')) return { ok: false, cause: 'bad_format' };
  const end = text.endsWith('\r\n') ? text.length - 2 : text.length - 1;
  const star = text.lastIndexOf('*', end);
  if (star < 0) return { ok: false, cause: 'no_asterisk' };
  const body = text.slice(1, star);
  const crcText = text.slice(star + 1, end);
  if (!CRC_TEXT.test(crcText) || Number.parseInt(crcText, 16) !== crc16(body)) return { ok: false, cause: 'bad_crc' };
  const parts = body.split(',');
  const [seqText, type, ...fields] = parts;
  if (!SEQ_TEXT.test(seqText) || Number(seqText) >= SEQ_MODULO) return { ok: false, cause: 'bad_format' };
  if (type === undefined || !TYPE_TEXT.test(type)) return { ok: false, cause: 'bad_format' };
  for (const f of fields) if (!FIELD_TEXT.test(f)) return { ok: false, cause: 'bad_format' };
  return { ok: true, frame: { seq: Number(seqText), type, fields } };
}
