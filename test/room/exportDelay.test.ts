// The room's export delay is an age on its own monotonic clock, counted from when the room received the hand: a
// table's end time comes from another machine's clock (here two hours behind), and the room's wall clock jumps an
// hour forward and back mid-session; neither lets a hand history out early, neither holds one back for an hour.
// Across a room restart the age is read from the received wall time only when the clock is synchronised; otherwise
// the delay runs again in full from the start. Real parts: the in-process broker (aedes) over TCP, a table account
// publishing its hands, the room's HTTP API with its token, a SQLite archive kept across the restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, makeAccounts } from '../../src/room/acl.js';
import { RoomArchive } from '../../src/room/archive.js';
import { type InProcessBroker, startInProcessBroker } from '../../src/room/inProcessBroker.js';
import { checkMessage, type HandMessage, topics } from '../../src/room/protocol.js';
import { type RoomService, startRoom } from '../../src/room/roomService.js';
import type { PlayedHand } from '../../src/store/playedHand.js';
import { archiveOf, loadScenario, scenarioFiles } from '../store/helpers.js';

const DELAY = 60_000;
const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function playedHands(n: number): PlayedHand[] {
  const archive = archiveOf(scenarioFiles().slice(0, 12).map(loadScenario));
  const out: PlayedHand[] = [];
  for (const h of archive.list()) {
    const p = archive.get(h.handNo);
    if (p.complete) out.push(p);
    if (out.length === n) break;
  }
  return out;
}

describe('room export delay: an age from receipt on the monotonic clock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-delay-'));
  const accounts = makeAccounts(['1']);
  const hands = playedHands(4);
  let broker: InProcessBroker;
  let archive: RoomArchive;
  let room: RoomService | null = null;
  let table: mqtt.MqttClient;
  /** the room's clocks: the wall clock is the real one moved by `wallOff`; the monotonic one is ours */
  let wallOff = 0;
  let mono = 1000;
  let synchronised = false;
  /** a wall clock held still (the restart test reads ages to the millisecond) */
  let wallAt: number | null = null;
  const wall = () => wallAt ?? Date.now() + wallOff;
  const said: string[] = [];

  const message = (i: number, endWall: number): HandMessage =>
    checkMessage('hand', {
      v: 1,
      kind: 'hand',
      tableId: '1',
      logId: 'log-of-table-1',
      handId: `1-${hands[i].handNo}`,
      handNo: hands[i].handNo,
      prevHandNo: i > 0 ? hands[i - 1].handNo : null,
      tableName: 'Table 1',
      roomName: 'test room',
      startWall: endWall - 120_000,
      endWall,
      sent: endWall,
      hand: JSON.parse(JSON.stringify(hands[i])) as PlayedHand,
    });

  const start = async () => {
    const r = account(accounts, 'room');
    room = await startRoom({
      broker: broker.url,
      username: r.username,
      password: r.password,
      archive,
      port: 0,
      host: '127.0.0.1',
      webRoot: null,
      dataDir: dir,
      exportDelayMs: DELAY,
      now: wall,
      mono: () => mono,
      clockSynchronised: () => synchronised,
      say: (l) => said.push(l),
    });
    // subscribed before the table publishes
    const end = performance.now() + 10_000;
    while (!room.stats().connected) {
      if (performance.now() > end) throw new Error('room not connected');
      await sleep(20);
    }
    await sleep(200);
    return room;
  };
  const get = (path: string) => fetch(`${room?.url}${path}`, { headers: { authorization: `Bearer ${room?.token}` } });
  /** the hands the room says may leave, and what each way out gives */
  const exportable = async (i: number) => {
    const list = (await (await get('/api/archive/hands?table=1')).json()) as {
      hands: Array<{ handId: string; exportable: boolean }>;
    };
    const id = `1-${hands[i].handNo}`;
    const listed = list.hands.find((h) => h.handId === id)?.exportable;
    const one = (await get(`/api/archive/hands/1/${id}/export/phh`)).status;
    const bulk = await get('/api/archive/export/phh?table=1');
    await bulk.text();
    return { listed, one, bulkCount: Number(bulk.headers.get('x-feltwire-hands')) };
  };
  const publish = async (msg: HandMessage, storedBefore: number) => {
    await table.publishAsync(topics.table('1', 'hands'), JSON.stringify(msg), { qos: 1 });
    const end = performance.now() + 10_000;
    while ((room?.stats().stored ?? 0) <= storedBefore) {
      if (performance.now() > end) throw new Error(`hand not stored: ${JSON.stringify(room?.stats())} ${said}`);
      await sleep(20);
    }
    await room?.idle();
  };

  beforeAll(async () => {
    broker = await startInProcessBroker({ accounts });
    archive = await RoomArchive.open({ kind: 'sqlite', path: join(dir, 'archive.sqlite') });
    const t = account(accounts, 'table-1');
    table = await mqtt.connectAsync(broker.url, { username: t.username, password: t.password, clientId: 'table-1' });
    await start();
  }, 30_000);

  afterAll(async () => {
    await table?.endAsync();
    await room?.close();
    await archive?.close();
    await broker?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a table clock two hours behind, the room clock an hour forward: nothing leaves before the delay', async () => {
    // the hand "ended" two hours ago by the table's clock: compared with the room's wall clock it looks long past
    await publish(message(0, wall() - 2 * HOUR), 0);
    expect(await exportable(0)).toEqual({ listed: false, one: 403, bulkCount: 0 });
    wallOff += HOUR; // NTP moves the room's clock an hour later
    mono += DELAY - 1000;
    expect(await exportable(0)).toEqual({ listed: false, one: 403, bulkCount: 0 });
    mono += 1000; // the delay, on the monotonic clock, from the room's receipt
    const out = await exportable(0);
    expect(out.listed).toBe(true);
    expect(out.one).toBe(200);
    expect(out.bulkCount).toBe(1);
  });

  it('the room clock an hour back: a hand received after it still leaves once the delay has passed', async () => {
    wallOff -= 2 * HOUR;
    await publish(message(1, Date.now()), 1); // the table's clock is right: its end is an hour after the room's now
    mono += DELAY - 1;
    expect((await exportable(1)).listed).toBe(false);
    mono += 1;
    expect(await exportable(1)).toMatchObject({ listed: true, one: 200, bulkCount: 2 });
  });

  it('room restarted on an unsynchronised clock: every hand received before waits the delay again in full', async () => {
    // a third hand, received just before the restart (not yet released)
    await publish(message(2, Date.now()), 2);
    await room?.close();
    room = null;
    wallOff = 0; // the boot's wall clock: anything
    mono = 50; // a new process: its monotonic clock starts again
    synchronised = false;
    await start();
    for (const i of [0, 1, 2]) expect((await exportable(i)).listed, `hand ${i} at the start`).toBe(false);
    mono += DELAY - 1;
    expect((await exportable(0)).listed).toBe(false);
    mono += 1;
    for (const i of [0, 1, 2]) expect(await exportable(i)).toMatchObject({ listed: true, one: 200 });
  });

  it('room restarted on a synchronised clock: the age counts from the received wall time', async () => {
    const received = (await archive.search({ table: '1' })).map((h) => h.receivedWall);
    await room?.close();
    room = null;
    mono = 10;
    synchronised = true;
    // the room's wall clock was an hour back when it received hands 1 and 2, on time for hand 0 (test 1); now it
    // is synchronised and reads 30 s after hand 2 was received: hand 0's receipt is an hour in its future
    expect(received[0] - received[2]).toBeGreaterThan(HOUR - 60_000);
    wallAt = received[2] + 30_000;
    await start();
    expect((await exportable(2)).listed, '30 s old of 60').toBe(false);
    mono += DELAY - 30_000 - 500;
    expect((await exportable(2)).listed).toBe(false);
    expect((await exportable(1)).listed).toBe(false);
    mono += 1000;
    expect(await exportable(1)).toMatchObject({ listed: true, one: 200 });
    expect(await exportable(2)).toMatchObject({ listed: true, one: 200, bulkCount: 2 });
    // a receipt in the clock's future is no age: it counts from the start, the delay in full
    expect((await exportable(0)).listed).toBe(false);
    mono += 30_000;
    expect(await exportable(0)).toMatchObject({ listed: true, one: 200, bulkCount: 3 });
  });

  it('resends asked of a table with a gap: at most one a second, on the monotonic clock across a jump back', async () => {
    const acks: Array<{ resend: boolean; handNo: number }> = [];
    await table.subscribeAsync(topics.table('1', 'ack'), { qos: 1 });
    table.on('message', (_t, payload) =>
      acks.push(JSON.parse(payload.toString()) as { resend: boolean; handNo: number }),
    );
    await sleep(100);
    const resends = () => acks.filter((a) => a.resend);
    // hand 3 names a previous hand the room never had: a gap, the table is asked to resend after hand 2
    const gap = { ...message(3, Date.now()), prevHandNo: 999_999 };
    const gaps = () => room?.stats().gaps ?? 0;
    const sendGap = async () => {
      const before = gaps();
      await table.publishAsync(topics.table('1', 'hands'), JSON.stringify(gap), { qos: 1 });
      const end = performance.now() + 5000;
      while (gaps() === before && performance.now() < end) await sleep(20);
      await room?.idle();
      await sleep(100);
    };
    await sendGap();
    expect(resends()).toHaveLength(1);
    expect(resends()[0].handNo).toBe(hands[2].handNo);
    mono += 500;
    wallOff -= HOUR; // the wall clock back an hour: the throttle does not hold for an hour
    await sendGap();
    expect(resends(), 'within a second of the last').toHaveLength(1);
    mono += 600;
    await sendGap();
    expect(resends()).toHaveLength(2);
  });
});
