// Issue 25, late registration and no-shows at live tables (club 3-1, 3-2; seed 003 regulation 10): the room's
// tournament (RoomTournament) registers a player late onto a free seat of a table with the fewest players and sends
// the table a seating order with the starting stack; registration closes with the level the structure names. A player
// not at their seat is sent to the table as absent (the session deals them in, takes the blinds, kills the hand);
// once the first level is over a player who never came is out, placed, their seat freed. A restarted room replays it
// all to the same orders.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/index.js';
import type { TableEvent } from '../../src/engine/types.js';
import { decodeMessage, type SeatingMessage, type SeatingOrder } from '../../src/room/protocol.js';
import type { RoomContext } from '../../src/room/roomAttach.js';
import { RoomTournament } from '../../src/room/roomTournament.js';
import { startTableSeating } from '../../src/room/tableSeating.js';
import { MemoryLog, type TableEventInput, TableSession } from '../../src/session/index.js';
import { validateStructure } from '../../src/tournament/structure.js';
import { SCENARIOS } from '../fixtures.js';

const structure = validateStructure({
  name: 'late',
  startingStack: 1000,
  chips: [25, 100],
  lateRegistrationLevels: 1,
  payouts: [100],
  levels: [
    { sb: 25, bb: 50, minutes: 20 },
    { sb: 50, bb: 100, minutes: 20 },
    { sb: 100, bb: 200, minutes: 20 },
  ],
});
const players = ['Ana', 'Bea', 'Cyd', 'Dov', 'Eli', 'Fay', 'Gus'].map((name, i) => ({
  id: `p${i + 1}`,
  name,
  country: 'FR',
}));

function room(dir: string, clock: { mono: number }) {
  const t = RoomTournament.open({
    dataDir: dir,
    structure,
    players,
    tableIds: ['1', '2'],
    maxSeats: 6,
    buyIn: 10,
    seed: 4,
    mono: () => clock.mono,
  });
  const sent = new Map<string, SeatingOrder[]>();
  const ctx: RoomContext = {
    publish: async (_topic, payload) => {
      const m: SeatingMessage = decodeMessage('seating', payload);
      sent.set(m.tableId, m.orders);
    },
    connected: () => true,
    settings: () => null,
    setSettings: async () => {
      throw new Error('not here');
    },
    say: () => {},
  };
  t.setContext(ctx);
  return { t, sent };
}

/** a session whose fixture hand is over, with a free seat */
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
const strip = (ev: TableEvent): TableEventInput => {
  const { t: _t, ...rest } = ev;
  return rest as TableEventInput;
};

describe('late registration and no-shows at live tables', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('club 3-1, 3-2: a late registrant is seated at the table with the fewest players, until registration closes', () => {
    const clock = { mono: 0 };
    const dir = mkdtempSync(join(tmpdir(), 'fw-late-'));
    dirs.push(dir);
    const { t, sent } = room(dir, clock);
    const count = (id: string) => Object.keys(t.floor.table(id).seats).length;
    const fewest = count('1') < count('2') ? '1' : '2';
    const pool = t.floor.standings.prizePool;
    clock.mono = 15 * 60_000;
    const r = t.register({ id: 'p8', name: 'Hal', country: 'FR' });
    expect(r.table).toBe(fewest);
    expect(t.floor.table(fewest).seats[r.seat]).toBe('p8');
    expect(t.floor.standings.left).toBe(8);
    expect(t.floor.standings.prizePool).toBe(pool + 10);
    const order = sent.get(fewest)?.at(-1);
    expect(order).toMatchObject({ op: 'seat', seat: r.seat, name: 'Hal', stack: 1000 });
    expect(order?.message).toMatch(/^Late registration \(club 3-1\): Hal takes seat \d+ with 1000 chips/);
    expect(order?.messageFr).toMatch(/^Inscription tardive \(club 3-1\) : Hal prend le siège \d+ avec 1000 jetons/);
    // the same player twice: refused
    expect(() => t.register({ id: 'p8', name: 'Hal', country: 'FR' })).toThrow(/already registered/);
    // the level the structure names is over: closed
    clock.mono = 21 * 60_000;
    expect(() => t.register({ id: 'p9', name: 'Ivy', country: 'FR' })).toThrow(/late registration closed/);

    // a restart replays the registration (the clock past it now) to the same orders
    const before = sent.get(fewest);
    const again = room(dir, clock);
    again.t.publishAllOrders();
    expect(again.sent.get(fewest)).toEqual(before);
    expect(again.t.floor.standings.left).toBe(8);
  });

  it('seed 003 regulation 10: a no-show is dealt in with the blinds taken, and out once the first level is over', () => {
    const clock = { mono: 0 };
    const dir = mkdtempSync(join(tmpdir(), 'fw-noshow-'));
    dirs.push(dir);
    const { t, sent } = room(dir, clock);
    const table = t.floor.tables.find((x) => Object.values(x.seats).includes('p2'));
    const seat = Number(Object.entries(table?.seats ?? {}).find(([, p]) => p === 'p2')?.[0]);
    t.absent('p2', true);
    const order = sent.get(table?.id ?? '')?.at(-1);
    expect(order).toMatchObject({ op: 'absent', seat, absent: true, name: 'Bea' });
    expect(order?.message).toMatch(/is not here: dealt in, the blinds taken, the hand killed/);
    expect(order?.messageFr).toMatch(/ses blindes prélevées, sa main tuée/);

    // the table: the session marks the seat away (dealt in and killed at the next deals: club 3-2)
    const session = handOver();
    const here = Number(Object.keys(session.snapshot().config.seats)[0]);
    const seating = startTableSeating({
      tableId: '1',
      session,
      dataDir: null,
      now: () => 0,
      publish: () => {},
      say: () => {},
    });
    if (!order) throw new Error('no order');
    seating.onOrders({ v: 1, kind: 'seating', tableId: '1', sent: 0, orders: [{ ...order, seat: here }] });
    expect(session.snapshot().away).toContain(here);
    seating.close();
    session.close();

    // still the first level: nothing more
    clock.mono = 19 * 60_000;
    t.noShowsDue();
    expect(t.floor.standings.isOut('p2')).toBe(false);
    // the first level is over: out, placed last, the seat freed at the table
    clock.mono = 20 * 60_000 + 1;
    t.noShowsDue();
    expect(t.floor.standings.isOut('p2')).toBe(true);
    const out = t.floor.standings.results().find((x) => x.id === 'p2');
    expect(out?.place).toBe(7);
    const removal = sent.get(table?.id ?? '')?.find((o) => o.op === 'remove' && o.name === 'Bea');
    expect(removal?.seat).toBe(seat);
    expect(removal?.message).toMatch(/Never came \(seed 003 regulation 10\)/);
    expect(removal?.messageFr).toMatch(/Jamais venu/);
    // an absent player who arrives in time is dealt in again
    t.absent('p3', true);
    t.absent('p3', false);
    const tableOf3 = t.floor.tables.find((x) => Object.values(x.seats).includes('p3'))?.id ?? '';
    expect(sent.get(tableOf3)?.at(-1)).toMatchObject({ op: 'absent', absent: false, name: 'Cyd' });
  });
});
