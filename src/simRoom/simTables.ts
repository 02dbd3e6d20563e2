// N simulated tables for a room on one machine (`feltwire room --sim N`, the room tests, `feltwire bench --room`):
// each a whole live service (its own data folder and SQLite log, fastify app, simulator through the table layer)
// with its room link, exactly as `feltwire start --sim --room ...` runs it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TableConfig } from '../engine/types.js';
import type { RoomLinkOptions } from '../room/publisher.js';
import { type LiveService, startLive } from '../server/live.js';
import { type SimSourceOptions, simSource } from '../service/simSource.js';
import type { Simulator } from '../sim/simulator.js';

export interface SimTable {
  tableId: string;
  live: LiveService;
  sim: Simulator;
  dataDir: string;
}

export interface SimTablesOptions {
  /** table ids, one simulated table each */
  tableIds: string[];
  /** the broker URL a table uses (a proxy per table may stand in between) */
  brokerUrl: (tableId: string) => string;
  credentials: (tableId: string) => { username: string; password: string };
  /** each table's data folder is `<dataDir>/table-<id>` */
  dataDir: string;
  pace: SimSourceOptions['pace'];
  simPace?: SimSourceOptions['simPace'];
  broadcastDelayMs: number;
  roomName?: string;
  /** SQLite durability of the tables' logs (FULL, as a table runs it, by default) */
  logSync?: 'FULL' | 'NORMAL';
  link?: Partial<RoomLinkOptions>;
  seed?: number;
  /** a tournament's tables (`feltwire room --sim-tournament N`): each starts with the draw's seats, stacks, button
   * and first blinds; a busted player does not come back; the simulated dealer stops once the room took every
   * player away (a broken table) and deals again when the room seats players at a table that had finished */
  tournament?: { tables: Record<string, { seats: Record<number, number>; button: number; blinds: [number, number] }> };
  say?: (line: string) => void;
  /** the built pages each table serves (none by default) */
  webRoot?: string | null;
}

export function simTableFile(): string {
  for (const up of ['../../', '../../../']) {
    const p = fileURLToPath(new URL(`${up}hardware/tables/sim-table.json`, import.meta.url));
    if (existsSync(p)) return p;
  }
  return resolve('hardware/tables/sim-table.json');
}

export async function startSimTables(opts: SimTablesOptions): Promise<SimTable[]> {
  const out: SimTable[] = [];
  const hardwareFile = simTableFile();
  try {
    for (const [k, tableId] of opts.tableIds.entries()) {
      let sim: Simulator | null = null;
      const drawn = opts.tournament?.tables[tableId];
      const source = simSource({
        hardwareFile,
        pace: opts.pace,
        ...(drawn ? { table: { seats: drawn.seats, button: drawn.button, blinds: drawn.blinds }, rebuy: false } : {}),
        overPty: false,
        seed: (opts.seed ?? 1) * 1000 + k,
        simPace: opts.simPace,
        onSimulator: (s) => {
          sim = s;
        },
      });
      const dataDir = join(opts.dataDir, `table-${tableId}`);
      const cred = opts.credentials(tableId);
      const live = await startLive({
        dataDir,
        port: 0,
        host: '127.0.0.1',
        broadcastDelayMs: opts.broadcastDelayMs,
        webRoot: opts.webRoot ?? null,
        table: source.table as TableConfig,
        source,
        equity: null,
        logSync: opts.logSync,
        // the hand histories name the table as the room does (a digits-only table id is also the identity's)
        identity: {
          ...(/^[0-9]{1,9}$/.test(tableId) ? { tableId } : {}),
          table: `Table ${tableId}`,
          room: opts.roomName ?? 'feltwire room',
          ...(opts.tournament ? { game: 'tournament' as const, tournamentId: '1' } : {}),
        },
        say: opts.say ?? (() => {}),
        room: {
          url: opts.brokerUrl(tableId),
          tableId,
          username: cred.username,
          password: cred.password,
          tableName: `Table ${tableId}`,
          roomName: opts.roomName ?? 'feltwire room',
          dataDir,
          // the simulated dealer posts the room's new blinds from the hand the session takes them on
          applyLevel: (level, apply) => (sim ? sim.setLevel(level, apply) : apply()),
          ...opts.link,
        },
      });
      if (!sim) throw new Error('simulated table without a simulator');
      if (opts.tournament) followTheRoom(live, sim);
      out.push({ tableId, live, sim, dataDir });
    }
  } catch (err) {
    await Promise.all(out.map((t) => t.live.close().catch(() => {})));
    throw err;
  }
  return out;
}

/** A tournament's simulated dealer follows the room's seating: it stops when the room has taken every player away
 * (the table broken), and deals again when the room seats players at a table that had finished. */
function followTheRoom(live: LiveService, sim: Simulator): void {
  let finished = false;
  let hadPlayers = false;
  sim.on('finished', () => {
    finished = true;
  });
  live.session.on('state', (s) => {
    const named = (s.roster ?? []).length;
    if (named > 0) hadPlayers = true;
    else if (hadPlayers && !finished) {
      sim.stop();
      return;
    }
    if (!finished) return;
    const seats: Record<number, number> = {};
    for (const [k, v] of Object.entries(s.hand.stacks)) if (v > 0) seats[Number(k)] = v;
    for (const [k, v] of Object.entries(live.session.pendingSeatChanges() ?? {})) {
      if (v > 0) seats[Number(k)] = v;
      else delete seats[Number(k)];
    }
    if (Object.keys(seats).length < 2) return;
    finished = false;
    void sim.resume(seats).catch(() => {});
  });
}
