// feltwire start: the live table service. With a reader bridge (--serial) it reads the real table; without one it
// plays the simulator. Tokens are printed once, on first start; SIGINT/SIGTERM shut it down cleanly.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HouseRules, TableConfig } from '../../engine/types.js';
import { FeltwireError } from '../../errors.js';
import type { RoomLinkOptions } from '../../room/publisher.js';
import { startLive, type TableSourceFactory } from '../../server/live.js';
import { hardwareSource } from '../../service/hardwareSource.js';
import { simSource } from '../../service/simSource.js';
import { isTokenRole } from '../../service/tokens.js';
import { type IdentityOverrides, identityProblems } from '../../store/tableIdentity.js';
import type { TokenRole } from '../../views/liveState.js';
import { defineCommand, type OptionValues } from '../options.js';

const OPTIONS = {
  serial: {
    type: 'string',
    arg: 'PATH',
    help: 'reader bridge serial device (e.g. /dev/ttyACM0); without it: the simulator',
  },
  baud: { type: 'string', arg: 'N', default: '115200', help: 'bridge baud rate' },
  panel: { type: 'string', arg: 'PATH', help: 'dealer panel (StandardFirmata) serial device' },
  hardware: {
    type: 'string',
    arg: 'FILE',
    defaultText: 'hardware/tables/sim-table.json',
    help: "the table's hardware file (antennas to zones)",
  },
  registry: { type: 'string', arg: 'FILE', defaultText: 'DATA/registry.json', help: 'enrolled decks and chip sets' },
  sim: { type: 'boolean', help: 'play the simulator even if --serial is given' },
  'sim-pty': { type: 'boolean', help: 'the simulator speaks to the service over real pseudo-terminals (socat)' },
  pace: { type: 'string', arg: 'fast|table', default: 'table', help: 'simulator pace' },
  port: { type: 'string', arg: 'N', default: '8080', help: 'HTTP port' },
  host: { type: 'string', arg: 'ADDR', default: '0.0.0.0', help: 'listen address' },
  data: { type: 'string', arg: 'DIR', default: './data', help: 'data folder: event log, tokens (DATA)' },
  delay: { type: 'string', arg: 'MINUTES', default: '15', help: 'broadcast delay of the overlay' },
  'rotate-token': {
    type: 'string',
    arg: 'ROLE',
    multiple: true,
    help: 'new secret for dealer|floor|commentator|overlay',
  },
  ruleset: { type: 'string', arg: 'tda|club', default: 'tda', help: "first hand's ruleset when the log is empty" },
  blinds: { type: 'string', arg: 'SB/BB', default: '50/100', help: 'first level' },
  seats: { type: 'string', arg: 'N', default: '6', help: 'seats at the first hand' },
  stack: { type: 'string', arg: 'N', default: '10000', help: 'chips each at the first hand' },
  origin: {
    type: 'string',
    arg: 'URL',
    multiple: true,
    help: "another origin whose pages may open the views' websocket (the service's own origin always may)",
  },
  room: { type: 'string', arg: 'URL', help: "publish to the card room's broker (mqtt://host:1883)" },
  'room-user': { type: 'string', arg: 'NAME', defaultText: 'table-<table id>', help: "the table's broker account" },
  'room-password': {
    type: 'string',
    arg: 'SECRET',
    defaultText: '$FELTWIRE_ROOM_PASSWORD',
    help: "the table account's password",
  },
  'room-name': {
    type: 'string',
    arg: 'NAME',
    help: "the card room's name in every hand history (kept in DATA/table.json with the table id\ndrawn on first start; given later, it overrides and is saved; so are the next four)",
  },
  'table-name': { type: 'string', arg: 'NAME', help: "the table's name in every hand history" },
  'table-id': {
    type: 'string',
    arg: 'DIGITS',
    help: "the table's id (nine digits; a hand id is the table id and the hand number)",
  },
  game: { type: 'string', arg: 'cash|tournament', defaultText: 'cash', help: 'how the histories name the game' },
  'tournament-id': { type: 'string', arg: 'N', help: "the tournament's id in the histories" },
  'time-zone': {
    type: 'string',
    arg: 'ZONE',
    defaultText: 'UTC',
    help: "the histories' time zone (IANA name such as Europe/Paris)",
  },
  verbose: { type: 'boolean', help: 'request logs (tokens redacted)' },
} as const;

export class StartError extends FeltwireError<'BAD_OPTION'> {
  constructor(code: 'BAD_OPTION', message: string) {
    super(code, message);
    this.name = 'StartError';
  }
  get status(): number {
    return 400;
  }
}

const intOpt = (v: string, name: string, min = 0): number => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new StartError('BAD_OPTION', `--${name} must be a number >= ${min}: ${v}`);
  return n;
};

/** the seats of the table's hardware file (its `seats`), undefined when it cannot be read here (startLive's table
 * source reports a bad file itself) */
function seatsOf(file: string): number | undefined {
  try {
    const n = (JSON.parse(readFileSync(file, 'utf8')) as { seats?: unknown }).seats;
    return typeof n === 'number' && Number.isInteger(n) && n >= 2 && n <= 10 ? n : undefined;
  } catch {
    return undefined;
  }
}

/** how long a stop (SIGTERM, SIGINT) may take before the process exits anyway: stopped within 3 s */
export const STOP_DEADLINE_MS = 2500;

/** The house rules of the table's hardware file (`house`), {} when it has none or cannot be read here. */
function houseOf(file: string): HouseRules {
  try {
    const house = (JSON.parse(readFileSync(file, 'utf8')) as { house?: { checkOutOfTurnCallOrFold?: unknown } }).house;
    return house?.checkOutOfTurnCallOrFold === true ? { checkOutOfTurnCallOrFold: true } : {};
  } catch {
    return {};
  }
}

export function webRootDefault(): string {
  return fileURLToPath(new URL('../../../web/', import.meta.url));
}

export const command = defineCommand(
  {
    name: 'start',
    summary: 'start the live table service (simulator unless --serial is given)',
    about: [
      '  with a reader bridge (--serial) it reads the real table; without one it plays the simulator. Tokens are',
      '  printed once, on first start; SIGINT/SIGTERM shut it down cleanly',
    ],
    options: OPTIONS,
  },
  async ({ values }) => {
    let parsed: ReturnType<typeof configure>;
    try {
      parsed = configure(values);
    } catch (err) {
      if (!(err instanceof StartError)) throw err;
      process.stderr.write(`feltwire start: ${err.message}\n`);
      return 2;
    }
    const { opts, source } = parsed;
    const live = await startLive({ ...opts, source }).catch((err: Error) => {
      process.stderr.write(`feltwire start: ${err.message}\n`);
      return null;
    });
    if (!live) return 1;
    // the signal handlers go in before the service announces itself: whoever reads the announcement may stop it
    const stopped = new Promise<number>((done) => {
      const stop = (signal: string) => {
        process.stdout.write(`\n${signal}: shutting down\n`);
        // the views are told at once (live.close closes every websocket first); the rest has STOP_DEADLINE_MS: a
        // stop that hangs (a device that does not answer) must not keep the table frozen until systemd kills it.
        // Every event is already durable in the log (synchronous FULL): an exit here is no worse than a crash.
        const deadline = setTimeout(() => {
          process.stderr.write(`shutdown: not finished after ${STOP_DEADLINE_MS} ms; exiting\n`);
          process.exit(1);
        }, STOP_DEADLINE_MS);
        live.close().then(
          () => {
            clearTimeout(deadline);
            done(0);
          },
          (err: Error) => {
            clearTimeout(deadline);
            process.stderr.write(`shutdown: ${err.message}\n`);
            done(1);
          },
        );
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    });
    process.stdout.write(
      `feltwire live on ${live.url} (data in ${opts.dataDir}; ${live.source?.name ?? 'no table source'})\n`,
    );
    process.stdout.write(
      `  views: ${live.url}/dealer.html?token=…  /floor.html  /commentator.html  /overlay.html  /public.html\n`,
    );
    return stopped;
  },
);

function configure(values: OptionValues<typeof OPTIONS>) {
  const dataDir = resolve(values.data);
  const rotate: TokenRole[] = [];
  for (const r of values['rotate-token'] ?? []) {
    if (!isTokenRole(r))
      throw new StartError('BAD_OPTION', `--rotate-token takes dealer|floor|commentator|overlay, not ${r}`);
    rotate.push(r);
  }
  const ruleset = values.ruleset;
  if (ruleset !== 'tda' && ruleset !== 'club')
    throw new StartError('BAD_OPTION', `--ruleset must be tda or club: ${ruleset}`);
  const blinds = values.blinds.split('/').map(Number);
  if (blinds.length !== 2 || !blinds.every((b) => Number.isInteger(b) && b > 0) || blinds[0] > blinds[1]) {
    throw new StartError('BAD_OPTION', `--blinds must be SB/BB: ${values.blinds}`);
  }
  const seatCount = intOpt(values.seats, 'seats', 2);
  if (seatCount > 10) throw new StartError('BAD_OPTION', '--seats is at most 10');
  const stack = intOpt(values.stack, 'stack', 1);
  const pace = values.pace;
  if (pace !== 'fast' && pace !== 'table') throw new StartError('BAD_OPTION', `--pace must be fast or table: ${pace}`);
  const hardwareFile = resolve(
    values.hardware ?? fileURLToPath(new URL('../../../../hardware/tables/sim-table.json', import.meta.url)),
  );
  const table: TableConfig = {
    ruleset,
    seats: Object.fromEntries(Array.from({ length: seatCount }, (_, i) => [i + 1, stack])),
    button: 1,
    blinds: [blinds[0], blinds[1]],
    bbAnte: 0,
    absent: [],
    chips: [25, 100, 500, 1000, 5000],
    motionMs: 700,
    orderKnown: true,
    house: houseOf(hardwareFile),
  };
  const useSim = values.sim || !values.serial;
  // H5: the table identity in the hand histories (kept in DATA/table.json by startLive)
  const game = values.game;
  if (game !== undefined && game !== 'cash' && game !== 'tournament')
    throw new StartError('BAD_OPTION', `--game must be cash or tournament: ${game}`);
  const identity: IdentityOverrides = {
    room: values['room-name'],
    table: values['table-name'],
    tableId: values['table-id'],
    game,
    tournamentId: values['tournament-id'],
    timeZone: values['time-zone'],
    seatCount: seatsOf(hardwareFile),
  };
  const wrong = identityProblems(identity);
  if (wrong.length > 0) throw new StartError('BAD_OPTION', wrong.join('; '));
  if (values.panel !== undefined) {
    // the simulator plays its own panel: a real one would press buttons into a table it does not see
    if (useSim)
      throw new StartError(
        'BAD_OPTION',
        `--panel needs --serial (the reader bridge): the simulator plays its own dealer panel${values.sim ? ' (--sim)' : ''}`,
      );
    if (!existsSync(values.panel))
      throw new StartError('BAD_OPTION', `--panel ${values.panel}: no such device (is the panel's USB cable in?)`);
  }
  let source: TableSourceFactory;
  if (useSim) {
    source = simSource({ hardwareFile, pace, overPty: values['sim-pty'] ?? false, table });
  } else {
    const serial = values.serial as string;
    source = hardwareSource({
      serial,
      baudRate: intOpt(values.baud, 'baud', 1),
      panel: values.panel ?? null,
      hardwareFile,
      registryFile: resolve(values.registry ?? resolve(dataDir, 'registry.json')),
    });
  }
  const webRoot = webRootDefault();
  return {
    opts: {
      dataDir,
      port: intOpt(values.port, 'port', 0),
      host: values.host,
      broadcastDelayMs: intOpt(values.delay, 'delay', 0) * 60_000,
      webRoot: existsSync(webRoot) ? webRoot : null,
      table,
      rotate,
      logger: values.verbose ? { level: 'info' } : { level: 'warn' },
      allowedOrigins: values.origin ?? [],
      identity,
      room: roomLink(values.room, values['room-user'], values['room-password'], dataDir),
    },
    source,
  };
}

/** H7: --room mqtt://host:port: the card room's broker (the table's account: --room-user, default table-<id>, and
 * --room-password or $FELTWIRE_ROOM_PASSWORD); the table plays on whether the room is there or not */
function roomLink(
  url: string | undefined,
  user: string | undefined,
  password: string | undefined,
  dataDir: string,
): RoomLinkOptions | undefined {
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StartError('BAD_OPTION', `--room must be a broker URL such as mqtt://room-host:1883, not ${url}`);
  }
  if (parsed.protocol !== 'mqtt:' && parsed.protocol !== 'mqtts:')
    throw new StartError('BAD_OPTION', `--room takes mqtt:// or mqtts://, not ${parsed.protocol}`);
  return {
    url,
    tableId: '',
    username: user ?? (parsed.username ? decodeURIComponent(parsed.username) : undefined),
    password:
      password ??
      process.env.FELTWIRE_ROOM_PASSWORD ??
      (parsed.password ? decodeURIComponent(parsed.password) : undefined),
    dataDir,
  };
}
