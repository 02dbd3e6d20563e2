// The bridge firmware (firmware-bridge/, C++): its host unit tests, its Mega 2560 image, and that image running
// under simavr, speaking protocol v1 that the service's own decoder accepts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeFrame, type Frame } from '../../src/hardware/bridge/index.js';

const FW = fileURLToPath(new URL('../../firmware-bridge', import.meta.url));

function make(target: string) {
  const r = spawnSync('make', ['-C', FW, target], { encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('bridge firmware', () => {
  it('host unit tests (g++ with sanitizers, fake HAL, shared golden vectors) pass', () => {
    const r = make('test');
    expect(r.out).toMatch(/\d+ cases, 0 failed, 0 failed checks/);
    expect(r.status, r.out).toBe(0);
  });

  it('builds for the Arduino Mega 2560 with arduino-mk, leaving room for the stack in 8 KB of SRAM', () => {
    const r = make('size');
    expect(r.status, r.out).toBe(0);
    expect(existsSync(`${FW}/build/mega/feltwire_bridge.hex`)).toBe(true);
    const data = Number(/Data:\s+(\d+) bytes/.exec(r.out)?.[1]);
    expect(data).toBeGreaterThan(2000); // the ring and presence tables are in there
    expect(data).toBeLessThan(6500); // 8192 minus ~1.7 KB of stack
  });

  it('under simavr (no PN5180 on the bus) the image sends HELLO, an INV per antenna, ERR ANT_TIMEOUT per antenna, HBs', () => {
    expect(make('avr').status).toBe(0);
    const sim = spawnSync('simavr', ['-m', 'atmega2560', '-f', '16000000', `${FW}/build/mega/feltwire_bridge.hex`], {
      encoding: 'latin1',
      timeout: 3500,
      killSignal: 'SIGKILL',
    });
    // simavr prints each UART line in colour, with the '\n' shown as '.'
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI colour codes
    const text = `${sim.stdout}${sim.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
    const lines = text.split('\n').filter((l) => l.startsWith('$'));
    const frames: Frame[] = [];
    for (const l of lines.slice(0, -1)) {
      // the last line may be cut by the timeout
      const r = decodeFrame(`${l.replace(/\.$/, '')}\n`);
      expect(r.ok, l).toBe(true);
      if (r.ok) frames.push(r.frame);
    }
    expect(frames[0]).toMatchObject({ seq: 0, type: 'HELLO' });
    expect(frames[0].fields.slice(0, 2)).toEqual(['1', '1.0.0']);
    const antennas = Number(frames[0].fields[4]);
    expect(frames.slice(1, 1 + antennas).map((f) => f.fields[0])).toEqual(
      Array.from({ length: antennas }, (_, i) => String(i)),
    );
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i));
    const errs = frames.filter((f) => f.type === 'ERR');
    expect(errs.map((f) => f.fields[1])).toEqual(Array(antennas).fill('ANT_TIMEOUT')); // each reported once
    const uptimes = frames.filter((f) => f.type === 'HB').map((f) => Number(f.fields[0]));
    expect(uptimes.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < uptimes.length; i++) expect(uptimes[i] - uptimes[i - 1]).toBeGreaterThanOrEqual(1000);
  });
});
