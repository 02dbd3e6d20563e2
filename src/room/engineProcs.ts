// The engines' processes: a watchdog that ends them when this process dies without its handlers, their pids
// (alive, command line, pid files), and ports (a free one, waiting for one to listen). Each process is ours: it is
// ended by its pid, never by name.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Socket as NetSocket } from 'node:net';
import { createServer, Socket } from 'node:net';
import { monotonicNow } from '../clock/index.js';
import { FeltwireError } from '../errors.js';

export class EngineError extends FeltwireError<'NOT_INSTALLED' | 'START_FAILED'> {
  constructor(code: 'NOT_INSTALLED' | 'START_FAILED', message: string) {
    super(code, message);
    this.name = 'EngineError';
  }
  /** Mosquitto or PostgreSQL missing or not started: the room's engines are not there */
  get status(): number {
    return 503;
  }
}

// ---- nothing left behind: a watchdog ends the engines when this process dies without its handlers ---------------
// One small process per room, in a session of its own (a terminal's SIGHUP does not reach it), reading a pipe from
// us: "+ PID SIGNAL" watches an engine, "- PID" forgets it. When the pipe closes (we exited, were SIGKILLed or died
// of a SIGHUP) it sends each watched engine its signal, then SIGKILL to any still there after 5 s.
const WATCHDOG = `
const w = new Map(); let buf = '';
process.stdin.on('data', (d) => {
  buf += d; let i;
  while ((i = buf.indexOf('\\n')) >= 0) {
    const [op, pid, sig] = buf.slice(0, i).split(' '); buf = buf.slice(i + 1);
    if (op === '+') w.set(Number(pid), sig); else w.delete(Number(pid));
  }
});
const alive = (p) => { try { process.kill(p, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
process.stdin.on('end', () => {
  for (const [p, sig] of w) { try { process.kill(p, sig); } catch {} }
  const until = Date.now() + 5000;
  const t = setInterval(() => {
    const left = [...w.keys()].filter(alive);
    if (left.length === 0 || Date.now() > until) {
      for (const p of left) { try { process.kill(p, 'SIGKILL'); } catch {} }
      clearInterval(t); process.exit(0);
    }
  }, 100);
});
process.on('SIGHUP', () => {}); process.on('SIGINT', () => {});
`;
let watchdog: ChildProcess | null = null;

export function watchdogPipe(): NetSocket | null {
  if (!watchdog || watchdog.exitCode !== null) {
    const w = spawn(process.execPath, ['-e', WATCHDOG], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    w.unref();
    (w.stdin as unknown as NetSocket).unref();
    w.stdin?.on('error', () => {});
    watchdog = w;
  }
  return (watchdog.stdin as unknown as NetSocket) ?? null;
}

/** the engine `pid` gets `signal` if this process dies before it ends it */
export function guardEngine(pid: number, signal: NodeJS.Signals): void {
  watchdogPipe()?.write(`+ ${pid} ${signal}\n`);
}

export function releaseEngine(pid: number): void {
  if (watchdog && watchdog.exitCode === null) watchdog.stdin?.write(`- ${pid}\n`);
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

export async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

/** a pid file's pid, when the file exists and holds one */
export function pidIn(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForPort(port: number, timeoutMs: number, alive: () => boolean): Promise<void> {
  const until = monotonicNow() + timeoutMs;
  while (monotonicNow() < until) {
    if (!alive()) throw new EngineError('START_FAILED', `the process exited before listening on ${port}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = new Socket();
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
      s.connect(port, '127.0.0.1');
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new EngineError('START_FAILED', `nothing listening on 127.0.0.1:${port} after ${timeoutMs} ms`);
}
