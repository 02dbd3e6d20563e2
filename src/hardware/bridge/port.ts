// The serial transport under the link: opening a port (serialport by default, injectable), releasing one whose
// device may have vanished, and the backoff between reopen attempts.
import type { Duplex } from 'node:stream';
import { SerialPort } from 'serialport';

/** A serial port as the link needs it: a Duplex, closed with `close()` when it has one (serialport does). */
export interface BridgePort extends Duplex {
  isOpen?: boolean;
  close?(callback?: (err: Error | null) => void): void;
}
export type PortOpener = (path: string, baudRate: number) => Promise<BridgePort>;

export const openSerialPort: PortOpener = (path, baudRate) =>
  new Promise((resolve, reject) => {
    const port = new SerialPort({ path, baudRate, autoOpen: false });
    port.open((err) => (err ? reject(err) : resolve(port)));
  });

/** Detaches every listener and closes the port; resolves even if the device is gone and never reports 'close'. */
export function releasePort(port: BridgePort): Promise<void> {
  port.removeAllListeners('data');
  port.removeAllListeners('close');
  port.removeAllListeners('error');
  port.on('error', () => {}); // a late error from a dead port must not crash the service
  return new Promise<void>((resolve) => {
    if (port.destroyed) return resolve();
    const done = setTimeout(resolve, 500);
    port.once('close', () => {
      clearTimeout(done);
      resolve();
    });
    // serialport's destroy() leaves the descriptor (and its exclusive lock) open: close() it first
    if (port.close && port.isOpen) port.close(() => port.destroy());
    else port.destroy();
  });
}

/** Exponential backoff between reopen attempts: min, 2 x min, ... up to max. */
export class Backoff {
  private current: number;

  constructor(
    private readonly minMs = 100,
    private readonly maxMs = 2000,
  ) {
    this.current = minMs;
  }

  next(): number {
    const wait = this.current;
    this.current = Math.min(this.current * 2, this.maxMs);
    return wait;
  }

  reset(): void {
    this.current = this.minMs;
  }
}
