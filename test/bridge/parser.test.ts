// FrameParser, byte by byte: how the receiver treats what arrives on the wire. Each case annotates its bytes.
import { describe, expect, it } from 'vitest';
import { type Frame, FrameParser, type ParserCounts } from '../../src/hardware/bridge/index.js';
import { loadVectors, type Vector } from './vectors.js';

/** Feeds `chunks` in order through a fresh parser; returns frames read and counters. */
async function feed(...chunks: (string | Buffer)[]): Promise<{ frames: Frame[]; counts: ParserCounts }> {
  const parser = new FrameParser();
  const frames: Frame[] = [];
  parser.on('data', (f: Frame) => frames.push(f));
  for (const c of chunks) parser.write(typeof c === 'string' ? Buffer.from(c, 'latin1') : c);
  await new Promise<void>((resolve) => parser.end(resolve));
  return { frames, counts: parser.counts };
}

const rejected = (c: ParserCounts) => c.too_long + c.truncated + c.no_asterisk + c.bad_crc + c.bad_format;

describe('datasheet cases', () => {
  it('a frame split in three chunks: "$6,HB,12" | "3456,212,0*D6" | "8A\\n"', async () => {
    const { frames, counts } = await feed('$6,HB,12', '3456,212,0*D6', '8A\n');
    expect(frames).toEqual([{ seq: 6, type: 'HB', fields: ['123456', '212', '0'] }]);
    expect(rejected(counts)).toBe(0);
  });

  it('the CRC arriving alone: "$7,ERR,5,ANT_TIMEOUT*" | "2CED" | "\\n"', async () => {
    const { frames } = await feed('$7,ERR,5,ANT_TIMEOUT*', '2CED', '\n');
    expect(frames.map((f) => f.type)).toEqual(['ERR']);
  });

  it('leading garbage 00 FF "garbage" is noise, the frame after it is read', async () => {
    const { frames, counts } = await feed(Buffer.from([0x00, 0xff]), 'garbage$11,HB,1,2,0*4803\n');
    expect(frames.map((f) => f.seq)).toEqual([11]);
    expect(counts.noiseBytes).toBe(9);
  });

  it('a bad CRC (FFFF) then a good frame: the bad one counted, the good one kept', async () => {
    const { frames, counts } = await feed('$10,TAG,4,04A1B2C3D4E5F7,D*FFFF\n$1,TAG,3,04A1B2C3D4E5F6,D*1857\n');
    expect(frames.map((f) => f.seq)).toEqual([1]);
    expect(counts.bad_crc).toBe(1);
  });

  it('back-to-back frames in one chunk, the second with CRLF', async () => {
    const { frames } = await feed('$3,GONE,3,04A1B2C3D4E5F6*73CB\n$8,TAG,3,04A1B2C3D4E5F6,D*876D\r\n');
    expect(frames.map((f) => `${f.seq}:${f.type}`)).toEqual(['3:GONE', '8:TAG']);
  });

  it('a recording fed one byte at a time gives the same frames as fed whole', async () => {
    const rec = Buffer.from(
      '\x00noise$0,HELLO,1,1.0.0,BR-0001,7F3A,24*DE84\n$1,TAG,3,04A1B2C3D4E5F6,D*1857\n' +
        '$10,TAG,4,04A1B2C3D4E5F7,DE802\n$5,INV,12,*39B7\n$6,HB,123456,212,0*D68A\n',
      'latin1',
    );
    const whole = await feed(rec);
    const bytes = await feed(...[...rec].map((b) => Buffer.from([b])));
    expect(bytes.frames).toEqual(whole.frames);
    expect(bytes.counts).toEqual(whole.counts);
    expect(whole.frames.map((f) => f.seq)).toEqual([0, 1, 5, 6]);
    expect(whole.counts.no_asterisk).toBe(1);
  });

  it('never holds more than 160 bytes for a frame in progress', () => {
    const parser = new FrameParser();
    parser.on('data', () => {});
    parser.write(Buffer.from(`$${'A'.repeat(10_000)}`));
    expect(parser.buffered).toBeLessThanOrEqual(160);
    expect(parser.counts.too_long).toBe(1);
  });
});

function check(v: Vector, frames: Frame[], counts: ParserCounts): void {
  if (v.kind === 'valid') {
    expect(frames).toHaveLength(1);
    expect(rejected(counts)).toBe(0);
  } else if (v.kind === 'invalid') {
    expect(frames).toHaveLength(0);
    expect(rejected(counts)).toBe(1);
    expect(counts[v.cause as keyof ParserCounts]).toBe(1);
  } else {
    expect(frames.map((f) => f.seq)).toEqual(v.frames);
    const { noise = 0, ...causes } = v.counts;
    expect(counts.noiseBytes).toBe(noise);
    for (const k of ['too_long', 'truncated', 'no_asterisk', 'bad_crc', 'bad_format'] as const) {
      expect(counts[k], k).toBe(causes[k] ?? 0);
    }
  }
}

describe('shared vectors, fed whole, split at every position and one byte at a time', () => {
  for (const v of loadVectors()) {
    it(`line ${v.line}: ${v.kind} (${v.note})`, async () => {
      const whole = await feed(v.bytes);
      check(v, whole.frames, whole.counts);
      for (let cut = 1; cut < v.bytes.length; cut++) {
        const split = await feed(v.bytes.subarray(0, cut), v.bytes.subarray(cut));
        expect(split, `split at ${cut}`).toEqual(whole);
      }
      const single = await feed(...[...v.bytes].map((b) => Buffer.from([b])));
      expect(single).toEqual(whole);
    });
  }
});
