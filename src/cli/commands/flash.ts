// feltwire flash bridge|panel --port /dev/ttyACM0 [--board mega|uno] [--hex FILE]: writes the reader bridge's image or
// StandardFirmata onto the board through its bootloader, with avrgirl-arduino (stk500v2 for the Mega, stk500v1 for
// the Uno), so that a card room needs no Arduino IDE on the Pi.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SerialPort } from 'serialport';
import { FeltwireError, statusOf } from '../../errors.js';
import { defineCommand, UsageError } from '../options.js';

export type FlashTarget = 'bridge' | 'panel';
export type FlashBoard = 'mega' | 'uno';

export class FlashError extends FeltwireError<'USAGE' | 'NO_IMAGE' | 'FLASH_FAILED'> {
  constructor(code: 'USAGE' | 'NO_IMAGE' | 'FLASH_FAILED', message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'FlashError';
  }
  get status(): number {
    return statusOf(this.code, 400, { NO_IMAGE: 404, FLASH_FAILED: 502 });
  }
}

const require = createRequire(import.meta.url);
// this file runs from dist/src/cli/commands (the installed command) or src/cli/commands (tests)
const REPO = fileURLToPath(
  new URL(import.meta.url.includes('/dist/src/') ? '../../../../' : '../../../', import.meta.url),
);

/** The image a target flashes by default. */
export function defaultImage(target: FlashTarget, board: FlashBoard): string {
  if (target === 'bridge') return join(REPO, 'firmware-bridge/build/mega/feltwire_bridge.hex');
  const root = dirname(require.resolve('avrgirl-arduino/package.json'));
  // avrgirl's Uno build is Firmata 2.4 (no pull-up mode); its Duemilanove build is the same ATmega328P at 16 MHz
  // with Firmata 2.5, and runs on an Uno as it is
  return join(root, 'junk/hex', board === 'mega' ? 'mega' : 'duemilanove328', 'StandardFirmata.cpp.hex');
}

/** A serial port for avrgirl: serialport 13 (avrgirl 5.0.1 was written for serialport 9, whose constructor took the
 * path first). A port without modem lines (a pty, some USB adapters) cannot pulse DTR: the board is then reset by
 * the open itself, as the Arduino's auto-reset does, and the failed line change is not an error. */
class FlashPort extends SerialPort {
  override set(options: Parameters<SerialPort['set']>[0], callback?: (err: Error | null) => void): void {
    super.set(options, (err) => {
      const noLines = err && /ENOTTY|EINVAL|Inappropriate ioctl|Invalid argument/i.test(err.message);
      callback?.(noLines ? null : err);
    });
  }
}

interface AvrgirlInstance {
  flash(file: string | Buffer, callback: (err?: Error | null) => void): void;
}
type AvrgirlCtor = new (opts: {
  board: string;
  port: string;
  debug?: boolean | ((...args: unknown[]) => void);
}) => AvrgirlInstance;

/** avrgirl-arduino with its serial connection made by our serialport (its designed seam: the browser build injects
 * its own Connection the same way). */
function avrgirl(): AvrgirlCtor {
  const inject = require('avrgirl-arduino/avrgirl-arduino.js') as (b: unknown, c: unknown, p: unknown) => AvrgirlCtor;
  const boards = require('avrgirl-arduino/boards.js') as unknown;
  const protocols = require('avrgirl-arduino/lib/protocols.js') as unknown;
  const Connection = require('avrgirl-arduino/lib/connection.js') as new (
    options: unknown,
  ) => { options: { port: string }; board: { baud: number }; serialPort: SerialPort };
  class Ours extends Connection {
    _setUpSerial(callback: (err: Error | null) => void): void {
      this.serialPort = new FlashPort({ path: this.options.port, baudRate: this.board.baud, autoOpen: false });
      callback(null);
    }
  }
  return inject(boards, Ours, protocols);
}

export interface FlashOptions {
  target: FlashTarget;
  port: string;
  board?: FlashBoard;
  hex?: string;
  log?: (line: string) => void;
  verbose?: boolean;
}

/** Flashes the image; resolves with the image's path once avrgirl has written and verified it. */
export async function flash(opts: FlashOptions): Promise<string> {
  const board = opts.board ?? 'mega';
  if (opts.target === 'bridge' && board !== 'mega')
    throw new FlashError('USAGE', 'the reader bridge runs on a Mega 2560 (--board mega)');
  const hex = opts.hex ? resolve(opts.hex) : defaultImage(opts.target, board);
  if (!existsSync(hex)) {
    throw new FlashError(
      'NO_IMAGE',
      opts.target === 'bridge' && !opts.hex
        ? `no bridge image at ${hex}: build it first (make -C firmware-bridge avr; apt: arduino-mk arduino-core-avr gcc-avr avr-libc)`
        : `no image at ${hex}`,
    );
  }
  if (!existsSync(opts.port)) throw new FlashError('USAGE', `--port ${opts.port}: no such device`);
  const Avrgirl = avrgirl();
  const log = opts.log ?? (() => {});
  const girl = new Avrgirl({
    board,
    port: opts.port,
    debug: opts.verbose ? (...args: unknown[]) => log(args.map(String).join(' ')) : false,
  });
  log(`flashing ${hex} onto the ${board} at ${opts.port}`);
  await new Promise<void>((done, fail) =>
    girl.flash(hex, (err) =>
      err
        ? fail(new FlashError('FLASH_FAILED', `flashing ${opts.port} failed: ${err.message}`, { cause: err }))
        : done(),
    ),
  );
  return hex;
}

export const command = defineCommand(
  {
    name: 'flash',
    summary: 'flash the reader bridge or StandardFirmata (dealer panel) onto a board: flash bridge|panel --port PATH',
    synopsis: 'bridge|panel --port PATH [--board mega|uno] [--hex FILE]',
    about: [
      "  bridge               the reader bridge's image (firmware-bridge/build/mega/feltwire_bridge.hex:",
      '                       make -C firmware-bridge avr)',
      '  panel                StandardFirmata for the dealer panel (the build avrgirl-arduino 5.0.1 ships: Firmata',
      '                       2.3 on the Mega, 2.5 on the Uno -- its ATmega328P build)',
    ],
    positionals: true,
    options: {
      port: { type: 'string', arg: 'PATH', help: "the board's serial device (e.g. /dev/ttyACM0)" },
      board: {
        type: 'string',
        arg: 'B',
        default: 'mega',
        help: 'mega or uno (the panel only: the bridge needs a Mega)',
      },
      hex: { type: 'string', arg: 'FILE', help: 'flash this image instead' },
      verbose: { type: 'boolean', help: "avrgirl's progress" },
    },
  },
  async ({ values, positionals }) => {
    const [target, ...extra] = positionals;
    if ((target !== 'bridge' && target !== 'panel') || extra.length > 0)
      throw new UsageError('say what to flash: bridge or panel');
    if (!values.port) throw new UsageError('--port is required (e.g. --port /dev/ttyACM0)');
    const board = values.board;
    if (board !== 'mega' && board !== 'uno') throw new UsageError(`--board must be mega or uno: ${board}`);
    const opts: FlashOptions = { target, port: values.port, board, hex: values.hex, verbose: values.verbose };
    try {
      const hex = await flash({ ...opts, log: (l) => process.stdout.write(`${l}\n`) });
      process.stdout.write(`flashed and verified: ${hex}\n`);
      return 0;
    } catch (err) {
      process.stderr.write(`feltwire flash: ${(err as Error).message}\n`);
      return err instanceof FlashError && err.code === 'USAGE' ? 2 : 1;
    }
  },
);
