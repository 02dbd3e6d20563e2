// A pair of connected pseudo-terminals made by socat: what the simulator's virtual devices and the service open
// instead of USB serial ports. `socat -d -d pty,raw,echo=0 pty,raw,echo=0` prints each end's path on stderr.
import { type ChildProcess, spawn } from 'node:child_process';
import { SimError } from './errors.js';

export interface PtyPair {
  /** the device end (the simulator opens it) */
  device: string;
  /** the service end (BridgeLink / DealerPanel open it); the symlink when one was asked for */
  service: string;
  pid: number;
  /** kills socat: both ends go away (an unplugged cable) */
  close(): Promise<void>;
}

export interface PtyPairOptions {
  /** a stable path (symlink) for the service end, e.g. /tmp/feltwire-bridge */
  serviceLink?: string;
  deviceLink?: string;
  timeoutMs?: number;
}

export function openPtyPair(opts: PtyPairOptions = {}): Promise<PtyPair> {
  const end = (link?: string) => `pty,raw,echo=0${link ? `,link=${link}` : ''}`;
  const child: ChildProcess = spawn('socat', ['-d', '-d', end(opts.deviceLink), end(opts.serviceLink)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const paths: string[] = [];
    let text = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new SimError('PTY_FAILED', `socat did not create two ptys: ${text.trim()}`));
    }, opts.timeoutMs ?? 5000);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new SimError('PTY_FAILED', `cannot run socat: ${err.message}`, { cause: err }));
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      for (const m of text.matchAll(/PTY is (\S+)/g)) if (!paths.includes(m[1])) paths.push(m[1]);
      if (paths.length === 2 && /starting data transfer loop/.test(text)) {
        clearTimeout(timer);
        child.stderr?.removeAllListeners('data');
        child.stderr?.resume();
        const exited = new Promise<void>((r) => {
          if (child.exitCode !== null || child.signalCode !== null) r();
          else child.once('exit', () => r());
        });
        resolve({
          device: opts.deviceLink ?? paths[0],
          service: opts.serviceLink ?? paths[1],
          pid: child.pid ?? -1,
          close: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
  });
}
