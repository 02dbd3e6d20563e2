// feltwire flash against Debian's real stk500v2 bootloader for the Mega 2560, under simavr, reset when its pty is
// opened: avrgirl-arduino speaks stk500v2 to the bootloader, which writes the flash with SPM. The board starts with
// avrgirl's Blink sketch; after `feltwire flash panel` its flash holds StandardFirmata byte for byte (the image read
// by intel-hex, avrgirl's own parser) and, on the next open, it answers as a Firmata board.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flash, command as flashCommand } from '../../../src/cli/commands/flash.js';
import { PanelLink } from '../../../src/hardware/panel/index.js';
import type { PanelEvent } from '../../../src/hardware/types.js';
import { simHardware } from '../../table/helpers.js';
import { AvrBench, avrgirlHex, buildBench, MEGA_BOOTLOADER } from './bench.js';

const require = createRequire(import.meta.url);
const intelHex = require('intel-hex') as { parse(data: Buffer | string): { data: Buffer } };

describe('feltwire flash panel onto a Mega 2560 behind its stk500v2 bootloader (simavr)', () => {
  let bench: AvrBench;

  beforeAll(async () => {
    buildBench();
    bench = await AvrBench.start({
      hex: avrgirlHex('mega', 'Blink.cpp.hex'),
      bootloader: MEGA_BOOTLOADER,
      resetOnOpen: true,
    });
  }, 60_000);

  afterAll(async () => {
    await bench?.stop();
  });

  it('writes StandardFirmata through the bootloader: the flash holds the image and the board answers as Firmata', async () => {
    const t0 = Date.now();
    const hex = await flash({ target: 'panel', port: bench.pty, board: 'mega' });
    console.log(
      `flashed ${hex.split('/').slice(-2).join('/')} in ${Date.now() - t0} ms (stk500v2, verified by avrgirl)`,
    );
    const image = intelHex.parse(require('node:fs').readFileSync(hex)).data;
    const flashNow = await bench.dumpFlash(join(mkdtempSync(join(tmpdir(), 'fw-flash-')), 'flash.bin'));
    expect(image.length).toBeGreaterThan(10_000);
    expect(flashNow.subarray(0, image.length).equals(image)).toBe(true);

    const events: PanelEvent[] = [];
    const spec = simHardware().panel ?? (null as never);
    const link = new PanelLink({ path: bench.pty, spec });
    link.on('panel', (e) => events.push(e));
    try {
      await link.start().whenUp(20_000);
      expect(events.find((e) => e.kind === 'panelLink' && e.state === 'up')).toMatchObject({
        info: { firmware: 'StandardFirmata.ino', protocol: '2.3', pullups: 'input-high' },
      });
    } finally {
      await link.close();
    }
  });

  it('refuses what it cannot do, saying why', async () => {
    const run = async (args: string[]) => {
      let err = '';
      const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = ((c: string | Uint8Array) => {
        err += String(c);
        return true;
      }) as typeof process.stderr.write;
      try {
        return { code: await flashCommand.run(args), err };
      } finally {
        process.stderr.write = write;
      }
    };
    expect(await run(['panel'])).toMatchObject({ code: 2, err: expect.stringMatching(/--port is required/) });
    expect(await run(['firmware', '--port', bench.pty])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/bridge or panel/),
    });
    expect(await run(['bridge', '--board', 'uno', '--port', bench.pty])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/Mega 2560/),
    });
    expect(await run(['panel', '--port', '/dev/ttyACM-none'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/no such device/),
    });
  });
});
