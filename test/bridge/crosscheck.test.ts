// One framing, two implementations: the firmware's LineReader (C++, via firmware-bridge/tools/frame_verdict) and
// the service's FrameScanner must reach the same verdict, in the same order, on the same bytes.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameScanner } from '../../src/hardware/bridge/index.js';

const FW = fileURLToPath(new URL('../../firmware-bridge', import.meta.url));

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

/** Valid frames, each mutated with probability 1/2 by any byte at all (including `$`, `\n`, `\r`, `*`, `,`). */
function corpus(seed: number, frames: number): Buffer {
  const r = rng(seed);
  const types = ['HELLO', 'TAG', 'GONE', 'INV', 'HB', 'ERR', 'ACK', 'ZAP', 'x'];
  const special = [0x24, 0x0a, 0x0d, 0x2a, 0x2c, 0x00, 0x7f, 0x80, 0x30, 0x41, 0x61];
  const out: number[] = [];
  for (let i = 0; i < frames; i++) {
    const fields = Array.from(
      { length: r(5) },
      () => 'E0A1B2C3D4'.slice(0, r(11)) + (r(20) === 0 ? 'Q'.repeat(150) : ''),
    );
    const line = Buffer.from(encodeFrame({ seq: r(70000), type: types[r(types.length)], fields }), 'latin1');
    const bytes = [...line];
    for (let m = r(2) === 0 ? 0 : 1 + r(3); m > 0; m--) {
      const pos = r(bytes.length);
      const b = r(3) === 0 ? special[r(special.length)] : r(256);
      const op = r(3);
      if (op === 0) bytes[pos] = b;
      else if (op === 1) bytes.splice(pos, 1);
      else bytes.splice(pos, 0, b);
    }
    if (r(10) === 0) for (let k = r(20); k > 0; k--) out.push(r(256)); // noise between frames
    out.push(...bytes);
  }
  return Buffer.from(out);
}

function serviceVerdicts(bytes: Buffer): string[] {
  const s = new FrameScanner();
  const out: string[] = [];
  s.onReject = (cause) => out.push(`R ${cause}`);
  s.feed(bytes, (f) => out.push(`F ${f.seq} ${f.type} ${Math.min(f.fields.length, 8)}`));
  out.push(`N ${s.counts.noiseBytes}`);
  return out;
}

describe('firmware and service framing agree', () => {
  it('60,000 valid and mutated frames: identical verdicts, causes and order', () => {
    const build = spawnSync('make', ['-C', FW, 'verdict'], { encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    for (const seed of [1, 2, 3]) {
      const bytes = corpus(seed, 20_000);
      const fw = spawnSync(`${FW}/build/host/frame_verdict`, { input: bytes, maxBuffer: 64 * 1024 * 1024 });
      expect(fw.status).toBe(0);
      const firmware = fw.stdout.toString('latin1').trimEnd().split('\n');
      const service = serviceVerdicts(bytes);
      const firstDiff = firmware.findIndex((l, i) => l !== service[i]);
      expect(firstDiff, `seed ${seed}: first difference at verdict ${firstDiff}`).toBe(-1);
      expect(firmware.length).toBe(service.length);
      expect(service.filter((l) => l.startsWith('F')).length).toBeGreaterThan(5_000);
      expect(service.filter((l) => l.startsWith('R')).length).toBeGreaterThan(5_000);
      for (const cause of ['too_long', 'truncated', 'no_asterisk', 'bad_crc', 'bad_format']) {
        expect(service, `seed ${seed} exercises ${cause}`).toContain(`R ${cause}`);
      }
    }
  });
});
