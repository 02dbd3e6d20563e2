// `feltwire room --sim-tournament N` on one machine: N players drawn onto ceil(N / seats) simulated tables (the sim
// table has 6 seats), the in-process broker (aedes) and a SQLite archive, the room with its tournament
// (roomTournament.ts). The room can be restarted in place (the tables and the broker stay up): the tournament comes
// back from its journal and clock in the room's data folder.
import { join } from 'node:path';
import type { MonotonicClock } from '../clock/index.js';
import { account, makeAccounts } from '../room/acl.js';
import { RoomArchive } from '../room/archive.js';
import { type InProcessBroker, startInProcessBroker } from '../room/inProcessBroker.js';
import { type RoomService, startRoom } from '../room/roomService.js';
import { RoomTournament } from '../room/roomTournament.js';
import type { Journal } from '../room/tournamentJournal.js';
import type { Player } from '../tournament/registration.js';
import { type Structure, validateStructure } from '../tournament/structure.js';
import { type SimTable, startSimTables } from './simTables.js';

/** the simulated table's seats (hardware/tables/sim-table.json) */
export const SIM_TABLE_SEATS = 6;

/** a short freezeout for the simulated tables (their chips: 25, 100, 500, 1000, 5000) */
export function simTournamentStructure(startingStack = 2000): Structure {
  return validateStructure({
    name: 'Room simulated freezeout',
    startingStack,
    chips: [25, 100, 500, 1000, 5000],
    lateRegistrationLevels: 0,
    payouts: [50, 30, 20],
    levels: [
      { sb: 25, bb: 50, minutes: 2 },
      { sb: 50, bb: 100, bbAnte: 100, minutes: 2 },
      { sb: 100, bb: 200, bbAnte: 200, minutes: 2 },
      { sb: 200, bb: 400, bbAnte: 400, minutes: 2 },
      { sb: 500, bb: 1000, bbAnte: 1000, minutes: 2 },
      { sb: 1000, bb: 2000, bbAnte: 2000, minutes: 2 },
      { sb: 2500, bb: 5000, bbAnte: 5000, minutes: 2 },
      { sb: 5000, bb: 10000, bbAnte: 10000, minutes: 2 },
    ],
  });
}

export interface SimTournamentOptions {
  players: number;
  dataDir: string;
  pace: 'fast' | 'table';
  broadcastDelayMs: number;
  port: number;
  host: string;
  webRoot: string | null;
  seed?: number;
  structure?: Structure;
  /** the tournament clock (default performance.now; a test runs it faster) */
  mono?: MonotonicClock;
  say?: (line: string) => void;
  /** a test's crash point before each journal record (RoomTournamentOptions.beforeJournal) */
  beforeJournal?: (rec: Journal) => void;
}

export interface SimTournament {
  room: RoomService;
  tournament: RoomTournament;
  tables: SimTable[];
  broker: InProcessBroker;
  archive: RoomArchive;
  /** the room closed and started again on the same data folder (the tables and the broker stay up); the book as
   * the journal gave it back, before the room reconnected */
  restartRoom(): Promise<{ closed: { hands: number; left: number }; replayed: { hands: number; left: number } }>;
  close(): Promise<void>;
}

export function simPlayers(n: number): Player[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${String(i + 1).padStart(3, '0')}`,
    name: `Player ${i + 1}`,
    country: ['FR', 'BE', 'CH', 'CA'][i % 4] as string,
  }));
}

export async function startSimTournament(o: SimTournamentOptions): Promise<SimTournament> {
  const say = o.say ?? (() => {});
  const tableIds = Array.from({ length: Math.ceil(o.players / SIM_TABLE_SEATS) }, (_, i) => String(i + 1));
  const accounts = makeAccounts(tableIds);
  const broker = await startInProcessBroker({ accounts });
  const archive = await RoomArchive.open({ kind: 'sqlite', path: join(o.dataDir, 'room-archive.sqlite') });
  const open = () =>
    RoomTournament.open({
      dataDir: o.dataDir,
      structure: o.structure ?? simTournamentStructure(),
      players: simPlayers(o.players),
      tableIds,
      maxSeats: SIM_TABLE_SEATS,
      buyIn: 100,
      seed: o.seed ?? 1,
      mono: o.mono,
      say,
      beforeJournal: o.beforeJournal,
    });
  const roomAccount = account(accounts, 'room');
  const startTheRoom = (t: RoomTournament) =>
    startRoom({
      broker: broker.url,
      username: roomAccount.username,
      password: roomAccount.password,
      archive,
      port: o.port,
      host: o.host,
      webRoot: o.webRoot,
      dataDir: o.dataDir,
      exportDelayMs: o.broadcastDelayMs,
      say,
      attach: t.attach,
    });
  const out: SimTournament = {
    tournament: open(),
    room: null as unknown as RoomService,
    tables: [],
    broker,
    archive,
    async restartRoom() {
      await out.room.close();
      const book = (x: RoomTournament) => ({ hands: x.view().hands, left: x.floor.standings.left });
      const closed = book(out.tournament);
      out.tournament = open();
      const replayed = book(out.tournament);
      out.room = await startTheRoom(out.tournament);
      return { closed, replayed };
    },
    async close() {
      await Promise.all(out.tables.map((t) => t.live.close().catch(() => {})));
      await out.room?.close().catch(() => {});
      await archive.close().catch(() => {});
      await broker.close().catch(() => {});
    },
  };
  try {
    out.room = await startTheRoom(out.tournament);
    out.tables = await startSimTables({
      tableIds,
      brokerUrl: () => broker.url,
      credentials: (id) => {
        const a = account(accounts, `table-${id}`);
        return { username: a.username, password: a.password };
      },
      dataDir: join(o.dataDir, 'tables'),
      pace: o.pace,
      broadcastDelayMs: o.broadcastDelayMs,
      seed: o.seed ?? 1,
      tournament: { tables: drawnTables(out.tournament) },
      say: (line) => {
        if (!line.startsWith(' ') && !line.startsWith('Role tokens')) say(line);
      },
    });
  } catch (err) {
    await out.close();
    throw err;
  }
  return out;
}

/** what each table starts with: the draw's seats with the starting stack, the first button, the first blinds */
export function drawnTables(
  t: RoomTournament,
): Record<string, { seats: Record<number, number>; button: number; blinds: [number, number] }> {
  const first = t.floor.clock.status().level;
  const out: ReturnType<typeof drawnTables> = {};
  for (const table of t.floor.tables) {
    const seats: Record<number, number> = {};
    for (const seat of Object.keys(table.seats)) seats[Number(seat)] = t.floor.structure.startingStack;
    out[table.id] = { seats, button: table.button ?? Number(Object.keys(seats)[0]), blinds: [first.sb, first.bb] };
  }
  return out;
}
