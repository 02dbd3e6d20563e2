// A shuffle before the hand is over (the dealer gathered the cards): the session voids that hand rather than read
// the next deal into it (issue 11's live stall: every later hand a misdeal). The stacks go back to the hand's start,
// the next hand is dealt with the same button and blinds (tda 35), the floor is told, and recovery rebuilds it.
import { describe, expect, it } from 'vitest';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { texts } from '../alertTexts.js';
import { configOf } from '../engine/table.js';

describe('session: shuffle with the hand unfinished', () => {
  it('tda 35: voids the hand, every chip back, same button and blinds, HAND_VOID for the floor; recovery agrees', () => {
    const config = configOf({ seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 1 });
    let wall = 1_700_000_000_000;
    const log = new MemoryLog();
    const session = new TableSession({ config, log, now: () => wall });
    const at = (ev: Parameters<TableSession['ingest']>[0]) => {
      wall += 1000;
      session.ingest(ev);
    };
    at({ kind: 'dealer', button: 'shuffle' });
    at({ kind: 'chips', seat: 2, chips: [25, 25] });
    at({ kind: 'chips', seat: 3, chips: [100] });
    const cards = ['Ah', 'Kd', '7c', 'Qs', 'Jh', '2c'];
    for (const [i, c] of cards.entries())
      at({ kind: 'cardAt', card: c, zone: `seat${[2, 3, 1][i % 3]}`, face: 'down' });
    at({ kind: 'chips', seat: 1, chips: [100, 100, 100] });
    at({ kind: 'tick' });
    expect(session.snapshot().hand.stacks).toEqual({ 1: 4700, 2: 4950, 3: 4900 });
    // the dealer gathers everything and shuffles for a new deal
    for (const c of cards) at({ kind: 'cardOff', card: c, zone: `seat${[2, 3, 1][cards.indexOf(c) % 3]}` });
    for (const seat of [1, 2, 3]) at({ kind: 'chips', seat, chips: [] });
    at({ kind: 'dealer', button: 'shuffle' });
    const s = session.snapshot();
    expect(s.handNo).toBe(2);
    expect(s.config.seats).toEqual({ 1: 5000, 2: 5000, 3: 5000 });
    expect(s.config.button).toBe(1);
    expect(s.hand.phase).toBe('dealing');
    const v = s.tableAlerts.find((a) => a.code === 'HAND_VOID');
    expect(texts(v)?.message).toMatch(/hand 1 was over/);
    expect(texts(v)?.messageFr).toMatch(/coup 1/);
    expect(v?.rule).toEqual({ book: 'tda', id: '35' });
    // the new deal is read into the new hand: no count error
    at({ kind: 'chips', seat: 2, chips: [25, 25] });
    at({ kind: 'chips', seat: 3, chips: [100] });
    for (const [i, c] of cards.entries())
      at({ kind: 'cardAt', card: c, zone: `seat${[2, 3, 1][i % 3]}`, face: 'down' });
    expect(session.snapshot().hand.alerts.filter((a) => a.severity !== 'info')).toEqual([]);
    const again = TableSession.recover(log, { config, now: () => wall });
    expect(again.snapshot().handNo).toBe(2);
    expect(again.snapshot().hand).toEqual(session.snapshot().hand);
  });

  it('a second shuffle press before any card is dealt changes nothing', () => {
    const config = configOf({ seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 1 });
    const session = new TableSession({ config, log: new MemoryLog() });
    session.ingest({ kind: 'dealer', button: 'shuffle' });
    session.ingest({ kind: 'dealer', button: 'shuffle' });
    expect(session.snapshot().handNo).toBe(1);
    expect(session.snapshot().tableAlerts).toEqual([]);
  });
});
