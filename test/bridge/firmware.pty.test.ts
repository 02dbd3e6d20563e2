// Both ends ours, for real: the firmware's bridge logic (C++, firmware-bridge/src, built for the host as
// tools/host_bridge) on one end of a socat pty, the service's BridgeLink on the other.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BridgeLink } from '../../src/hardware/bridge/index.js';
import type { ReaderEvent } from '../../src/hardware/types.js';
import { type PtyPair, ptyPair, sleep, until } from './pty.js';

const FW = fileURLToPath(new URL('../../firmware-bridge', import.meta.url));
const CARD = '04A1B2C3D4E5F6';
const CHIP = 'E004015012345678';
const CHIP2 = 'E0040150AAAA0002';

interface Rig {
  pair: PtyPair;
  fw: ChildProcess;
  link: BridgeLink;
  events: ReaderEvent[];
}
let rig: Rig | null = null;

function startFirmware(device: string, bootId: string): ChildProcess {
  return spawn(`${FW}/build/host/host_bridge`, [device, bootId], { stdio: ['pipe', 'ignore', 'inherit'] });
}
const send = (fw: ChildProcess, line: string) => fw.stdin?.write(`${line}\n`);
function stopFirmware(fw: ChildProcess): Promise<void> {
  if (fw.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    fw.once('exit', () => resolve());
    fw.stdin?.end();
  });
}
const moves = (events: ReaderEvent[]) =>
  events.flatMap((e) =>
    e.kind === 'arrive' || e.kind === 'leave' ? [`${e.kind} ${e.antenna} ${e.uid}${e.orderKnown ? '' : ' ?'}`] : [],
  );
const linkState = (events: ReaderEvent[], state: string) => events.some((e) => e.kind === 'link' && e.state === state);

beforeAll(() => {
  const r = spawnSync('make', ['-C', FW, 'host-bridge'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}, 120_000);

afterEach(async () => {
  if (!rig) return;
  await rig.link.close();
  await stopFirmware(rig.fw);
  await rig.pair.cleanup();
  rig = null;
});

async function setup(): Promise<Rig> {
  const pair = await ptyPair();
  const fw = startFirmware(pair.device, '7F3A');
  const link = await BridgeLink.open({ path: pair.service, reconnectMinMs: 50, reconnectMaxMs: 400 });
  const events: ReaderEvent[] = [];
  link.on('reader', (e) => events.push(e));
  rig = { pair, fw, link, events };
  await until('link up', () => linkState(events, 'up'));
  return rig;
}

describe('firmware bridge logic <-> BridgeLink over a pty', () => {
  it('HELLO, debounced TAG and GONE, face, antenna fault, ACKs keeping the ring short', async () => {
    const r = await setup();
    expect(r.events.find((e) => e.kind === 'hello')).toMatchObject({
      bootId: '7F3A',
      deviceId: 'BR-HOST',
      antennas: 24,
    });
    send(r.fw, 'face 3 D');
    send(r.fw, `add 3 ${CARD}`);
    send(r.fw, `add 11 ${CHIP}`);
    await until('two arrivals', () => moves(r.events).length === 2);
    expect(r.events.find((e) => e.kind === 'arrive' && e.antenna === 3)).toMatchObject({ face: 'D', orderKnown: true });
    send(r.fw, `del 3 ${CARD}`);
    send(r.fw, 'fault 5 timeout');
    await until('departure and fault', () => moves(r.events).length === 3 && r.events.some((e) => e.kind === 'fault'));
    expect(moves(r.events).slice(0, 2).sort()).toEqual([`arrive 11 ${CHIP}`, `arrive 3 ${CARD}`]); // scan order
    expect(moves(r.events)[2]).toBe(`leave 3 ${CARD}`);
    expect(r.events.find((e) => e.kind === 'fault')).toMatchObject({ antenna: 5, code: 'ANT_TIMEOUT' });
    await until('a heartbeat', () => r.events.some((e) => e.kind === 'heartbeat'));
    const hb = r.events.find((e) => e.kind === 'heartbeat');
    expect(hb).toMatchObject({ dropped: 0 });
    expect(hb?.kind === 'heartbeat' && hb.scanMs).toBeGreaterThan(0);
    expect(r.link.stats().parser.bad_crc + r.link.stats().receiver.outOfOrder).toBe(0);
  });

  it('unplugged and replugged under the same path: LINK_LOST, then SYNC and the inventory diff, LINK_RESTORED', async () => {
    const r = await setup();
    send(r.fw, `add 11 ${CHIP}`);
    await until('chip', () => r.link.present(11).length === 1);
    const before = r.events.length;
    await r.pair.unplug();
    await until('LINK_LOST', () => linkState(r.events.slice(before), 'lost'));
    send(r.fw, `del 11 ${CHIP}`);
    send(r.fw, `add 12 ${CHIP2}`);
    await sleep(700); // latch-off happens while the cable is out
    await r.pair.replug();
    await until('LINK_RESTORED', () => linkState(r.events.slice(before), 'restored'), 15_000);
    expect(moves(r.events.slice(before)).sort()).toEqual([`arrive 12 ${CHIP2} ?`, `leave 11 ${CHIP} ?`]);
    expect(r.link.present(11)).toEqual([]);
    expect(r.link.present(12)).toEqual([CHIP2]);
  });

  it('a rebooted bridge (new process, new boot id) is resynchronised by its inventory', async () => {
    const r = await setup();
    send(r.fw, `add 1 ${CARD}`);
    send(r.fw, `add 11 ${CHIP}`);
    await until('both', () => moves(r.events).length === 2);
    await stopFirmware(r.fw);
    r.fw = startFirmware(r.pair.device, 'B00B');
    send(r.fw, `add 11 ${CHIP}`); // the chip is still there; the card went while the bridge was off
    await until('resync', () => r.link.stats().bootId === 'B00B' && r.link.present(1).length === 0, 15_000);
    expect(r.link.present(11)).toEqual([CHIP]);
    expect(r.link.stats().receiver.reboots).toBe(1);
    expect(moves(r.events).slice(0, 2).sort()).toEqual([`arrive 1 ${CARD}`, `arrive 11 ${CHIP}`]);
    expect(moves(r.events).slice(2)).toEqual([`leave 1 ${CARD} ?`]); // the chip, still there, is not announced again
  });
});
