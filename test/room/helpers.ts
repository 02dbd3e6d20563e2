// The room's test rig: the embedded default (the in-process broker with accounts for the given tables, a SQLite
// archive) and a room service on it, in a fresh temporary folder; simulated tables started on the rig's broker with
// their own accounts; and the waits the room tests share.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { account, makeAccounts, type RoomAccounts } from '../../src/room/acl.js';
import { RoomArchive } from '../../src/room/archive.js';
import { type InProcessBroker, startInProcessBroker } from '../../src/room/inProcessBroker.js';
import { type RoomOptions, type RoomService, startRoom } from '../../src/room/roomService.js';
import { type SimTable, type SimTablesOptions, startSimTables } from '../../src/simRoom/simTables.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** polls `ok` every 200 ms until it holds, or fails naming `what` after `timeoutMs` */
export async function waitFor(what: string, ok: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    if (await ok()) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** the finished hands of a table's own log that are sealed (a later hand has begun) */
export function sealedHands(t: SimTable): number[] {
  const out: number[] = [];
  for (const r of t.live.log.records()) if (r.kind === 'handEnd') out.push(r.hand);
  return out.filter((n) => n < t.live.session.handNo);
}

export interface RoomRigOptions {
  /** the temporary folder's name prefix */
  prefix: string;
  /** the tables the broker has accounts for */
  tableIds: string[];
  exportDelayMs: number;
  webRoot?: string | null;
  /** where the room's lines go (default: the rig's `said`) */
  say?: (line: string) => void;
  /** the room's other options (clocks) */
  room?: Partial<RoomOptions>;
}

export interface RoomRig {
  dir: string;
  accounts: RoomAccounts;
  broker: InProcessBroker;
  archive: RoomArchive;
  room: RoomService;
  /** the room's lines (when no `say` was given) */
  said: string[];
  /** simulated tables on the rig's broker, each with its own table account, their data under the rig's folder */
  simTables(
    opts: Omit<SimTablesOptions, 'brokerUrl' | 'credentials' | 'dataDir'> & { dataDir?: string },
  ): Promise<SimTable[]>;
  /** the room, the archive and the broker closed, the folder removed (the tables are the caller's) */
  close(): Promise<void>;
}

export async function startRoomRig(opts: RoomRigOptions): Promise<RoomRig> {
  const dir = mkdtempSync(join(tmpdir(), opts.prefix));
  const accounts = makeAccounts(opts.tableIds);
  const said: string[] = [];
  const broker = await startInProcessBroker({ accounts });
  const archive = await RoomArchive.open({ kind: 'sqlite', path: join(dir, 'archive.sqlite') });
  const r = account(accounts, 'room');
  const room = await startRoom({
    broker: broker.url,
    username: r.username,
    password: r.password,
    archive,
    port: 0,
    host: '127.0.0.1',
    webRoot: opts.webRoot ?? null,
    dataDir: dir,
    exportDelayMs: opts.exportDelayMs,
    say: opts.say ?? ((l) => said.push(l)),
    ...opts.room,
  });
  return {
    dir,
    accounts,
    broker,
    archive,
    room,
    said,
    simTables: (t) =>
      startSimTables({
        ...t,
        brokerUrl: () => broker.url,
        credentials: (id) => account(accounts, `table-${id}`),
        dataDir: t.dataDir ?? dir,
      }),
    close: async () => {
      await room.close();
      await archive.close();
      await broker.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
