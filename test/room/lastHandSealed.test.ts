// A table's last hand reaches the room when no next hand will begin (src/room/publisher.ts): a hand is normally sent
// once the next one has begun (nothing more is logged under its number), so the last hand of a table that every
// player left (the room broke it, or the cash game ended) waited for a shuffle that never comes. It used to: the
// room's tournament then never booked that hand's busts and waited for a winner for ever (a CI run of
// test/web/roomTournamentPage.test.ts). A simulated table on the room rig: its dealer stops after hand 1 and every
// seat leaves; hand 1 is archived by the room, and the table's backlog is empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimTable } from '../../src/simRoom/simTables.js';
import { type RoomRig, startRoomRig, waitFor } from './helpers.js';

describe("room: a table's last hand with no next hand", () => {
  let rig: RoomRig;
  let table: SimTable;
  beforeAll(async () => {
    rig = await startRoomRig({ prefix: 'fw-room-last-', tableIds: ['4'], exportDelayMs: 0 });
  }, 60_000);
  afterAll(async () => {
    await table?.live.close();
    await rig?.close();
  });

  it('every seat left after the hand ended: the hand goes to the room without a next shuffle', async () => {
    [table] = await rig.simTables({ tableIds: ['4'], pace: 'fast', broadcastDelayMs: 0, seed: 5 });
    const session = table.live.session;
    const ended = new Promise<number>((resolve) =>
      session.once('handEnd', (h) => {
        table.sim.stop(); // the dealer deals no more
        resolve(h.handNo);
      }),
    );
    const handNo = await ended;
    expect(handNo).toBe(1);
    // every seat leaves before the next shuffle (a room breaking the table sends one order per player)
    const seats = Object.keys(session.snapshot().config.seats).map(Number);
    for (const seat of seats) session.changeSeats({ [seat]: 0 });
    expect(session.handNo).toBe(1);
    await waitFor(
      'hand 1 in the room',
      async () => (await rig.archive.search({ table: '4' })).some((h) => h.handNo === 1),
      30_000,
    );
    expect(session.handNo).toBe(1); // no next hand began
    await waitFor('the backlog acknowledged', () => table.live.room?.stats().backlog === 0, 10_000);
  }, 90_000);
});
