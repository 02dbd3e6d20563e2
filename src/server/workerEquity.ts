// An EquityComputer backed by a worker thread (equityWorker.js, compiled): the live service never enumerates
// boards on its event loop.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EquityComputer } from './equity.js';
import type { EquityReply, EquityRequest } from './equityWorker.js';

export class EquityWorkerError extends Error {
  readonly code = 'EQUITY_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'EquityWorkerError';
  }
}

/** The compiled worker: beside this file when running from dist, else the build's (tests run from the sources). */
export function equityWorkerFile(): URL | null {
  for (const u of [new URL('./equityWorker.js', import.meta.url), new URL('../../dist/src/server/equityWorker.js', import.meta.url)]) {
    if (existsSync(fileURLToPath(u))) return u;
  }
  return null;
}

export function workerEquity(file: URL): EquityComputer {
  const worker = new Worker(file);
  worker.unref();
  let next = 1;
  const waiting = new Map<number, { resolve: (r: EquityReply) => void; reject: (e: Error) => void }>();
  worker.on('message', (r: EquityReply) => {
    const w = waiting.get(r.id);
    waiting.delete(r.id);
    w?.resolve(r);
  });
  worker.on('error', (err) => {
    for (const w of waiting.values()) w.reject(new EquityWorkerError(err.message));
    waiting.clear();
  });
  const ask = (req: Omit<EquityRequest, 'id'>): Promise<EquityReply> =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...req, id } satisfies EquityRequest);
    });
  return {
    async equity(hands, board, dead) {
      const r = await ask({ op: 'equity', hands, board, dead });
      if (!r.ok) throw new EquityWorkerError(r.error);
      return r.equity ?? [];
    },
    async outs(hands, board, dead) {
      const r = await ask({ op: 'outs', hands, board, dead });
      if (!r.ok) throw new EquityWorkerError(r.error);
      return r.outs ?? [];
    },
    async close() {
      await worker.terminate();
    },
  };
}
