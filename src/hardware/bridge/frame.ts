// Protocol v1 frames (spec/protocol.md): `$<seq>,<TYPE>[,<field>...]*<CRC>\n`, CRC-16/CCITT-FALSE.
export const MAX_FRAME = 160;

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
