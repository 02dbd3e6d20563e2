// A Firmata board in software: enough of the Firmata 2.5 protocol (what StandardFirmata answers) for johnny-five on
// firmata-io to drive it over a serial port — version and firmware reports, capability and analog-mapping responses,
// pin modes, digital writes, digital and analog reporting. The simulator's dealer panel and the panel tests use it;
// it plays an Arduino Uno: pins 0-19, analog inputs A0-A5 on pins 14-19.

import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { type MonotonicClock, monotonicNow } from '../clock/index.js';

const REPORT_VERSION = 0xf9;
const START_SYSEX = 0xf0;
const END_SYSEX = 0xf7;
const DIGITAL_MESSAGE = 0x90;
const ANALOG_MESSAGE = 0xe0;
const REPORT_ANALOG = 0xc0;
const REPORT_DIGITAL = 0xd0;
const PIN_MODE = 0xf4;
const SET_DIGITAL_PIN_VALUE = 0xf5;
const SYSTEM_RESET = 0xff;
const QUERY_FIRMWARE = 0x79;
const CAPABILITY_QUERY = 0x6b;
const CAPABILITY_RESPONSE = 0x6c;
const ANALOG_MAPPING_QUERY = 0x69;
const ANALOG_MAPPING_RESPONSE = 0x6a;
const PIN_STATE_QUERY = 0x6d;
const PIN_STATE_RESPONSE = 0x6e;
const SAMPLING_INTERVAL = 0x7a;

export const MODE = { INPUT: 0, OUTPUT: 1, ANALOG: 2, PWM: 3, PULLUP: 0x0b } as const;

const PIN_COUNT = 20;
const FIRST_ANALOG = 14;
const PWM_PINS = new Set([3, 5, 6, 9, 10, 11]);

export interface FirmataWrite {
  pin: number;
  value: number;
  /** monotonic ms (a board has no calendar: blink periods are read from these) */
  at: number;
}

export interface FirmataEmulatorEvents {
  /** an output pin changed level (an LED, the buzzer) */
  write: [FirmataWrite];
  pinMode: [{ pin: number; mode: number }];
  /** a query or command the emulator understood (for tests: 'version', 'firmware', 'capability', ...) */
  command: [string];
}

export interface FirmataEmulatorOptions {
  firmware?: string;
  /** analog reporting period until the host sets one (ms, default 19 as StandardFirmata) */
  samplingMs?: number;
  /** the board's clock for `writes[].at` (default performance.now: monotonic, as millis()) */
  mono?: MonotonicClock;
}

export class FirmataEmulator extends EventEmitter<FirmataEmulatorEvents> {
  readonly modes: number[] = Array(PIN_COUNT).fill(-1);
  /** output levels written by the host */
  readonly outputs: number[] = Array(PIN_COUNT).fill(0);
  /** input levels the emulated world presents (buttons); pull-ups make an idle input read 1 */
  private readonly inputs: (number | null)[] = Array(PIN_COUNT).fill(null);
  private readonly pullup: boolean[] = Array(PIN_COUNT).fill(false);
  private readonly analog: number[] = Array(PIN_COUNT - FIRST_ANALOG).fill(0);
  private readonly reportPorts = new Set<number>();
  private readonly reportChannels = new Set<number>();
  /** every output change, in order */
  readonly writes: FirmataWrite[] = [];
  private sink: ((bytes: Buffer) => void) | null = null;
  private port: Duplex | null = null;
  private readonly onData = (chunk: Buffer) => this.receive(chunk);
  private buf: number[] = [];
  private sysex = false;
  private samplingMs: number;
  private sampler: NodeJS.Timeout | null = null;
  private readonly firmware: string;
  private readonly mono: MonotonicClock;

  constructor(opts: FirmataEmulatorOptions = {}) {
    super();
    this.firmware = opts.firmware ?? 'StandardFirmata.ino';
    this.samplingMs = opts.samplingMs ?? 19;
    this.mono = opts.mono ?? monotonicNow;
  }

  /** Talks over a Duplex (a pty opened with serialport, or one end of an in-process pair). */
  attach(port: Duplex): void {
    this.detach();
    this.port = port;
    this.sink = (bytes) => {
      if (port.writable) port.write(bytes);
    };
    port.on('data', this.onData);
    this.restartSampler();
  }

  detach(): void {
    this.port?.off('data', this.onData);
    this.port = null;
    this.sink = null;
    if (this.sampler) clearInterval(this.sampler);
    this.sampler = null;
  }

  /** The world presses (0 with a pull-up) or releases a button on a digital input pin. */
  setDigitalInput(pin: number, level: 0 | 1): void {
    this.inputs[pin] = level;
    this.reportPort(pin >> 3);
  }

  /** Presses a button wired to ground with the pull-up enabled (the panel's wiring). */
  press(pin: number): void {
    this.setDigitalInput(pin, 0);
  }

  release(pin: number): void {
    this.inputs[pin] = null;
    this.reportPort(pin >> 3);
  }

  /** The raw reading (0-1023) of analog channel `ch` (A0 = 0). */
  setAnalogInput(ch: number, value: number): void {
    this.analog[ch] = Math.max(0, Math.min(1023, Math.round(value)));
  }

  level(pin: number): number {
    return this.outputs[pin];
  }

  receive(chunk: Uint8Array): void {
    for (const b of chunk) {
      if (this.sysex) {
        if (b === END_SYSEX) {
          this.sysex = false;
          this.handleSysex(this.buf);
          this.buf = [];
        } else if (this.buf.length < 512) this.buf.push(b);
        continue;
      }
      if (b === START_SYSEX) {
        this.sysex = true;
        this.buf = [];
        continue;
      }
      if (b & 0x80) this.buf = [b];
      else if (this.buf.length) this.buf.push(b);
      else continue; // a data byte with no command: noise
      const cmd = this.buf[0];
      const need = dataLength(cmd);
      if (need === null) {
        this.buf = [];
        continue;
      }
      if (this.buf.length === need + 1) {
        const msg = this.buf;
        this.buf = [];
        this.handle(msg);
      }
    }
  }

  close(): void {
    this.detach();
    this.removeAllListeners();
  }

  // ---- protocol ----

  private handle(msg: number[]): void {
    const cmd = msg[0] < 0xf0 ? msg[0] & 0xf0 : msg[0];
    const chan = msg[0] & 0x0f;
    switch (cmd) {
      case REPORT_VERSION:
        this.emit('command', 'version');
        this.send([REPORT_VERSION, 2, 5]);
        break;
      case SYSTEM_RESET:
        this.emit('command', 'reset');
        this.reportPorts.clear();
        this.reportChannels.clear();
        break;
      case PIN_MODE:
        this.setMode(msg[1], msg[2]);
        break;
      case DIGITAL_MESSAGE: {
        const bits = msg[1] | (msg[2] << 7);
        for (let i = 0; i < 8; i++) this.writePin(chan * 8 + i, (bits >> i) & 1);
        break;
      }
      case SET_DIGITAL_PIN_VALUE:
        this.writePin(msg[1], msg[2] ? 1 : 0);
        break;
      case ANALOG_MESSAGE: {
        const value = msg[1] | (msg[2] << 7);
        if (chan < PIN_COUNT) this.writePin(chan, value > 0 ? 1 : 0);
        break;
      }
      case REPORT_DIGITAL:
        if (msg[1]) {
          this.reportPorts.add(chan);
          this.reportPort(chan);
        } else this.reportPorts.delete(chan);
        break;
      case REPORT_ANALOG:
        if (msg[1]) this.reportChannels.add(chan);
        else this.reportChannels.delete(chan);
        break;
      default:
        // a command StandardFirmata has but the panel never sends (servo config, I2C...): StandardFirmata's own
        // answer to a command it does not act on is none
        break;
    }
  }

  private handleSysex(data: number[]): void {
    switch (data[0]) {
      case QUERY_FIRMWARE: {
        this.emit('command', 'firmware');
        const name: number[] = [];
        for (const ch of Buffer.from(this.firmware)) name.push(ch & 0x7f, ch >> 7);
        this.send([START_SYSEX, QUERY_FIRMWARE, 2, 5, ...name, END_SYSEX]);
        break;
      }
      case CAPABILITY_QUERY: {
        this.emit('command', 'capability');
        const out = [START_SYSEX, CAPABILITY_RESPONSE];
        for (let p = 0; p < PIN_COUNT; p++) {
          if (p >= 2) out.push(MODE.INPUT, 1, MODE.OUTPUT, 1, MODE.PULLUP, 1);
          if (PWM_PINS.has(p)) out.push(MODE.PWM, 8);
          if (p >= FIRST_ANALOG) out.push(MODE.ANALOG, 10);
          out.push(0x7f);
        }
        out.push(END_SYSEX);
        this.send(out);
        break;
      }
      case ANALOG_MAPPING_QUERY: {
        this.emit('command', 'analogMapping');
        const out = [START_SYSEX, ANALOG_MAPPING_RESPONSE];
        for (let p = 0; p < PIN_COUNT; p++) out.push(p >= FIRST_ANALOG ? p - FIRST_ANALOG : 0x7f);
        out.push(END_SYSEX);
        this.send(out);
        break;
      }
      case PIN_STATE_QUERY: {
        const pin = data[1];
        const mode = this.modes[pin] < 0 ? MODE.OUTPUT : this.modes[pin];
        this.send([START_SYSEX, PIN_STATE_RESPONSE, pin, mode, this.outputs[pin] & 0x7f, END_SYSEX]);
        break;
      }
      case SAMPLING_INTERVAL:
        this.samplingMs = Math.max(10, data[1] | (data[2] << 7));
        this.restartSampler();
        break;
      default:
        // another sysex (extended analog, servo, I2C...): not a panel's, no answer, as StandardFirmata without it
        break;
    }
  }

  private setMode(pin: number, mode: number): void {
    if (pin >= PIN_COUNT) return;
    this.modes[pin] = mode;
    this.pullup[pin] = mode === MODE.PULLUP;
    this.emit('pinMode', { pin, mode });
  }

  private writePin(pin: number, level: number): void {
    if (pin >= PIN_COUNT) return;
    const mode = this.modes[pin];
    if (mode === MODE.INPUT || mode === MODE.PULLUP) {
      this.pullup[pin] = level === 1 || mode === MODE.PULLUP; // writing HIGH to an input enables its pull-up
      return;
    }
    if (mode !== MODE.OUTPUT && mode !== MODE.PWM) return;
    if (this.outputs[pin] === level) return;
    this.outputs[pin] = level;
    const w = { pin, value: level, at: this.mono() };
    this.writes.push(w);
    if (this.writes.length > 10_000) this.writes.splice(0, 5_000);
    this.emit('write', w);
  }

  private inputLevel(pin: number): number {
    const forced = this.inputs[pin];
    if (forced !== null) return forced;
    return this.pullup[pin] ? 1 : 0;
  }

  private reportPort(port: number): void {
    if (!this.reportPorts.has(port)) return;
    let bits = 0;
    for (let i = 0; i < 8; i++) {
      const pin = port * 8 + i;
      if (pin < PIN_COUNT && (this.modes[pin] === MODE.INPUT || this.modes[pin] === MODE.PULLUP))
        bits |= this.inputLevel(pin) << i;
    }
    this.send([DIGITAL_MESSAGE | port, bits & 0x7f, (bits >> 7) & 0x7f]);
  }

  private restartSampler(): void {
    if (this.sampler) clearInterval(this.sampler);
    this.sampler = null;
    if (!this.sink) return;
    this.sampler = setInterval(() => {
      for (const ch of this.reportChannels) {
        const v = this.analog[ch] ?? 0;
        this.send([ANALOG_MESSAGE | ch, v & 0x7f, (v >> 7) & 0x7f]);
      }
    }, this.samplingMs);
  }

  private send(bytes: number[]): void {
    this.sink?.(Buffer.from(bytes));
  }
}

function dataLength(cmd: number): number | null {
  if (cmd === REPORT_VERSION || cmd === SYSTEM_RESET) return 0;
  if (cmd === PIN_MODE || cmd === SET_DIGITAL_PIN_VALUE) return 2;
  const hi = cmd & 0xf0;
  if (hi === DIGITAL_MESSAGE || hi === ANALOG_MESSAGE) return 2;
  if (hi === REPORT_ANALOG || hi === REPORT_DIGITAL) return 1;
  return null;
}
