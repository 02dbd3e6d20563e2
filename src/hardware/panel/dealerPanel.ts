// The dealer panel: an Arduino running StandardFirmata, driven by johnny-five on firmata-io over serialport.
// Buttons (shuffle, misdeal, floor, confirm) become PanelEvents; the service lights a seat's LED when it is on turn
// and blinks it on an alert; a buzzer (or LED) pulses while a stop alert is pending; analog tray sensors become chip
// counts per denomination.
import { EventEmitter } from 'node:events';
import firmataIo, { type Firmata } from 'firmata-io';
import five from 'johnny-five';
import { SerialPort } from 'serialport';
import { type MonotonicClock, monotonicNow, type WallClock, wallNow } from '../../clock/index.js';
import type { PanelSpec } from '../../table/hardwareFile.js';
import type { LedState, PanelButton, PanelEvent, PanelInfo } from '../types.js';
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
  /** a button that has not read high (released, pulled up) this long after setup is reported (ms, default 1500) */
  buttonCheckMs?: number;
  /** a board silent this long is lost (ms, default 5000): asked for its version at half of it. A port whose other
   * end is gone does not always say so (a pty left by socat, a hub that keeps the device node): silence does. */
  silentLostMs?: number;
  /** the clock of ages (the buttons' debounce): monotonic, default performance.now */
  mono?: MonotonicClock;
  /** the wall time written on the events (`at`), and nothing else (default Date.now) */
  wall?: WallClock;
  /** gives up the open at once (the service closing while the panel is silent) */
  signal?: AbortSignal;
  /** the panel's events from the first one on (the link's 'up' is emitted while open() resolves) */
  onEvent?: (ev: PanelEvent) => void;
}

export interface DealerPanelEvents {
  panel: [PanelEvent];
}

const BUTTONS: PanelButton[] = ['shuffle', 'misdeal', 'floor', 'confirm'];
/** Firmata's pin modes (protocol 2.5: INPUT 0, OUTPUT 1, PIN_MODE_PULLUP 0x0B, added in 2.5) */
const INPUT_MODE = 0;
const PULLUP_MODE = 0x0b;

/** How the board makes its buttons' pull-ups: PIN_MODE_PULLUP where its capability response lists it for every
 * button pin (StandardFirmata 2.5 and later); otherwise the older way, input mode then a HIGH write, which Firmata
 * 2.x's digital write turns into the AVR's pull-up (PORT bit set on an input). An old board sent the PULLUP mode
 * ignores it ("Unknown pin mode"): the pin stays the output driven low its reset made of it, and reads pressed for
 * ever (seen on StandardFirmata 2.3 under simavr, test/panel/firmata.avr.test.ts). */
export function pullupWay(io: Firmata, pins: number[]): PanelInfo['pullups'] {
  const listed = pins.every((p) => io.pins[p]?.supportedModes?.includes(PULLUP_MODE));
  return listed ? 'firmata' : 'input-high';
}

export class DealerPanel extends EventEmitter<DealerPanelEvents> {
  private readonly leds = new Map<number, InstanceType<typeof five.Led>>();
  private readonly ledState = new Map<number, LedState>();
  private stopLed: InstanceType<typeof five.Led> | null = null;
  private readonly sensors: InstanceType<typeof five.Sensor>[] = [];
  /** monotonic ms of each button's last press counted */
  private readonly lastPress = new Map<PanelButton, number>();
  private readonly tray: TrayCounter;
  private readonly mono: MonotonicClock;
  private readonly wall: WallClock;
  private closed = false;
  private closing = false;

  private constructor(
    private readonly opts: DealerPanelOptions,
    private readonly port: SerialPort,
    readonly io: Firmata,
    private readonly board: InstanceType<typeof five.Board>,
  ) {
    super();
    this.mono = opts.mono ?? monotonicNow;
    this.wall = opts.wall ?? wallNow;
    this.tray = new TrayCounter(opts.spec.tray, opts.spec.trayThreshold ?? 8);
    if (opts.onEvent) this.on('panel', opts.onEvent);
  }

  /** Opens the port and resolves once johnny-five reports the board ready, with every component set up.
   * Rejects with PANEL_OPEN_FAILED (the port cannot be opened) or PANEL_NOT_READY (nothing answered as Firmata);
   * nothing of a failed open is left running, and no error of johnny-five's escapes as an unhandled 'error'. */
  static async open(opts: DealerPanelOptions): Promise<DealerPanel> {
    const port = new SerialPort({ path: opts.path, baudRate: opts.baudRate ?? 57600, autoOpen: false });
    // The Firmata object must exist before the port opens: it turns the port's 'open' into the 'connect' that
    // johnny-five waits for before it accepts 'ready'.
    const io = new firmataIo.Firmata(port, { reportVersionTimeout: opts.reportVersionTimeout ?? 2000 });
    const readyMs = opts.readyTimeoutMs ?? 15_000;
    // johnny-five's own connect timeout (10 s unless told; here the same as ours) emits 'error' twice on the board,
    // once through its logger and once with an Error, and is never cleared if the board does not answer, even after
    // the port is closed: a listener stays on the board for its whole life (an 'error' without one is thrown: it
    // took the service down 10 s after start).
    const board = new five.Board({ io, repl: false, debug: false, sigint: false, timeout: readyMs });
    board.on('error', () => {});
    // firmata-io re-emits a transport error; the port's own 'error' is watched in setup
    io.on('error', () => {});
    const panel = new DealerPanel(opts, port, io, board);
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new PanelError(
              'PANEL_NOT_READY',
              `the dealer panel at ${opts.path} did not answer as a Firmata board within ${Math.round(readyMs / 1000)} s`,
            ),
          ),
        readyMs,
      );
      board.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
      board.once('error', (err: { message?: string }) => {
        clearTimeout(timer);
        reject(new PanelError('PANEL_NOT_READY', `dealer panel error: ${err?.message ?? String(err)}`));
      });
      opts.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new PanelError('PANEL_NOT_READY', 'the dealer panel was closed before it answered'));
      });
    });
    ready.catch(() => {}); // awaited below once the port is open
    try {
      await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
    } catch (err) {
      panel.closed = true;
      throw new PanelError(
        'PANEL_OPEN_FAILED',
        `cannot open the dealer panel at ${opts.path}: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
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

  /** What the board said of itself, and how its buttons are pulled up. */
  info(): PanelInfo {
    const v = this.io.version ?? {};
    const fv = this.io.firmware?.version;
    return {
      firmware: this.io.firmware?.name ?? '?',
      firmwareVersion: fv ? `${fv.major}.${fv.minor}` : '?',
      protocol: v.major !== undefined ? `${v.major}.${v.minor}` : '?',
      pullups: this.pullups,
    };
  }

  private pullups: PanelInfo['pullups'] = 'firmata';

  private setup(): void {
    const { spec } = this.opts;
    const board = this.board;
    const io = this.io;
    this.pullups = pullupWay(
      io,
      BUTTONS.map((b) => spec.buttons[b]),
    );
    const levels = new Map<PanelButton, number | null>();
    for (const name of BUTTONS) {
      const pin = spec.buttons[name];
      const port = pin >> 3;
      const bit = 1 << (pin & 7);
      if (this.pullups === 'firmata') io.pinMode(pin, PULLUP_MODE);
      else {
        // the older way: an input, then HIGH written to it (its pull-up)
        io.pinMode(pin, INPUT_MODE);
        io.digitalWrite(pin, 1);
      }
      levels.set(name, null);
      // Presses are the falling edges of the pin's reports. johnny-five's Button (trailing debounce) would drop a
      // press whose down and up reports arrive in one read; our debounce (debounceMs) drops contact bounce instead.
      // A floating input (before its pull-up is on) reads low: an edge counts only after a high.
      io.on(`digital-read-${pin}`, (level: number) => {
        const last = levels.get(name);
        if (last === 1 && level === 0) this.pressed(name);
        levels.set(name, level);
        // firmata-io copies an input's reading into the port value it writes for the port's outputs (an LED on a
        // pin without PWM, e.g. pin 7 of an Uno): a held button (low) would be written back to its input, and before
        // Firmata 2.5 a LOW written to an input turns its pull-up off -- the button then reads pressed for ever.
        // The pull-up bit stays set in what we write.
        if (this.pullups === 'input-high') io.ports[port] |= bit;
      });
      io.reportDigitalPin(pin, 1);
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
        if (counts) this.emit('panel', { kind: 'tray', counts, at: this.wall() });
      });
      this.sensors.push(sensor);
    }
    const lost = (why: string) => {
      if (this.closed) return;
      this.closed = true;
      this.stopTimers();
      this.emit('panel', { kind: 'panelLink', state: 'lost', at: this.wall(), detail: why });
    };
    // the board's silence: a port left open by a vanished device says nothing else (the tray sensors report every
    // trayFreqMs; a board with none is asked for its version once half the bound has passed without a byte)
    const silentMs = this.opts.silentLostMs ?? 5000;
    let heard = this.mono();
    let asked = false;
    this.port.on('data', () => {
      heard = this.mono();
      asked = false;
    });
    this.silenceTimer = setInterval(
      () => {
        const quiet = this.mono() - heard;
        if (quiet > silentMs) lost(`no answer from the panel for ${Math.round(quiet / 1000)} s`);
        else if (quiet > silentMs / 2 && !asked) {
          asked = true;
          this.io.reportVersion(() => {});
        }
      },
      Math.max(50, Math.min(1000, silentMs / 5)),
    );
    this.silenceTimer.unref?.();
    this.port.on('close', () => lost('port closed'));
    this.port.on('error', (err: Error) => lost(`port error: ${err.message}`));
    this.emit('panel', { kind: 'panelLink', state: 'up', at: this.wall(), info: this.info() });
    // a button input that never reads high: its pull-up does not work (or the button is held or shorted)
    this.checkTimer = setTimeout(() => {
      if (this.closed) return;
      for (const name of BUTTONS) {
        if (levels.get(name) === 1) continue;
        this.emit('panel', {
          kind: 'panelFault',
          code: 'BUTTON_LOW',
          button: name,
          pin: spec.buttons[name],
          at: this.wall(),
        });
      }
    }, this.opts.buttonCheckMs ?? 1500);
    this.checkTimer.unref?.();
  }

  private checkTimer: NodeJS.Timeout | null = null;
  private silenceTimer: NodeJS.Timeout | null = null;

  /** Debounce: a second press of the same button within debounceMs is contact bounce or a double tap. */
  /** The window is an age on the monotonic clock: a wall clock moved back an hour would otherwise swallow every
   * press for an hour, one moved forward would let a bounce through. */
  private pressed(button: PanelButton): void {
    const t = this.mono();
    const prev = this.lastPress.get(button);
    if (prev !== undefined && t - prev < (this.opts.spec.debounceMs ?? 50)) return;
    this.lastPress.set(button, t);
    this.emit('panel', { kind: 'button', button, at: this.wall() });
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

  /** No more writes: blinking LEDs, sensor sampling and the button check stop. */
  private stopTimers(): void {
    if (this.checkTimer) clearTimeout(this.checkTimer);
    if (this.silenceTimer) clearInterval(this.silenceTimer);
    for (const led of this.leds.values()) led.stop();
    this.stopLed?.stop();
    for (const s of this.sensors) s.disable();
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.closed = true;
    this.stopTimers();
    this.removeAllListeners();
    // johnny-five keeps every board it made; a panel retried every few seconds for hours would pile them up
    const cache = five.Board.cache;
    const at = cache.indexOf(this.board);
    if (at >= 0) cache.splice(at, 1);
    if (this.port.isOpen) await new Promise<void>((resolve) => this.port.close(() => resolve()));
  }
}
