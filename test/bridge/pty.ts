// Real pseudo-terminal pairs made by socat, with stable symlink paths so a "replugged" device comes back under the
// same path, the way a USB serial adapter reappears as /dev/ttyACM0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { expect, vi } from 'vitest';

export interface PtyPair {
  /** symlink the service opens (stable across restarts) */
  service: string;
  /** symlink the (virtual) bridge opens */
  device: string;
  pts: [string, string];
  unplug(): Promise<void>;
  replug(): Promise<void>;
  cleanup(): Promise<void>;
}

function startSocat(service: string, device: string): Promise<{ proc: ChildProcess; pts: [string, string] }> {
  return new Promise((resolve, reject) => {
    const proc = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${service}`, `pty,raw,echo=0,link=${device}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const pts: string[] = [];
    let log = '';
    const timer = setTimeout(() => reject(new Error(`socat did not start: ${log}`)), 5000);
    proc.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
      for (const m of log.matchAll(/PTY is (\/dev\/pts\/\d+)/g)) if (!pts.includes(m[1])) pts.push(m[1]);
      if (pts.length === 2 && /starting data transfer loop/.test(log)) {
        clearTimeout(timer);
        resolve({ proc, pts: [pts[0], pts[1]] });
      }
    });
    proc.on('error', reject);
  });
}

function stop(proc: ChildProcess | null): Promise<void> {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}

export async function ptyPair(): Promise<PtyPair> {
  const dir = mkdtempSync(join(tmpdir(), 'feltwire-test-'));
  const service = join(dir, 'bridge');
  const device = join(dir, 'device');
  let current: ChildProcess | null = null;
  const first = await startSocat(service, device);
  current = first.proc;
  const pair: PtyPair = {
    service,
    device,
    pts: first.pts,
    unplug: async () => {
      await stop(current);
      current = null;
    },
    replug: async () => {
      const next = await startSocat(service, device);
      current = next.proc;
      pair.pts = next.pts;
    },
    cleanup: async () => {
      await stop(current);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return pair;
}

export function openPort(path: string): Promise<SerialPort> {
  return new Promise((resolve, reject) => {
    const port = new SerialPort({ path, baudRate: 115200, autoOpen: false });
    port.open((err) => (err ? reject(err) : resolve(port)));
  });
}

export async function closePort(port: SerialPort | null): Promise<void> {
  if (!port?.isOpen) return;
  await new Promise<void>((resolve) => port.close(() => resolve()));
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `cond` until true (or fails after `ms`, naming what it waited for). */
export async function until(what: string, cond: () => boolean, ms = 10_000): Promise<void> {
  await vi.waitFor(() => expect(cond(), what).toBe(true), { timeout: ms, interval: 20 });
}
