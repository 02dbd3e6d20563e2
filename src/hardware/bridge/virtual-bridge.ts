// A virtual reader bridge on a serial port: BridgeEndpoint plus the wire (any Duplex, e.g. a pty opened with
// serialport) and the firmware's timers (HB every second, an INV per antenna every 5 s). The simulator's bridge.
import type { Duplex } from 'node:stream';
import { HEARTBEAT_PERIOD_MS, INVENTORY_PERIOD_MS } from './constants.js';
import { BridgeEndpoint } from './device.js';

export class VirtualBridgeWire extends BridgeEndpoint {
  private port: Duplex | null = null;
  private timers: NodeJS.Timeout[] = [];

  /** Sends frames to a Duplex and reads the service's frames from it. Replaces any previous port. */
  attach(port: Duplex): void {
    this.detach();
    this.port = port;
    this.setSink((line) => {
      if (port.writable) port.write(line);
    });
    port.on('data', (chunk: Buffer) => this.receive(chunk));
    port.on('error', () => this.detach()); // unplugged: frames wait in the ring
  }

  /** Cable out: frames are still numbered and kept in the ring, but go nowhere. */
  detach(): void {
    this.port?.removeAllListeners('data');
    this.port = null;
    this.setSink(null);
  }

  /** Power on: fresh seq and ring, HELLO, an INV per antenna; then the HB and periodic INV timers. */
  start(): void {
    this.boot();
    this.resume();
  }

  /** Timers only, no boot: a bridge that was stalled carries on where it was. */
  resume(): void {
    this.stop();
    const hb = setInterval(() => this.heartbeat(), this.opts.heartbeatMs ?? HEARTBEAT_PERIOD_MS);
    const inv = setInterval(() => this.inventoryAll(), this.opts.inventoryMs ?? INVENTORY_PERIOD_MS);
    this.timers = [hb, inv];
  }

  /** Timers off (the bridge stalls: no HB). */
  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** Raw bytes on the wire (noise, corrupt frames), outside the seq. */
  sendRaw(bytes: string | Uint8Array): void {
    if (this.port?.writable) this.port.write(bytes);
    else if (typeof bytes === 'string') this.sink?.(bytes);
  }
}
