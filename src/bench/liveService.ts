// The live service in a process of its own, fed hands by its parent over IPC: B7 (src/bench/live.ts) measures the
// service's memory here, without the harness (PHH corpus, parser, websocket clients, benchmark references) in the
// same heap. The service is startLive's, as `feltwire start` assembles it: SQLite log in a data folder, the equity
// worker, the hub; the only difference is the table source: the parent's hands instead of the reader bridge, on a
// clock that follows the hands' own times.
import v8 from 'node:v8';
import vm from 'node:vm';
import type { TableConfig } from '../engine/types.js';
import { type LiveService, startLive } from '../server/live.js';
import type { TableEventInput } from '../session/types.js';
import type { TokenRole } from '../views/liveState.js';

export type BenchServiceRequest =
  | { type: 'start'; dataDir: string; table: TableConfig; noEquity: boolean; broadcastDelayMs: number }
  | { type: 'hand'; config: TableConfig; events: TableEventInput[]; ts: number[] }
  | { type: 'drain'; id: number }
  | { type: 'measure'; id: number }
  | { type: 'stop' };

export type BenchServiceReply =
  | { type: 'ready'; url: string; tokens: Record<TokenRole, string> }
  | { type: 'drained'; id: number }
  | {
      type: 'memory';
      id: number;
      rss: number;
      heapUsed: number;
      heapTotal: number;
      external: number;
      arrayBuffers: number;
      /** the session's hand number */
      handNo: number;
    }
  | { type: 'error'; message: string };

/** A full collection before reading RSS (without --expose-gc, through V8's flag). */
export function collectGarbage(): void {
  if (typeof global.gc === 'function') {
    global.gc();
    return;
  }
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function reply(msg: BenchServiceReply): void {
  process.send?.(msg);
}

async function main(): Promise<void> {
  let live: LiveService | null = null;
  let clock = Date.now();
  // messages are handled one at a time, in order
  let chain: Promise<void> = Promise.resolve();
  const handle = async (msg: BenchServiceRequest): Promise<void> => {
    switch (msg.type) {
      case 'start': {
        live = await startLive({
          dataDir: msg.dataDir,
          port: 0,
          host: '127.0.0.1',
          broadcastDelayMs: msg.broadcastDelayMs,
          webRoot: null,
          table: msg.table,
          source: null,
          logSync: 'NORMAL',
          equity: msg.noEquity ? null : undefined,
          now: () => clock,
          say: () => {},
        });
        const roles: TokenRole[] = ['dealer', 'floor', 'commentator', 'overlay'];
        const tokens = Object.fromEntries(roles.map((r) => [r, live?.tokens.tokenOf(r) ?? ''])) as Record<
          TokenRole,
          string
        >;
        reply({ type: 'ready', url: live.url, tokens });
        return;
      }
      case 'hand': {
        if (!live) throw new Error('hand before start');
        live.session.restartTable(msg.config, clock);
        const base = clock;
        for (let i = 0; i < msg.events.length; i++) {
          clock = base + msg.ts[i] + 1;
          live.session.ingest(msg.events[i], clock);
        }
        clock += 5000;
        live.app.live.releaseOverlay(clock);
        return;
      }
      case 'drain':
        // let the sockets drain and the equity worker answer
        await sleep(5);
        reply({ type: 'drained', id: msg.id });
        return;
      case 'measure': {
        collectGarbage();
        await sleep(50);
        const m = process.memoryUsage();
        reply({
          type: 'memory',
          id: msg.id,
          rss: m.rss,
          heapUsed: m.heapUsed,
          heapTotal: m.heapTotal,
          external: m.external,
          arrayBuffers: m.arrayBuffers,
          handNo: live?.session.handNo ?? 0,
        });
        return;
      }
      case 'stop':
        await live?.close();
        process.disconnect?.();
        return;
    }
  };
  process.on('message', (msg: BenchServiceRequest) => {
    chain = chain
      .then(() => handle(msg))
      .catch((err: Error) => {
        reply({ type: 'error', message: err.message });
      });
  });
  process.on('disconnect', () => {
    void chain.then(async () => {
      await live?.close();
      process.exit(0);
    });
  });
}

if (process.send) void main();
