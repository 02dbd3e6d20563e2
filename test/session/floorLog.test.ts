// The alert lifecycle on the real engine: one misdeal is one alert with its count and one decision; the floor calls
// the floor's own stop; the floor's history (severity, then age) survives a restart of the session, with the alerts
// of past hands closed by the floor, and info alerts expire when the next hand begins.

import { describe, expect, it } from 'vitest';
import type { AlertCode } from '../../src/engine/types.js';
import { openStops } from '../../src/server/taps.js';
import { floorOrder } from '../../src/session/floorLog.js';
import { MemoryLog, type SessionState, TableSession } from '../../src/session/index.js';
import { viewFor } from '../../src/views/views.js';
import { texts } from '../alertTexts.js';
import { FOUR_SEATS } from '../fourSeats.js';

const config = FOUR_SEATS;

/** a deal that starts at the wrong seat, and goes on as if nothing happened: the storm of issue 24 */
function misdealStorm(s: TableSession): void {
  s.ingest({ kind: 'dealer', button: 'shuffle' });
  s.ingest({ kind: 'chips', seat: 1, chips: [25, 25] });
  s.ingest({ kind: 'chips', seat: 2, chips: [100] });
  const cards = ['2c', '4h', '6c', '8h', '3d', '5s', '7d', '9s'];
  const seats = [2, 1, 3, 4, 1, 2, 3, 4];
  cards.forEach((card, i) => {
    s.ingest({ kind: 'cardAt', card, zone: `seat${seats[i]}` as 'seat1', face: 'down' });
  });
}

const live = (s: SessionState) => ({ session: s, at: 0, equity: null, broadcastDelayMs: 60_000 });

describe('one incident, one decision', () => {
  it('a misdeal and every alert after it are one alert with its count; one decision closes them all', () => {
    let wall = 1_700_000_000_000;
    const log = new MemoryLog();
    const s = new TableSession({ config, log, now: () => wall++ });
    misdealStorm(s);
    const st = s.snapshot();
    // the engine raised several STOP alerts (the card at the wrong seat, the misdeal it makes) ...
    expect(st.hand.alerts.filter((a) => a.severity === 'stop').length).toBeGreaterThanOrEqual(2);
    // ... shown as one, counted
    for (const role of ['dealer', 'floor'] as const) {
      const v = viewFor(role, live(st), wall);
      const shown = v?.alerts.filter((a) => a.source === 'hand') ?? [];
      expect(
        shown.map((a) => a.code),
        role,
      ).toEqual(['MISDEAL']);
      expect(shown[0].count).toBe(st.hand.alerts.length);
    }
    const entries = st.floorLog ?? [];
    expect(entries.map((e) => [e.alert.code, e.count, e.state])).toEqual([['MISDEAL', st.hand.alerts.length, 'open']]);
    expect(openStops(st).length).toBeGreaterThan(0);
    // the floor decides once
    const mis = st.hand.alerts.find((a) => a.code === 'MISDEAL');
    s.decide(mis?.id as number, 'redeal', 'floor:Anne');
    const after = s.snapshot();
    expect(openStops(after)).toEqual([]);
    expect(after.hand.alerts.every((a) => a.decision?.decision === 'redeal')).toBe(true);
    expect(after.floorLog?.map((e) => e.state)).toEqual(['closed']);
    // more cards read before the redeal: whatever the engine says of them is the decided misdeal's
    s.ingest({ kind: 'cardAt', card: 'Td', zone: 'seat1', face: 'down' });
    s.ingest({ kind: 'cardAt', card: 'Jd', zone: 'seat9', face: 'up' });
    expect(openStops(s.snapshot())).toEqual([]);
    expect(s.snapshot().floorLog?.map((e) => [e.state, e.count])).toEqual([
      ['closed', s.snapshot().hand.alerts.length],
    ]);
    // and after a restart the same
    const again = TableSession.recover(log, { config, now: () => wall });
    expect(again.snapshot().floorLog?.map((e) => [e.alert.code, e.count, e.state])).toEqual(
      s.snapshot().floorLog?.map((e) => [e.alert.code, e.count, e.state]),
    );
    expect(openStops(again.snapshot())).toEqual([]);
    again.close();
    s.close();
  });

  it('acknowledging one alert of an incident acknowledges all of it', () => {
    const s = new TableSession({ config, log: new MemoryLog() });
    misdealStorm(s);
    const cause = s.snapshot().hand.alerts.find((a) => a.code !== 'MISDEAL');
    expect(cause).toBeDefined();
    s.acknowledge(cause?.id as number);
    expect(s.snapshot().hand.alerts.every((a) => a.acknowledged)).toBe(true);
    s.close();
  });
});

describe('calling the floor', () => {
  it('FLOOR_CALLED: a stop with the seat and the reason in English and French; a second call counted; decided once', () => {
    const log = new MemoryLog();
    const s = new TableSession({ config, log });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    const a = s.callFloor({ seat: 3, reason: 'dispute' });
    expect(a).toMatchObject({ code: 'FLOOR_CALLED', severity: 'stop', seat: 3, rule: { book: 'LOI', id: '1' } });
    expect(texts(a)?.message).toBe('The dealer calls the floor to seat 3: a player disputes');
    expect(texts(a)?.messageFr).toBe("Le donneur appelle l'arbitre au siège 3 : un joueur conteste");
    expect(openStops(s.snapshot())).toContain(a.id);
    const again = s.callFloor({ seat: 3, reason: 'dispute' });
    expect(again.id).toBe(a.id);
    expect(again.count).toBe(2);
    expect(s.snapshot().tableAlerts.filter((x) => x.code === 'FLOOR_CALLED')).toHaveLength(1);
    // another seat, another call
    const other = s.callFloor({ seat: 1, reason: 'chips' });
    expect(other.id).not.toBe(a.id);
    s.decide(a.id, 'the bet stands', 'floor:Anne');
    s.decide(other.id, 'chips counted', 'floor:Anne');
    expect(openStops(s.snapshot())).toEqual([]);
    expect(() => s.callFloor({ seat: 2, reason: 'weather' })).toThrow(/unknown reason/);
    expect(() => s.callFloor({ seat: 11, reason: 'other' })).toThrow(/no seat/);
    // the panel's floor button calls it too (no seat, no reason given)
    s.ingest({ kind: 'dealer', button: 'floor' });
    const panel = s.snapshot().tableAlerts.at(-1);
    expect(panel).toMatchObject({ code: 'FLOOR_CALLED', seat: null, severity: 'stop' });
    // replayed: the same alerts, counts and decisions, no call made twice
    const r = TableSession.recover(log, { config });
    expect(r.snapshot().tableAlerts.map((x) => [x.code, x.count ?? 1, !!x.decision])).toEqual(
      s.snapshot().tableAlerts.map((x) => [x.code, x.count ?? 1, !!x.decision]),
    );
    r.close();
    s.close();
  });
});

describe("the floor's history", () => {
  it('past hands: closed by the floor, still closed after a restart; info expires at the next hand', () => {
    const log = new MemoryLog();
    let wall = 1_700_000_000_000;
    const s = new TableSession({ config, log, now: () => (wall += 10) });
    // hand 1: a card exposed during the deal (a warning the hand leaves open), then the deck is gathered early
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.ingest({ kind: 'chips', seat: 1, chips: [25, 25] });
    s.ingest({ kind: 'chips', seat: 2, chips: [100] });
    s.ingest({ kind: 'cardAt', card: '2c', zone: 'seat1', face: 'up' });
    const exposed = s.snapshot().hand.alerts.find((a) => a.code === 'CARD_EXPOSED');
    expect(exposed).toBeDefined();
    const info = s.raiseTableAlert({
      code: 'LINK_RESTORED',
      severity: 'info',
      recorded: {
        message: 'Reader link restored',
        remedy: 'Nothing to do.',
        messageFr: 'Liaison rétablie',
        remedyFr: 'Rien à faire.',
      },
    });
    s.ingest({ kind: 'dealer', button: 'shuffle' }); // the hand is void: hand 2
    expect(s.handNo).toBe(2);
    const entry = () => s.snapshot().floorLog?.find((e) => e.key === `h:1:${exposed?.id}`);
    expect(entry()?.state).toBe('open');
    expect(s.snapshot().floorLog?.find((e) => e.key === `t:${info.id}`)?.state).toBe('expired');
    // the floor closes the past hand's alert
    s.decide(exposed?.id as number, 'seen, no harm', 'floor:Anne', undefined, 1);
    expect(entry()).toMatchObject({ state: 'closed', decision: { decision: 'seen, no harm', by: 'floor:Anne' } });
    expect(() => s.decide(exposed?.id as number, 'again', 'floor:Bob', undefined, 1)).toThrow(/already decided/);
    expect(() => s.decide(99, 'x', 'floor:Bob', undefined, 1)).toThrow(/no alert 99/);
    // a restart: the history is rebuilt from the log, the past alert still closed
    const r = TableSession.recover(log, { config, now: () => wall });
    const back = r.snapshot().floorLog?.find((e) => e.key === `h:1:${exposed?.id}`);
    expect(back).toMatchObject({ state: 'closed', decision: { decision: 'seen, no harm' } });
    expect(r.snapshot().floorLog?.map((e) => [e.key, e.state])).toEqual(
      s.snapshot().floorLog?.map((e) => [e.key, e.state]),
    );
    r.close();
    s.close();
  });

  it('an info alert expires when its hand ends; a warning stays open', () => {
    const s = new TableSession({ config, log: new MemoryLog() });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    const raise = (severity: 'info' | 'warn') =>
      s.raiseTableAlert({
        code: severity === 'info' ? 'LINK_RESTORED' : 'PANEL_LOST',
        severity,
        recorded: { message: '-', remedy: '-', messageFr: '-', remedyFr: '-' },
      });
    const info = raise('info');
    const warn = raise('warn');
    const state = (id: number) => s.snapshot().floorLog?.find((e) => e.key === `t:${id}`)?.state;
    expect(state(info.id)).toBe('open');
    for (const seat of [1, 2, 3]) s.ingest({ kind: 'floorKill', seat });
    expect(s.snapshot().handOver).toBe(true);
    expect(state(info.id)).toBe('expired');
    expect(state(warn.id)).toBe('open');
    s.close();
  });

  it('sorted by severity then age: open first (stop, warn, info; the oldest first), then the closed, newest first', () => {
    const s = new TableSession({ config, log: new MemoryLog() });
    const raise = (code: AlertCode, severity: 'stop' | 'warn' | 'info', antenna: number) =>
      s.raiseTableAlert({
        code,
        severity,
        antenna,
        recorded: { message: code, remedy: '-', messageFr: code, remedyFr: '-' },
      });
    const w1 = raise('PANEL_SILENT', 'warn', 1);
    raise('LINK_RESTORED', 'info', 2);
    const st1 = raise('FLOOR_CALLED', 'stop', 3);
    raise('PANEL_LOST', 'warn', 4);
    const st2 = raise('RESUME_CARD_GONE', 'stop', 5);
    s.decide(w1.id, 'ok', 'floor:A');
    s.decide(st2.id, 'ok', 'floor:A');
    const order = s.snapshot().floorLog?.map((e) => e.alert.code);
    expect(order).toEqual(['FLOOR_CALLED', 'PANEL_LOST', 'LINK_RESTORED', 'RESUME_CARD_GONE', 'PANEL_SILENT']);
    expect(st1.id).toBeLessThan(st2.id);
    const log = s.snapshot().floorLog ?? [];
    expect([...log].sort(floorOrder)).toEqual(log);
    s.close();
  });
});
