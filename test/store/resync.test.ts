// The floor's resync with the readers (issue 24): the table layer's reading of every antenna replaces what the engine
// believes, on the path a restart's first inventory takes (TableLayer.resync, then 'resumed' and reconcileResume),
// the differences listed for the floor in one FLOOR_RESYNC alert (English and French, no hole card named). Logged:
// the session rebuilt from the log is the same hand, the alert with it.
import { describe, expect, it } from 'vitest';
import { RESUME_CARD_GONE } from '../../src/service/resume.js';
import { wireTableLayer } from '../../src/service/source.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { simulatedRegistry } from '../../src/sim/tags.js';
import { TableLayer } from '../../src/table/index.js';
import { texts } from '../alertTexts.js';
import { BLINDS, FOLD_AND_CALL, HOLE, readersTable } from '../server/resyncTable.js';
import { CONFIG } from '../session/fakeEngine.js';
import { A, card, simHardware } from '../table/helpers.js';

let clock = 1_700_000_000_000;
const now = () => clock;
const at = () => {
  clock += 50;
  return clock;
};

function table(where: Record<number, string[]>) {
  const log = new MemoryLog();
  const c = { wall: clock };
  const t = readersTable(log, where, c);
  clock = c.wall;
  return { ...t, log };
}

const resyncAlerts = (s: TableSession) => s.snapshot().tableAlerts.filter((a) => a.code === 'FLOOR_RESYNC');
const copy = (log: MemoryLog) => {
  const out = new MemoryLog();
  for (const r of log.records()) out.append(r.kind, r.hand, r.data, r.wall);
  return out;
};

describe('the floor resyncs the table with the readers', () => {
  it("replaces the engine's belief (a fold and a call it missed), lists both in one alert, and a replay agrees", () => {
    const t = table(FOLD_AND_CALL);
    const before = t.session.snapshot();
    expect(before.hand.next?.toAct).toBe(1);
    expect(before.hand.seats.find((x) => x.seat === 1)?.folded).toBe(false);

    const d = t.wired.resync('floor:Anna', at());
    expect(d.cards.map((c) => [c.card, c.was, c.now])).toEqual([
      ['7c', 'seat1', 'muck'],
      ['2d', 'seat1', 'muck'],
    ]);
    expect(d.chips).toEqual([{ seat: 2, was: [25, 25], now: [25, 25, 25, 25] }]);

    // the engine now holds what the readers read: seat 1 folded, seat 2 called; the big blind's option
    const s = t.session.snapshot();
    expect(s.hand.seats.find((x) => x.seat === 1)?.folded).toBe(true);
    expect(s.hand.seats.find((x) => x.seat === 2)?.zone).toEqual([25, 25, 25, 25]);
    // the call is read once the motion window has passed (the engine learns time from an event)
    clock += CONFIG.motionMs + 1;
    t.session.ingest({ kind: 'tick' }, clock);
    expect(
      t.session
        .snapshot()
        .hand.decisions.filter((x) => x.atResume)
        .map((x) => [x.kind, x.seat]),
    ).toEqual([
      ['fold', 1],
      ['call', 2],
    ]);
    expect(t.session.snapshot().hand.next?.toAct).toBe(3);
    // one alert for the floor, every difference in it; no second alert for the same zones, no hole card named
    const alerts = resyncAlerts(t.session);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: 'warn', seat: null, facts: { amount: 2, by: 'floor:Anna' } });
    expect(texts(alerts[0])?.message).toBe(
      "Resync with the readers (floor:Anna): 2 differences: 2 cards from seat 1 read on the muck; seat 2's betting zone: 50 in the engine, 100 read",
    );
    expect(texts(alerts[0])?.messageFr).toBe(
      'Resynchronisation avec les lecteurs (floor:Anna) : 2 différences : 2 cartes du siège 1 lues sur le rebut ; la zone de mise du siège 2 : 50 pour le moteur, 100 lus',
    );
    expect(s.tableAlerts.map((a) => a.code)).toEqual(['FLOOR_RESYNC']);
    for (const c of Object.values(HOLE).flat()) expect(JSON.stringify(alerts[0])).not.toContain(c);

    // a second resync finds nothing left to replace: an info that says so
    expect(t.wired.resync('floor', at())).toEqual({ cards: [], chips: [] });
    const second = resyncAlerts(t.session).at(-1);
    expect(second).toMatchObject({ severity: 'info', facts: { amount: 0 } });
    expect(texts(second)?.message).toBe(
      'Resync with the readers (floor): no difference, the engine and the readers agree',
    );

    // logged: the session rebuilt from the log is the same hand, with the same alerts
    const again = TableSession.recover(copy(t.log), { config: CONFIG, now });
    const r = again.snapshot();
    expect(r.hand.seats).toEqual(t.session.snapshot().hand.seats);
    expect(r.hand.next).toEqual(t.session.snapshot().hand.next);
    expect(r.tableAlerts.map((a) => [a.code, a.severity, texts(a)?.message])).toEqual(
      t.session.snapshot().tableAlerts.map((a) => [a.code, a.severity, texts(a)?.message]),
    );
    again.close();
    t.session.close();
  });

  it('a hole card of a live hand read by no antenna stops the hand (as at a restart) and is in the list, counted', () => {
    const t = table({
      [A.seat(1)]: HOLE[1].map((c) => card(c)),
      [A.seat(2)]: [card('Ah')],
      [A.seat(3)]: HOLE[3].map((c) => card(c)),
      ...BLINDS,
    });
    const d = t.wired.resync('floor', at());
    expect(d).toEqual({ cards: [{ card: 'Qs', was: 'seat2', now: null }], chips: [] });
    const codes = t.session.snapshot().tableAlerts.map((a) => [a.code, a.severity]);
    expect(codes).toEqual([
      [RESUME_CARD_GONE, 'stop'],
      ['FLOOR_RESYNC', 'warn'],
    ]);
    const [stop, list] = t.session.snapshot().tableAlerts;
    expect(texts(stop)?.message).toBe(
      "At the floor's resync, 1 card the engine places on seat 2 is read by no antenna.",
    );
    expect(texts(list)?.message).toContain('seat 2: 1 card read by no antenna');
    expect(texts(list)?.messageFr).toContain('le siège 2 : 1 carte lue par aucune antenne');
    expect(JSON.stringify(t.session.snapshot().tableAlerts)).not.toContain('Qs');
    t.session.close();
  });

  it('with no hand in play there is nothing to resync: refused with the reason, nothing raised', () => {
    const log = new MemoryLog();
    const session = new TableSession({ config: CONFIG, log, now });
    const layer = new TableLayer({ hardware: simHardware(), registry: simulatedRegistry(), wall: now });
    const wired = wireTableLayer(layer, session, 'test', (err) => {
      throw err;
    });
    expect(() => wired.resync('floor', at())).toThrow(/no hand is in play/);
    expect(session.snapshot().tableAlerts).toEqual([]);
    session.close();
  });
});
