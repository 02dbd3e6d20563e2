// CRC and single-frame decoding, checked against the shared golden vectors.
import { describe, expect, it } from 'vitest';
import { crc16, decodeFrame, encodeFrame } from '../../src/hardware/bridge/index.js';
import { loadVectors } from './vectors.js';

const vectors = loadVectors();

describe('CRC-16/CCITT-FALSE', () => {
  it('check value: crc("123456789") = 0x29B1 (poly 0x1021, init 0xFFFF, no reflection, no xor out)', () => {
    expect(crc16('123456789')).toBe(0x29b1);
    expect(crc16(Buffer.from('123456789'))).toBe(0x29b1);
  });
  it('empty input leaves the init value', () => expect(crc16('')).toBe(0xffff));
});

describe('decodeFrame on each single-frame vector', () => {
  for (const v of vectors) {
    if (v.kind === 'stream') continue;
    // a vector may carry noise before its '$': decodeFrame sees the line from the '$' on
    const start = v.bytes.indexOf(0x24);
    const line = v.bytes.subarray(Math.max(start, 0));
    it(`line ${v.line}: ${v.kind}${v.kind === 'invalid' ? `:${v.cause}` : ''} (${v.note})`, () => {
      const r = decodeFrame(line);
      if (v.kind === 'valid') {
        expect(r.ok).toBe(true);
        // a decoded frame encodes back to the same bytes (LF form)
        if (r.ok) expect(encodeFrame(r.frame)).toBe(line.toString('latin1').replace(/\r\n$/, '\n'));
      } else expect(r).toEqual({ ok: false, cause: v.cause });
    });
  }
});

describe('decodeFrame field splitting', () => {
  it('HELLO: proto, firmware, device id, boot id, antenna count', () => {
    const r = decodeFrame('$0,HELLO,1,1.0.0,BR-0001,7F3A,24*DE84\n');
    expect(r).toEqual({ ok: true, frame: { seq: 0, type: 'HELLO', fields: ['1', '1.0.0', 'BR-0001', '7F3A', '24'] } });
  });
  it('an empty INV keeps its empty uid list as one empty field', () => {
    expect(decodeFrame('$5,INV,12,*39B7\n')).toEqual({ ok: true, frame: { seq: 5, type: 'INV', fields: ['12', ''] } });
  });
  it('SYNC has no fields', () => {
    expect(decodeFrame('$2,SYNC*519F\n')).toEqual({ ok: true, frame: { seq: 2, type: 'SYNC', fields: [] } });
  });
});
