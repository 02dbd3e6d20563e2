// PanelLink, the panel as the service keeps it, over real ptys (socat) with the Firmata emulator on the far end: the
// cable pulled is PANEL_LOST (a warning, the service goes on), the panel comes back under the same path by itself,
// PANEL_RESTORED, and the lights the session asked for while it was away are on it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { afterAll, describe, expect, it } from 'vitest';
import { PanelLink } from '../../src/hardware/panel/index.js';
import { FirmataEmulator } from '../../src/sim/firmataEmulator.js';
import { openPtyPair, type PtyPair } from '../../src/sim/ptyPair.js';
import { until } from '../bench-avr/firmata/bench.js';
import { layerWithLog, simHardware } from '../table/helpers.js';

const spec = simHardware().panel ?? (null as never);

async function board(serviceLink: string): Promise<{ pair: PtyPair; port: SerialPort; emu: FirmataEmulator }> {
  const pair = await openPtyPair({ serviceLink });
  const port = new SerialPort({ path: pair.device, baudRate: 57600, autoOpen: false });
  await new Promise<void>((res, rej) => port.open((e) => (e ? rej(e) : res())));
  port.on('error', () => {}); // the emulator's writes once its cable is pulled
  const emu = new FirmataEmulator();
  emu.attach(port);
  return { pair, port, emu };
}

describe('PanelLink: unplugged and plugged back', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'fw-panel-')), 'panel');
  const boards: Array<Awaited<ReturnType<typeof board>>> = [];
  let link: PanelLink | null = null;

  afterAll(async () => {
    await link?.close();
    for (const b of boards) {
      b.emu.close();
      if (b.port.isOpen) await new Promise((r) => b.port.close(() => r(undefined)));
      await b.pair.close();
    }
  });

  it('lost: a warning; back by itself: restored, with the lights asked for meanwhile', async () => {
    const { layer, alerts } = layerWithLog();
    boards.push(await board(path));
    link = new PanelLink({ path, spec, retryMs: 300, reportVersionTimeout: 200, readyTimeoutMs: 3000 });
    link.on('panel', (e) => layer.ingestPanel(e));
    await link.start().whenUp(5000);
    const led = (b: FirmataEmulator, seat: number) => b.level(spec.seatLeds[String(seat)]);
    link.setTurn(3);
    await until('seat 3 lit', () => led(boards[0].emu, 3) === 1);
    expect(layer.health().panel).toBe('up');

    await boards[0].pair.close(); // the cable pulled
    await until('panel lost', () => layer.health().panel === 'lost', 3000);
    expect(alerts.map((a) => [a.code, a.severity])).toEqual([['PANEL_LOST', 'warn']]);
    link.setTurn(5); // the hand goes on meanwhile
    link.setStopAlert(true);

    boards.push(await board(path)); // plugged back: the same path
    await until('panel up again', () => layer.health().panel === 'up', 5000);
    const emu = boards[1].emu;
    await until('seat 5 lit on the new board', () => led(emu, 5) === 1);
    expect(led(emu, 3)).toBe(0);
    await until('the stop output pulsing', () => emu.writes.filter((w) => w.pin === spec.stopAlert).length >= 3);
    expect(alerts.map((a) => a.code)).toEqual(['PANEL_LOST', 'PANEL_RESTORED']);
    expect(alerts.filter((a) => a.code === 'PANEL_LOST')).toHaveLength(1);
  });
});
