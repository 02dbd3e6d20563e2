// A process of simulated tables for `feltwire bench --room` (src/bench/room.ts forks it, compiled): it starts the
// tables it is given on the broker and reports their hands; the room under test runs elsewhere.
import type { SimSourceOptions } from '../service/simSource.js';
import { type SimTable, startSimTables } from './simTables.js';

export type BenchTablesRequest =
  | {
      type: 'start';
      tableIds: string[];
      brokerUrl: string;
      credentials: Record<string, { username: string; password: string }>;
      dataDir: string;
      pace: SimSourceOptions['pace'];
      seed: number;
    }
  | { type: 'stats' }
  | { type: 'stop' };

export type BenchTablesReply =
  | { type: 'started'; tables: number }
  | { type: 'stats'; hands: number; backlog: number; connected: number; refused: number }
  | { type: 'stopped' }
  | { type: 'error'; message: string };

let tables: SimTable[] = [];
const send = (m: BenchTablesReply) => process.send?.(m);

process.on('message', (msg: BenchTablesRequest) => {
  void (async () => {
    try {
      if (msg.type === 'start') {
        tables = await startSimTables({
          tableIds: msg.tableIds,
          brokerUrl: () => msg.brokerUrl,
          credentials: (id) => msg.credentials[id],
          dataDir: msg.dataDir,
          pace: msg.pace,
          // no delay: each hand goes to the room when the next one begins (the room's load, not the delay's)
          broadcastDelayMs: 0,
          seed: msg.seed,
          say: () => {},
        });
        send({ type: 'started', tables: tables.length });
      } else if (msg.type === 'stats') {
        let hands = 0;
        let backlog = 0;
        let connected = 0;
        let refused = 0;
        for (const t of tables) {
          const s = t.live.room?.stats();
          hands += t.live.session.handNo - 1;
          backlog += s?.backlog ?? 0;
          connected += s?.connected ? 1 : 0;
          refused += s?.refused ?? 0;
        }
        send({ type: 'stats', hands, backlog, connected, refused });
      } else if (msg.type === 'stop') {
        await Promise.all(tables.map((t) => t.live.close().catch(() => {})));
        tables = [];
        send({ type: 'stopped' });
        setTimeout(() => process.exit(0), 100).unref();
      }
    } catch (err) {
      send({ type: 'error', message: (err as Error).message });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
