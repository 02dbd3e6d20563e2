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

const SAFE = (b: number) => (b === 0x24 || b === 0x0a || b === 0x0d ? 0x41 : b); // keep one line per chunk

/**
 * Writes `src` mutated once into `out` at `at`; returns the new end. The result stays a single `$...\n` line
 * (no `$`, `\n` or `\r` put inside), so each mutant meets exactly one verdict.
 */
function mutate(src: Buffer, out: Buffer, at: number, r: (n: number) => number): number {
  const body = src.length - 2; // bytes between '$' and '\n'
  const pos = 1 + r(body);
  const b = SAFE(r(256));
  const head = (k: number) => src.copy(out, at, 0, k);
  switch (r(6)) {
    case 0: // substitute one byte
      src.copy(out, at);
      out[at + pos] = b;
      return at + src.length;
    case 1: // delete one byte
      head(pos);
      return at + pos + src.copy(out, at + pos, pos + 1);
    case 2: // insert one byte
      head(pos);
      out[at + pos] = b;
      return at + pos + 1 + src.copy(out, at + pos + 1, pos);
    case 3: {
      // drop the asterisk
      const star = src.lastIndexOf(0x2a);
      head(star);
      return at + star + src.copy(out, at + star, star + 1);
    }
    case 4: // lower-case CRC
      src.copy(out, at);
      for (let k = src.length - 5; k < src.length - 1; k++) if (out[at + k] >= 0x41) out[at + k] += 0x20;
      return at + src.length;
    default: // 160 more bytes: too long
      head(src.length - 1);
      out.fill(0x37, at + src.length - 1, at + src.length + 159);
      out[at + src.length + 159] = 0x0a;
      return at + src.length + 160;
  }
}

describe('parser fuzz', () => {
  it('1,000,000 random and mutated frames: each read once or counted under one cause', () => {
    const r = rng(0xfe17);
    // a pool of valid encodings; frames are drawn from it, half of them mutated on the way out
    const pool = Array.from({ length: 4096 }, () => Buffer.from(randomFrame(r), 'latin1'));
    const poolLines = new Set(pool.map((b) => b.toString('latin1')));
    const parser = new FrameParser();
    let fromPool = 0;
    let fromMutants = 0;
    parser.on('data', (f: Frame) => {
      if (poolLines.has(encodeFrame(f))) fromPool++;
      else fromMutants++; // a mutant that is a valid frame after all (CRC collision of an insert/delete)
    });
    const heapBefore = process.memoryUsage().heapUsed;
    let clean = 0;
    let maxBuffered = 0;
    const total = 1_000_000;
    const batch = 10_000;
    const out = Buffer.alloc(batch * 400);
    for (let sent = 0; sent < total; sent += batch) {
      let end = 0;
      for (let i = 0; i < batch; i++) {
        const src = pool[r(pool.length)];
        const start = end;
        end = r(2) === 0 ? end + src.copy(out, end) : mutate(src, out, end, r);
        // unchanged (a lower-case CRC of digits only) counts as clean; random fields can make a frame too long
        if (end - start === src.length && out.compare(src, 0, src.length, start, end) === 0 && src.length <= 160) {
          clean++;
        }
      }
      // arbitrary chunking, as a UART driver would deliver it
      for (let off = 0; off < end; ) {
        const n = 1 + r(512);
        parser.write(out.subarray(off, Math.min(off + n, end)));
        maxBuffered = Math.max(maxBuffered, parser.buffered);
        off += n;
      }
    }
    const c = parser.counts;
    const rejected = c.too_long + c.truncated + c.no_asterisk + c.bad_crc + c.bad_format;
    expect(fromPool + fromMutants + rejected).toBe(total); // every frame accounted for exactly once
    expect(fromPool).toBe(clean); // every clean frame read, none twice
    expect(fromMutants).toBeLessThan(50); // CRC collisions of inserts/deletes: ~1 in 65536
    expect(c.noiseBytes).toBe(0);
    expect(c.too_long).toBeGreaterThan(50_000);
    expect(c.no_asterisk).toBeGreaterThan(50_000);
    expect(c.bad_crc).toBeGreaterThan(50_000);
    expect(maxBuffered).toBeLessThanOrEqual(160);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  }, 180_000);

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
