// The TypeScript side of avrbench (avrbench.c beside this file): builds it, runs a real AVR image under simavr with
// UART0 on a pty, presses buttons on port pins, and records every pin change the firmware makes. Arduino pin
// numbers are mapped to AVR port pins by Arduino's own variant tables (Debian's arduino-core-avr), not by ours.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
export const BENCH_BIN = join(BENCH_DIR, 'build/avrbench');
const ARDUINO = '/usr/share/arduino/hardware/arduino/avr';

/** StandardFirmata images shipped by avrgirl-arduino 5.0.1 (junk/hex/BOARD/StandardFirmata.cpp.hex). */
export function avrgirlHex(board: string, file = 'StandardFirmata.cpp.hex'): string {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('avrgirl-arduino/package.json'));
  return join(root, 'junk/hex', board, file);
}

/** Debian's stk500v2 bootloader for the Mega 2560 (arduino-core-avr). */
export const MEGA_BOOTLOADER = `${ARDUINO}/bootloaders/stk500v2/stk500boot_v2_mega2560.hex`;

export function buildBench(): void {
  const r = spawnSync('make', ['-C', BENCH_DIR, '--no-print-directory'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`avrbench build failed:\n${r.stdout}\n${r.stderr}`);
}

/** Arduino digital pin -> AVR port pin ("E4"), read from the variant's pins_arduino.h. */
export function arduinoPinMap(variant: 'mega' | 'standard'): (pin: number) => string {
  const text = readFileSync(`${ARDUINO}/variants/${variant}/pins_arduino.h`, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');
  const body = (name: string) => {
    const m = new RegExp(`${name}\\[\\]\\s*=\\s*\\{([^}]*)\\}`).exec(text);
    if (!m) throw new Error(`${name} not found in the ${variant} variant`);
    return m[1];
  };
  const ports = [...body('digital_pin_to_port_PGM').matchAll(/\bP([A-L])\b/g)].map((m) => m[1]);
  const bits = [...body('digital_pin_to_bit_mask_PGM').matchAll(/_BV\(\s*(\d)\s*\)/g)].map((m) => m[1]);
  if (ports.length !== bits.length || ports.length < 20) throw new Error(`unexpected ${variant} pin tables`);
  return (pin: number) => {
    if (pin < 0 || pin >= ports.length) throw new Error(`no Arduino pin ${pin} on the ${variant} variant`);
    return `${ports[pin]}${bits[pin]}`;
  };
}

export interface PinChange {
  pin: string;
  /** 0/1: output level; u: input with its pull-up on; z: input, floating */
  state: string;
  /** AVR time, ms */
  ms: number;
  /** wall time it was read here */
  wall: number;
}

export interface BenchOptions {
  hex: string;
  mcu?: string;
  freq?: number;
  bootloader?: string;
  /** reset the AVR when its pty is opened (the Arduino's DTR auto-reset) */
  resetOnOpen?: boolean;
  speed?: number;
}

export class AvrBench {
  readonly changes: PinChange[] = [];
  /** open / close / reset lines with their AVR time */
  readonly events: Array<{ what: string; ms: number; wall: number }> = [];
  private readonly state = new Map<string, string>();
  private buf = '';
  private exited = false;
  private dumps: string[] = [];
  private marks: number[] = [];

  private constructor(
    private readonly proc: ChildProcess,
    readonly pty: string,
  ) {}

  static async start(opts: BenchOptions): Promise<AvrBench> {
    if (!existsSync(BENCH_BIN)) buildBench();
    const args = ['-m', opts.mcu ?? 'atmega2560', '-f', String(opts.freq ?? 16_000_000), '-x', String(opts.speed ?? 1)];
    if (opts.bootloader) args.push('-b', opts.bootloader);
    if (opts.resetOnOpen) args.push('-R');
    args.push(opts.hex);
    const proc = spawn(BENCH_BIN, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const pty = await new Promise<string>((resolve, reject) => {
      let early = '';
      const onData = (d: Buffer) => {
        early += d.toString();
        const m = /^pty (\S+)$/m.exec(early);
        if (m) {
          proc.stdout?.off('data', onData);
          resolve(m[1]);
        }
      };
      proc.stdout?.on('data', onData);
      proc.once('exit', (code) => reject(new Error(`avrbench exited (${code}): ${stderr}`)));
    });
    const bench = new AvrBench(proc, pty);
    proc.stdout?.on('data', (d: Buffer) => bench.read(d.toString()));
    proc.once('exit', () => {
      bench.exited = true;
    });
    return bench;
  }

  private read(text: string): void {
    this.buf += text;
    const lines = this.buf.split('\n');
    this.buf = lines.pop() ?? '';
    const wall = Date.now();
    for (const line of lines) {
      const [what, a, b, c] = line.split(' ');
      if (what === 'pin') {
        this.state.set(a, b);
        this.changes.push({ pin: a, state: b, ms: Number(c), wall });
      } else if (what === 'open' || what === 'close' || what === 'reset') {
        this.events.push({ what, ms: Number(a), wall });
      } else if (what === 'dumped') this.dumps.push(a);
      else if (what === 'mark') this.marks.push(Number(a));
    }
  }

  /** The pin's last state: 0/1 output, u input pulled up, z floating input (or never set: z). */
  pin(pin: string): string {
    return this.state.get(pin) ?? 'z';
  }

  changesOf(pin: string, sinceWall = 0): PinChange[] {
    return this.changes.filter((c) => c.pin === pin && c.wall >= sinceWall);
  }

  private send(line: string): void {
    if (this.exited) throw new Error('avrbench is not running');
    this.proc.stdin?.write(`${line}\n`);
  }

  /** A push button from the port pin ("E4") to ground. */
  press(pin: string): void {
    this.send(`press ${pin[0]} ${pin.slice(1)}`);
  }

  release(pin: string): void {
    this.send(`release ${pin[0]} ${pin.slice(1)}`);
  }

  reset(): void {
    this.send('reset');
  }

  /** The AVR's clock now (ms since start): host-side events timed as the board lives them, whatever the machine's
   * load does to the simulation's pace. */
  async avrNow(ms = 5000): Promise<number> {
    const n = this.marks.length;
    this.send('mark');
    await until('the AVR time', () => this.marks.length > n, ms, 2);
    return this.marks[n];
  }

  /** The whole flash, as the AVR holds it now. */
  async dumpFlash(file: string, ms = 5000): Promise<Buffer> {
    const n = this.dumps.length;
    this.send(`dump ${file}`);
    await until('flash dump', () => this.dumps.length > n, ms);
    return readFileSync(file);
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    await new Promise<void>((resolve) => {
      this.proc.once('exit', () => resolve());
      this.proc.stdin?.end();
      setTimeout(() => this.proc.kill('SIGKILL'), 2000).unref();
    });
  }
}

export async function until(what: string, pred: () => boolean, ms = 5000, every = 10): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out (${ms} ms) waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
