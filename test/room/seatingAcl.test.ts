// The ACL of a tournament's seating topics, tried by clients on real Mosquitto (its files written by src/room/acl.ts)
// and on the in-process broker: the room alone writes a table's seating orders and reads every table's answers; a
// table reads its own orders only, writes its own answers only, and cannot forge orders.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { account, makeAccounts, type RoomAccounts } from '../../src/room/acl.js';
import { mosquittoInstalled, startMosquitto } from '../../src/room/engines.js';
import { startInProcessBroker } from '../../src/room/inProcessBroker.js';
import { encodeMessage, type SeatedMessage, type SeatingMessage, topics } from '../../src/room/protocol.js';

const orders = (tableId: string, name: string): string =>
  encodeMessage('seating', {
    v: 1,
    kind: 'seating',
    tableId,
    sent: Date.now(),
    orders: [{ id: 1, op: 'seat', seat: 2, name, country: 'FR', stack: 2000, message: '', messageFr: '' }],
  } satisfies SeatingMessage);
const answers = (tableId: string, stack: number): string =>
  encodeMessage('seated', {
    v: 1,
    kind: 'seated',
    tableId,
    sent: Date.now(),
    results: [{ id: 1, ok: true, stack, handNo: 0, error: '' }],
  } satisfies SeatedMessage);

async function tryIt(url: string, accounts: RoomAccounts) {
  const clients: MqttClient[] = [];
  const heard = new Map<string, string[]>();
  const join1 = async (name: string, filters: string[]) => {
    const a = account(accounts, name);
    const c = await mqtt.connectAsync(url, {
      username: a.username,
      password: a.password,
      clientId: a.username,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    clients.push(c);
    const got: string[] = [];
    heard.set(name, got);
    c.on('message', (topic, payload) => got.push(`${topic} ${payload.toString()}`));
    const granted: number[] = [];
    for (const f of filters)
      granted.push(
        await c.subscribeAsync(f, { qos: 1 }).then(
          (g) => g[0]?.qos ?? -1,
          () => 128,
        ),
      );
    return { c, granted };
  };
  const room = await join1('room', [topics.allTables('seated'), topics.allTables('seating')]);
  const t11 = await join1('table-11', [topics.table('11', 'seating')]);
  const t12 = await join1('table-12', [topics.table('11', 'seating'), topics.allTables('seated')]);
  const floor = await join1('floor', [topics.table('11', 'seating')]);
  await room.c.publishAsync(topics.table('11', 'seating'), orders('11', 'Alice'), { qos: 1 });
  await t11.c.publishAsync(topics.table('11', 'seated'), answers('11', 2000), { qos: 1 });
  // forgeries (QoS 0: the in-process broker drops a refused publish without an acknowledgement): table 12 answering
  // for table 11, table 11 writing its own orders
  await t12.c.publishAsync(topics.table('11', 'seated'), answers('11', 999_999), { qos: 0 });
  await t11.c.publishAsync(topics.table('11', 'seating'), orders('11', 'Forged'), { qos: 0 });
  await new Promise((r) => setTimeout(r, 800));
  await Promise.all(clients.map((c) => c.endAsync()));
  return { heard, granted: { room: room.granted, t11: t11.granted, t12: t12.granted, floor: floor.granted } };
}

function expectRules(heard: Map<string, string[]>) {
  const t11 = heard.get('table-11') ?? [];
  expect(t11.some((m) => m.includes('"Alice"'))).toBe(true);
  const room = heard.get('room') ?? [];
  expect(room.some((m) => m.startsWith(topics.table('11', 'seated')) && m.includes('"stack":2000'))).toBe(true);
  for (const [name, got] of heard) {
    expect(
      got.filter((m) => m.includes('999999') || m.includes('Forged')),
      name,
    ).toEqual([]);
    if (name === 'table-12' || name === 'floor') expect(got, name).toEqual([]);
  }
}

describe("the seating topics' ACL", () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-seating-acl-'));
  const accounts = makeAccounts(['11', '12']);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.runIf(mosquittoInstalled())('Mosquitto with the generated files', async () => {
    const m = await startMosquitto({ dir: join(dir, 'mosquitto'), accounts });
    try {
      expectRules((await tryIt(m.url, accounts)).heard);
    } finally {
      await m.stop();
    }
  });

  it('the in-process broker: the same, and the subscriptions a table or the floor may not have refused', async () => {
    const b = await startInProcessBroker({ accounts });
    try {
      const { heard, granted } = await tryIt(b.url, accounts);
      expectRules(heard);
      expect(granted.room).toEqual([1, 1]);
      expect(granted.t11).toEqual([1]);
      expect(granted.t12).toEqual([128, 128]);
      expect(granted.floor).toEqual([128]);
    } finally {
      await b.close();
    }
  });
});
