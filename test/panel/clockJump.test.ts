// The dealer panel over a real pty (socat) with the Firmata emulator, while the wall clock jumps: the buttons'
// debounce is an age on the monotonic clock, so an hour back swallows no press and an hour forward lets no contact
// bounce through; the presses are stamped with the wall time as it is; the panel stays up (no false silent/lost).
import { SerialPort } from 'serialport';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PanelLink } from '../../src/hardware/panel/index.js';
import type { PanelEvent } from '../../src/hardware/types.js';
import { FirmataEmulator } from '../../src/sim/firmataEmulator.js';
import { openPtyPair, type PtyPair } from '../../src/sim/ptyPair.js';
import type { PanelSpec } from '../../src/table/index.js';
import { simHardware } from '../table/helpers.js';

const HOUR = 3_600_000;
const realNow = Date.now.bind(Date);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, pred: () => boolean, ms = 5000): Promise<void> {
  await vi.waitFor(() => expect(pred(), what).toBe(true), { timeout: ms, interval: 10 });
}

describe('dealer panel while the wall clock jumps (real pty, Firmata emulator)', () => {
  let pair: PtyPair;
  let devicePort: SerialPort;
  const emu = new FirmataEmulator();
  let link: PanelLink;
  const events: PanelEvent[] = [];
  let spec: PanelSpec;
  /** what the wall clock is off by (the jumps) */
  let offset = 0;

  beforeAll(async () => {
    // the wall clock the process reads from now on, before anything of the panel is made
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    const hw = simHardware();
    if (!hw.panel) throw new Error('sim table has no panel');
    spec = { ...hw.panel, debounceMs: 200 };
    pair = await openPtyPair();
    devicePort = new SerialPort({ path: pair.device, baudRate: 57600, autoOpen: false });
    await new Promise<void>((res, rej) => devicePort.open((e) => (e ? rej(e) : res())));
    devicePort.on('error', () => {});
    emu.attach(devicePort);
    link = new PanelLink({ path: pair.service, spec, reportVersionTimeout: 200, readyTimeoutMs: 3000 });
    link.on('panel', (e) => events.push(e));
    await link.start().whenUp(5000);
    // every button reads high (released) before the presses
    await sleep(100);
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await link?.close();
    emu.close();
    if (devicePort?.isOpen) await new Promise((r) => devicePort.close(() => r(undefined)));
    await pair?.close();
  });

  const presses = () => events.filter((e) => e.kind === 'button');
  const tap = async (pin: number) => {
    emu.press(pin);
    await sleep(15);
    emu.release(pin);
    await sleep(15);
  };

  it('an hour back between two presses of a button: both count, the second stamped an hour earlier', async () => {
    const pin = spec.buttons.shuffle;
    await tap(pin);
    await until('first press', () => presses().length === 1);
    await sleep(300); // past the 200 ms debounce
    offset -= HOUR;
    await tap(pin);
    await until('second press', () => presses().length === 2, 2000);
    const [a, b] = presses();
    expect(b.at - a.at).toBeLessThan(-HOUR + 5000);
    expect(Math.abs(b.at - (realNow() - HOUR))).toBeLessThan(5000);
  });

  it('an hour forward between a press and its bounce: the bounce is still one press', async () => {
    events.length = 0;
    const pin = spec.buttons.misdeal;
    await tap(pin);
    offset += HOUR; // within the bounce
    await tap(pin);
    await sleep(300);
    await tap(spec.buttons.confirm); // a marker: every report before it has been read
    await until('confirm', () => presses().some((e) => e.kind === 'button' && e.button === 'confirm'));
    expect(presses().map((e) => (e.kind === 'button' ? e.button : ''))).toEqual(['misdeal', 'confirm']);
  });

  it('the panel stayed up through the jumps: no silent, no lost', () => {
    expect(link.state()).toBe('up');
    expect(events.filter((e) => e.kind === 'panelLink' && e.state !== 'up')).toEqual([]);
  });
});
