// The simulated hardware as another binding of the table's ports (node-serialport's mock is a binding of the same
// interface as the real one): a virtual reader bridge speaking protocol v1 and a virtual Firmata dealer panel, opened
// by the service's BridgeLink and PanelLink like the real devices, in-process (a stream pair given to the link as its
// PortOpener) or over pseudo-terminals (socat). It also pulls the bridge's cable on demand and keeps the dealer
// behind the service (flow control on the bridge's acknowledgements). It knows nothing of poker.
import type { Duplex } from 'node:stream';
import { SerialPort } from 'serialport';
import { seqAfter, VirtualBridgeWire } from '../hardware/bridge/index.js';
import type { BridgePort } from '../hardware/bridge/port.js';
import type { PanelButton, PanelEvent } from '../hardware/types.js';
import type { HardwareFile } from '../table/hardwareFile.js';
import { duplexPair } from './duplexPair.js';
import { SimError } from './errors.js';
import { FirmataEmulator } from './firmataEmulator.js';
import { openPtyPair, type PtyPair } from './ptyPair.js';

export const sleep = (ms: number) => new Promise<void>((r) => (ms > 0 ? setTimeout(r, ms) : setImmediate(r)));

export interface SimBindingOptions {
  hardware: HardwareFile;
  antennas: number;
  heartbeatMs?: number;
  /** a press on an in-process panel (with a panel pty it goes over Firmata instead) */
  onPanel: (ev: PanelEvent & { afterSeq: number | null }) => void;
}

export class SimBinding {
  readonly wire: VirtualBridgeWire;
  readonly emulator = new FirmataEmulator();
  mode: 'none' | 'inprocess' | 'pty' = 'none';
  unplugged = false;
  closed = false;
  private running = false;
  private inprocDevice: Duplex | null = null;
  private inprocService: Duplex | null = null;
  private bridgePty: PtyPair | null = null;
  private panelPty: PtyPair | null = null;
  private bridgePort: SerialPort | null = null;
  private panelPort: SerialPort | null = null;
  private bridgeLinkPath: string | undefined;
  private sentSeq: number | null = null;

  constructor(private readonly opts: SimBindingOptions) {
    this.wire = new VirtualBridgeWire({
      antennas: opts.antennas,
      heartbeatMs: opts.heartbeatMs,
      ringSize: 4096,
      deviceId: 'BR-SIM',
      firmware: 'sim-1.0',
    });
  }

  /** In-process: the service's BridgeLink PortOpener; each call is a new cable (refused while unplugged). */
  readonly open = async (): Promise<BridgePort> => {
    if (this.unplugged) throw new SimError('SIM_STATE', 'the simulated bridge is unplugged');
    this.mode = 'inprocess';
    const [device, service] = duplexPair();
    this.inprocDevice = device;
    this.inprocService = service;
    this.attachWire(device);
    this.powerOn();
    return service;
  };

  /** Over ptys: the bridge's and the panel's pseudo-terminals, their device ends opened. The service's paths. */
  async connectPty(
    opts: { bridgeLink?: string; panelLink?: string; panel?: boolean } = {},
  ): Promise<{ bridge: string; panel: string | null }> {
    this.mode = 'pty';
    this.bridgeLinkPath = opts.bridgeLink;
    await this.plugBridgePty();
    let panel: string | null = null;
    if (opts.panel !== false) {
      this.panelPty = await openPtyPair({ serviceLink: opts.panelLink });
      this.panelPort = await openDevice(this.panelPty.device, 57600);
      this.emulator.attach(this.panelPort);
      panel = this.panelPty.service;
    }
    this.powerOn();
    return { bridge: this.bridgePty?.service ?? '', panel };
  }

  /** True when the panel is a Firmata device on its own pty (presses then travel over it). */
  get firmataPanel(): boolean {
    return this.mode === 'pty' && this.panelPty !== null;
  }

  private async plugBridgePty(): Promise<void> {
    this.bridgePty = await openPtyPair({ serviceLink: this.bridgeLinkPath });
    this.bridgeLinkPath = this.bridgePty.service;
    this.bridgePort = await openDevice(this.bridgePty.device, 115200);
    this.attachWire(this.bridgePort);
  }

  /** Attaches the virtual bridge to a cable, noting the seq of each frame it sends (for afterSeq). */
  private attachWire(port: Duplex): void {
    this.wire.attach(port);
    // frames produced together (one scan cycle: a stack of chips, a gathered deck) leave in one write, as a
    // bridge's UART sends them back to back
    let batch: string[] = [];
    const flush = () => {
      const out = batch.join('');
      batch = [];
      if (out && port.writable) port.write(out);
    };
    this.wire.setSink((line) => {
      const seq = Number(line.slice(1, line.indexOf(',')));
      if (this.sentSeq === null || seqAfter(seq, this.sentSeq) || seq === 0) this.sentSeq = seq;
      if (batch.length === 0) setImmediate(flush);
      batch.push(line);
    });
  }

  /** The seq of the last frame the virtual bridge sent (null before the first). */
  get lastSentSeq(): number | null {
    return this.sentSeq;
  }

  private powerOn(): void {
    if (this.running) return;
    this.running = true;
    this.wire.start();
  }

  /** The bridge's USB cable pulled for `ms`, then plugged back under the same device path; resolves once the
   * service is back (its SYNC reached the bridge) and `settleMs` more have passed. */
  async unplug(ms: number, settleMs: number): Promise<void> {
    // the dealer waits until the bridge's last frames are acknowledged: nothing in flight is lost with the cable
    for (let i = 0; i < 200 && this.sentSeq !== null && this.wire.stats.acked !== this.sentSeq; i++) await sleep(10);
    this.unplugged = true;
    this.wire.detach();
    const heard = this.wire.stats.received;
    if (this.mode === 'pty') {
      await closeDevice(this.bridgePort);
      this.bridgePort = null;
      await this.bridgePty?.close();
      this.bridgePty = null;
      await sleep(ms);
      if (this.closed) return;
      await this.plugBridgePty();
      if (this.closed) {
        // closed while the cable was out: the new pty must not outlive the simulator
        const pair = this.bridgePty as PtyPair | null;
        await closeDevice(this.bridgePort);
        await pair?.close();
        return;
      }
    } else if (this.mode === 'inprocess') {
      this.inprocService?.destroy();
      this.inprocDevice?.destroy();
      await sleep(ms);
    }
    this.unplugged = false;
    if (this.mode !== 'none') {
      for (let i = 0; i < 1500 && !this.closed && this.wire.stats.received === heard; i++) await sleep(10);
      await sleep(settleMs);
    }
  }

  /** Waits until the service opened the bridge (its SYNC) and, with a Firmata panel, set up its buttons. */
  async awaitService(stopped: () => boolean, log: (line: string) => void): Promise<void> {
    if (this.mode !== 'pty') return;
    if (this.wire.stats.received === 0) {
      log('waiting for the service to open the reader bridge...');
      while (!this.closed && !stopped() && this.wire.stats.received === 0) await sleep(50);
    }
    const shufflePin = this.opts.hardware.panel?.buttons.shuffle;
    if (this.firmataPanel && shufflePin !== undefined) {
      // johnny-five has set the buttons up (input pins), else the first press is lost
      log('waiting for the service to open the dealer panel...');
      while (!this.closed && !stopped() && this.emulator.modes[shufflePin] < 0) await sleep(50);
      await sleep(300);
    }
  }

  /** A panel button pressed: over Firmata with a panel pty, else an in-process panel event. */
  async press(button: PanelButton, buttonMs: number): Promise<void> {
    if (this.firmataPanel) {
      const pin = this.opts.hardware.panel?.buttons[button];
      if (pin === undefined) throw new SimError('SIM_CONFIG', 'the table file has no panel');
      this.emulator.press(pin);
      await sleep(Math.min(20, buttonMs));
      this.emulator.release(pin);
      // the panel is a second serial link: nothing orders it with the bridge, so the dealer leaves the press time
      // to arrive (johnny-five's reads, the debounce) before touching the table, whatever the speed
      await sleep(Math.max(0, 300 - buttonMs));
    } else this.opts.onPanel({ kind: 'button', button, at: Date.now(), afterSeq: this.sentSeq });
  }

  /** Flow control: a dealer faster than the service waits for the link to acknowledge what is in flight. */
  async drain(limit = 256): Promise<void> {
    for (let i = 0; i < 500 && !this.closed && !this.unplugged && this.inFlight() > limit; i++) await sleep(5);
  }

  /** Waits until the service has acknowledged every frame sent (at most `maxMs`). */
  async acknowledged(maxMs = 3000): Promise<void> {
    if (this.mode === 'none') return;
    for (let i = 0; i * 5 < maxMs && !this.closed && !this.unplugged && this.inFlight() > 0; i++) await sleep(5);
    await sleep(10);
  }

  /** frames sent and not yet acknowledged by the service */
  private inFlight(): number {
    const acked = this.wire.stats.acked;
    if (this.sentSeq === null || acked === null) return 0;
    return (this.sentSeq - acked + 65536) % 65536;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wire.stop();
    this.wire.detach();
    this.emulator.close();
    this.inprocService?.destroy();
    this.inprocDevice?.destroy();
    await closeDevice(this.bridgePort);
    await closeDevice(this.panelPort);
    await this.bridgePty?.close();
    await this.panelPty?.close();
  }
}

async function openDevice(path: string, baudRate: number): Promise<SerialPort> {
  const port = new SerialPort({ path, baudRate, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  port.on('error', () => {});
  return port;
}

async function closeDevice(port: SerialPort | null): Promise<void> {
  if (!port?.isOpen) return;
  await new Promise<void>((resolve) => port.close(() => resolve()));
}
