// BridgeLink against a virtual bridge over REAL pseudo-terminals (socat): the way the service meets the hardware.
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeLink, VirtualBridgeWire } from '../../src/hardware/bridge/index.js';
import type { ReaderEvent } from '../../src/hardware/types.js';
import { closePort, openPort, type PtyPair, ptyPair, sleep, until } from './pty.js';

const HB = 300; // fast heartbeats: a silent bridge is noticed in 900 ms

const UID = {
  card: '04A1B2C3D4E5F6',
  chipA: 'E004015012345678',
  chipB: 'E0040150AAAA0002',
  chipC: 'E0040150AAAA0003',
};

interface Rig {
  pair: PtyPair;
  link: BridgeLink;
  bridge: VirtualBridgeWire;
  events: ReaderEvent[];
  devicePort: Awaited<ReturnType<typeof openPort>> | null;
  logged: { level: string; obj: object; msg: string }[];
}

let rig: Rig | null = null;

async function setup(antennas = 4, ackIntervalMs?: number): Promise<Rig> {
  const pair = await ptyPair();
  const devicePort = await openPort(pair.device);
  const bridge = new VirtualBridgeWire({ antennas, bootId: 'B001', heartbeatMs: HB, inventoryMs: 60_000 });
  bridge.attach(devicePort);
  bridge.start();
  const logged: { level: string; obj: object; msg: string }[] = [];
  const logger = {
    debug: (obj: object, msg: string) => logged.push({ level: 'debug', obj, msg }),
    warn: (obj: object, msg: string) => logged.push({ level: 'warn', obj, msg }),
  };
  const link = await BridgeLink.open({
    path: pair.service,
    heartbeatMs: HB,
    reconnectMinMs: 50,
    reconnectMaxMs: 400,
    ackIntervalMs,
    logger,
  });
  const events: ReaderEvent[] = [];
  link.on('reader', (ev) => events.push(ev));
  rig = { pair, link, bridge, events, devicePort, logged };
  await until('link up', () => events.some((e) => e.kind === 'link' && e.state === 'up'));
  return rig;
}

afterEach(async () => {
  if (!rig) return;
  rig.bridge.stop();
  await rig.link.close();
  await closePort(rig.devicePort);
  await rig.pair.cleanup();
  rig = null;
});

const moves = (events: ReaderEvent[]) =>
  events.flatMap((e) => (e.kind === 'arrive' || e.kind === 'leave' ? [`${e.kind} ${e.antenna} ${e.uid}`] : []));

/** No event applied twice: per antenna and uid, arrivals and departures alternate, starting with an arrival. */
function expectAlternating(events: ReaderEvent[]): void {
  const last = new Map<string, string>();
  for (const e of events) {
    if (e.kind !== 'arrive' && e.kind !== 'leave') continue;
    const key = `${e.antenna}/${e.uid}`;
    expect(last.get(key) ?? 'leave', `${e.kind} ${key} twice in a row`).not.toBe(e.kind);
    last.set(key, e.kind);
  }
}

function expectSameInventory(r: Rig): void {
  for (let a = 0; a < r.bridge.antennas; a++) expect(r.link.present(a)).toEqual(r.bridge.inventory(a).sort());
}

describe('BridgeLink over a real pty', () => {
  it('frames both ways, with garbage, split and corrupt frames mixed in', async () => {
    const r = await setup();
    // the bridge's frames now leave in 2-4 pieces a few ms apart, as a busy USB-serial adapter delivers them
    let queue = Promise.resolve();
    r.bridge.setSink((line) => {
      queue = queue.then(async () => {
        const cuts = [0, Math.floor(line.length / 3), Math.floor((2 * line.length) / 3), line.length];
        for (let i = 0; i < 3; i++) {
          r.devicePort?.write(line.slice(cuts[i], cuts[i + 1]));
          await sleep(3);
        }
      });
    });
    r.bridge.sendRaw('\x00\xffline noise\r\n');
    r.bridge.arrive(1, UID.card, 'D');
    r.bridge.sendRaw('$77,TAG,1,04A1B2C3D4E5F7,D*0000\n'); // corrupt: bad CRC
    r.bridge.sendRaw(`$78,TAG,${'9'.repeat(200)}\n`); // too long
    r.bridge.arrive(2, UID.chipA, '-');
    r.bridge.fault(3, 'ANT_TIMEOUT');
    await until('fault', () => r.events.some((e) => e.kind === 'fault'));
    expect(moves(r.events)).toEqual([`arrive 1 ${UID.card}`, `arrive 2 ${UID.chipA}`]);
    expect(r.events.find((e) => e.kind === 'arrive')).toMatchObject({ face: 'D', orderKnown: true });
    expect(r.events.find((e) => e.kind === 'fault')).toMatchObject({ antenna: 3, code: 'ANT_TIMEOUT' });
    const s = r.link.stats();
    expect(s.parser.bad_crc).toBeGreaterThanOrEqual(1);
    expect(s.parser.too_long).toBeGreaterThanOrEqual(1);
    expect(s.parser.noiseBytes).toBeGreaterThanOrEqual(13);
    // the corrupt frame is logged at debug level as a hex dump, nowhere else
    expect(r.logged).toContainEqual({
      level: 'debug',
      obj: { cause: 'bad_crc', hex: Buffer.from('$77,TAG,1,04A1B2C3D4E5F7,D*0000\n').toString('hex') },
      msg: 'bridge frame rejected',
    });
    // service to bridge: the SYNC was answered and ACKs reach the bridge's ring
    await until(
      'ack of everything',
      () => r.bridge.stats.acked === r.link.stats().lastSeq && r.bridge.stats.ring === 0,
    );
    expect(r.bridge.scanner.counts.frames).toBeGreaterThanOrEqual(2);
  });

  it('a frame lost on the wire is recovered by RESEND, in order', async () => {
    const r = await setup();
    r.bridge.loseNext(1); // chipA's TAG is numbered and kept in the ring, but never arrives
    r.bridge.arrive(2, UID.chipA);
    r.bridge.arrive(2, UID.chipB);
    await until('both chips', () => moves(r.events).length === 2);
    expect(moves(r.events)).toEqual([`arrive 2 ${UID.chipA}`, `arrive 2 ${UID.chipB}`]);
    expect(r.events.filter((e) => e.kind === 'arrive').every((e) => e.kind === 'arrive' && e.orderKnown)).toBe(true);
    expect(r.link.stats().resendsSent).toBeGreaterThanOrEqual(1);
    expect(r.bridge.stats.resent).toBeGreaterThanOrEqual(2);
    await sleep(300); // the resent copies must not be applied again
    expect(moves(r.events)).toHaveLength(2);
    expect(r.link.stats().receiver.duplicates + r.link.stats().receiver.outOfOrder).toBeGreaterThanOrEqual(1);
  });

  it('unplugged (socat killed) and back under the same path: LINK_LOST, SYNC, inventory diff, LINK_RESTORED', async () => {
    const r = await setup();
    r.bridge.arrive(0, UID.card, 'U');
    r.bridge.arrive(1, UID.chipA);
    await until('two arrivals', () => moves(r.events).length === 2);

    const unpluggedAt = r.events.length;
    await r.pair.unplug();
    await until('LINK_LOST', () => r.events.some((e) => e.kind === 'link' && e.state === 'lost'));
    r.bridge.detach();
    await closePort(r.devicePort);
    // on the table while the cable is out
    r.bridge.leave(0, UID.card);
    r.bridge.arrive(1, UID.chipB);
    r.bridge.arrive(3, UID.chipC);
    await sleep(500); // the link retries with backoff meanwhile
    await r.pair.replug();
    r.devicePort = await openPort(r.pair.device);
    r.bridge.attach(r.devicePort);
    await until('LINK_RESTORED', () => r.events.some((e) => e.kind === 'link' && e.state === 'restored'));

    const after = r.events.slice(unpluggedAt);
    expect(moves(after).sort()).toEqual([`arrive 1 ${UID.chipB}`, `arrive 3 ${UID.chipC}`, `leave 0 ${UID.card}`]);
    for (const e of after) if (e.kind === 'arrive' || e.kind === 'leave') expect(e.orderKnown).toBe(false);
    expectAlternating(r.events);
    expectSameInventory(r);
    expect(r.link.stats().reconnects).toBeGreaterThanOrEqual(1);

    // and the link works as before
    r.bridge.arrive(2, UID.card, 'D');
    await until('arrival after restore', () => moves(r.events).includes(`arrive 2 ${UID.card}`));
    expectAlternating(r.events);
  });

  it('a rebooted bridge (new boot id, seq from 0) is resynchronised by inventory', async () => {
    const r = await setup();
    r.bridge.arrive(1, UID.chipA);
    r.bridge.arrive(1, UID.chipB);
    await until('two chips', () => moves(r.events).length === 2);
    r.bridge.loseNext(1);
    r.bridge.leave(1, UID.chipA); // lost, and the bridge reboots before anyone asks again
    r.bridge.reboot('B002');
    await until('resync', () => r.link.present(1).length === 1);
    expect(r.events.find((e) => e.kind === 'hello' && e.bootId === 'B002')).toBeTruthy();
    expect(moves(r.events)).toEqual([`arrive 1 ${UID.chipA}`, `arrive 1 ${UID.chipB}`, `leave 1 ${UID.chipA}`]);
    expect(r.events.filter((e) => e.kind === 'leave')[0]).toMatchObject({ orderKnown: false });
    expect(r.link.stats().receiver.reboots).toBe(1);
    expect(r.link.stats().bootId).toBe('B002');
    r.bridge.arrive(1, UID.chipC);
    await until('arrival after reboot', () => r.link.present(1).length === 2);
    expectAlternating(r.events);
    expectSameInventory(r);
  });

  it('heartbeats stop: LINK_LOST after three periods; they resume: SYNC and LINK_RESTORED, nothing applied twice', async () => {
    const r = await setup();
    r.bridge.arrive(2, UID.chipA);
    await until('arrival', () => moves(r.events).length === 1);
    r.bridge.stop(); // a stalled bridge: no HB
    await until('LINK_LOST', () => r.events.some((e) => e.kind === 'link' && e.state === 'lost'));
    expect(r.events.find((e) => e.kind === 'link' && e.state === 'lost')).toMatchObject({ detail: 'no heartbeat' });
    r.bridge.arrive(2, UID.chipB);
    r.bridge.resume();
    await until('LINK_RESTORED', () => r.events.some((e) => e.kind === 'link' && e.state === 'restored'));
    await until('chipB', () => r.link.present(2).length === 2);
    expectAlternating(r.events);
    expectSameInventory(r);
  });

  it('a reboot whose HELLO was lost: its frames look old and are dropped, the silence trips LINK_LOST, SYNC resyncs', async () => {
    const r = await setup();
    for (let i = 0; i < 40; i++) r.bridge.heartbeat(); // push the expected seq well past what a fresh boot sends
    r.bridge.arrive(1, UID.chipA);
    await until('chipA', () => r.link.present(1).length === 1);
    r.bridge.loseNext(2); // the GONE, and the HELLO of the reboot that follows
    r.bridge.leave(1, UID.chipA);
    r.bridge.reboot('B0FF');
    await until('LINK_LOST then restored', () => r.events.some((e) => e.kind === 'link' && e.state === 'restored'));
    expect(r.link.stats().bootId).toBe('B0FF');
    expect(r.link.present(1)).toEqual([]);
    expect(r.link.stats().receiver.duplicates).toBeGreaterThan(0);
    expectAlternating(r.events);
  });

  it('a frame the bridge can only send too long is given up after 2 RESENDs: SYNC heals, the link carries on', async () => {
    const r = await setup(4, 50); // RESENDs 100 ms apart: given up well before the heartbeat watch would trip
    r.bridge.fault(1, `ANT_${'X'.repeat(200)}`); // a bridge bug: an ERR frame over 160 bytes, in its ring
    r.bridge.arrive(2, UID.chipA);
    await until('chipA despite the bad frame', () => r.link.present(2).length === 1, 15_000);
    const s = r.link.stats();
    expect(s.receiver.skipped).toBeGreaterThanOrEqual(1);
    expect(s.resendsSent).toBe(2);
    expect(s.parser.too_long).toBeGreaterThanOrEqual(3); // the original and each resent copy
    expect(r.events.some((e) => e.kind === 'fault')).toBe(false); // the unreadable fault never became an event
    expect(s.linkLost).toBe(0);
  });
});
