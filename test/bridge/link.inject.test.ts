// BridgeLink with an injected transport (style: the transport is a parameter): write errors, an absent device at
// start (waitForDevice), and the plain error when the device is required.
import { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError, BridgeLink, VirtualBridgeWire } from '../../src/hardware/bridge/index.js';
import type { ReaderEvent } from '../../src/hardware/types.js';
import { duplexPair } from '../../src/sim/duplexPair.js';
import { until } from './pty.js';

/** A port whose every write fails, as a USB adapter pulled mid-write does. */
const brokenPort = () =>
  new Duplex({
    read() {},
    write(_chunk, _enc, done) {
      done(new Error('EIO: i/o error'));
    },
  });

let link: BridgeLink | null = null;
const bridge = new VirtualBridgeWire({ antennas: 2, bootId: 'D00D', heartbeatMs: 100 });
afterEach(async () => {
  bridge.stop();
  await link?.close();
  link = null;
});

describe('BridgeLink with an injected transport', () => {
  it('a write error means LINK_LOST; the next port that opens restores the link', async () => {
    const opened: string[] = [];
    const events: ReaderEvent[] = [];
    link = await BridgeLink.open({
      path: 'inject',
      heartbeatMs: 100,
      reconnectMinMs: 20,
      openPort: async () => {
        opened.push(opened.length === 0 ? 'broken' : 'good');
        if (opened.length === 1) return brokenPort();
        const [service, device] = duplexPair();
        bridge.attach(device);
        bridge.start();
        return service;
      },
    });
    link.on('reader', (e) => events.push(e));
    await until('restored', () => events.some((e) => e.kind === 'link' && e.state === 'up'));
    // the SYNC written at open failed (the link was lost before any listener could hear it), the first good
    // port brought it up
    expect(link.stats().linkLost).toBe(1);
    expect(link.stats().reconnects).toBe(1);
    expect(opened).toEqual(['broken', 'good']);
  });

  it('absent device: OPEN_FAILED by default, or waitForDevice keeps trying until it appears', async () => {
    const absent = async (): Promise<Duplex> => {
      throw new Error('ENOENT: no such file');
    };
    const err = await BridgeLink.open({ path: '/dev/ttyNONE', openPort: absent }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect((err as BridgeError).code).toBe('OPEN_FAILED');

    let tries = 0;
    const events: ReaderEvent[] = [];
    link = await BridgeLink.open({
      path: '/dev/ttyLATER',
      heartbeatMs: 100,
      reconnectMinMs: 10,
      reconnectMaxMs: 40,
      waitForDevice: true,
      openPort: async () => {
        if (++tries < 4) throw new Error('ENOENT: no such file');
        const [service, device] = duplexPair();
        bridge.attach(device);
        bridge.start();
        return service;
      },
    });
    link.on('reader', (e) => events.push(e));
    await until('up', () => events.some((e) => e.kind === 'link' && e.state === 'up'));
    expect(tries).toBe(4);
    expect(link.stats().state).toBe('up');
  });

  it('the SYNC lost on the wire is asked again each heartbeat period until the HELLO comes', async () => {
    const events: ReaderEvent[] = [];
    let dropped = 0;
    link = await BridgeLink.open({
      path: 'lossy',
      heartbeatMs: 100,
      openPort: async () => {
        const [service, device] = duplexPair();
        // the first line the service writes (its SYNC) never reaches the bridge
        const lossy = new Duplex({
          read() {},
          write(chunk, _enc, done) {
            device.write(chunk);
            done();
          },
        });
        device.on('data', (d: Buffer) => {
          if (dropped++ > 0) lossy.push(d);
        });
        bridge.attach(lossy);
        bridge.resume(); // heartbeats only: no boot HELLO to rescue the link
        return service;
      },
    });
    link.on('reader', (e) => events.push(e));
    await until('up', () => events.some((e) => e.kind === 'link' && e.state === 'up'));
    expect(link.stats().syncsSent).toBeGreaterThanOrEqual(2);
  });
});
