// The dealer panel: an Arduino running StandardFirmata, driven by johnny-five on firmata-io over serialport.
// Buttons (shuffle, misdeal, floor, confirm) become PanelEvents; the service lights a seat's LED when it is on turn
// and blinks it on an alert; a buzzer (or LED) pulses while a stop alert is pending; analog tray sensors become chip
// counts per denomination.
import { EventEmitter } from 'node:events';
import firmataIo, { type Firmata } from 'firmata-io';
import five from 'johnny-five';
import { SerialPort } from 'serialport';
import type { PanelSpec } from '../../table/hardwareFile.js';
import type { LedState, PanelButton, PanelEvent } from '../types.js';
import { PanelError } from './errors.js';
import { TrayCounter } from './trayCounter.js';

export interface DealerPanelOptions {
  /** the panel's serial device (a pty in tests and in the simulator) */
  path: string;
  spec: PanelSpec;
  baudRate?: number;
  /** ask the board for its version if it has not said it within this time (ms, default 2000) */
  reportVersionTimeout?: number;
  /** give up if the board is not ready within this time (ms, default 15000) */
  readyTimeoutMs?: number;
  blinkMs?: number;
  /** how often the tray sensors are sampled (ms, default 100) */
  trayFreqMs?: number;
  now?: () => number;
}

export interface DealerPanelEvents {
  panel: [PanelEvent];
}

const BUTTONS: PanelButton[] = ['shuffle', 'misdeal', 'floor', 'confirm'];
const PULLUP_MODE = 0x0b;

export class DealerPanel extends EventEmitter<DealerPanelEvents> {
  private readonly leds = new Map<number, InstanceType<typeof five.Led>>();
  private readonly ledState = new Map<number, LedState>();
  private stopLed: InstanceType<typeof five.Led> | null = null;
  private readonly sensors: InstanceType<typeof five.Sensor>[] = [];
  private readonly lastPress = new Map<PanelButton, number>();
  private readonly tray: TrayCounter;
  private readonly now: () => number;
  private closed = false;

  private constructor(
    private readonly opts: DealerPanelOptions,
    private readonly port: SerialPort,
    readonly io: Firmata,
    private readonly board: InstanceType<typeof five.Board>,
  ) {
    super();
    this.now = opts.now ?? Date.now;
    this.tray = new TrayCounter(opts.spec.tray, opts.spec.trayThreshold ?? 8);
  }

  /** Opens the port and resolves once johnny-five reports the board ready, with every component set up. */
  static async open(opts: DealerPanelOptions): Promise<DealerPanel> {
    const port = new SerialPort({ path: opts.path, baudRate: opts.baudRate ?? 57600, autoOpen: false });
    // The Firmata object must exist before the port opens: it turns the port's 'open' into the 'connect' that
    // johnny-five waits for before it accepts 'ready'.
    const io = new firmataIo.Firmata(port, { reportVersionTimeout: opts.reportVersionTimeout ?? 2000 });
    const board = new five.Board({ io, repl: false, debug: false, sigint: false });
    const panel = new DealerPanel(opts, port, io, board);
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new PanelError('PANEL_NOT_READY', `the dealer panel at ${opts.path} did not answer as a Firmata board`),
          ),
        opts.readyTimeoutMs ?? 15_000,
      );
      board.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
      board.once('error', (err: Error) => {
        clearTimeout(timer);
        reject(new PanelError('PANEL_NOT_READY', `dealer panel error: ${err.message}`, { cause: err }));
      });
    });
    try {
      await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
    } catch (err) {
      throw new PanelError('PANEL_OPEN_FAILED', `cannot open the dealer panel at ${opts.path}`, { cause: err });
    }
    try {
      await ready;
    } catch (err) {
      await panel.close();
      throw err;
    }
    panel.setup();
    return panel;
  }

  private setup(): void {
    const { spec } = this.opts;
    const board = this.board;
    for (const name of BUTTONS) {
      const pin = spec.buttons[name];
      // johnny-five's Button sets the pin up (input, reporting); Firmata's own pull-up mode follows, which later
      // writes to the same port cannot clear (a HIGH write to an input can be).
      new five.Button({ pin, board, isPullup: true });
      this.io.pinMode(pin, PULLUP_MODE);
      // Presses are the falling edges of the pin's reports. johnny-five's trailing debounce would drop a press whose
      // down and up reports arrive in one read; our debounce (debounceMs) drops contact bounce instead. The first
      // report of an input comes before its pull-up is on and reads low: an edge counts only after a high.
      let last: number | null = null;
      this.io.on(`digital-read-${pin}`, (level: number) => {
        if (last === 1 && level === 0) this.pressed(name);
        last = level;
      });
    }
    for (const [seat, pin] of Object.entries(spec.seatLeds)) {
      const led = new five.Led({ pin, board });
      led.off();
      this.leds.set(Number(seat), led);
      this.ledState.set(Number(seat), 'off');
    }
    this.stopLed = new five.Led({ pin: spec.stopAlert, board });
    this.stopLed.off();
    for (const t of spec.tray) {
      const sensor = new five.Sensor({ pin: t.pin, board, freq: this.opts.trayFreqMs ?? 100, threshold: 1 });
      sensor.on('data', (raw: number) => {
        const counts = this.tray.reading(t.denomination, raw);
        if (counts) this.emit('panel', { kind: 'tray', counts, at: this.now() });
      });
      this.sensors.push(sensor);
    }
    const lost = () => {
      if (!this.closed) this.emit('panel', { kind: 'panelLink', state: 'lost', at: this.now() });
    };
    this.port.on('close', lost);
    this.port.on('error', lost);
    this.emit('panel', { kind: 'panelLink', state: 'up', at: this.now() });
  }

  /** Debounce: a second press of the same button within debounceMs is contact bounce or a double tap. */
  private pressed(button: PanelButton): void {
    const at = this.now();
    const prev = this.lastPress.get(button);
    if (prev !== undefined && at - prev < (this.opts.spec.debounceMs ?? 50)) return;
    this.lastPress.set(button, at);
    this.emit('panel', { kind: 'button', button, at });
  }

  setSeatLed(seat: number, state: LedState): void {
    const led = this.leds.get(seat);
    if (!led) throw new PanelError('PANEL_UNKNOWN_SEAT', `the panel has no LED for seat ${seat}`);
    if (this.ledState.get(seat) === state) return;
    this.ledState.set(seat, state);
    led.stop();
    if (state === 'on') led.on();
    else if (state === 'blink') led.blink(this.opts.blinkMs ?? 400);
    else led.off();
  }

  /** Lights the seat on turn (null: nobody); seats blinking for an alert keep blinking. */
  setTurn(seat: number | null): void {
    for (const s of this.leds.keys()) {
      if (this.ledState.get(s) === 'blink') continue;
      this.setSeatLed(s, s === seat ? 'on' : 'off');
    }
  }

  /** The buzzer/LED pulses while a stop alert waits for the floor. */
  setStopAlert(on: boolean): void {
    if (!this.stopLed) return;
    this.stopLed.stop();
    if (on) this.stopLed.blink(this.opts.blinkMs ?? 400);
    else this.stopLed.off();
  }

  ledStates(): Record<string, LedState> {
    return Object.fromEntries(this.ledState);
  }

  trayCounts(): Record<string, number> {
    return this.tray.snapshot();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const led of this.leds.values()) led.stop();
    this.stopLed?.stop();
    for (const s of this.sensors) s.disable();
    this.removeAllListeners();
    if (this.port.isOpen) await new Promise<void>((resolve) => this.port.close(() => resolve()));
  }
}
