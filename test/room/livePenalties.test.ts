// Issue 25, penalties and LOI 32 at live tables: a penalty the floor records in the room (RoomTournament.penalise, the
// TD's route) goes on the table's seating topic (the wire's schema checked) and the table's session takes it: the
// seat dealt in, its hand killed, its blinds posted for that many hands (tda 71, from the end of the hand under way:
// tda 68), a table alert for the dealer in English and French; a suspension of minutes is lifted once served (LOI 33).
// A player moved onto a seat the blinds have passed sits out until the button has passed it (LOI 32, club 8-10).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/index.js';
import type { TableEvent } from '../../src/engine/types.js';
import { decodeMessage, type SeatingMessage } from '../../src/room/protocol.js';
import type { RoomContext } from '../../src/room/roomAttach.js';
import { RoomTournament } from '../../src/room/roomTournament.js';
import { buttonHasPassed, startTableSeating } from '../../src/room/tableSeating.js';
import { MemoryLog, type TableEventInput, TableSession } from '../../src/session/index.js';
import { validateStructure } from '../../src/tournament/structure.js';
import { texts } from '../alertTexts.js';
import { SCENARIOS } from '../fixtures.js';

const structure = validateStructure({
  name: 'penalties',
  startingStack: 1000,
  chips: [25, 100],
  lateRegistrationLevels: 0,
  payouts: [100],
  levels: [
    { sb: 25, bb: 50, minutes: 20 },
    { sb: 50, bb: 100, minutes: 20 },
  ],
});
const players = ['Ana', 'Bea', 'Cyd', 'Dov'].map((name, i) => ({ id: `p${i + 1}`, name, country: 'FR' }));
const strip = (ev: TableEvent): TableEventInput => {
  const { t: _t, ...rest } = ev;
  return rest as TableEventInput;
};

/** a session whose fixture hand is over */
function handOver(): TableSession {
  const dir = join(SCENARIOS, 'random');
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const sc = parseScenario(JSON.parse(readFileSync(join(dir, f), 'utf8')));
    const session = new TableSession({ config: sc.config, log: new MemoryLog(), now: () => 1_000 });
    for (const ev of sc.events) session.ingest(strip(ev), ev.t);
    const seats = Object.keys(sc.config.seats).length;
    if (session.snapshot().handOver && seats >= 3 && seats <= 8) return session;
    session.close();
  }
  throw new Error('no fixture hand fits');
}

describe('penalties and LOI 32 at live tables', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('tda 71: a penalty of hands recorded by the floor reaches the table: the seat dealt in, killed, blinds posted', () => {
    let mono = 0;
    const dir = mkdtempSync(join(tmpdir(), 'fw-penalty-'));
    dirs.push(dir);
    const t = RoomTournament.open({
      dataDir: dir,
      structure,
      players,
      tableIds: ['1'],
      maxSeats: 10,
      buyIn: 10,
      seed: 2,
      mono: () => mono,
    });
    const sent: SeatingMessage[] = [];
    const ctx: RoomContext = {
      publish: async (_topic, payload) => {
        sent.push(decodeMessage('seating', payload));
      },
      connected: () => true,
      settings: () => null,
      setSettings: async () => {
        throw new Error('not here');
      },
      say: () => {},
    };
    t.setContext(ctx);
    // LOI 7: no reason, no penalty
    expect(() => t.penalise({ player: 'p2', kind: 'hands', count: 3, reason: ' ' })).toThrow(/reason/i);
    const p = t.penalise({ player: 'p2', kind: 'hands', count: 3, reason: 'a card shown during the hand' });
    expect(p.handsLeft).toBe(3);
    const orders = sent.at(-1)?.orders ?? [];
    const order = orders.at(-1);
    if (!order) throw new Error('no order sent');
    expect(order).toMatchObject({ op: 'penalty', hands: 3, name: 'Bea' });
    expect(order.message).toMatch(/^Penalty \(TDA rule 71\): Bea, seat \d+, 3 hands away for a card shown/);
    expect(order.messageFr).toMatch(
      /^Pénalité \(règle TDA 71\) : Bea, siège \d+, 3 mains de pénalité pour : a card shown/,
    );

    // the table: its session takes it (a table of the fixture's seats; the order names the seat)
    const session = handOver();
    const seat = Number(Object.keys(session.snapshot().config.seats)[1]);
    const seating = startTableSeating({
      tableId: '1',
      session,
      dataDir: null,
      now: () => 0,
      publish: () => {},
      say: () => {},
    });
    seating.onOrders({ v: 1, kind: 'seating', tableId: '1', sent: 0, orders: [{ ...order, seat }] });
    expect(session.snapshot().penalties).toEqual({ [String(seat)]: 3 });
    const alert = session.snapshot().tableAlerts.find((a) => a.code === 'ROOM_PENALTY');
    expect(alert?.seat).toBe(seat);
    expect(texts(alert)?.remedy).toMatch(/deals the seat in, kills its hand and posts its blinds/);
    expect(texts(alert)?.remedyFr).toMatch(/tue sa main et prélève ses blindes/);

    // LOI 33: ten minutes of play away; lifted by an order once the clock has run them
    t.penalise({ player: 'p3', kind: 'minutes', count: 10, reason: 'abuse of the dealer' });
    expect(sent.at(-1)?.orders.at(-1)).toMatchObject({ op: 'penalty', hands: 1000, name: 'Cyd' });
    mono = 9 * 60_000;
    t.liftServed();
    expect(sent.at(-1)?.orders.at(-1)?.hands).toBe(1000);
    mono = 10 * 60_000 + 1;
    t.liftServed();
    expect(sent.at(-1)?.orders.at(-1)).toMatchObject({ op: 'penalty', hands: 0, name: 'Cyd' });
    expect(sent.at(-1)?.orders.at(-1)?.message).toMatch(/Penalty served: Cyd/);
    seating.close();
    session.close();

    // a restart of the room replays the penalties: the same orders, the same ids
    const before = sent.at(-1)?.orders ?? [];
    const again = RoomTournament.open({
      dataDir: dir,
      structure,
      players,
      tableIds: ['1'],
      maxSeats: 10,
      buyIn: 10,
      seed: 2,
      mono: () => mono,
    });
    const resent: SeatingMessage[] = [];
    again.setContext({ ...ctx, publish: async (_t, payload) => void resent.push(decodeMessage('seating', payload)) });
    again.publishAllOrders();
    expect(resent.at(-1)?.orders).toEqual(before);
  });

  it('LOI 32: a player seated where the blinds have passed waits for the button, then is dealt in', () => {
    expect(buttonHasPassed(3, 5, 4)).toBe(true);
    expect(buttonHasPassed(3, 5, 5)).toBe(true);
    expect(buttonHasPassed(3, 5, 6)).toBe(false);
    expect(buttonHasPassed(9, 2, 1)).toBe(true);
    expect(buttonHasPassed(4, 4, 5)).toBe(false);

    const session = handOver();
    const snap = session.snapshot();
    const button = snap.hand.button;
    const taken = new Set(Object.keys(snap.config.seats).map(Number));
    // the first free seat after the button (the blinds have passed it)
    let seat = button;
    do seat = (seat % 10) + 1;
    while (taken.has(seat));
    const seating = startTableSeating({
      tableId: '1',
      session,
      dataDir: null,
      now: () => 0,
      publish: () => {},
      say: () => {},
    });
    seating.onOrders({
      v: 1,
      kind: 'seating',
      tableId: '1',
      sent: 0,
      orders: [
        {
          id: 1,
          op: 'seat',
          seat,
          name: 'Eve',
          country: 'FR',
          stack: 1000,
          message: 'Eve comes to this seat and waits for the button (LOI 32).',
          messageFr: 'Eve arrive à ce siège et attend le bouton (LOI 32).',
          waitForButton: true,
        },
      ],
    });
    const eve = () => session.snapshot().roster?.find((r) => r.seat === seat);
    expect(eve()?.sittingOut).toBe(true);
    expect(session.snapshot().tableAlerts.find((a) => a.code === 'ROOM_SEATING')?.rule).toEqual({
      book: 'LOI',
      id: '32',
    });
    // a hand ends with the button where it was: still waiting
    const final = session.snapshot().hand;
    session.emit('handEnd', { handNo: 2, config: snap.config, final: { ...final, button }, wall: 2_000 });
    expect(eve()?.sittingOut).toBe(true);
    // the next hand's button moved past Eve's seat: she is dealt in from the next shuffle
    const past = [...taken].sort((a, b) => a - b).find((s) => buttonHasPassed(button, s, seat)) ?? button;
    session.emit('handEnd', { handNo: 3, config: snap.config, final: { ...final, button: past }, wall: 3_000 });
    expect(eve()?.sittingOut).toBe(false);
    seating.close();
    session.close();
  });
});
