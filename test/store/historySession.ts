// A simulated session for the hand-history tests: the simulator's dealer and players (its own reckoning of the rules),
// big-blind antes from the first hand, rising levels, short stacks that bust (a busted player leaves; the seat is
// taken by a new player with a new name, as a tournament fills a seat from another table), and the engine-level
// mistakes the simulator makes on demand. Logged on SQLite hand by hand as the session logs them, then re-read
// read-only by the archive with the table's identity.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TableConfig, TableEvent } from '../../src/engine/types.js';
import {
  type InjectKind,
  OwnReckoning,
  type Pace,
  type SimHandReport,
  Simulator,
  TABLE_PACE,
} from '../../src/sim/index.js';
import { HandArchive, type PlayedHand, SqliteEventLog } from '../../src/store/index.js';
import { loadTableIdentity, type TableIdentity } from '../../src/store/tableIdentity.js';
import { validateHardwareFile } from '../../src/table/index.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const ZERO = Object.fromEntries(Object.keys(TABLE_PACE).map((k) => [k, 0])) as Partial<Pace>;

export interface HistorySession {
  dir: string;
  identity: TableIdentity;
  reports: SimHandReport[];
  hands: PlayedHand[];
  /** hand number -> seat -> player name at that hand */
  names: Map<number, Record<number, string>>;
  injected: { hand: number; kind: InjectKind }[];
}

/** the engine-level mistakes, one every few hands, in turn */
const MISTAKES: InjectKind[] = ['missedBurn', 'exposedCard', 'stringBet', 'outOfTurn', 'fourCardFlop'];
/** the levels: blinds and big-blind ante, a new one every 40 hands */
const LEVELS: [number, number, number][] = [
  [100, 200, 200],
  [150, 300, 300],
  [200, 400, 400],
  [300, 600, 600],
  [400, 800, 800],
];

export async function playHistorySession(
  count: number,
  opts: { seed?: number; identity?: Partial<TableIdentity>; every?: number } = {},
): Promise<HistorySession> {
  const hardware = validateHardwareFile(JSON.parse(readFileSync(join(ROOT, 'hardware/tables/sim-table.json'), 'utf8')));
  const seats: Record<number, number> = {};
  for (let s = 1; s <= hardware.seats; s++) seats[s] = 4000 + 1000 * s;
  const [sb, bb, ante] = LEVELS[0];
  const events: TableEvent[] = [];
  const sim = new Simulator({
    hardware,
    seed: opts.seed ?? 2026,
    pace: ZERO,
    seats,
    blinds: [sb, bb],
    bbAnte: ante,
    // the simulator's own reckoning, each event it applied recorded
    view: new OwnReckoning(
      () => {},
      (ev) => events.push(ev),
    ),
  });
  sim.offline();
  const dir = mkdtempSync(join(tmpdir(), 'feltwire-histories-'));
  const identity = loadTableIdentity(dir, {
    room: 'Casino de Lyon',
    table: 'Table 4',
    game: 'tournament',
    tournamentId: '2611',
    timeZone: 'Europe/Paris',
    seatCount: hardware.seats,
    ...opts.identity,
  });
  const log = SqliteEventLog.open(dir, { synchronous: 'NORMAL' });
  const wall0 = Date.UTC(2026, 10, 30, 19, 0, 0);
  // who sits where: a seat's k-th player is "<seat letter>k" (A1, then A2 after A1 busts, ...)
  const generation: Record<number, number> = {};
  for (const s of Object.keys(seats)) generation[Number(s)] = 1;
  const nameOf = (seat: number) => `${'ABCDEFGHIJ'[seat - 1]}${generation[seat]} Player`;
  const names = new Map<number, Record<number, string>>();
  const injected: HistorySession['injected'] = [];
  const every = opts.every ?? 4;
  let mistake = 0;
  sim.on('hand', (r) => {
    const wall = wall0 + r.hand * 90_000;
    log.append('hand', r.hand, { config: r.config }, wall);
    for (const ev of events.splice(0)) log.append('event', r.hand, ev, wall + ev.t);
    names.set(r.hand, Object.fromEntries(Object.keys(r.config.seats).map((s) => [Number(s), nameOf(Number(s))])));
    // a busted player leaves for good: the next one in the seat is someone else
    for (const [seat, stack] of Object.entries(r.stacks)) if (stack === 0) generation[Number(seat)]++;
    // the next level every 40 hands (it applies from the next shuffle, as the session's levels do)
    const next = LEVELS[Math.min(LEVELS.length - 1, Math.floor(r.hand / 40))];
    const config = Reflect.get(sim, 'config') as TableConfig;
    config.blinds = [next[0], next[1]];
    config.bbAnte = next[2];
    if (r.hand % every === 0) {
      const kind = MISTAKES[mistake++ % MISTAKES.length];
      sim.inject(kind);
      injected.push({ hand: r.hand + 1, kind });
    }
  });
  const reports = await sim.run(count);
  await sim.close();
  log.close();
  const archive = HandArchive.open(dir, { namesOf: (n) => names.get(n) ?? {} });
  const hands = archive.list().map((h) => archive.get(h.handNo));
  archive.close();
  return { dir, identity, reports, hands, names, injected };
}
