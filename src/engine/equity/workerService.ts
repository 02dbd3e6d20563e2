// EquityService: exact equity and outs for the live service, computed in a worker thread so that the
// event loop is never held (a preflop 10-way takes milliseconds; the main thread only validates and waits).
// The worker runs compiled JavaScript: next to this file in dist/, or dist/src/engine/equity/worker.js
// when this module itself runs from the TypeScript sources (vitest).

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FeltwireError, statusOf } from '../../errors.js';
import type { Card } from '../cards.js';
import { EquityError, type EquityErrorCode } from './errors.js';
import { validateRequest } from './exact.js';
import type { PlayerOuts } from './outs.js';
import type { EquityResult } from './tally.js';

export interface WorkerRequest {
  id: number;
  kind: 'equity' | 'outs';
  hands: Card[][];
  board: Card[];
  dead: Card[];
}

export type WorkerReply =
  | { id: number; ok: true; result: EquityResult | PlayerOuts[]; ms: number; thread: number }
  | { id: number; ok: false; code: EquityErrorCode | 'WORKER_FAILED'; message: string };

export type EquityServiceErrorCode = 'WORKER_MISSING' | 'WORKER_FAILED' | 'CLOSED';

export class EquityServiceError extends FeltwireError<EquityServiceErrorCode> {
  constructor(code: EquityServiceErrorCode, message: string) {
    super(code, message);
    this.name = 'EquityServiceError';
  }
  /** the worker is ours: missing or failed it is our fault; closed, the service is going away */
  get status(): number {
    return statusOf(this.code, 500, { CLOSED: 503 });
  }
}

export interface EquityServiceOptions {
  /** the compiled worker script; default: found as described above */
  workerUrl?: URL;
}

interface Pending {
  resolve: (reply: WorkerReply & { ok: true }) => void;
  reject: (error: Error) => void;
}

export function defaultWorkerUrl(): URL {
  const sibling = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(sibling))) return sibling;
  const compiled = new URL('../../../dist/src/engine/equity/worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return compiled;
  throw new EquityServiceError('WORKER_MISSING', 'the equity worker is not built: run `npm run build`');
}

export class EquityService {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private readonly workerUrl: URL;

  constructor(options: EquityServiceOptions = {}) {
    this.workerUrl = options.workerUrl ?? defaultWorkerUrl();
  }

  /** Exact equity (see equityExact); `ms`: the worker's computing time, `thread`: its threadId. Bad input rejects with EquityError. */
  async equity(
    hands: Card[][],
    board: Card[] = [],
    dead: Card[] = [],
  ): Promise<EquityResult & { ms: number; thread: number }> {
    const reply = await this.request('equity', hands, board, dead);
    return { ...(reply.result as EquityResult), ms: reply.ms, thread: reply.thread };
  }

  /** Outs on the flop or the turn (see outs()). */
  async outs(hands: Card[][], board: Card[], dead: Card[] = []): Promise<PlayerOuts[]> {
    const reply = await this.request('outs', hands, board, dead);
    return reply.result as PlayerOuts[];
  }

  /** Requests waiting for the worker. */
  get queued(): number {
    return this.pending.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    const w = this.worker;
    this.worker = null;
    this.failAll(new EquityServiceError('CLOSED', 'the equity service was closed'));
    if (w) await w.terminate();
  }

  private request(
    kind: WorkerRequest['kind'],
    hands: Card[][],
    board: Card[],
    dead: Card[],
  ): Promise<WorkerReply & { ok: true }> {
    if (this.closed) return Promise.reject(new EquityServiceError('CLOSED', 'the equity service was closed'));
    try {
      validateRequest(hands, board, dead); // bad input fails here, before any thread work
    } catch (e) {
      return Promise.reject(e);
    }
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      const req: WorkerRequest = { id, kind, hands: hands.map((h) => [...h]), board: [...board], dead: [...dead] };
      worker.postMessage(req);
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.workerUrl);
    w.unref(); // an idle worker does not keep the process alive
    w.on('message', (reply: WorkerReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) w.unref();
      if (reply.ok) p.resolve(reply);
      else if (reply.code === 'WORKER_FAILED') p.reject(new EquityServiceError('WORKER_FAILED', reply.message));
      else p.reject(new EquityError(reply.code, reply.message));
    });
    w.on('error', (err) => {
      if (this.worker === w) this.worker = null;
      this.failAll(new EquityServiceError('WORKER_FAILED', `equity worker failed: ${err.message}`));
    });
    w.on('exit', (code) => {
      if (this.worker === w) this.worker = null;
      if (code !== 0) this.failAll(new EquityServiceError('WORKER_FAILED', `equity worker exited with code ${code}`));
    });
    this.worker = w;
    return w;
  }

  private failAll(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(error);
  }
}
