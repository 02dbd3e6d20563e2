// The equity worker thread: exact equity and outs off the service's event loop.
import { parentPort } from 'node:worker_threads';
import { exactEquity, outsFor } from './equityMath.js';

export interface EquityRequest {
  id: number;
  op: 'equity' | 'outs';
  hands: string[][];
  board: string[];
  dead: string[];
}

export type EquityReply = { id: number; ok: true; equity?: number[]; outs?: string[][] } | { id: number; ok: false; error: string };

parentPort?.on('message', (req: EquityRequest) => {
  try {
    const reply: EquityReply =
      req.op === 'equity'
        ? { id: req.id, ok: true, equity: exactEquity(req.hands, req.board, req.dead) }
        : { id: req.id, ok: true, outs: outsFor(req.hands, req.board, req.dead) };
    parentPort?.postMessage(reply);
  } catch (err) {
    parentPort?.postMessage({ id: req.id, ok: false, error: (err as Error).message } satisfies EquityReply);
  }
});
