// B8 (`feltwire bench --room`): one room host with its real engines -- Mosquitto and PostgreSQL started here, the room
// service (subscriber, archive, view) in this process -- fed by simulated tables, each a whole live service with its
// SQLite log and room link, run in child processes (src/simRoom/benchTables.ts). Measured: hands archived per second and
// the table-to-room-view latency (a table stamps its status when it publishes; a websocket client of the room view
// here reads the stamp when the view pushes it; one machine, one clock), p50/p99, for 20 tables at ten times table
// pace and for 100 tables at table pace (the target: p99 under 250 ms).
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { account, makeAccounts } from '../room/acl.js';
import { RoomArchive } from '../room/archive.js';
import { postgresBinDir, startPostgres } from '../room/enginePostgres.js';
import { mosquittoInstalled, startMosquitto } from '../room/engines.js';
import { startRoom } from '../room/roomService.js';
import type { BenchTablesReply, BenchTablesRequest } from '../simRoom/benchTables.js';

type Row = Record<string, unknown>;

const REPO = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  import.meta.url.includes('/dist/src/') ? '../../..' : '../..',
);
const TABLES_ENTRY = import.meta.url.includes('/dist/src/')
  ? fileURLToPath(new URL('../simRoom/benchTables.js', import.meta.url))
  : join(REPO, 'dist/src/simRoom/benchTables.js');

export interface RoomBenchOptions {
  /** seconds measured per phase (after the warm-up); the table-pace phase runs twice as long (a hand takes ~90 s) */
  seconds?: number;
  warmupSeconds?: number;
  fastTables?: number;
  tablePaceTables?: number;
  /** child processes running the tables */
  workers?: number;
  log?: (line: string) => void;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

interface Worker {
  child: ChildProcess;
  ask(msg: BenchTablesRequest, expect: BenchTablesReply['type']): Promise<BenchTablesReply>;
}

function startWorker(): Worker {
  const child = fork(TABLES_ENTRY, [], {
    execArgv: ['--max-semi-space-size=1'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: { type: string; resolve: (m: BenchTablesReply) => void; reject: (e: Error) => void }[] = [];
  child.on('message', (m: BenchTablesReply) => {
    if (m.type === 'error') {
      for (const w of waiting.splice(0)) w.reject(new Error(`tables: ${m.message}`));
      return;
    }
    const i = waiting.findIndex((w) => w.type === m.type);
    if (i >= 0) waiting.splice(i, 1)[0].resolve(m);
  });
  child.once('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`tables process exited (${code})`));
  });
  return {
    child,
    ask: (msg, expect) =>
      new Promise((resolvePromise, reject) => {
        waiting.push({ type: expect, resolve: resolvePromise, reject });
        child.send(msg);
      }),
  };
}

async function phase(
  name: string,
  n: number,
  pace: 'fast' | 'table',
  opts: Required<Omit<RoomBenchOptions, 'log'>> & { log: (line: string) => void },
): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), `fw-b8-${name}-`));
  const ids = Array.from({ length: n }, (_, i) => String(i + 1));
  const accounts = makeAccounts(ids);
  const pg = await startPostgres({ dir: join(dir, 'pg') });
  const broker = await startMosquitto({ dir: join(dir, 'mosquitto'), accounts });
  const archive = await RoomArchive.open({ kind: 'postgres', url: pg.url });
  const roomAccount = account(accounts, 'room');
  const room = await startRoom({
    broker: broker.url,
    username: roomAccount.username,
    password: roomAccount.password,
    archive,
    port: 0,
    host: '127.0.0.1',
    webRoot: null,
    dataDir: dir,
    exportDelayMs: 15 * 60_000,
    say: () => {},
  });
  const workers: Worker[] = [];
  const samples: number[] = [];
  let measuring = false;
  const ws = new WebSocket(`${room.url.replace('http', 'ws')}/ws?token=${encodeURIComponent(room.token)}`);
  const lastSent = new Map<string, number>();
  ws.on('message', (data) => {
    const at = Date.now();
    const msg = JSON.parse(String(data)) as {
      type: string;
      table?: { tableId: string; status: { sent: number } | null };
    };
    const s = msg.type === 'table' ? msg.table?.status : null;
    if (!s || !msg.table) return;
    // a push for a new status (the row is also pushed when a hand is stored or the link changes)
    if (lastSent.get(msg.table.tableId) === s.sent) return;
    lastSent.set(msg.table.tableId, s.sent);
    if (measuring) samples.push(at - s.sent);
  });
  await new Promise<void>((r, j) => {
    ws.once('open', () => r());
    ws.once('error', j);
  });
  try {
    opts.log(`B8 ${name}: starting ${n} simulated tables (${pace} pace) in ${opts.workers} processes…`);
    const credentials = Object.fromEntries(
      ids.map((id) => {
        const a = account(accounts, `table-${id}`);
        return [id, { username: a.username, password: a.password }];
      }),
    );
    for (let w = 0; w < opts.workers; w++) workers.push(startWorker());
    await Promise.all(
      workers.map((w, k) =>
        w.ask(
          {
            type: 'start',
            tableIds: ids.filter((_, i) => i % opts.workers === k),
            brokerUrl: broker.url,
            credentials,
            dataDir: join(dir, `tables-${k}`),
            pace,
            seed: 80 + k,
          },
          'started',
        ),
      ),
    );
    await new Promise((r) => setTimeout(r, opts.warmupSeconds * 1000));
    const stored0 = room.stats().stored;
    const cpu0 = process.cpuUsage();
    const t0 = Date.now();
    measuring = true;
    await new Promise((r) => setTimeout(r, opts.seconds * 1000));
    measuring = false;
    const seconds = (Date.now() - t0) / 1000;
    const stored = room.stats().stored - stored0;
    const cpu = process.cpuUsage(cpu0);
    const stats = await Promise.all(workers.map((w) => w.ask({ type: 'stats' }, 'stats')));
    const sorted = [...samples].sort((a, b) => a - b);
    const connected = stats.reduce((a, s) => a + (s.type === 'stats' ? s.connected : 0), 0);
    const backlog = stats.reduce((a, s) => a + (s.type === 'stats' ? s.backlog : 0), 0);
    const row: Row = {
      tables: n,
      pace: pace === 'fast' ? 10 : 1,
      seconds: round(seconds, 0),
      handsArchived: stored,
      handsArchivedPerSecond: round(stored / seconds, 2),
      latencyMs: {
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted[sorted.length - 1] ?? Number.NaN),
        samples: sorted.length,
      },
      statusPerSecond: round(sorted.length / seconds, 0),
      tablesConnected: connected,
      backlogAtEnd: backlog,
      loadAverage1m: round(loadavg()[0], 2),
      roomProcessCpuPercent: round(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100, 0),
    };
    opts.log(`B8 ${name}: ${JSON.stringify(row)}`);
    return row;
  } finally {
    ws.close();
    await Promise.all(workers.map((w) => w.ask({ type: 'stop' }, 'stopped').catch(() => {})));
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    await room.close();
    await archive.close();
    await broker.stop();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runRoomBench(opts: RoomBenchOptions = {}): Promise<Row> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (!mosquittoInstalled() || postgresBinDir() === null)
    return { error: 'B8 needs Mosquitto and PostgreSQL installed (apt-get install mosquitto postgresql)' };
  if (!existsSync(TABLES_ENTRY))
    return { error: `${TABLES_ENTRY} missing: build first (npx tsc -p tsconfig.build.json)` };
  const o = {
    seconds: opts.seconds ?? 60,
    warmupSeconds: opts.warmupSeconds ?? 10,
    fastTables: opts.fastTables ?? 20,
    tablePaceTables: opts.tablePaceTables ?? 100,
    workers: opts.workers ?? 2,
    log,
  };
  const fast = await phase('fast', o.fastTables, 'fast', o);
  const tablePace = await phase('table', o.tablePaceTables, 'table', { ...o, seconds: o.seconds * 2 });
  const p99 = (tablePace.latencyMs as { p99: number }).p99;
  return {
    tenTimesPace: fast,
    tablePace,
    target: `${o.tablePaceTables} tables at table pace with p99 < 250 ms`,
    met: tablePace.tablesConnected === o.tablePaceTables && p99 < 250,
  };
}
