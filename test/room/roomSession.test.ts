// The card room with its real parts: Mosquitto and PostgreSQL started here, five simulated tables at fast pace (each
// a whole live service with its SQLite log) publishing through Mosquitto to the room, which archives in PostgreSQL.
// Mid-session the broker is killed (SIGKILL) and restarted, and one table's network is cut (a proxy of ours between it
// and the broker) for FW_ROOM_CUT_MS (60 s by default, a real minute). The tables play on throughout; afterwards every
// finished hand is in the archive exactly once, in order per table, and each of its PHH / OHH / PokerStars exports
// from the room is identical to the table's own export over its HTTP API. A room level pushed mid-session is taken by
// every table at a shuffle and kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, makeAccounts } from '../../src/room/acl.js';
import { RoomArchive } from '../../src/room/archive.js';
import { type PostgresCluster, postgresBinDir, startPostgres } from '../../src/room/enginePostgres.js';
import { type MosquittoBroker, mosquittoInstalled, startMosquitto } from '../../src/room/engines.js';
import { type RoomService, startRoom } from '../../src/room/roomService.js';
import { type SimTable, startSimTables } from '../../src/simRoom/simTables.js';
import { sealedHands, sleep, waitFor } from './helpers.js';
import { startTcpProxy, type TcpProxy } from './tcpProxy.js';

const CUT_MS = Number(process.env.FW_ROOM_CUT_MS ?? 60_000);
const TABLES = ['1', '2', '3', '4', '5'];
const CUT_TABLE = '5';
const haveEngines = mosquittoInstalled() && postgresBinDir() !== null;

describe.runIf(haveEngines)('card room: five tables, Mosquitto and PostgreSQL, broker killed, a table cut off', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-'));
  const accounts = makeAccounts(TABLES);
  let pg: PostgresCluster;
  let broker: MosquittoBroker;
  let proxy: TcpProxy;
  let archive: RoomArchive;
  let room: RoomService;
  let tables: SimTable[] = [];

  beforeAll(async () => {
    pg = await startPostgres({ dir: join(dir, 'pg') });
    broker = await startMosquitto({ dir: join(dir, 'mosquitto'), accounts });
    proxy = await startTcpProxy(broker.port);
    archive = await RoomArchive.open({ kind: 'postgres', url: pg.url });
    const roomAccount = account(accounts, 'room');
    room = await startRoom({
      broker: broker.url,
      username: roomAccount.username,
      password: roomAccount.password,
      archive,
      port: 0,
      host: '127.0.0.1',
      webRoot: null,
      dataDir: dir,
      exportDelayMs: 0,
      say: () => {},
    });
    tables = await startSimTables({
      tableIds: TABLES,
      brokerUrl: (id) => (id === CUT_TABLE ? proxy.url : broker.url),
      credentials: (id) => {
        const a = account(accounts, `table-${id}`);
        return { username: a.username, password: a.password };
      },
      dataDir: dir,
      pace: 'fast',
      broadcastDelayMs: 0,
      logSync: 'NORMAL',
      link: { resendAfterMs: 2000 },
      seed: 15,
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(tables.map((t) => t.live.close().catch(() => {})));
    await room?.close().catch(() => {});
    await archive?.close().catch(() => {});
    await proxy?.close().catch(() => {});
    await broker?.stop().catch(() => {});
    await pg?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'every finished hand archived once, in order, identical to the table export; the tables never wait',
    async () => {
      const cut = tables.find((t) => t.tableId === CUT_TABLE) as SimTable;
      // the room sees every table and archives its first hands
      await waitFor(
        'two hands of every table in the archive',
        () => room.tables().filter((r) => r.archived >= 2).length === TABLES.length,
        120_000,
      );
      expect(room.tables().every((r) => r.online && r.status !== null)).toBe(true);

      // ---- one table's network cut for CUT_MS; the room calls a new level meanwhile ----------------------------
      proxy.cut();
      const cutAt = Date.now();
      const cutHandNo = cut.live.session.handNo;
      await waitFor(
        'the room to see the cut table offline (its last will)',
        () => {
          const r = room.tables().find((x) => x.tableId === CUT_TABLE);
          return r !== undefined && !r.online;
        },
        30_000,
      );
      await room.setSettings({ blinds: [100, 200], bbAnte: 0 });

      // ---- the broker killed and restarted while the table is cut off ------------------------------------------
      await sleep(3000);
      await broker.kill();
      const versionsAtKill = tables.map((t) => t.live.session.snapshot().version);
      await waitFor(
        'every table playing on, its room link down',
        () =>
          tables.every((t, i) => t.live.session.snapshot().version > versionsAtKill[i]) &&
          tables.every((t) => t.live.room?.stats().connected === false),
        30_000,
      );
      // the tables played on without the broker (every one of them changed state meanwhile)
      expect(tables.filter((t, i) => t.live.session.snapshot().version > versionsAtKill[i]).length).toBe(TABLES.length);
      expect(tables.every((t) => t.live.room?.stats().connected === false)).toBe(true);
      await broker.restart();

      await sleep(Math.max(0, CUT_MS - (Date.now() - cutAt)));
      // the cut table played on and its finished hands queued in its own log
      expect(cut.live.session.handNo).toBeGreaterThan(cutHandNo);
      const backlog = cut.live.room?.stats().backlog ?? 0;
      expect(backlog).toBeGreaterThanOrEqual(1);
      proxy.restore();

      // ---- the link is back: the backlog drains; stop dealing and let every sealed hand reach the archive -------
      await waitFor(
        'the cut table back online',
        () => room.tables().find((x) => x.tableId === CUT_TABLE)?.online === true,
        30_000,
      );
      // the cut table got the room's level when it came back: every table has a hand at it archived before we stop
      await waitFor(
        'a hand at the room level archived for every table',
        async () => {
          for (const t of tables) {
            const found = await archive.search({ table: t.tableId });
            const last = found[found.length - 1];
            const played = last ? await archive.played(t.tableId, last.handId) : null;
            if (played?.config.blinds[1] !== 200) return false;
          }
          return true;
        },
        150_000,
      );
      await Promise.all(tables.map((t) => t.live.source?.close()));
      await waitFor(
        'every sealed hand of every table archived',
        async () => {
          await room.idle();
          const last = await archive.lastStored();
          return tables.every((t) => {
            const sealed = sealedHands(t);
            return sealed.length > 0 && last.get(t.tableId) === sealed[sealed.length - 1];
          });
        },
        120_000,
      );
      expect(tables.every((t) => t.live.room?.stats().backlog === 1 || t.live.room?.stats().backlog === 0)).toBe(true);

      // ---- exactly once, in order per table, identical to the table's own exports ------------------------------
      let compared = 0;
      for (const t of tables) {
        const sealed = sealedHands(t);
        const archived = await archive.search({ table: t.tableId });
        expect(
          archived.map((h) => h.handNo),
          `table ${t.tableId}: archive = the table's finished hands, once each, in order`,
        ).toEqual(sealed);
        expect(archived.map((h) => h.tableSeq)).toEqual(sealed.map((_, i) => i + 1));
        const floor = t.live.tokens.tokenOf('floor');
        for (const h of archived) {
          for (const format of ['phh', 'ohh', 'pokerstars'] as const) {
            const own = await fetch(`${t.live.url}/api/hands/${h.handNo}/export/${format}`, {
              headers: { authorization: `Bearer ${floor}` },
            });
            expect(own.status, `table ${t.tableId} hand ${h.handNo} ${format}`).toBe(200);
            const fromRoom = await fetch(
              `${room.url}/api/archive/hands/${t.tableId}/${encodeURIComponent(h.handId)}/export/${format}`,
              { headers: { authorization: `Bearer ${room.token}` } },
            );
            expect(fromRoom.status).toBe(200);
            expect(await fromRoom.text(), `table ${t.tableId} hand ${h.handNo} ${format}`).toBe(await own.text());
            compared++;
          }
        }
      }
      if (process.env.FW_DEBUG)
        console.log(
          'hands per table',
          tables.map((t) => sealedHands(t).length),
          room.stats(),
        );
      expect(compared).toBeGreaterThanOrEqual(TABLES.length * 3 * 3);
      // nothing stored twice whatever was resent
      const rows = await archive.db.selectFrom('hands').select(['table_id', 'hand_id']).execute();
      expect(new Set(rows.map((r) => `${r.table_id}/${r.hand_id}`)).size).toBe(rows.length);

      // ---- the room level: taken at a shuffle by every table, never undone ---------------------------------------
      for (const t of tables) {
        const blinds = (await archive.search({ table: t.tableId })).length;
        expect(blinds).toBeGreaterThan(0);
        const played = await Promise.all(
          (await archive.search({ table: t.tableId })).map((h) => archive.played(h.tableId, h.handId)),
        );
        const bbs = played.map((p) => p?.config.blinds[1]);
        const first = bbs.indexOf(200);
        expect(first, `table ${t.tableId} took the room level`).toBeGreaterThan(0);
        expect(bbs.slice(0, first).every((b) => b === 100)).toBe(true);
        expect(bbs.slice(first).every((b) => b === 200)).toBe(true);
        // the simulated dealer posted the new blinds: no hand at the new level ended in a misdeal or refusal
        expect(played.slice(first).every((p) => p?.complete)).toBe(true);
      }
      const view = (await (
        await fetch(`${room.url}/api/room`, { headers: { authorization: `Bearer ${room.token}` } })
      ).json()) as { tables: { tableId: string; status: { settingsVersion: number; seats: unknown[] } | null }[] };
      expect(view.tables.map((r) => r.tableId)).toEqual(TABLES);
      expect(view.tables.every((r) => r.status?.settingsVersion === 1 && r.status.seats.length > 0)).toBe(true);
      // the room's API wants its token
      expect((await fetch(`${room.url}/api/room`)).status).toBe(401);
    },
    CUT_MS + 360_000,
  );
});
