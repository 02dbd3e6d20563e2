// The room broker's ACL, tried by clients: hole cards before the delay travel on tables/<id>/commentator, and only the
// commentator account gets them. Every other account subscribes (exactly, and with wildcards) and receives nothing
// there; a table cannot write under another table's id; wrong or missing credentials are refused. Run against real
// Mosquitto (its password and ACL files written by src/room/acl.ts) and against the in-process aedes broker.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { account, makeAccounts, maySubscribe, type RoomAccounts } from '../../src/room/acl.js';
import { type MosquittoBroker, mosquittoInstalled, startMosquitto } from '../../src/room/engines.js';
import { type InProcessBroker, startInProcessBroker } from '../../src/room/inProcessBroker.js';
import { encodeMessage, topics, type ViewMessage } from '../../src/room/protocol.js';

const HOLE = 'AsKd';
const view = (tableId: string): string =>
  encodeMessage('view', {
    v: 1,
    kind: 'view',
    tableId,
    role: 'commentator',
    sent: Date.now(),
    view: { seats: [{ seat: 1, cards: ['As', 'Kd'] }], marker: HOLE },
  } satisfies ViewMessage);

const connect = (url: string, username: string, password: string): Promise<MqttClient> =>
  mqtt.connectAsync(url, {
    username,
    password,
    reconnectPeriod: 0,
    connectTimeout: 3000,
    clientId: `t-${username}-${Math.random()}`,
  });

interface Heard {
  topic: string;
  text: string;
}

async function tryEveryRole(url: string, accounts: RoomAccounts) {
  const listeners = ['commentator', 'overlay', 'floor', 'public', 'room', 'table-12'];
  const heard = new Map<string, Heard[]>();
  const granted = new Map<string, number[]>();
  const clients: MqttClient[] = [];
  for (const name of listeners) {
    const a = account(accounts, name);
    const c = await connect(url, a.username, a.password);
    clients.push(c);
    const got: Heard[] = [];
    heard.set(name, got);
    c.on('message', (topic, payload) => got.push({ topic, text: payload.toString() }));
    const qos: number[] = [];
    for (const filter of [
      topics.table('11', 'commentator'),
      'feltwire/v1/tables/+/commentator',
      'feltwire/v1/tables/#',
      '#',
      topics.allTables('public'),
    ]) {
      // one filter per SUBSCRIBE: mqtt.js fails the whole call on a refused one (SUBACK 128)
      qos.push(
        await c.subscribeAsync(filter, { qos: 0 }).then(
          (g) => g[0]?.qos ?? -1,
          () => 128,
        ),
      );
    }
    granted.set(name, qos);
  }
  const t11 = account(accounts, 'table-11');
  const table = await connect(url, t11.username, t11.password);
  const t12 = account(accounts, 'table-12');
  const intruder = await connect(url, t12.username, t12.password);
  clients.push(table, intruder);
  await table.publishAsync(topics.table('11', 'commentator'), view('11'), { qos: 1 });
  await table.publishAsync(topics.table('11', 'public'), '{"public":true}', { qos: 1 });
  // table 12 writing as table 11: refused by the broker (nothing delivered)
  await intruder.publishAsync(topics.table('11', 'commentator'), view('11').replace(HOLE, 'FORGED'), { qos: 0 });
  await new Promise((r) => setTimeout(r, 800));
  await Promise.all(clients.map((c) => c.endAsync()));
  return { heard, granted };
}

function expectOnlyCommentatorHears(heard: Map<string, Heard[]>) {
  const commentator = heard.get('commentator') ?? [];
  expect(commentator.some((h) => h.topic === topics.table('11', 'commentator') && h.text.includes(HOLE))).toBe(true);
  for (const [name, got] of heard) {
    expect(
      got.some((h) => h.text.includes('FORGED')),
      `${name} heard a forged message`,
    ).toBe(false);
    if (name === 'commentator') continue;
    expect(
      got.filter((h) => h.topic.endsWith('/commentator') || h.text.includes(HOLE)),
      `${name} heard the commentator topic`,
    ).toEqual([]);
  }
  // the public topic did go out: the listeners were really listening
  expect((heard.get('public') ?? []).some((h) => h.topic === topics.table('11', 'public'))).toBe(true);
}

describe('room broker ACL: hole cards reach only the commentator account', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-acl-'));
  const accounts = makeAccounts(['11', '12']);
  let mosquitto: MosquittoBroker | null = null;
  let aedes: InProcessBroker | null = null;
  afterAll(async () => {
    await mosquitto?.stop();
    await aedes?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(mosquittoInstalled())('Mosquitto with the generated password and ACL files', async () => {
    mosquitto = await startMosquitto({ dir: join(dir, 'mosquitto'), accounts });
    const { heard } = await tryEveryRole(mosquitto.url, accounts);
    expectOnlyCommentatorHears(heard);
    // no credentials, a wrong password, an unknown user: refused at CONNECT
    await expect(mqtt.connectAsync(mosquitto.url, { reconnectPeriod: 0, connectTimeout: 3000 })).rejects.toThrow(
      /Not authorized|Bad username/i,
    );
    await expect(connect(mosquitto.url, 'overlay', 'not-the-password')).rejects.toThrow(/Not authorized|Bad username/i);
    await expect(connect(mosquitto.url, 'table-99', 'x')).rejects.toThrow(/Not authorized|Bad username/i);
  });

  it('the in-process broker (aedes) applies the same rules and refuses the subscription itself', async () => {
    aedes = await startInProcessBroker({ accounts });
    const { heard, granted } = await tryEveryRole(aedes.url, accounts);
    expectOnlyCommentatorHears(heard);
    // SUBACK: only the commentator is granted the commentator topics; '#' is granted to nobody
    expect(granted.get('commentator')).toEqual([0, 0, 128, 128, 0]);
    for (const name of ['overlay', 'floor', 'public', 'room', 'table-12']) {
      expect(granted.get(name)?.slice(0, 2), name).toEqual([128, 128]);
      expect(granted.get(name)?.[3], name).toBe(128);
    }
    await expect(connect(aedes.url, 'overlay', 'not-the-password')).rejects.toThrow(/Bad username|Not authorized/i);
  });

  it('the rule model: no account but the commentator may subscribe to any commentator topic', () => {
    for (const a of accounts.accounts) {
      const may = maySubscribe(accounts, a.username, topics.table('11', 'commentator'));
      expect(may, a.username).toBe(a.username === 'commentator');
      expect(maySubscribe(accounts, a.username, '#'), a.username).toBe(false);
    }
  });
});
