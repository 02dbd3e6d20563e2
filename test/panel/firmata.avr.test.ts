// The dealer panel against real StandardFirmata images running under simavr (test/bench-avr/firmata), UART0 on a
// pty, the board reset when the port opens (DTR): the Mega 2560 image avrgirl-arduino 5.0.1 ships (Firmata 2.3, no
// PIN_MODE_PULLUP) driven by the whole service, and by the panel alone a Firmata 2.5 image (avrgirl's
// Duemilanove/ATmega328P build, which lists PULLUP) and avrgirl's Uno build (Firmata 2.4, no PULLUP). Pins are read at the AVR's own registers and named by Arduino's variant
// tables; buttons are modelled at the pin: pressed drives it low, released it reads high only if the AVR's pull-up
// is on.
import firmataIo from 'firmata-io';
import { SerialPort } from 'serialport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualBridgeWire } from '../../src/hardware/bridge/index.js';
import { PanelLink } from '../../src/hardware/panel/index.js';
import type { PanelEvent } from '../../src/hardware/types.js';
import { type LiveService, startLive } from '../../src/server/live.js';
import { hardwareSource } from '../../src/service/hardwareSource.js';
import type { TableEventInput } from '../../src/session/types.js';
import { openPtyPair, type PtyPair, simulatedRegistry } from '../../src/sim/index.js';
import { AntennaMap } from '../../src/table/index.js';
import { AvrBench, arduinoPinMap, avrgirlHex, buildBench, sleep, until } from '../bench-avr/firmata/bench.js';
import { simHardware } from '../table/helpers.js';

const hardware = simHardware();
const spec = hardware.panel ?? (null as never);
const SIX = {
  ruleset: 'tda' as const,
  seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000, 5: 10000, 6: 10000 },
  button: 1,
  blinds: [50, 100] as [number, number],
  bbAnte: 0,
  absent: [],
  chips: [25, 100, 500, 1000, 5000],
  motionMs: 700,
  orderKnown: true,
};

beforeAll(() => buildBench(), 60_000);

/** a press as a dealer makes it: down for 150 ms (Firmata samples its inputs every loop, reports on change) */
async function push(bench: AvrBench, pin: string): Promise<void> {
  bench.press(pin);
  await sleep(150);
  bench.release(pin);
}

/** the pin is low and has not changed for 300 ms: the toggles already on the wire when the blink was stopped have
 * arrived (a loaded machine delays them) */
async function settledOff(bench: AvrBench, p: string): Promise<void> {
  await until(
    `${p} off and settled`,
    // longer than two of the stop output's 400 ms blink phases: an off phase of a blink that goes on is not "settled"
    () => bench.pin(p) === '0' && Date.now() - (bench.changesOf(p).at(-1)?.wall ?? 0) >= 1000,
    8000,
  );
}

/** the stop output pulses: at least `n` level changes since `since` */
const pulses = (bench: AvrBench, pin: string, since: number) =>
  bench.changesOf(pin, since).filter((c) => c.state === '0' || c.state === '1').length;

describe('Mega 2560 with StandardFirmata 2.3 (avrgirl-arduino) under simavr, through the live service', () => {
  const pin = arduinoPinMap('mega');
  let bench: AvrBench;
  let bridge: PtyPair;
  let device: SerialPort;
  let live: LiveService;
  const wire = new VirtualBridgeWire({ antennas: hardware.bridge?.antennas ?? 16, heartbeatMs: 500 });
  let openedAt = 0;

  beforeAll(async () => {
    bench = await AvrBench.start({ hex: avrgirlHex('mega'), mcu: 'atmega2560', resetOnOpen: true });
    bridge = await openPtyPair();
    device = new SerialPort({ path: bridge.device, baudRate: 115200, autoOpen: false });
    await new Promise<void>((res, rej) => device.open((e) => (e ? rej(e) : res())));
    device.on('error', () => {});
    wire.attach(device);
    wire.start();
    openedAt = Date.now();
    live = await startLive({
      dataDir: '/tmp/unused-memory-log',
      memoryLog: true,
      port: 0,
      host: '127.0.0.1',
      broadcastDelayMs: 60_000,
      webRoot: null,
      table: SIX,
      equity: null,
      say: () => {},
      source: hardwareSource({
        serial: bridge.service,
        panel: bench.pty,
        hardwareFile: hardware,
        registryFile: simulatedRegistry(),
        panelOptions: { blinkMs: 100 },
      }),
    });
  }, 60_000);

  afterAll(async () => {
    await live?.close();
    wire.stop();
    wire.detach();
    if (device?.isOpen) await new Promise((r) => device.close(() => r(undefined)));
    await bridge?.close();
    await bench?.stop();
  });

  it('johnny-five gets ready; health.panel says up, with the board and how its buttons are pulled up', async () => {
    await until('health.panel up', () => live.session.snapshot().health.panel === 'up', 20_000);
    const h = live.session.snapshot().health;
    console.log(`panel up ${Date.now() - openedAt} ms after the port opened (board reset on open)`);
    expect(bench.events.some((e) => e.what === 'reset')).toBe(true);
    expect(h.panelInfo).toEqual({
      firmware: 'StandardFirmata.ino',
      firmwareVersion: '2.3',
      protocol: '2.3',
      pullups: 'input-high',
    });
    // at the AVR: every button pin an input with its pull-up on (the old way: input mode, then HIGH written)
    await until('button pull-ups on', () => Object.values(spec.buttons).every((p) => bench.pin(pin(p)) === 'u'));
    // and they stay on after setup has written the LEDs
    await sleep(1700);
    for (const p of Object.values(spec.buttons)) expect(bench.pin(pin(p)), `pin ${p}`).toBe('u');
    expect(live.session.snapshot().health.panelButtonsLow).toEqual([]);
    expect(live.session.snapshot().tableAlerts.map((a) => a.code)).not.toContain('PANEL_BUTTON_LOW');
  });

  it('a press of the shuffle button on its input pin is logged as a table event', async () => {
    const shuffles = () =>
      [...live.log.records()].filter((r) => r.kind === 'event' && (r.data as { button?: string }).button === 'shuffle');
    expect(shuffles()).toEqual([]);
    await push(bench, pin(spec.buttons.shuffle));
    await until('the shuffle in the log', () => shuffles().length === 1, 3000);
    expect(shuffles()[0].data).toMatchObject({ kind: 'dealer', button: 'shuffle' });
    expect(live.session.snapshot().hand.phase).not.toBe('idle');
  });

  it('the LED of the seat to act is lit on its pin, the others dark, and it follows the turn', async () => {
    const order = [2, 3, 4, 5, 6, 1];
    const cards = ['2c', '3c', '4c', '5c', '6c', '7c', '8c', '9c', 'Tc', 'Jc', 'Qc', 'Kc'];
    cards.forEach((card, i) => {
      live.session.ingest({ kind: 'cardAt', card, zone: `seat${order[i % 6]}`, face: 'down' } as TableEventInput);
    });
    expect(live.session.snapshot().hand.next?.toAct).toBe(4);
    const led = (seat: number) => bench.pin(pin(spec.seatLeds[String(seat)]));
    await until('seat 4 lit', () => led(4) === '1');
    for (const s of [1, 2, 3, 5, 6]) expect(led(s), `seat ${s}`).toBe('0');
    live.session.ingest({ kind: 'say', seat: 4, say: 'fold' } as TableEventInput);
    await until('seat 5 lit, seat 4 dark', () => led(5) === '1' && led(4) === '0');
    for (const s of [1, 2, 3, 6]) expect(led(s), `seat ${s}`).toBe('0');
  });

  it('the stop output pulses for a stop alert of the hand (misdeal button) and of the table layer (unknown card)', async () => {
    const stop = pin(spec.stopAlert);
    // the hand's: the panel's misdeal button raises MISDEAL (stop)
    let since = Date.now();
    await push(bench, pin(spec.buttons.misdeal));
    await until('MISDEAL', () => live.session.snapshot().hand.alerts.some((a) => a.code === 'MISDEAL'), 3000);
    await until('stop output pulsing', () => pulses(bench, stop, since) >= 4, 3000);
    const misdeal = live.session.snapshot().hand.alerts.find((a) => a.code === 'MISDEAL');
    live.session.acknowledge(misdeal?.id ?? -1);
    await settledOff(bench, stop);
    since = Date.now();
    await sleep(400);
    expect(pulses(bench, stop, since)).toBe(0);

    // the table layer's: a tag that is no enrolled card, read on a seat's antenna
    await push(bench, pin(spec.buttons.shuffle));
    await sleep(200);
    since = Date.now();
    wire.arrive(new AntennaMap(hardware).antennaOf('seat3'), '04DEADBEEF0001', 'D');
    await until(
      'CARD_UNKNOWN',
      () => live.session.snapshot().tableAlerts.some((a) => a.code === 'CARD_UNKNOWN' && a.severity === 'stop'),
      3000,
    );
    await until('stop output pulsing', () => pulses(bench, stop, since) >= 4, 3000);
    const unknown = live.session.snapshot().tableAlerts.find((a) => a.code === 'CARD_UNKNOWN');
    live.session.acknowledge(unknown?.id ?? -1);
    await settledOff(bench, stop);
    since = Date.now();
    await sleep(400);
    expect(pulses(bench, stop, since)).toBe(0);
  });
});

describe('ATmega328P with StandardFirmata 2.5 (PIN_MODE_PULLUP) under simavr', () => {
  const pin = arduinoPinMap('standard');
  let bench: AvrBench;
  let link: PanelLink;
  const events: PanelEvent[] = [];

  beforeAll(async () => {
    bench = await AvrBench.start({ hex: avrgirlHex('duemilanove328'), mcu: 'atmega328p', resetOnOpen: true });
    link = new PanelLink({ path: bench.pty, spec });
    link.on('panel', (e) => events.push(e));
    await link.start().whenUp(20_000);
  }, 30_000);

  afterAll(async () => {
    await link?.close();
    await bench?.stop();
  });

  it('uses the PULLUP pin mode the board lists; the pull-ups are on at the AVR and a press is a button event', async () => {
    const up = events.find((e) => e.kind === 'panelLink' && e.state === 'up');
    expect(up).toMatchObject({ info: { protocol: '2.5', firmwareVersion: '2.5', pullups: 'firmata' } });
    await until('button pull-ups on', () => Object.values(spec.buttons).every((p) => bench.pin(pin(p)) === 'u'));
    await push(bench, pin(spec.buttons.floor));
    await until('floor button event', () => events.some((e) => e.kind === 'button' && e.button === 'floor'), 3000);
    await sleep(1700);
    expect(events.filter((e) => e.kind === 'panelFault')).toEqual([]);
  });

  it('a button held down from the start is reported (no pull-up seen), the others are not', async () => {
    // reopened with confirm held: it never reads high
    await link.close();
    events.length = 0;
    bench.press(pin(spec.buttons.confirm));
    link = new PanelLink({ path: bench.pty, spec });
    link.on('panel', (e) => events.push(e));
    await link.start().whenUp(20_000);
    await until('a BUTTON_LOW fault', () => events.some((e) => e.kind === 'panelFault'), 3000);
    await sleep(200);
    expect(events.filter((e) => e.kind === 'panelFault')).toMatchObject([
      { code: 'BUTTON_LOW', button: 'confirm', pin: spec.buttons.confirm },
    ]);
    bench.release(pin(spec.buttons.confirm));
  });
});

describe('StandardFirmata 2.3 (Mega) and the pull-ups, at the pin', () => {
  const pin = arduinoPinMap('mega');
  let bench: AvrBench;

  beforeAll(async () => {
    bench = await AvrBench.start({ hex: avrgirlHex('mega'), mcu: 'atmega2560', resetOnOpen: true });
  });
  afterAll(async () => {
    await bench?.stop();
  });

  it('the finding behind the fallback: sent PIN_MODE_PULLUP, the pin stays an output driven low, a press is never seen', async () => {
    const port = new SerialPort({ path: bench.pty, baudRate: 57600, autoOpen: false });
    const io = new firmataIo.Firmata(port, { reportVersionTimeout: 3000 });
    try {
      await new Promise<void>((resolve) => {
        io.once('ready', () => resolve());
        port.open(() => {});
      });
      expect(io.pins[2].supportedModes).not.toContain(0x0b);
      const reads: number[] = [];
      io.on('digital-read-2', (v: number) => reads.push(v));
      io.pinMode(2, 0x0b);
      io.reportDigitalPin(2, 1);
      await sleep(500);
      // the unknown mode is ignored ("Unknown pin mode"): the pin stays the output driven low that StandardFirmata's
      // reset made of every digital pin -- never an input, never pulled up
      expect(bench.pin(pin(2))).toBe('0');
      await push(bench, pin(2));
      await sleep(300);
      expect(reads.filter((v) => v === 1)).toEqual([]); // never reads released, so no press edge can be seen
    } finally {
      if (port.isOpen) await new Promise((r) => port.close(() => r(undefined)));
    }
  }, 30_000);
});

describe('Uno with StandardFirmata 2.4 (avrgirl-arduino), no pull-up mode: a button held while an LED of its port changes', () => {
  const pin = arduinoPinMap('standard');
  let bench: AvrBench;

  beforeAll(async () => {
    bench = await AvrBench.start({ hex: avrgirlHex('uno'), mcu: 'atmega328p', resetOnOpen: true });
  });
  afterAll(async () => {
    await bench?.stop();
  });

  it('keeps the held input pulled up, and its next press is seen', async () => {
    // Before 2.5 a digital port write reaches the port's inputs too (LOW turns an input's pull-up off), and
    // firmata-io writes back the LOW it read from a held button. Seat 2's LED (pin 7, no PWM: a digital port write)
    // shares Firmata port 0 with the buttons (2-5). The panel keeps the pull-up bits set in what it writes.
    const events: PanelEvent[] = [];
    const link = new PanelLink({ path: bench.pty, spec });
    link.on('panel', (e) => events.push(e));
    try {
      await link.start().whenUp(20_000);
      const up = events.find((e) => e.kind === 'panelLink' && e.state === 'up');
      expect(up).toMatchObject({ info: { protocol: '2.4', pullups: 'input-high' } });
      const confirm = pin(spec.buttons.confirm);
      await until('confirm pulled up', () => bench.pin(confirm) === 'u');
      bench.press(confirm);
      await until('the press seen', () => events.some((e) => e.kind === 'button' && e.button === 'confirm'), 3000);
      link.setTurn(2);
      await until('seat 2 lit', () => bench.pin(pin(spec.seatLeds['2'])) === '1');
      await sleep(200);
      bench.release(confirm);
      await sleep(200);
      expect(bench.pin(confirm)).toBe('u');
      const n = events.filter((e) => e.kind === 'button').length;
      await push(bench, confirm);
      await until('the next press seen', () => events.filter((e) => e.kind === 'button').length > n, 3000);
    } finally {
      await link.close();
    }
  }, 40_000);
});
