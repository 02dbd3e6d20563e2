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
    clientId: username,
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
  // table 12's own connection (a second one would take its client id over)
  const intruder = clients[listeners.indexOf('table-12')];
  clients.push(table);
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

/**
 * Every account connects under every other account's client id while that account is connected under its own.
 * Mosquitto (use_username_as_clientid) gives the intruder its own name instead; the in-process broker refuses it.
 * Either way no connected account is knocked off. Returns the intruders the broker let in.
 */
async function tryEveryClientId(url: string, accounts: RoomAccounts): Promise<{ accepted: number; refused: number }> {
  const names = accounts.accounts.map((a) => a.username);
  const victims = new Map<string, MqttClient>();
  const dropped: string[] = [];
  const connectVictim = async (name: string) => {
    const a = account(accounts, name);
    const c = await connect(url, a.username, a.password);
    c.on('close', () => {
      if (victims.get(name) === c) dropped.push(name);
    });
    victims.set(name, c);
  };
  for (const name of names) await connectVictim(name);
  let accepted = 0;
  let refused = 0;
  for (const intruder of names) {
    // the intruder's own session is not a victim in its round (a second connection of one account takes it over)
    const own = victims.get(intruder);
    victims.delete(intruder);
    await own?.endAsync();
    const a = account(accounts, intruder);
    const tries = await Promise.all(
      names
        .filter((n) => n !== intruder)
        .map((id) =>
          mqtt
            .connectAsync(url, {
              username: a.username,
              password: a.password,
              clientId: id,
              reconnectPeriod: 0,
              connectTimeout: 3000,
            })
            .then(
              (c) => c,
              (err: Error) => err,
            ),
        ),
    );
    await new Promise((r) => setTimeout(r, 300));
    for (const t of tries) {
      if (t instanceof Error) {
        expect(t.message).toMatch(/Identifier rejected/i);
        refused++;
      } else {
        accepted++;
        await t.endAsync(true);
      }
    }
    expect(dropped, `${intruder} under another account's client id knocked it off`).toEqual([]);
    for (const [name, c] of victims) expect(c.connected, `${name} still connected`).toBe(true);
    await connectVictim(intruder);
  }
  await Promise.all([...victims.values()].map((c) => c.endAsync()));
  return { accepted, refused };
}

describe('room broker client ids: tied to the account', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-ids-'));
  const accounts = makeAccounts(['1', '2']);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pairs = accounts.accounts.length * (accounts.accounts.length - 1);

  it.runIf(mosquittoInstalled())('Mosquitto: an account under another id gets its own name instead', async () => {
    const mosquitto = await startMosquitto({ dir: join(dir, 'mosquitto'), accounts });
    try {
      expect(await tryEveryClientId(mosquitto.url, accounts)).toEqual({ accepted: pairs, refused: 0 });
    } finally {
      await mosquitto.stop();
    }
  });

  it("aedes: a client id that is not the account's is refused at CONNECT", async () => {
    const aedes = await startInProcessBroker({ accounts });
    try {
      expect(await tryEveryClientId(aedes.url, accounts)).toEqual({ accepted: 0, refused: pairs });
    } finally {
      await aedes.close();
    }
  });
});

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
