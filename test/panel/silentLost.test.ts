// A board that stops answering while its port stays open (a crashed board still enumerated, a pty whose other end
// went away without a hangup) is lost by its silence: asked for its version at half the bound, lost at the bound.
import { SerialPort } from 'serialport';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DealerPanel } from '../../src/hardware/panel/index.js';
import type { PanelEvent } from '../../src/hardware/types.js';
import { FirmataEmulator } from '../../src/sim/firmataEmulator.js';
import { openPtyPair } from '../../src/sim/ptyPair.js';
import { simHardware } from '../table/helpers.js';

async function waitFor(what: string, pred: () => boolean, ms: number): Promise<void> {
  await vi.waitFor(() => expect(pred(), what).toBe(true), { timeout: ms, interval: 10 });
}

describe('dealer panel: a silent board is lost', () => {
  const closers: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('a board that stops answering is asked for its version, then reported lost with the reason', {
    timeout: 30_000,
  }, async () => {
    const hw = simHardware();
    if (!hw.panel) throw new Error('sim table has no panel');
    const pair = await openPtyPair();
    closers.push(() => pair.close());
    const devicePort = new SerialPort({ path: pair.device, baudRate: 57600, autoOpen: false });
    await new Promise<void>((res, rej) => devicePort.open((e) => (e ? rej(e) : res())));
    devicePort.on('error', () => {});
    closers.push(() => devicePort.isOpen && new Promise((r) => devicePort.close(() => r(undefined))));
    const emu = new FirmataEmulator();
    emu.attach(devicePort);
    closers.push(() => emu.close());
    const events: PanelEvent[] = [];
    const panel = await DealerPanel.open({
      path: pair.service,
      spec: hw.panel,
      reportVersionTimeout: 200,
      trayFreqMs: 30,
      silentLostMs: 1500,
      onEvent: (e) => events.push(e),
    });
    closers.push(() => panel.close());
    expect(events.filter((e) => e.kind === 'panelLink').map((e) => (e as { state: string }).state)).toEqual(['up']);
    // the board answers (the tray sensors report): a second of it is not silence
    await new Promise((r) => setTimeout(r, 1000));
    expect(events.some((e) => e.kind === 'panelLink' && e.state === 'lost')).toBe(false);
    // the board freezes: it reads nothing and writes nothing more; what the panel sends is seen on the wire
    emu.detach();
    const wire: number[] = [];
    devicePort.on('data', (b: Buffer) => wire.push(...b));
    await waitFor('panelLink lost', () => events.some((e) => e.kind === 'panelLink' && e.state === 'lost'), 20_000);
    const lost = events.find((e) => e.kind === 'panelLink' && e.state === 'lost') as { detail?: string };
    expect(lost.detail).toMatch(/no answer from the panel for \d+ s/);
    // REPORT_VERSION asked once before giving up
    expect(wire).toContain(0xf9);
  });
});
