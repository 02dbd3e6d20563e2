// A table whose event log is replaced under a table id the room knows: the same `--table-id` on a fresh data folder
// (a new SD card, a reinstall) restarts at hand 1, and a new table given an old id finds the room's retained
// acknowledgement of another table's hands. Each log has its own id; the room keys hands on (table id, log id, hand
// number), keeps both histories, acknowledges per log and tells the floor (ROOM_TABLE_REPLACED). Real simulated
// tables (whole live services with their SQLite logs), the in-process broker, a SQLite archive.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, type RoomAccounts } from '../../src/room/acl.js';
import type { RoomArchive } from '../../src/room/archive.js';
import type { InProcessBroker } from '../../src/room/inProcessBroker.js';
import { encodeMessage, topics } from '../../src/room/protocol.js';
import type { RoomService } from '../../src/room/roomService.js';
import type { SimTable } from '../../src/simRoom/simTables.js';
import { LOG_FILE, SqliteEventLog } from '../../src/store/index.js';
import { type RoomRig, sealedHands, startRoomRig, waitFor } from './helpers.js';

describe('an event log has its own id', () => {
  it('drawn when the log is created, kept; a log written before ids gets one on open and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-logid-'));
    try {
      const log = SqliteEventLog.open(dir);
      const id = log.logId;
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      log.append('config', 0, { level: { blinds: [50, 100], bbAnte: 0 } });
      log.close();
      const again = SqliteEventLog.open(dir);
      expect(again.logId).toBe(id);
      again.close();
      // an old log: no id in its meta table
      const db = new Database(join(dir, LOG_FILE));
      db.prepare("DELETE FROM meta WHERE key = 'log_id'").run();
      db.close();
      const old = SqliteEventLog.open(dir);
      expect(old.logId).toMatch(/^[0-9a-f]{32}$/);
      expect(old.logId).not.toBe(id);
      expect([...old.records()].length).toBe(1);
      const kept = old.logId;
      old.close();
      const reread = SqliteEventLog.open(dir, { readonly: true });
      expect(reread.logId).toBe(kept);
      reread.close();
      // another data folder: another log, another id
      const other = SqliteEventLog.open(join(dir, 'other'));
      expect(other.logId).not.toBe(kept);
      other.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('room: a table whose log was replaced under its table id', () => {
  let rig: RoomRig;
  let accounts: RoomAccounts;
  let broker: InProcessBroker;
  let archive: RoomArchive;
  let room: RoomService;
  const open: SimTable[] = [];
  const said: string[] = [];

  const table = async (id: string, folder: string, seed: number): Promise<SimTable> => {
    const [t] = await rig.simTables({
      tableIds: [id],
      dataDir: join(rig.dir, folder),
      pace: 'fast',
      broadcastDelayMs: 0,
      logSync: 'NORMAL',
      seed,
      say: (l) => said.push(l),
    });
    open.push(t);
    return t;
  };
  const stop = async (t: SimTable) => {
    await t.live.source?.close();
    await t.live.close();
    open.splice(open.indexOf(t), 1);
  };
  const allArchived = async (t: SimTable, min: number) => {
    await room.idle();
    const sealed = sealedHands(t);
    if (sealed.length < min) return false;
    const logId = t.live.log.logId;
    const mine = (await archive.search({ table: t.tableId })).filter((h) => h.logId === logId);
    return mine.length === sealed.length && t.live.room?.stats().backlog === 0;
  };

  beforeAll(async () => {
    rig = await startRoomRig({
      prefix: 'fw-room-replaced-',
      tableIds: ['7', '8', '9'],
      exportDelayMs: 0,
      say: (l) => said.push(l),
    });
    ({ accounts, broker, archive, room } = rig);
  }, 60_000);

  afterAll(async () => {
    for (const t of [...open]) await stop(t).catch(() => {});
    await rig?.close();
  });

  it('the fresh SD card: hands 1..n of the new log archived, none lost, the old history kept, the floor told', async () => {
    const old = await table('7', 'sd-card-1', 1);
    const oldLog = old.live.log.logId as string;
    await waitFor('three hands of the first SD card archived', () => allArchived(old, 3), 120_000);
    await old.live.source?.close();
    await waitFor('every sealed hand of the first SD card archived', () => allArchived(old, 3), 60_000);
    const oldHands = sealedHands(old);
    await stop(old);

    // the same table id on a fresh data folder: hand numbers from 1 again, fewer than the old log had
    const fresh = await table('7', 'sd-card-2', 2);
    const freshLog = fresh.live.log.logId as string;
    expect(freshLog).not.toBe(oldLog);
    await waitFor('two hands of the fresh SD card', () => sealedHands(fresh).length >= 2, 120_000);
    await fresh.live.source?.close();
    await waitFor('every sealed hand of the fresh SD card archived', () => allArchived(fresh, 2), 60_000);
    const freshHands = sealedHands(fresh);
    expect(freshHands[0]).toBe(1);
    expect(freshHands.length).toBeLessThan(oldHands.length + 1);

    const stored = await archive.search({ table: '7' });
    expect(stored.filter((h) => h.logId === oldLog).map((h) => h.handNo)).toEqual(oldHands);
    expect(stored.filter((h) => h.logId === freshLog).map((h) => h.handNo)).toEqual(freshHands);
    expect(stored.map((h) => h.tableSeq)).toEqual(stored.map((_, i) => i + 1));
    // the table's cursor counts in its own log: the room's ack of the fresh log's last hand, not the old one's
    expect(fresh.live.room?.stats().acked).toBe(freshHands[freshHands.length - 1]);
    // each hand exported from its own history (the table's own export of the same hand number)
    const h1 = stored.find((h) => h.logId === freshLog && h.handNo === 1);
    const floor = fresh.live.tokens.tokenOf('floor');
    const own = await (
      await fetch(`${fresh.live.url}/api/hands/1/export/pokerstars`, { headers: { authorization: `Bearer ${floor}` } })
    ).text();
    const auth = { headers: { authorization: `Bearer ${room.token}` } };
    const fromRoom = await fetch(
      `${room.url}/api/archive/hands/7/${encodeURIComponent(h1?.handId ?? '')}/export/pokerstars?log=${freshLog}`,
      auth,
    );
    expect(fromRoom.status).toBe(200);
    expect(await fromRoom.text()).toBe(own);

    // the floor's room view: one alert, English and French, naming the table
    const view = (await (await fetch(`${room.url}/api/room`, auth)).json()) as {
      tables: { tableId: string; logs: number; roomAlerts: { code: string; message: string; messageFr: string }[] }[];
    };
    const row = view.tables.find((r) => r.tableId === '7');
    expect(row?.logs).toBe(2);
    expect(row?.roomAlerts.map((a) => a.code)).toEqual(['ROOM_TABLE_REPLACED']);
    expect(row?.roomAlerts[0].message).toMatch(/Table 7 now sends from another event log/);
    expect(row?.roomAlerts[0].messageFr).toMatch(/La table 7 envoie désormais depuis un autre journal/);
    await stop(fresh);
  }, 300_000);

  it('a new table on an old id ignores the retained ack of another log and sends all its hands', async () => {
    // the room's retained word for table 8 from an archive of another table under that id: hand 53 stored
    const r = account(accounts, 'room');
    const c = await mqtt.connectAsync(broker.url, { username: r.username, password: r.password, clientId: r.username });
    await c.publishAsync(
      topics.table('8', 'ack'),
      encodeMessage('ack', {
        v: 1,
        kind: 'ack',
        tableId: '8',
        logId: 'an-older-table-log',
        handNo: 53,
        resend: false,
        sent: Date.now(),
      }),
      { qos: 1, retain: true },
    );
    await c.endAsync();
    const t = await table('8', 'new-table', 3);
    await waitFor('three hands of the new table', () => sealedHands(t).length >= 3, 120_000);
    // it never took the foreign ack as its own
    expect(t.live.room?.stats().acked).toBeLessThan(53);
    await t.live.source?.close();
    await waitFor('every sealed hand of the new table archived', () => allArchived(t, 3), 60_000);
    expect((await archive.search({ table: '8' })).map((h) => h.handNo)).toEqual(sealedHands(t));
    expect(said.some((l) => /acknowledgement is for another log of table 8/.test(l))).toBe(true);
    // the room view's backlog is the table's latest word: nothing waits
    await waitFor(
      'the room row says no backlog',
      () => room.tables().find((x) => x.tableId === '8')?.backlog === 0,
      10_000,
    );
    await stop(t);
  }, 300_000);

  it('a restarted table keeps the room level; the room row shows its true backlog', async () => {
    await room.setSettings({ blinds: [100, 200], bbAnte: 0 });
    const first = await table('9', 'keeps-level', 4);
    await waitFor(
      'a hand at the room level archived',
      async () => {
        const mine = await archive.search({ table: '9' });
        for (const h of mine) if ((await archive.played('9', h.handId, h.logId))?.config.blinds[1] === 200) return true;
        return false;
      },
      120_000,
    );
    await stop(first);
    const again = await table('9', 'keeps-level', 5);
    const from = again.live.session.handNo;
    await waitFor('two hands after the restart', () => sealedHands(again).filter((n) => n > from).length >= 2, 120_000);
    await again.live.source?.close();
    await waitFor('every hand archived', () => allArchived(again, 2), 60_000);
    const after = (await archive.search({ table: '9' })).filter((h) => h.handNo > from);
    expect(after.length).toBeGreaterThanOrEqual(2);
    for (const h of after)
      expect((await archive.played('9', h.handId, h.logId))?.config.blinds[1], `hand ${h.handNo}`).toBe(200);
    // the room row's backlog is the table's own figure, once the acks have come
    await waitFor(
      'the room row backlog = the table backlog',
      () => room.tables().find((x) => x.tableId === '9')?.backlog === again.live.room?.stats().backlog,
      10_000,
    );
    await stop(again);
  }, 300_000);
});
