// feltwire tournament --sim N: a whole simulated tournament on one machine, printed as the floor runs it: the draw,
// each level taken at a shuffle, the moves and the tables broken, the counts and colour-ups at the breaks, every
// elimination with its place and prize, the final standings (and, with --csv / --json, written to a file).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startTdScreen, type TdStep } from '../../http/tdScreen.js';
import {
  defaultStructure,
  parseStructure,
  SimulationError,
  type Structure,
  simulateTournament,
  standingsCsv,
  standingsJson,
  TournamentError,
  tdView,
} from '../../tournament/index.js';
import { defineCommand, UsageError } from '../options.js';

function whole(v: string, name: string, min: number, max: number): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${v}"`);
  return n;
}

/** the built pages (dist/web), whether running from dist/src or from src */
function webRoot(): string | null {
  const up = import.meta.url.includes('/dist/src/') ? '../../../web/' : '../../../dist/web/';
  const p = fileURLToPath(new URL(up, import.meta.url));
  return existsSync(join(p, 'tournament.html')) ? p : null;
}

function structureFrom(path: string | undefined): Structure {
  if (path === undefined) return defaultStructure();
  const ext = extname(path).toLowerCase();
  if (ext !== '.toml' && ext !== '.json') throw new UsageError(`--structure ${path}: a .toml or .json file`);
  return parseStructure(readFileSync(path, 'utf8'), ext === '.toml' ? 'toml' : 'json');
}

export const command = defineCommand(
  {
    name: 'tournament',
    summary: 'a simulated tournament from the draw to the winner (--sim N players)',
    synopsis:
      '--sim N [--tables N] [--structure FILE] [--seed N] [--csv FILE] [--json FILE] [--serve PORT [--hand-ms MS]]',
    about: [
      '  plays N players on the real rules engine (push or fold), the floor drawing seats, balancing and breaking',
      '  tables, counting and colouring up at the breaks, placing and paying; docs/tournament.md has the rules',
    ],
    options: {
      sim: { type: 'string', arg: 'N', what: 'a number of players', help: 'players to simulate (2 to 500)' },
      tables: { type: 'string', arg: 'N', defaultText: 'N players / seats, rounded up', help: 'tables at the start' },
      seats: { type: 'string', arg: 'N', default: '9', help: 'seats per table (2 to 10)' },
      structure: {
        type: 'string',
        arg: 'FILE',
        defaultText: 'a fast freezeout with two colour-ups',
        help: 'the structure file (.toml or .json): levels, breaks, colour-ups, payouts',
      },
      seed: {
        type: 'string',
        arg: 'N',
        default: '1',
        help: 'the random seed (the same seed plays the same tournament)',
      },
      'buy-in': { type: 'string', arg: 'N', default: '100', help: 'one entry into the prize pool' },
      csv: { type: 'string', arg: 'FILE', help: 'write the final standings as CSV' },
      json: { type: 'string', arg: 'FILE', help: 'write the final standings as JSON' },
      'no-shows': {
        type: 'string',
        arg: 'N',
        default: '0',
        help: 'players registered who never come (blinds taken, out after level 1)',
      },
      delay: { type: 'string', arg: 'MS', default: '0', help: 'wait MS between lines, to watch it unfold' },
      serve: {
        type: 'string',
        arg: 'PORT',
        help: "serve the TD's screen on 127.0.0.1:PORT (0: any free port), token printed at start",
      },
      'hand-ms': { type: 'string', arg: 'MS', default: '1000', help: 'with --serve: ms per hand on the screen' },
    },
  },
  async ({ values }) => {
    if (values.sim === undefined) throw new UsageError('give --sim N: the number of players to simulate');
    const players = whole(values.sim, 'sim', 2, 500);
    const seats = whole(values.seats, 'seats', 2, 10);
    const tables = values.tables === undefined ? Math.ceil(players / seats) : whole(values.tables, 'tables', 1, 100);
    if (tables * seats < players) throw new UsageError(`${players} players do not fit at ${tables} tables of ${seats}`);
    const seed = whole(values.seed, 'seed', 0, 2 ** 32 - 1);
    const buyIn = whole(values['buy-in'], 'buy-in', 0, 1e9);
    const delay = whole(values.delay, 'delay', 0, 10_000);
    const noShows = whole(values['no-shows'], 'no-shows', 0, players - 2);
    const serve = values.serve === undefined ? null : whole(values.serve, 'serve', 0, 65535);
    const handMs = whole(values['hand-ms'], 'hand-ms', 1, 600_000);
    if (serve !== null && delay > 0) throw new UsageError('--delay and --serve: give --hand-ms to pace the screen');
    let structure: Structure;
    try {
      structure = structureFrom(values.structure);
    } catch (err) {
      if (err instanceof TournamentError || (err as NodeJS.ErrnoException).code === 'ENOENT') {
        process.stderr.write(`feltwire tournament: ${(err as Error).message}\n`);
        return 1;
      }
      throw err;
    }
    const lines: string[] = [];
    const steps: TdStep[] = [];
    let report: ReturnType<typeof simulateTournament>;
    try {
      report = simulateTournament({
        structure,
        players,
        tables,
        maxSeats: seats,
        seed,
        buyIn,
        noShows,
        onLine: (l) => lines.push(l),
        onStep:
          serve === null
            ? undefined
            : (floor, hands) => steps.push({ view: tdView(floor, hands), lines: lines.length }),
      });
    } catch (err) {
      if (!(err instanceof SimulationError || err instanceof TournamentError)) throw err;
      process.stderr.write(`feltwire tournament: the simulation stopped: ${err.message}\n`);
      return 1;
    }
    process.stdout.write(`${structure.name}: ${players} players, ${tables} tables of ${seats}, seed ${seed}\n`);
    if (serve !== null) {
      const root = webRoot();
      if (root === null) {
        process.stderr.write('feltwire tournament: the web pages are not built (npm run build)\n');
        return 1;
      }
      // the last step is the winner's hand; the standings lines follow it
      const last = steps.at(-1);
      if (last) last.lines = lines.length;
      let said = 0;
      const screen = await startTdScreen({
        steps,
        stepMs: handMs,
        port: serve,
        webRoot: root,
        onStep: (step) => {
          for (; said < step.lines; said++) process.stdout.write(`${lines[said]}\n`);
        },
      }).catch((err: Error) => {
        process.stderr.write(`feltwire tournament: cannot serve on port ${serve}: ${err.message}\n`);
        return null;
      });
      if (screen === null) return 1;
      process.stdout.write(
        `TD screen: ${screen.url}/tournament.html?token=${screen.token}\nTD token: ${screen.token}\n`,
      );
      screen.play();
      await screen.finished;
      process.stdout.write(`${report.hands} hands; the final standings stay on the screen (Ctrl-C to stop)\n`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await screen.close();
      return 0;
    }
    for (const l of lines) {
      process.stdout.write(`${l}\n`);
      if (delay > 0) await sleep(delay);
    }
    const book = report.floor.chipBook();
    process.stdout.write(`${report.hands} hands; chips in play ${book.issued}, held ${book.held}\n`);
    const rows = report.floor.standings.results();
    const dq = report.floor.standings.disqualified();
    if (values.csv !== undefined) writeFileSync(values.csv, standingsCsv(rows, dq));
    if (values.json !== undefined)
      writeFileSync(values.json, standingsJson(structure.name, report.floor.standings.prizePool, rows, dq));
    return 0;
  },
);
