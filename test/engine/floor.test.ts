// The floor and the clock: a stop alert holds the hand until its remedy is seen or the floor decides; the clock
// called on a seat kills the hand after one minute and a ten-second count (LOI 5, club 5-6); a floor kill.
import { describe, expect, it } from 'vitest';
import { Table } from './table.js';

const three = () => new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3 }).start();

describe('floor decisions', () => {
  it('a stop alert holds the hand (next is null) until the floor records a decision', () => {
    const t = three().say(3, 'call').bet(3, 100).say(1, 'call').bet(1, 100).say(2, 'check').collect();
    t.burn().board('Ah', 'Kd', '7c', 'Qs');
    const a = t.state.alerts[0];
    expect(a.code).toBe('FLOP_FOUR_CARDS');
    expect(t.snap().next).toBeNull();
    t.ev({ kind: 'ack', alertId: a.id });
    expect(t.state.alerts[0].acknowledged).toBe(true);
    expect(t.snap().next).toBeNull();
    t.ev({ kind: 'floorDecision', alertId: a.id, decision: 'Qs is the burn', by: 'floor-1' });
    expect(t.state.alerts[0]).toMatchObject({
      resolved: true,
      decision: { decision: 'Qs is the burn', by: 'floor-1' },
    });
    expect(t.snap().next?.toAct).toBe(1);
  });

  it('a floor kill: the hand is dead and the turn moves on', () => {
    const t = three().ev({ kind: 'floorKill', seat: 3 });
    expect(t.snap().seats.find((s) => s.seat === 3)).toMatchObject({ dead: true, folded: true });
    expect(t.snap().next?.toAct).toBe(1);
  });
});

describe('LOI 5 / club 5-6: the clock', () => {
  it('CLOCK_EXPIRED after one minute and a ten-second count: the hand is dead', () => {
    const t = three().ev({ kind: 'clock', seat: 3 });
    t.tick(60_000);
    expect(t.codes()).toEqual([]);
    t.tick(10_000);
    expect(t.state.alerts[0]).toMatchObject({
      code: 'CLOCK_EXPIRED',
      severity: 'warn',
      seat: 3,
      rule: { book: 'LOI', id: '5' },
    });
    expect(t.snap().seats.find((s) => s.seat === 3)?.dead).toBe(true);
    expect(t.snap().next?.toAct).toBe(1);
  });

  it('acting in time stops the clock', () => {
    const t = three().ev({ kind: 'clock', seat: 3 });
    t.tick(30_000).say(3, 'call').bet(3, 100).tick(60_000);
    expect(t.codes()).toEqual([]);
  });
});

describe('a decided hand stays decided', () => {
  it('a floor kill after the hand is over changes nothing; chips are conserved', () => {
    const t = three().fold(3).fold(1);
    expect(t.snap().phase).toBe('complete');
    t.ev({ kind: 'floorKill', seat: 2 });
    const snap = t.snap();
    expect(snap.stacks).toEqual({ '1': 9950, '2': 10050, '3': 10000 });
    expect(snap.pots[0].winners).toEqual([2]);
  });
});
