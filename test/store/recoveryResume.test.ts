// A restart in the middle of a hand, with cards moved while the service was down (a player folded into the muck):
// the session rebuilt from its log and a new table layer told where the log left every card read the readers' first
// inventories as movements (the fold), never as second copies of the cards (CARD_DUPLICATE), and the hand goes on
// exactly as if the service had never stopped. A kill during the deal raises no false DEAL_WRONG_SEAT either.
import { describe, expect, it, vi } from 'vitest';
import { resumeTableLayer } from '../../src/service/resume.js';
import { wireTableLayer } from '../../src/service/source.js';
import { MemoryLog, type SessionState, TableSession } from '../../src/session/index.js';
import { simulatedRegistry } from '../../src/sim/tags.js';
import { TableLayer } from '../../src/table/index.js';
import { CONFIG } from '../session/fakeEngine.js';
import { A, card, simHardware } from '../table/helpers.js';

// dealt from the small blind (seat 2), two rounds
const DEAL: Array<[number, string]> = [
  [2, 'Ah'],
  [3, 'Kd'],
  [1, '7c'],
  [2, 'Qs'],
  [3, '9h'],
  [1, '2d'],
];

interface Table {
  session: TableSession;
  layer: TableLayer;
  log: MemoryLog;
  at: () => number;
}

let clock = 1_700_000_000_000;
const now = () => clock;

function table(log = new MemoryLog(), recover = false): Table {
  const session = recover
    ? TableSession.recover(log, { config: CONFIG, now })
    : new TableSession({ config: CONFIG, log, now });
  const layer = new TableLayer({ hardware: simHardware(), registry: simulatedRegistry(), latchOffMs: 0, wall: now });
  return {
    session,
    layer,
    log,
    at: () => {
      clock += 50;
      return clock;
    },
  };
}

function wire(t: Table): void {
  wireTableLayer(t.layer, t.session, 'test', (err) => {
    throw err;
  });
}

function deal(t: Table, upTo = DEAL.length): void {
  t.session.ingest({ kind: 'dealer', button: 'shuffle' }, t.at());
  for (const [seat, c] of DEAL.slice(0, upTo)) {
    t.layer.ingest({ kind: 'arrive', antenna: A.seat(seat), uid: card(c), face: 'D', at: t.at(), orderKnown: true });
  }
}

/** what the bridge reports after its HELLO: every antenna's contents (the table as it is now) */
function inventories(t: Table, where: Record<number, string[]>): void {
  for (let antenna = 0; antenna <= 14; antenna++) {
    t.layer.ingest({ kind: 'inventory', antenna, uids: (where[antenna] ?? []).map((c) => card(c)), at: t.at() });
  }
}

const essentials = (s: SessionState) => ({
  handNo: s.handNo,
  phase: s.hand.phase,
  street: s.hand.street,
  seats: s.hand.seats.map((x) => ({ seat: x.seat, cards: x.cards, folded: x.folded, stack: x.stack })),
  muck: s.hand.muck,
  next: s.hand.next,
  pots: s.hand.pots,
  alerts: s.hand.alerts.map((a) => a.code),
  tableAlerts: s.tableAlerts.map((a) => a.code),
});

/** a copy of the log so far: what a killed service leaves on disk */
function copyLog(log: MemoryLog): MemoryLog {
  const out = new MemoryLog();
  for (const r of log.records()) out.append(r.kind, r.hand, r.data, r.wall);
  return out;
}

describe('restart in the middle of a hand, cards moved while down', () => {
  it('a fold into the muck while the service was down is a fold, not duplicates; the hand goes on the same', () => {
    // the reference: the service never stops
    const ref = table();
    wire(ref);
    deal(ref);
    const dealt = essentials(ref.session.snapshot());
    expect(dealt.phase).toBe('betting');
    expect(dealt.seats.find((s) => s.seat === 1)?.cards).toEqual(['7c', '2d']);
    for (const c of ['7c', '2d']) {
      ref.layer.ingest({ kind: 'leave', antenna: A.seat(1), uid: card(c), at: ref.at(), orderKnown: true });
      ref.layer.ingest({ kind: 'arrive', antenna: A.muck, uid: card(c), face: 'D', at: ref.at(), orderKnown: true });
    }
    const want = essentials(ref.session.snapshot());
    expect(want.seats.find((s) => s.seat === 1)?.folded).toBe(true);

    // the same hand, the service killed after the deal; seat 1 folds while it is down
    const first = table();
    wire(first);
    deal(first);
    const back = table(copyLog(first.log), true);
    expect(essentials(back.session.snapshot())).toEqual(dealt);
    expect(resumeTableLayer(back.layer, back.session)).toBe(6);
    wire(back);
    inventories(back, { [A.seat(2)]: ['Ah', 'Qs'], [A.seat(3)]: ['Kd', '9h'], [A.muck]: ['7c', '2d'] });
    const got = essentials(back.session.snapshot());
    expect(got.alerts).not.toContain('CARD_DUPLICATE');
    expect(got.tableAlerts).not.toContain('CARD_DUPLICATE');
    expect(got).toEqual(want);
  });

  it('killed during the deal, the deal finished while down: the inventories complete it, no DEAL_WRONG_SEAT', async () => {
    const ref = table();
    wire(ref);
    deal(ref);
    const want = essentials(ref.session.snapshot());
    const first = table();
    wire(first);
    deal(first, 3);
    const back = table(copyLog(first.log), true);
    resumeTableLayer(back.layer, back.session);
    wire(back);
    // the three cards dealt while down come in the antennas' order (seat 1 first), not the deal's
    inventories(back, { [A.seat(1)]: ['7c', '2d'], [A.seat(2)]: ['Ah', 'Qs'], [A.seat(3)]: ['Kd', '9h'] });
    // the arrivals without order are put in the deal's order once the deal-order window has passed
    await vi.waitFor(() => expect(essentials(back.session.snapshot()).seats).toEqual(want.seats), {
      timeout: 2000,
      interval: 10,
    });
    const got = essentials(back.session.snapshot());
    expect(got.alerts).not.toContain('DEAL_WRONG_SEAT');
    expect(got).toEqual(want);
  });

  it('killed during the deal: the cards dealt before and after the restart make the same deal, no DEAL_WRONG_SEAT', () => {
    const ref = table();
    wire(ref);
    deal(ref);
    const want = essentials(ref.session.snapshot());

    const first = table();
    wire(first);
    deal(first, 3); // killed after three cards
    const back = table(copyLog(first.log), true);
    resumeTableLayer(back.layer, back.session);
    wire(back);
    // the bridge's inventories restate the three cards dealt, then the dealer goes on
    inventories(back, { [A.seat(2)]: ['Ah'], [A.seat(3)]: ['Kd'], [A.seat(1)]: ['7c'] });
    for (const [seat, c] of DEAL.slice(3)) {
      back.layer.ingest({
        kind: 'arrive',
        antenna: A.seat(seat),
        uid: card(c),
        face: 'D',
        at: back.at(),
        orderKnown: true,
      });
    }
    const got = essentials(back.session.snapshot());
    expect(got.alerts).not.toContain('DEAL_WRONG_SEAT');
    expect(got).toEqual(want);
  });
});
