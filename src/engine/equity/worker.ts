// The equity worker thread: answers EquityService requests off the main event loop.
import { parentPort, threadId } from 'node:worker_threads';
import { EquityError } from './errors.js';
import { equityExact } from './exact.js';
import { outs } from './outs.js';
import type { WorkerReply, WorkerRequest } from './workerService.js';

const port = parentPort;
if (port) {
  port.on('message', (req: WorkerRequest) => {
    const started = performance.now();
    let reply: WorkerReply;
    try {
      const result =
        req.kind === 'outs' ? outs(req.hands, req.board, req.dead) : equityExact(req.hands, req.board, req.dead);
      reply = { id: req.id, ok: true, result, ms: performance.now() - started, thread: threadId };
    } catch (e) {
      const code = e instanceof EquityError ? e.code : 'WORKER_FAILED';
      reply = { id: req.id, ok: false, code, message: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(reply);
  });
}
