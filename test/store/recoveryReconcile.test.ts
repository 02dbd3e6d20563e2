// A restart in the middle of a hand while the table changed in a way the engine cannot read as a movement: a card
// the log places on the table that no reader reports after the restart (taken from a seat without reaching the
// muck, a board card lifted away). The readers' first inventory is reconciled with the log: the card is never kept
// silently. A card of a live hand or of the board gone stops the hand for the floor (RESUME_CARD_GONE, stop) with
// the zone named and no hole card in any text; nothing is paid while it is stopped (the table's motions are held);
// the floor's decision lets the hand go on, a shuffle voids it (chips back). A muck card gone is a warning only.
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/engine/types.js';
import { RESUME_CARD_GONE, RESUME_CHIPS_CHANGED, resumeTableLayer } from '../../src/service/resume.js';
import { wireTableLayer } from '../../src/service/source.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { simulatedRegistry } from '../../src/sim/tags.js';
import { TableLayer } from '../../src/table/index.js';
import { viewFor } from '../../src/views/views.js';
import { texts } from '../alertTexts.js';
import { CONFIG } from '../session/fakeEngine.js';
import { A, card, chip, simHardware } from '../table/helpers.js';

// button 1, small blind 2, big blind 3; dealt from seat 2, two rounds
const HOLE: Record<number, string[]> = { 1: ['7c', '2d'], 2: ['Ah', 'Qs'], 3: ['Kd', '9h'] };
const DEAL: Array<[number, string]> = [
  [2, 'Ah'],
  [3, 'Kd'],
  [1, '7c'],
  [2, 'Qs'],
  [3, '9h'],
  [1, '2d'],
];
const FLOP = ['Jc', '8s', '3d'];
const BURN = '5h';
const HOLE_CARDS = Object.values(HOLE).flat();

interface Table {
  session: TableSession;
  layer: TableLayer;
  log: MemoryLog;
}

let clock = 1_700_000_000_000;
const now = () => clock;
const at = () => {
  clock += 50;
  return clock;
};

function table(log = new MemoryLog(), recover = false): Table {
  const session = recover
    ? TableSession.recover(log, { config: CONFIG, now })
    : new TableSession({ config: CONFIG, log, now });
  const layer = new TableLayer({
    hardware: simHardware(),
    registry: simulatedRegistry(),
    latchOffMs: 0,
    chipSettleMs: 0,
    wall: now,
  });
  return { session, layer, log };
}

function wire(t: Table): void {
  wireTableLayer(t.layer, t.session, 'test', (err) => {
    throw err;
  });
}

type Ev = TableEvent extends infer E ? (E extends unknown ? Omit<E, 't'> : never) : never;
const ingest = (t: Table, evs: Ev[]) => {
  for (const ev of evs) t.session.ingest(ev as never, at());
};

/** the first service: dealt (and, with `flop`, played to the flop), then killed: the log it leaves */
function killedAfter(flop: boolean): MemoryLog {
  const first = table();
  ingest(first, [
    { kind: 'dealer', button: 'shuffle' },
    { kind: 'chips', seat: 2, chips: [25, 25] },
    { kind: 'chips', seat: 3, chips: [100] },
    ...DEAL.map(([seat, c]): Ev => ({ kind: 'cardAt', card: c, zone: `seat${seat}`, face: 'down' })),
  ]);
  if (flop) {
    ingest(first, [
      { kind: 'chips', seat: 1, chips: [100] },
      { kind: 'chips', seat: 2, chips: [25, 25, 25, 25] },
      { kind: 'say', seat: 3, say: 'check' },
      { kind: 'chips', seat: 1, chips: [] },
      { kind: 'chips', seat: 2, chips: [] },
      { kind: 'chips', seat: 3, chips: [] },
      { kind: 'cardAt', card: BURN, zone: 'burn', face: 'down' },
      ...FLOP.map((c): Ev => ({ kind: 'cardAt', card: c, zone: 'board', face: 'up' })),
    ]);
    const s = first.session.snapshot();
    expect(s.hand.board).toEqual(FLOP);
    expect(s.hand.phase).toBe('betting');
  } else expect(first.session.snapshot().hand.phase).toBe('betting');
  // a copy of the log so far: what the killed service leaves on disk
  const out = new MemoryLog();
  for (const r of first.log.records()) out.append(r.kind, r.hand, r.data, r.wall);
  first.session.close();
  return out;
}

/** the restarted service: the session rebuilt from the log, the layer resumed, the bridge's inventory of every
 * antenna (the table as it is now) */
function restarted(log: MemoryLog, where: Record<number, string[]>, bets: Record<number, string[]> = BLINDS): Table {
  const back = table(log, true);
  expect(resumeTableLayer(back.layer, back.session)).toBeGreaterThan(0);
  wire(back);
  for (let antenna = 0; antenna <= 14; antenna++) {
    const uids = [...(where[antenna] ?? []).map((c) => card(c)), ...(bets[antenna] ?? [])];
    back.layer.ingest({ kind: 'inventory', antenna, uids, at: at() });
  }
  return back;
}

/** the blinds' chips as they lie in the betting zones (small blind two 25s, big blind a 100) */
const BLINDS: Record<number, string[]> = { [A.bet(2)]: [chip(0, 1), chip(0, 2)], [A.bet(3)]: [chip(1, 1)] };
const chipAlerts = (t: Table) => t.session.snapshot().tableAlerts.filter((a) => a.code === RESUME_CHIPS_CHANGED);

function fold(t: Table, seat: number, cards: string[]): void {
  for (const c of cards) {
    t.layer.ingest({ kind: 'leave', antenna: A.seat(seat), uid: card(c), at: at(), orderKnown: true });
    t.layer.ingest({ kind: 'arrive', antenna: A.muck, uid: card(c), face: 'D', at: at(), orderKnown: true });
  }
}

const gone = (t: Table) => t.session.snapshot().tableAlerts.filter((a) => a.code === RESUME_CARD_GONE);

/** the dealer's and the floor's views: the alert is there, and no hole card is anywhere in them */
function checkViews(t: Table, zone: string): void {
  const state = { session: t.session.snapshot(), at: clock, equity: null, broadcastDelayMs: 0 };
  for (const role of ['dealer', 'floor'] as const) {
    const view = viewFor(role, state, clock);
    expect(view, role).not.toBeNull();
    const alert = view?.alerts.find((a) => a.code === RESUME_CARD_GONE);
    expect(alert, `${role} sees the alert`).toBeDefined();
    expect(alert?.severity).toBe('stop');
    expect(alert?.facts?.zone).toBe(zone);
    expect(alert?.message).toContain(zone === 'board' ? 'the board' : `seat ${zone.slice(4)}`);
    expect(alert?.messageFr).toContain(zone === 'board' ? 'du tableau' : `du siège ${zone.slice(4)}`);
    const text = JSON.stringify(view);
    for (const c of HOLE_CARDS) expect(text, `${role} view names ${c}`).not.toMatch(new RegExp(`\\b${c}\\b`));
  }
}

describe('restart: cards gone from the table while the service was down', () => {
  it('a card taken from a live seat (not to the muck): the hand stops for the floor, nothing paid until it decides', () => {
    const log = killedAfter(false);
    // while down, seat 1's 7c is taken off its seat and goes nowhere a reader sees
    const back = restarted(log, {
      [A.seat(1)]: ['2d'],
      [A.seat(2)]: ['Ah', 'Qs'],
      [A.seat(3)]: ['Kd', '9h'],
    });
    const alerts = gone(back);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: 'stop', zone: 'seat1', seat: 1, facts: { zone: 'seat1', amount: 1 } });
    checkViews(back, 'seat1');
    expect(chipAlerts(back)).toEqual([]); // the blinds lie where the log left them
    // the alert is in the log: a second restart still knows the hand is stopped
    const again = TableSession.recover(copy(back.log), { config: CONFIG, now });
    expect(again.snapshot().tableAlerts.some((a) => a.code === RESUME_CARD_GONE && !a.decision)).toBe(true);
    again.close();
    // restarted again before the floor decided, the card still missing: the stop stands, raised once
    const twice = restarted(copy(back.log), { [A.seat(1)]: ['2d'], [A.seat(2)]: HOLE[2], [A.seat(3)]: HOLE[3] });
    expect(gone(twice).map((a) => [a.zone, a.severity, a.decision])).toEqual([['seat1', 'stop', undefined]]);
    fold(twice, 1, ['2d']);
    expect(twice.session.snapshot().hand.seats.find((x) => x.seat === 1)?.folded).toBe(false); // held
    twice.session.close();

    // the table plays on regardless: seat 1 folds into the muck, seat 2 too; the blinds would go to seat 3
    const stacks = back.session.snapshot().hand.seats.map((s) => s.stack);
    fold(back, 1, ['2d']);
    fold(back, 2, ['Ah', 'Qs']);
    const held = back.session.snapshot();
    expect(held.handOver).toBe(false);
    expect(held.hand.seats.map((s) => s.stack)).toEqual(stacks);
    expect(held.hand.pots.every((p) => !p.winners?.length)).toBe(true);
    expect([...back.log.records()].some((r) => r.kind === 'handEnd')).toBe(false);

    // the floor decides (the card was found): the hand goes on as the table played it, seat 3 takes the blinds
    back.session.decide(alerts[0].id, 'card found in the player hand: go on', 'floor', at());
    const after = back.session.snapshot();
    expect(after.handOver).toBe(true);
    expect(after.hand.pots.map((p) => [p.amount, p.winners])).toEqual([[100, [3]]]);
    expect([...back.log.records()].some((r) => r.kind === 'handEnd')).toBe(true);
  });

  it('a board card lifted away: the hand stops; a shuffle voids it and every chip goes back', () => {
    const log = killedAfter(true);
    // while down the 8s leaves the board for nowhere
    const back = restarted(
      log,
      {
        [A.seat(1)]: HOLE[1],
        [A.seat(2)]: HOLE[2],
        [A.seat(3)]: HOLE[3],
        [A.burn]: [BURN],
        [A.board]: ['Jc', '3d'],
      },
      {},
    );
    const alerts = gone(back);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: 'stop', zone: 'board', facts: { zone: 'board', amount: 1 } });
    checkViews(back, 'board');
    // the flop betting goes on at the table (two folds into the muck): held, nobody is paid the 300
    fold(back, 2, HOLE[2]);
    fold(back, 3, HOLE[3]);
    const held = back.session.snapshot();
    expect(held.handOver).toBe(false);
    expect(held.hand.seats.map((s) => s.stack)).toEqual([9900, 9900, 9900]);
    expect(held.hand.seats.every((s) => !s.folded)).toBe(true);
    expect(held.hand.pots.every((p) => !p.winners?.length)).toBe(true);
    expect([...back.log.records()].some((r) => r.kind === 'handEnd')).toBe(false);
    // the floor voids the hand: the dealer shuffles; the hand is void (chips back), the next hand begins
    back.session.ingest({ kind: 'dealer', button: 'shuffle' }, at());
    const next = back.session.snapshot();
    expect(next.handNo).toBe(2);
    expect(next.tableAlerts.some((a) => a.code === 'HAND_VOID')).toBe(true);
    expect(Object.values(next.config.seats)).toEqual([10000, 10000, 10000]);
  });

  it('the muck taken away while down: a warning naming the muck, the hand goes on (its outcome is intact)', () => {
    const log = killedAfter(false);
    const first = table(log, true);
    resumeTableLayer(first.layer, first.session);
    wire(first);
    // seat 1 had folded before a second kill
    for (let antenna = 0; antenna <= 14; antenna++) {
      first.layer.ingest({
        kind: 'inventory',
        antenna,
        uids: [
          ...(antenna === A.muck ? HOLE[1] : antenna === 1 || antenna === 2 ? HOLE[antenna + 1] : []).map((c) =>
            card(c),
          ),
          ...(BLINDS[antenna] ?? []),
        ],
        at: at(),
      });
    }
    expect(first.session.snapshot().hand.seats.find((s) => s.seat === 1)?.folded).toBe(true);
    expect(gone(first)).toHaveLength(0);
    const back = restarted(copy(first.log), { [A.seat(2)]: HOLE[2], [A.seat(3)]: HOLE[3] });
    const alerts = gone(back);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: 'warn', zone: 'muck', facts: { zone: 'muck', amount: 2 } });
    fold(back, 2, HOLE[2]);
    const after = back.session.snapshot();
    expect(after.handOver).toBe(true);
    expect(after.hand.pots.map((p) => [p.amount, p.winners])).toEqual([[100, [3]]]);
  });
  it('a betting zone changed while down: the engine is given the zone as it lies now and the floor is told', () => {
    const log = killedAfter(false);
    // while down the big blind's 100 was taken back off its betting zone; the small blind's 50 lies where it was
    const back = restarted(
      log,
      { [A.seat(1)]: HOLE[1], [A.seat(2)]: HOLE[2], [A.seat(3)]: HOLE[3] },
      {
        [A.bet(2)]: BLINDS[A.bet(2)],
      },
    );
    expect(gone(back)).toEqual([]);
    const alerts = chipAlerts(back);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: 'warn', seat: 3, zone: 'bet3', facts: { zone: 'bet3', amount: 0 } });
    expect(texts(alerts[0])?.message).toContain('holds 0; the log left 100');
    const s = back.session.snapshot();
    expect(s.hand.seats.find((x) => x.seat === 3)?.zone).toEqual([]);
    expect(s.hand.seats.find((x) => x.seat === 2)?.zone).toEqual([25, 25]);
  });
  it('the layer judges only antennas that answered: one in fault, or never inventoried before the first heartbeat, makes no card missing', () => {
    const layer = new TableLayer({ hardware: simHardware(), registry: simulatedRegistry(), latchOffMs: 0, wall: now });
    const told: Array<{ missing: Array<{ card: string; zone: string }> }> = [];
    layer.on('resumed', (r) => told.push(r));
    layer.resume([
      { card: '7c', zone: 'seat1', face: 'down' },
      { card: 'Ah', zone: 'seat2', face: 'down' },
      { card: 'Kd', zone: 'seat3', face: 'down' },
      { card: 'Jc', zone: 'board', face: 'up' },
    ]);
    // seat 2's antenna is in fault; the board's antenna never gives its inventory; seat 3's card is gone
    layer.ingest({ kind: 'fault', antenna: A.seat(2), code: 'NO_RF', at: at() });
    for (let antenna = 0; antenna <= 14; antenna++) {
      if (antenna === A.board) continue;
      layer.ingest({ kind: 'inventory', antenna, uids: antenna === A.seat(1) ? [card('7c')] : [], at: at() });
    }
    expect(told).toEqual([]); // still waiting for the board's inventory
    layer.ingest({ kind: 'heartbeat', uptimeMs: 1000, scanMs: 120, dropped: 0, at: at() });
    expect(told.map((r) => r.missing)).toEqual([[{ card: 'Kd', zone: 'seat3' }]]);
    layer.close();
  });
});

function copy(log: MemoryLog): MemoryLog {
  const out = new MemoryLog();
  for (const r of log.records()) out.append(r.kind, r.hand, r.data, r.wall);
  return out;
}
