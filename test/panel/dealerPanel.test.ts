// johnny-five drives our Firmata emulator over a real pty pair (socat): the handshake, LED writes seen by the
// emulator, button presses and tray-sensor changes received by the panel, and the cable pulled.
import { SerialPort } from 'serialport';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DealerPanel } from '../../src/hardware/panel/index.js';
import type { PanelEvent } from '../../src/hardware/types.js';
import { FirmataEmulator } from '../../src/sim/firmataEmulator.js';
import { openPtyPair, type PtyPair } from '../../src/sim/ptyPair.js';
import type { PanelSpec } from '../../src/table/index.js';
import { simHardware } from '../table/helpers.js';

async function waitFor(what: string, pred: () => boolean, ms = 5000): Promise<void> {
  await vi.waitFor(() => expect(pred(), what).toBe(true), { timeout: ms, interval: 10 });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('dealer panel over a pty (johnny-five -> firmata-io -> serialport -> socat -> Firmata emulator)', () => {
  let pair: PtyPair;
  let devicePort: SerialPort;
  const emu = new FirmataEmulator();
  let panel: DealerPanel;
  const events: PanelEvent[] = [];
  const commands: string[] = [];
  let spec: PanelSpec;

  beforeAll(async () => {
    const hw = simHardware();
    if (!hw.panel) throw new Error('sim table has no panel');
    spec = { ...hw.panel, debounceMs: 200 };
    pair = await openPtyPair();
    devicePort = new SerialPort({ path: pair.device, baudRate: 57600, autoOpen: false });
    await new Promise<void>((res, rej) => devicePort.open((e) => (e ? rej(e) : res())));
    // the emulator's writes after the cable is pulled (socat killed) fail on the device side: not the panel's concern
    devicePort.on('error', () => {});
    emu.on('command', (c) => commands.push(c));
    emu.attach(devicePort);
    panel = await DealerPanel.open({
      path: pair.service,
      spec,
      reportVersionTimeout: 200,
      blinkMs: 40,
      trayFreqMs: 30,
    });
    panel.on('panel', (e) => events.push(e));
  });

  afterAll(async () => {
    await panel?.close();
    emu.close();
    if (devicePort?.isOpen) await new Promise((r) => devicePort.close(() => r(undefined)));
    await pair?.close();
  });

  it('completes the Firmata handshake: version, firmware, capabilities, analog mapping; inputs and outputs set up', async () => {
    await waitFor('pin modes set', () => emu.modes[spec.stopAlert] === 1 && emu.modes[spec.buttons.confirm] === 0x0b);
    expect(commands.slice(0, 4)).toEqual(['version', 'firmware', 'capability', 'analogMapping']);
    expect(panel.io.firmware.name).toBe('StandardFirmata.ino');
    expect(emu.modes[spec.buttons.shuffle]).toBe(0x0b); // Firmata PULLUP
    expect(emu.modes[spec.seatLeds['3']]).toBe(1); // OUTPUT
    expect(emu.modes[spec.stopAlert]).toBe(1);
  });

  it('lights the LED of the seat on turn and only that one', async () => {
    panel.setTurn(3);
    const pin = (s: number) => spec.seatLeds[String(s)];
    await waitFor('seat 3 LED on', () => emu.level(pin(3)) === 1);
    panel.setTurn(4);
    await waitFor('seat 4 LED on, seat 3 off', () => emu.level(pin(4)) === 1 && emu.level(pin(3)) === 0);
    for (const s of [1, 2, 5, 6]) expect(emu.level(pin(s))).toBe(0);
  });

  it('blinks a seat LED on an alert and pulses the stop buzzer; both stop when cleared', async () => {
    const pin5 = spec.seatLeds['5'];
    const before = emu.writes.length;
    panel.setSeatLed(5, 'blink');
    panel.setStopAlert(true);
    await waitFor('6 toggles of seat 5 and the buzzer', () => {
      const w = emu.writes.slice(before);
      return w.filter((x) => x.pin === pin5).length >= 6 && w.filter((x) => x.pin === spec.stopAlert).length >= 6;
    });
    // the seat on turn changes: the blinking seat keeps blinking
    panel.setTurn(1);
    expect(panel.ledStates()['5']).toBe('blink');
    panel.setSeatLed(5, 'off');
    panel.setStopAlert(false);
    await waitFor('seat 5 and buzzer off', () => emu.level(pin5) === 0 && emu.level(spec.stopAlert) === 0);
    const settled = emu.writes.length;
    await sleep(200);
    expect(emu.writes.slice(settled).filter((x) => x.pin === pin5 || x.pin === spec.stopAlert)).toEqual([]);
  });

  it('turns button presses into PanelEvents, with contact bounce debounced', async () => {
    events.length = 0;
    emu.press(spec.buttons.shuffle);
    await sleep(15);
    emu.release(spec.buttons.shuffle);
    await sleep(15);
    emu.press(spec.buttons.shuffle); // a bounce within the 200 ms debounce
    await sleep(15);
    emu.release(spec.buttons.shuffle);
    await sleep(300);
    emu.press(spec.buttons.misdeal);
    await sleep(20);
    emu.release(spec.buttons.misdeal);
    emu.press(spec.buttons.confirm);
    await waitFor('confirm', () => events.some((e) => e.kind === 'button' && e.button === 'confirm'));
    emu.release(spec.buttons.confirm);
    const buttons = events.filter((e) => e.kind === 'button').map((e) => (e.kind === 'button' ? e.button : ''));
    expect(buttons).toEqual(['shuffle', 'misdeal', 'confirm']);
  });

  it('turns tray sensor readings into chip counts per denomination, ignoring changes under the threshold', async () => {
    const [t25, t100] = spec.tray;
    emu.setAnalogInput(0, t25.emptyValue + t25.perChip * 20);
    emu.setAnalogInput(1, t100.emptyValue + t100.perChip * 7);
    await waitFor('tray counts 20 x 25 and 7 x 100', () => {
      const c = panel.trayCounts();
      return c['25'] === 20 && c['100'] === 7;
    });
    const n = events.filter((e) => e.kind === 'tray').length;
    emu.setAnalogInput(0, t25.emptyValue + t25.perChip * 20 + 3); // noise under the threshold (8)
    // a real change on the other sensor, set after the noise: the report that carries it carries the noise too, so
    // once it is counted the noise has been read, and it made no event of its own
    emu.setAnalogInput(1, t100.emptyValue + t100.perChip * 8);
    await waitFor('tray count 8 x 100', () => panel.trayCounts()['100'] === 8);
    expect(events.filter((e) => e.kind === 'tray').length).toBe(n + 1);
    expect(events.filter((e) => e.kind === 'tray').at(-1)).toMatchObject({ counts: { '25': 20, '100': 8 } });
    emu.setAnalogInput(0, t25.emptyValue + t25.perChip * 12); // 8 chips taken out
    await waitFor('tray count 12 x 25', () => panel.trayCounts()['25'] === 12);
    const last = events.filter((e) => e.kind === 'tray').at(-1);
    expect(last).toMatchObject({ kind: 'tray', counts: { '25': 12, '100': 8 } });
  });

  it('reports the panel link lost when the cable is pulled (socat killed)', { timeout: 30_000 }, async () => {
    await pair.close();
    // the port's close or error comes when the kernel hangs the pty up: seconds on a loaded machine
    await waitFor('panelLink lost', () => events.some((e) => e.kind === 'panelLink' && e.state === 'lost'), 20_000);
  });
});
