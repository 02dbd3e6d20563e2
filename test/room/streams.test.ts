// What one table sends the room, read by subscribers holding the staff accounts (the embedded default: the in-process
// broker and a SQLite archive): the commentators' stream has the hole cards live, the public one never shows an
// unseen card, the overlay stream and the hand records are never younger than the broadcast delay; the room view's
// row has the seats, the level and the open alerts with their time; a break the room calls reaches the dealer as an
// alert at the next shuffle; malformed payloads are refused by the room (counted, said) and the archive goes on.
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, type RoomAccounts } from '../../src/room/acl.js';
import type { RoomArchive } from '../../src/room/archive.js';
import type { InProcessBroker } from '../../src/room/inProcessBroker.js';
import { topics, type ViewMessage } from '../../src/room/protocol.js';
import type { RoomService } from '../../src/room/roomService.js';
import type { SimTable } from '../../src/simRoom/simTables.js';
import { type RoomRig, sleep, startRoomRig, waitFor } from './helpers.js';

const DELAY_MS = 3000;
const CARD = /^[2-9TJQKA][cdhs]$/;

interface SeatCards {
  seat: number;
  cards: string[];
}

describe('one table on the room broker: streams, room view row, breaks, refused payloads', () => {
  let rig: RoomRig;
  let accounts: RoomAccounts;
  let broker: InProcessBroker;
  let archive: RoomArchive;
  let room: RoomService;
  let tables: SimTable[] = [];
  const said: string[] = [];
  const got: Record<'commentator' | 'public' | 'overlay', ViewMessage[]> = { commentator: [], public: [], overlay: [] };
  const clients: mqtt.MqttClient[] = [];

  beforeAll(async () => {
    rig = await startRoomRig({
      prefix: 'fw-room-streams-',
      tableIds: ['1', '2'],
      exportDelayMs: 60_000,
      say: (l) => said.push(l),
    });
    ({ accounts, broker, archive, room } = rig);
    for (const role of ['commentator', 'public', 'overlay'] as const) {
      const a = account(accounts, role);
      const c = await mqtt.connectAsync(broker.url, {
        username: a.username,
        password: a.password,
        clientId: a.username,
      });
      clients.push(c);
      await c.subscribeAsync(topics.table('1', role));
      c.on('message', (_t, payload) => got[role].push(JSON.parse(payload.toString()) as ViewMessage));
    }
    tables = await rig.simTables({
      tableIds: ['1'],
      pace: 'fast',
      broadcastDelayMs: DELAY_MS,
      logSync: 'NORMAL',
      seed: 3,
      say: (l) => {
        if (process.env.FW_DEBUG) console.log('TABLE', l);
      },
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(tables.map((t) => t.live.close()));
    await Promise.all(clients.map((c) => c.endAsync()));
    await rig?.close();
  });

  it('streams by role, the room row, a break, refused payloads', async () => {
    const table = tables[0];
    // a break called now: announced to the dealer when the hand under way ends
    await room.setSettings({ blinds: [50, 100], bbAnte: 0 }, [{ fromWall: Date.now(), minutes: 5 }]);
    const until = Date.now() + 60_000;
    const rowOf = () => room.tables().find((r) => r.tableId === '1');
    // the break is open on the row while the hand it was told at is under way (a table alert of an earlier hand is
    // history), and the first hand reaches the archive only after the broadcast delay: a short hand may end before
    // it, so the row is kept as it was when it showed the break, and the archive waited for on its own
    let row: ReturnType<typeof rowOf>;
    while (Date.now() < until && !row) {
      const r = rowOf();
      if ((r?.status?.openAlerts ?? []).some((a) => a.code === 'ROOM_BREAK')) row = structuredClone(r);
      else await sleep(50);
    }
    while (Date.now() < until && (rowOf()?.archived ?? 0) < 1) await sleep(250);
    expect(rowOf()?.archived ?? 0).toBeGreaterThanOrEqual(1);
    if (process.env.FW_DEBUG)
      console.log(table.live.room?.stats(), table.live.session.snapshot().tableAlerts, row?.status?.openAlerts);
    expect(row?.status?.seats.length).toBeGreaterThanOrEqual(2);
    expect(row?.status?.level).toEqual({ blinds: [50, 100], bbAnte: 0 });
    const brk = row?.status?.openAlerts.find((a) => a.code === 'ROOM_BREAK');
    expect(brk, 'the break reached the table as an alert').toBeDefined();
    expect(brk?.messageFr).toMatch(/pause de 5 minutes/);
    expect(brk?.message).toMatch(/5-minute break/);
    expect(Math.abs((brk?.wall ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(table.live.session.snapshot().tableAlerts.some((a) => a.code === 'ROOM_BREAK')).toBe(true);

    // the commentators saw hole cards live; the public never an unseen one; the overlay only after the delay
    const seats = (m: ViewMessage) => ((m.view?.seats ?? []) as SeatCards[]).filter((s) => s.cards.length > 0);
    expect(got.commentator.some((m) => seats(m).some((s) => s.cards.every((c) => CARD.test(c))))).toBe(true);
    const preflopPublic = got.public.filter((m) => (m.view?.board as string[] | undefined)?.length === 0);
    expect(preflopPublic.length).toBeGreaterThan(0);
    for (const m of preflopPublic)
      for (const s of seats(m))
        if (!(m.view?.phase === 'showdown')) expect(s.cards.every((c) => c === '??')).toBe(true);
    const overlays = got.overlay.filter((m) => m.view !== null);
    expect(overlays.length).toBeGreaterThan(0);
    for (const m of overlays) expect(m.sent - Number(m.view?.wall)).toBeGreaterThanOrEqual(DELAY_MS);

    // the hand records (every hole card) leave the table only once the broadcast delay has passed
    const archived = await archive.db.selectFrom('hands').select(['end_wall', 'received_wall']).execute();
    expect(archived.length).toBeGreaterThan(0);
    for (const h of archived) expect(Number(h.received_wall) - Number(h.end_wall)).toBeGreaterThanOrEqual(DELAY_MS);

    // malformed payloads from a table account on its own topics (table 2's: table 1 keeps its client id, which the
    // broker ties to its account): refused, counted, said; the room keeps archiving
    const t = account(accounts, 'table-2');
    const rogue = await mqtt.connectAsync(broker.url, {
      username: t.username,
      password: t.password,
      clientId: t.username,
    });
    clients.push(rogue);
    const refused0 = room.stats().refused;
    await rogue.publishAsync(topics.table('2', 'hands'), 'not json', { qos: 1 });
    await rogue.publishAsync(topics.table('2', 'hands'), JSON.stringify({ v: 1, kind: 'hand', tableId: '2' }), {
      qos: 1,
    });
    const status = { ...(row?.status as object), tableId: '2', board: ['??'], sent: Date.now() };
    await rogue.publishAsync(topics.table('2', 'status'), JSON.stringify(status), { qos: 1 });
    // the room has read all three (each refused)
    await waitFor('three refusals', () => room.stats().refused - refused0 >= 3, 10_000);
    expect(room.stats().refused - refused0).toBe(3);
    expect(said.some((l) => /hand message is not JSON/.test(l))).toBe(true);
    expect(said.some((l) => /status message refused: \/board\/0/.test(l))).toBe(true);
    expect(rowOf()?.status?.board).not.toContain('??');
    const before = rowOf()?.archived ?? 0;
    const later = Date.now() + 40_000;
    while (Date.now() < later && (rowOf()?.archived ?? 0) <= before) await sleep(250);
    expect(rowOf()?.archived ?? 0).toBeGreaterThan(before);
  }, 120_000);
});
