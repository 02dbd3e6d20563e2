// Parser fuzz: 1,000,000 random and mutated frames. No crash, no hang (the test timeout), memory bounded, and every
// frame either read or counted under a cause: nothing silently vanishes, nothing is read twice.
import { describe, expect, it } from 'vitest';
import { encodeFrame, type Frame, FrameParser } from '../../src/hardware/bridge/index.js';

/** xorshift32: reproducible randomness (seeded), fast enough for millions of bytes. */
function rng(seed: number): (n: number) => number {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

const TYPES = ['HELLO', 'TAG', 'GONE', 'INV', 'HB', 'ERR', 'ACK', 'RESEND', 'SYNC', 'PING', 'ZAP'];
const HEX = '0123456789ABCDEF';

function randomFrame(r: (n: number) => number): string {
  const fields: string[] = [];
  const nf = r(5);
  for (let i = 0; i < nf; i++) {
    let f = '';
    const len = r(4) === 0 ? r(40) : r(17);
    for (let k = 0; k < len; k++) f += HEX[r(16)];
    fields.push(f);
  }
  return encodeFrame({ seq: r(65536), type: TYPES[r(TYPES.length)], fields });
}

/** One mutation that keeps the chunk a single `$...\n` line: no `$` or `\n` inside. */
function mutate(line: string, r: (n: number) => number): string {
  const body = line.slice(1, -1);
  const pos = r(body.length);
  let b = r(256);
  if (b === 0x24 || b === 0x0a) b = 0x41;
  const ch = String.fromCharCode(b);
  switch (r(6)) {
    case 0:
      return `$${body.slice(0, pos)}${ch}${body.slice(pos + 1)}\n`; // substitute
    case 1:
      return `$${body.slice(0, pos)}${body.slice(pos + 1)}\n`; // delete
    case 2:
      return `$${body.slice(0, pos)}${ch}${body.slice(pos)}\n`; // insert
    case 3:
      return `$${body.replace('*', '')}\n`; // no asterisk
    case 4:
      return `$${body.slice(0, -4)}${body.slice(-4).toLowerCase()}\n`; // lower-case CRC
    default:
      return `$${body}${'7'.repeat(160)}\n`; // too long
  }
}

describe('parser fuzz', () => {
  it('1,000,000 random and mutated frames: each read once or counted under one cause', () => {
    const r = rng(0xfe17);
    const parser = new FrameParser();
    let accepted = 0;
    let acceptedMutants = 0;
    const batchMutants = new Set<string>();
    parser.on('data', (f: Frame) => {
      accepted++;
      // a mutant accepted must be a genuinely valid frame (a CRC collision), i.e. re-encode to the bytes sent
      if (batchMutants.has(encodeFrame(f))) acceptedMutants++;
    });
    const heapBefore = process.memoryUsage().heapUsed;
    let sent = 0;
    let clean = 0;
    let maxBuffered = 0;
    const total = 1_000_000;
    const batch = 10_000;
    while (sent < total) {
      batchMutants.clear();
      let text = '';
      for (let i = 0; i < batch; i++) {
        const line = randomFrame(r);
        const m = r(2) === 0 ? line : mutate(line, r);
        text += m;
        // a lower-case CRC of digits only is no change at all; random fields can make a clean frame too long
        if (m === line) clean += line.length <= 160 ? 1 : 0;
        else batchMutants.add(m);
      }
      sent += batch;
      const buf = Buffer.from(text, 'latin1');
      // arbitrary chunking, as a UART driver would deliver it
      for (let off = 0; off < buf.length; ) {
        const n = 1 + r(512);
        parser.write(buf.subarray(off, off + n));
        maxBuffered = Math.max(maxBuffered, parser.buffered);
        off += n;
      }
    }
    const c = parser.counts;
    const rejected = c.too_long + c.truncated + c.no_asterisk + c.bad_crc + c.bad_format;
    expect(accepted + rejected).toBe(total); // every frame accounted for exactly once
    expect(accepted).toBe(clean + acceptedMutants); // every clean frame read, mutants only if truly valid
    expect(acceptedMutants).toBeLessThan(50); // CRC collisions of inserts/deletes: ~1 in 65536
    expect(c.noiseBytes).toBe(0);
    expect(c.too_long).toBeGreaterThan(50_000);
    expect(c.no_asterisk).toBeGreaterThan(50_000);
    expect(c.bad_crc).toBeGreaterThan(50_000);
    expect(maxBuffered).toBeLessThanOrEqual(160);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('4 MB of random bytes (with `$` and `\\n` sprinkled in) never grows the buffer past 160 bytes', () => {
    const r = rng(42);
    const parser = new FrameParser();
    let frames = 0;
    parser.on('data', () => frames++);
    let maxBuffered = 0;
    for (let i = 0; i < 64; i++) {
      const buf = Buffer.alloc(65536);
      for (let k = 0; k < buf.length; k++) {
        const x = r(64);
        buf[k] = x === 0 ? 0x24 : x === 1 ? 0x0a : r(256);
      }
      parser.write(buf);
      maxBuffered = Math.max(maxBuffered, parser.buffered);
    }
    expect(maxBuffered).toBeLessThanOrEqual(160);
    const c = parser.counts;
    // noise bytes plus every started frame's fate add up: the parser did look at everything
    expect(c.truncated + c.too_long + c.no_asterisk + c.bad_crc + c.bad_format).toBeGreaterThan(10_000);
    expect(frames).toBeLessThan(5); // random bytes essentially never carry a valid CRC
  });
});
