// B6 and B7 (docs/benchmarks.md), measured on the live service itself.
//  B6: sensor-to-screen latency. A virtual reader bridge writes TAG frames (a card arriving in the muck zone) to a
//      real pseudo-terminal (socat); the service reads it with BridgeLink, the table layer and the session turn it
//      into a new state, the hub sends a view to a websocket client. Measured from the write to the message that
//      shows the card, over 2,000 frames at 50 frames/s, beside the pty's own echo round trip in the same run.
//  B7: memory. RSS of the live service (session, SQLite log, hub with a client per role, equity worker) after
//      10,000 hands, and its growth over the last 5,000. The hands are the shared PHH corpus replayed as table events
//      (the simulator at table pace would take days); the service's clock follows the hands' own times.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SerialPort } from 'serialport';
import WebSocket from 'ws';
import type { TableConfig } from '../engine/types.js';
import { VirtualBridgeWire } from '../hardware/bridge/index.js';
import { parsePhh, phhToEvents } from '../phh/index.js';
import { type LiveService, startLive } from '../server/live.js';
import { hardwareSource } from '../service/hardwareSource.js';
import { SERVICE_NODE_FLAGS } from '../service/nodeFlags.js';
import type { TableEventInput } from '../session/types.js';
import { cardUid, openPtyPair, type PtyPair, simulatedRegistry } from '../sim/index.js';
import { AntennaMap, loadHardwareFile } from '../table/index.js';
import type { RoleView } from '../views/views.js';
import type { BenchServiceReply, BenchServiceRequest } from './liveService.js';

type Row = Record<string, number | string | boolean | null>;

// this file runs from dist/src/bench (feltwire bench) or from src/bench (vitest)
const REPO = fileURLToPath(new URL(import.meta.url.includes('/dist/src/') ? '../../../' : '../../', import.meta.url));
const SIM_TABLE = join(REPO, 'hardware/tables/sim-table.json');

export interface LiveBenchOptions {
  frames?: number;
  rate?: number;
  hands?: number;
  phhDir?: string;
  only?: Array<'B6' | 'B7'>;
  /** B7 without the equity worker (to see its share of the memory) */
  noEquity?: boolean;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function summary(xs: number[]): { p50: number; p99: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: round3(percentile(s, 50)), p99: round3(percentile(s, 99)), max: round3(s.at(-1) ?? Number.NaN) };
}

const openPort = (path: string) =>
  new Promise<SerialPort>((res, rej) => {
    const p = new SerialPort({ path, baudRate: 115200, autoOpen: false });
    p.open((err) => (err ? rej(err) : res(p)));
  });

const closePort = (p: SerialPort) => new Promise<void>((res) => (p.isOpen ? p.close(() => res()) : res()));

const sixSeats = (): TableConfig => ({
  ruleset: 'tda',
  seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000, 5: 10000, 6: 10000 },
  button: 1,
  blinds: [50, 100],
  bbAnte: 0,
  absent: [],
  chips: [25, 100, 500, 1000, 5000],
  motionMs: 700,
  orderKnown: true,
});

/** B6: TAG frame on a pty -> websocket message showing the card; beside the pty echo round trip. */
export async function benchLatency(opts: LiveBenchOptions = {}): Promise<Row> {
  const frames = opts.frames ?? 2000;
  const rate = opts.rate ?? 50;
  const hardware = loadHardwareFile(SIM_TABLE);
  const muck = new AntennaMap(hardware).antennaOf('muck');
  const dir = mkdtempSync(join(tmpdir(), 'fw-b6-'));
  const pairs: PtyPair[] = [];
  const ports: SerialPort[] = [];
  let live: LiveService | null = null;
  let ws: WebSocket | null = null;
  const wire = new VirtualBridgeWire({ antennas: hardware.bridge?.antennas ?? 16, heartbeatMs: 1000, ringSize: 4096 });
  try {
    const bridge = await openPtyPair();
    pairs.push(bridge);
    const device = await openPort(bridge.device);
    ports.push(device);
    wire.attach(device);
    wire.start();
    live = await startLive({
      dataDir: dir,
      port: 0,
      host: '127.0.0.1',
      broadcastDelayMs: 15 * 60_000,
      webRoot: null,
      table: sixSeats(),
      source: hardwareSource({ serial: bridge.service, hardwareFile: hardware, registryFile: simulatedRegistry() }),
      memoryLog: true,
      equity: null,
      say: () => {},
    });
    // the echo reference: a second pty pair, one end echoing what it reads
    const echoPair = await openPtyPair();
    pairs.push(echoPair);
    const echoA = await openPort(echoPair.device);
    const echoB = await openPort(echoPair.service);
    ports.push(echoA, echoB);
    echoB.on('data', (d: Buffer) => echoB.write(d));

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    ws = new WebSocket(`${live.url.replace('http', 'ws')}/ws?token=${live.tokens.tokenOf('commentator')}`);
    ws.on('message', (data) => {
      const now = performance.now();
      const msg = JSON.parse(data.toString()) as { type: string; view?: RoleView | null };
      if (msg.type !== 'view' || !msg.view) return;
      for (const c of msg.view.muck) {
        const key = `${msg.view.handNo}:${c}`;
        const t0 = sentAt.get(key);
        if (t0 !== undefined) {
          latencies.push(now - t0);
          sentAt.delete(key);
        }
      }
    });
    await new Promise((r) => ws?.once('open', r));
    await sleep(1500); // SYNC, HELLO, inventory

    const echoes: number[] = [];
    let echoT0 = 0;
    let echoBuf = '';
    echoA.on('data', (d: Buffer) => {
      echoBuf += d.toString();
      if (echoBuf.includes('\n')) {
        echoes.push(performance.now() - echoT0);
        echoBuf = '';
      }
    });

    const period = 1000 / rate;
    const start = performance.now();
    const onTable: Array<{ uid: string; card: string } | null> = [];
    for (let k = 0; k < frames; k++) {
      const due = start + k * period;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const cardIndex = k % 52;
      // the engine keeps every card the muck ever held: a new hand per pass over the deck empties it, so that each
      // card's arrival is recognisable in the view
      if (cardIndex === 0) live.session.restartTable(sixSeats());
      const uid = cardUid(0, cardIndex);
      const card = '23456789TJQKA'[cardIndex >> 2] + 'shdc'[cardIndex & 3];
      sentAt.set(`${live.session.handNo}:${card}`, performance.now());
      wire.arrive(muck, uid, 'D');
      onTable[k] = { uid, card };
      // the card that arrived 5 frames ago leaves: its departure is latched off (250 ms) long before it comes back
      const old = onTable[k - 5];
      if (old) wire.leave(muck, old.uid);
      if (k % 2 === 0) {
        echoT0 = performance.now();
        echoA.write('$123,TAG,7,E00401001C0000000,D*ABCD\n');
      }
    }
    await sleep(1000);
    const ours = summary(latencies);
    const echo = summary(echoes);
    return {
      unit: 'ms',
      runs: 1,
      frames,
      matched: latencies.length,
      rate,
      p50: ours.p50,
      p99: ours.p99,
      max: ours.max,
      echoP50: echo.p50,
      echoP99: echo.p99,
      echoMax: echo.max,
      echoSamples: echoes.length,
      ratio: round3(echo.p99 / ours.p99),
      target: 'p99 < 5 ms',
      pass: ours.p99 < 5 && latencies.length === frames,
    };
  } finally {
    ws?.terminate();
    await live?.close();
    wire.stop();
    wire.detach();
    for (const p of ports) await closePort(p);
    for (const p of pairs) await p.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function phhFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...phhFiles(p));
    else if (name.endsWith('.phh')) out.push(p);
  }
  return out.sort();
}

/** The live service's process: src/bench/liveService.ts, compiled (B7 measures its RSS, not this harness's). */
const SERVICE_ENTRY = import.meta.url.includes('/dist/src/')
  ? fileURLToPath(new URL('./liveService.js', import.meta.url))
  : join(REPO, 'dist/src/bench/liveService.js');

/** B7: RSS of the live service after `hands` hands, and its growth over the last half. The service runs in a child
 * process (startLive, SQLite log, equity worker, hub); this process parses the hands one at a time, sends them over
 * IPC, and holds the websocket clients (one per role and a public one). */
export async function benchMemory(opts: LiveBenchOptions = {}): Promise<Row> {
  const hands = opts.hands ?? 10_000;
  const dirPhh = opts.phhDir ?? resolve(REPO, 'test', 'fixtures', 'phh');
  if (!existsSync(SERVICE_ENTRY))
    return { error: `${SERVICE_ENTRY} missing: build first (npx tsc -p tsconfig.build.json)` };
  // the hands' text only: each is parsed when it is played
  const texts: Array<{ file: string; text: string }> = [];
  for (const f of phhFiles(dirPhh)) {
    const text = readFileSync(f, 'utf8');
    try {
      phhToEvents(parsePhh(text, f));
      texts.push({ file: f, text });
    } catch {
      // a file the engine cannot replay is not a hand for this bench
    }
    if (texts.length >= 500) break;
  }
  const game = (i: number) => {
    const { file, text } = texts[i % texts.length];
    const { config, events } = phhToEvents(parsePhh(text, file));
    return { config, events: events.map(({ t: _t, ...ev }) => ev as TableEventInput), ts: events.map((e) => e.t) };
  };
  if (texts.length === 0) return { error: `no PHH hands in ${dirPhh}` };
  const dir = mkdtempSync(join(tmpdir(), 'fw-b7-'));
  const child = fork(SERVICE_ENTRY, [], {
    execArgv: [...SERVICE_NODE_FLAGS],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const waiting = new Map<string, (msg: BenchServiceReply) => void>();
  let failure: Error | null = null;
  const failAll = (err: Error) => {
    failure ??= err;
    for (const w of waiting.values()) w({ type: 'error', message: err.message });
    waiting.clear();
  };
  child.on('message', (msg: BenchServiceReply) => {
    if (msg.type === 'error') return failAll(new Error(`service: ${msg.message}`));
    const key = msg.type === 'ready' ? 'ready' : `${msg.type}:${msg.id}`;
    const w = waiting.get(key);
    waiting.delete(key);
    w?.(msg);
  });
  void exited.then((code) => failAll(new Error(`service exited (${code})`)));
  const ask = <T extends BenchServiceReply>(req: BenchServiceRequest, key: string): Promise<T> =>
    new Promise<T>((res, rej) => {
      if (failure) return rej(failure);
      waiting.set(key, (msg) => (msg.type === 'error' ? rej(new Error(msg.message)) : res(msg as T)));
      child.send(req);
    });
  const sockets: WebSocket[] = [];
  try {
    const ready = await ask<Extract<BenchServiceReply, { type: 'ready' }>>(
      {
        type: 'start',
        dataDir: dir,
        table: game(0).config,
        noEquity: opts.noEquity ?? false,
        broadcastDelayMs: 15 * 60_000,
      },
      'ready',
    );
    const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
    const measure = async (id: number) => {
      const m = await ask<Extract<BenchServiceReply, { type: 'memory' }>>({ type: 'measure', id }, `memory:${id}`);
      return m;
    };
    const startMem = await measure(0);
    for (const role of ['dealer', 'floor', 'commentator', 'overlay', null] as const) {
      const ws = new WebSocket(`${ready.url.replace('http', 'ws')}/ws${role ? `?token=${ready.tokens[role]}` : ''}`);
      ws.on('message', () => {});
      await new Promise((r) => ws.once('open', r));
      sockets.push(ws);
    }
    const rss: number[] = [];
    let last: Extract<BenchServiceReply, { type: 'memory' }> | null = null;
    let handNo = 0;
    /** RSS every tenth of the run, MB: the trend behind the two figures */
    const steps: number[] = [];
    /** (hands, RSS, live heap after a full collection) at each step of the second half: the trends */
    const trend: { hands: number; rss: number; heap: number }[] = [];
    const t0 = performance.now();
    for (let h = 0; h < hands; h++) {
      const g = game(h);
      child.send({ type: 'hand', ...g } satisfies BenchServiceRequest);
      // let the sockets drain and the equity worker answer now and then (and keep IPC from piling up)
      if (h % 50 === 49) await ask({ type: 'drain', id: h }, `drained:${h}`);
      if ((h + 1) % Math.max(1, Math.floor(hands / 10)) === 0 || h === hands / 2 - 1 || h === hands - 1) {
        const m = await measure(h + 1);
        steps.push(mb(m.rss));
        if (h + 1 >= hands / 2) trend.push({ hands: h + 1, rss: m.rss, heap: m.heapUsed });
        if (h === hands / 2 - 1 || h === hands - 1) {
          rss.push(m.rss);
          last = m;
          handNo = m.handNo;
        }
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    const end = last as Extract<BenchServiceReply, { type: 'memory' }>;
    const first = trend[0] ?? { hands: 0, rss: 0, heap: 0 };
    // per 1,000 hands over the second half, fitted to every step (two RSS samples alone swing by the allocator's
    // whims: the fitted slope and the live heap after a full collection are the steady figures)
    const perK = (k: 'rss' | 'heap') => mb(slope(trend.map((t) => [t.hands, t[k]])) * 1000);
    return {
      unit: 'MB',
      runs: 1,
      hands,
      distinctHands: texts.length,
      process: 'service in a child process',
      serviceHands: handNo - startMem.handNo,
      nodeFlags: SERVICE_NODE_FLAGS.join(' '),
      rssStartMB: mb(startMem.rss),
      rssMB: mb(rss[1]),
      rssHalfMB: mb(rss[0]),
      /** over the last half, from the line fitted to its steps */
      growthMB: mb(slope(trend.map((t) => [t.hands, t.rss])) * (hands / 2)),
      growthTwoSamplesMB: mb(rss[1] - rss[0]),
      rssTrendMBPer1000Hands: perK('rss'),
      heapGrowthMB: mb(end.heapUsed - first.heap),
      heapTrendMBPer1000Hands: perK('heap'),
      heapUsedMB: mb(end.heapUsed),
      heapTotalMB: mb(end.heapTotal),
      externalMB: mb(end.external),
      arrayBuffersMB: mb(end.arrayBuffers),
      /** what the RSS holds beside V8's heaps and buffers: code, the allocator's free pages, SQLite's page cache, the
       * equity worker's isolate (its heap is not in this process's heapTotal) */
      outsideHeapMB: mb(end.rss - end.heapTotal - end.external),
      rssStepsMB: steps.join(' '),
      handsPerSecond: Math.round(hands / seconds),
      target: 'rss < 150 MB, growth < 5 MB',
      pass: rss[1] < 150 * 1024 * 1024 && slope(trend.map((t) => [t.hands, t.rss])) * (hands / 2) < 5 * 1024 * 1024,
    };
  } finally {
    for (const s of sockets) s.terminate();
    if (child.connected) child.send({ type: 'stop' } satisfies BenchServiceRequest);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** least-squares slope of y over x */
export function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** The figures `feltwire bench --live` adds: B6 and B7. */
export async function runLiveBench(opts: LiveBenchOptions = {}): Promise<Record<string, Row>> {
  const out: Record<string, Row> = {};
  const only = opts.only ?? ['B6', 'B7'];
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (only.includes('B6')) {
    log('B6: 2,000 TAG frames at 50/s over a pty to a websocket client…');
    out.B6 = await benchLatency(opts).catch((e: Error) => ({ error: e.message }));
  }
  if (only.includes('B7')) {
    log('B7: 10,000 hands through the live service…');
    out.B7 = await benchMemory(opts).catch((e: Error) => ({ error: e.message }));
  }
  return out;
}
