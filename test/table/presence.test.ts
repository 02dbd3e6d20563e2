import { afterEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../alertTexts.js';
import { A, card, chip, layerWithLog } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('table layer: cards', () => {
  it('turns tag arrivals into engine events with the zone default face, and departures into cardOff', () => {
    const { feed, plain, events } = layerWithLog({ latchOffMs: 0 });
    feed.arrive(A.seat(3), card('Ah'));
    feed.arrive(A.board, card('Kd'));
    feed.arrive(A.burn, card('2c'), 'D');
    feed.leave(A.seat(3), card('Ah'));
    feed.arrive(A.muck, card('Ah'));
    expect(plain()).toEqual([
      { kind: 'cardAt', card: 'Ah', zone: 'seat3', face: 'down' },
      { kind: 'cardAt', card: 'Kd', zone: 'board', face: 'up' },
      { kind: 'cardAt', card: '2c', zone: 'burn', face: 'down' },
      { kind: 'cardOff', card: 'Ah', zone: 'seat3' },
      { kind: 'cardAt', card: 'Ah', zone: 'muck', face: 'down' },
    ]);
    expect(events[0].wall).toBeGreaterThan(0);
  });

  it('reports a card turned over in its zone as cardAt with the new face (docs/scenario-format.md)', () => {
    const { feed, plain } = layerWithLog({ latchOffMs: 0 });
    feed.arrive(A.seat(2), card('7s'), 'D');
    feed.arrive(A.seat(2), card('7s'), 'D'); // repeated TAG: nothing new
    feed.raw({ kind: 'arrive', antenna: A.seat(2), uid: card('7s'), face: 'U', at: 5_000, orderKnown: true });
    expect(plain()).toEqual([
      { kind: 'cardAt', card: '7s', zone: 'seat2', face: 'down' },
      { kind: 'cardAt', card: '7s', zone: 'seat2', face: 'up' },
    ]);
  });

  it('latch-off: a card lifted off the felt and put back within the latch time never left', () => {
    vi.useFakeTimers();
    const { feed, plain } = layerWithLog({ latchOffMs: 250 });
    feed.arrive(A.seat(1), card('Qh'));
    feed.leave(A.seat(1), card('Qh'));
    vi.advanceTimersByTime(100);
    feed.arrive(A.seat(1), card('Qh'));
    vi.advanceTimersByTime(1000);
    expect(plain()).toEqual([{ kind: 'cardAt', card: 'Qh', zone: 'seat1', face: 'down' }]);
    feed.leave(A.seat(1), card('Qh'));
    expect(plain()).toHaveLength(1); // the departure waits for the latch time
    vi.advanceTimersByTime(250);
    expect(plain().at(-1)).toEqual({ kind: 'cardOff', card: 'Qh', zone: 'seat1' });
  });

  it('a card moved to another zone within the latch time: the departure comes first, at once', () => {
    vi.useFakeTimers();
    const { feed, plain } = layerWithLog({ latchOffMs: 250 });
    feed.arrive(A.seat(4), card('9c'));
    feed.leave(A.seat(4), card('9c'));
    feed.arrive(A.muck, card('9c'));
    expect(plain()).toEqual([
      { kind: 'cardAt', card: '9c', zone: 'seat4', face: 'down' },
      { kind: 'cardOff', card: '9c', zone: 'seat4' },
      { kind: 'cardAt', card: '9c', zone: 'muck', face: 'down' },
    ]);
    vi.advanceTimersByTime(1000);
    expect(plain()).toHaveLength(3);
  });
});

describe('table layer: unknown and foreign tags (CARD_UNKNOWN)', () => {
  it('an unenrolled tag raises CARD_UNKNOWN (stop, tda 35) once while it stays, and never reaches the engine', () => {
    const { feed, alerts, events } = layerWithLog();
    feed.arrive(A.seat(5), 'DEADBEEF');
    feed.inventory(A.seat(5), ['DEADBEEF']);
    expect(events).toHaveLength(0);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      code: 'CARD_UNKNOWN',
      severity: 'stop',
      rule: { book: 'tda', id: '35' },
      seat: 5,
      zone: 'seat5',
      uid: 'DEADBEEF',
    });
    expect(texts(alerts[0])?.messageFr).toContain('Carte inconnue');
    feed.leave(A.seat(5), 'DEADBEEF');
    feed.arrive(A.board, 'DEADBEEF');
    expect(alerts).toHaveLength(2);
  });

  it('a card of another enrolled deck (foreign card) is CARD_UNKNOWN naming that deck', () => {
    const { feed, alerts, events } = layerWithLog();
    feed.arrive(A.board, card('As', 1));
    expect(events).toHaveLength(0);
    expect(alerts[0].code).toBe('CARD_UNKNOWN');
    expect(texts(alerts[0])?.message).toContain('deck "sim-2"');
    expect(alerts[0].reason).toBe('foreign deck sim-2');
  });
});

describe('table layer: crosstalk (CARD_CROSSTALK)', () => {
  it("a tag that stays on two zones' antennas past the crosstalk window raises CARD_CROSSTALK (warn); the engine keeps the first zone", () => {
    vi.useFakeTimers();
    const { feed, alerts, plain } = layerWithLog({ crosstalkMs: 600, latchOffMs: 0 });
    feed.arrive(A.seat(1), card('Jd'));
    feed.arrive(A.seat(2), card('Jd'));
    vi.advanceTimersByTime(599);
    expect(alerts).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ code: 'CARD_CROSSTALK', severity: 'warn', zone: 'seat1,seat2' });
    expect(texts(alerts[0])?.message).toContain('Card J♦');
    expect(plain()).toEqual([{ kind: 'cardAt', card: 'Jd', zone: 'seat1', face: 'down' }]);
    // the first antenna stops reading it: it lies in seat2
    feed.leave(A.seat(1), card('Jd'));
    expect(plain().slice(1)).toEqual([
      { kind: 'cardOff', card: 'Jd', zone: 'seat1' },
      { kind: 'cardAt', card: 'Jd', zone: 'seat2', face: 'down' },
    ]);
  });

  it('a card sliding from a seat to the muck (read by both for a moment) is a move, not crosstalk', () => {
    vi.useFakeTimers();
    const { feed, alerts, plain } = layerWithLog({ crosstalkMs: 600, latchOffMs: 0 });
    feed.arrive(A.seat(6), card('3h'));
    feed.arrive(A.muck, card('3h'));
    vi.advanceTimersByTime(200);
    feed.leave(A.seat(6), card('3h'));
    vi.advanceTimersByTime(2000);
    expect(alerts).toHaveLength(0);
    expect(plain()).toEqual([
      { kind: 'cardAt', card: '3h', zone: 'seat6', face: 'down' },
      { kind: 'cardOff', card: '3h', zone: 'seat6' },
      { kind: 'cardAt', card: '3h', zone: 'muck', face: 'down' },
    ]);
  });

  it('a chip read by two betting zones counts in the first only and raises CARD_CROSSTALK', () => {
    const { feed, alerts, plain } = layerWithLog({ crosstalkMs: 0, chipSettleMs: 0 });
    feed.arrive(A.bet(1), chip(1, 0));
    feed.arrive(A.bet(2), chip(1, 0));
    expect(alerts.map((a) => a.code)).toEqual(['CARD_CROSSTALK']);
    expect(texts(alerts[0])?.message).toContain('A 100 chip');
    expect(plain()).toEqual([{ kind: 'chips', seat: 1, chips: [100] }]);
  });
});

describe('table layer: betting zones', () => {
  it('a stack read tag by tag within the settle window is one snapshot of the whole zone, largest first', () => {
    vi.useFakeTimers();
    const { feed, plain } = layerWithLog({ chipSettleMs: 150 });
    feed.arrive(A.bet(3), chip(1, 0));
    feed.arrive(A.bet(3), chip(2, 0));
    feed.arrive(A.bet(3), chip(1, 1));
    expect(plain()).toEqual([]);
    vi.advanceTimersByTime(150);
    expect(plain()).toEqual([{ kind: 'chips', seat: 3, chips: [500, 100, 100] }]);
    // a chip taken away: the new whole content
    feed.leave(A.bet(3), chip(1, 1));
    vi.advanceTimersByTime(150);
    // collection: the zone empties
    feed.leave(A.bet(3), chip(1, 0));
    feed.leave(A.bet(3), chip(2, 0));
    vi.advanceTimersByTime(150);
    expect(plain().slice(1)).toEqual([
      { kind: 'chips', seat: 3, chips: [500, 100] },
      { kind: 'chips', seat: 3, chips: [] },
    ]);
  });

  it('a chip that leaves and comes back within the window changes nothing; flush() emits what is pending', () => {
    vi.useFakeTimers();
    const { feed, plain, layer } = layerWithLog({ chipSettleMs: 150 });
    feed.arrive(A.bet(2), chip(0, 7));
    vi.advanceTimersByTime(150);
    feed.leave(A.bet(2), chip(0, 7));
    feed.arrive(A.bet(2), chip(0, 7));
    vi.advanceTimersByTime(150);
    expect(plain()).toEqual([{ kind: 'chips', seat: 2, chips: [25] }]);
    feed.arrive(A.bet(2), chip(4, 1));
    layer.flush();
    expect(plain().at(-1)).toEqual({ kind: 'chips', seat: 2, chips: [5000, 25] });
  });

  it('chips outside betting zones and cards in betting zones reach nothing', () => {
    const { feed, events, alerts } = layerWithLog({ chipSettleMs: 0 });
    feed.arrive(A.seat(1), chip(1, 3));
    feed.arrive(A.bet(1), card('Ac'));
    expect(events).toEqual([]);
    expect(alerts).toEqual([]);
  });
});

describe('table layer: inventories, faults, link, panel, health', () => {
  it('an inventory is diffed against what was believed: the differences are events with orderKnown false', () => {
    const { feed, plain } = layerWithLog({ latchOffMs: 0, chipSettleMs: 0 });
    feed.arrive(A.seat(1), card('Ah'));
    feed.arrive(A.seat(1), card('Kh'));
    feed.inventory(A.seat(1), [card('Kh'), card('Ks')]);
    expect(plain()).toEqual([
      { kind: 'cardAt', card: 'Ah', zone: 'seat1', face: 'down' },
      { kind: 'cardAt', card: 'Kh', zone: 'seat1', face: 'down' },
      { kind: 'cardOff', card: 'Ah', zone: 'seat1', orderKnown: false },
      { kind: 'cardAt', card: 'Ks', zone: 'seat1', face: 'down', orderKnown: false },
    ]);
    feed.inventory(A.seat(1), [card('Kh'), card('Ks')]);
    expect(plain()).toHaveLength(4);
  });

  it('reader faults, link loss and restoration become alerts in English and French; health follows', () => {
    const { feed, alerts, layer } = layerWithLog();
    feed.raw({ kind: 'hello', bootId: 'B1', firmware: '1.0.0', deviceId: 'BR-1', antennas: 16, at: 1 });
    feed.raw({ kind: 'heartbeat', uptimeMs: 5000, scanMs: 180, dropped: 0, at: 2 });
    feed.raw({ kind: 'fault', antenna: A.bet(4), code: 'ANT_SHORT', at: 3 });
    feed.raw({ kind: 'link', state: 'lost', at: 4, detail: 'no heartbeat for 3 s' });
    feed.raw({ kind: 'link', state: 'lost', at: 5 });
    feed.raw({ kind: 'link', state: 'restored', at: 6 });
    feed.raw({ kind: 'hello', bootId: 'B2', firmware: '1.0.0', deviceId: 'BR-1', antennas: 16, at: 7 });
    expect(alerts.map((a) => [a.code, a.severity])).toEqual([
      ['READER_FAULT', 'warn'],
      ['LINK_LOST', 'stop'],
      ['LINK_RESTORED', 'info'],
    ]);
    expect(alerts[0]).toMatchObject({ antenna: 9, zone: 'bet4', seat: 4, reason: 'ANT_SHORT' });
    expect(texts(alerts[0])?.message).toContain('short-circuited');
    expect(texts(alerts[0])?.messageFr).toContain('court-circuit');
    expect(texts(alerts[1])?.remedyFr.length).toBeGreaterThan(10);
    const h = layer.health();
    expect(h.link).toBe('up');
    expect(h.bridge).toMatchObject({ bootId: 'B2', reboots: 1, scanMs: 180 });
    expect(h.antennas.find((a) => a.antenna === 9)).toMatchObject({
      zone: 'bet4',
      faults: 1,
      lastFault: { code: 'ANT_SHORT' },
    });
    expect(layer.sessionHealth()).toMatchObject({ link: 'up', scanMs: 180, readers: { '9': 'ANT_SHORT', '0': 'ok' } });
  });

  it('a tag on an antenna the hardware file does not map is a READER_FAULT once', () => {
    const { feed, alerts, events } = layerWithLog();
    feed.arrive(40, card('2s'));
    feed.arrive(40, card('3s'));
    expect(events).toEqual([]);
    expect(alerts.map((a) => [a.code, a.reason, a.antenna])).toEqual([['READER_FAULT', 'UNMAPPED', 40]]);
  });

  it('panel buttons: shuffle/misdeal/floor are dealer events, confirm is a panel signal; the tray goes to health', () => {
    const { layer, plain } = layerWithLog();
    const confirms: unknown[] = [];
    layer.on('panel', (p) => confirms.push(p));
    layer.ingestPanel({ kind: 'button', button: 'shuffle', at: 10 });
    layer.ingestPanel({ kind: 'button', button: 'confirm', at: 11 });
    layer.ingestPanel({ kind: 'tray', counts: { '25': 40, '100': 12 }, at: 12 });
    layer.ingestPanel({ kind: 'panelLink', state: 'up', at: 13 });
    expect(plain()).toEqual([{ kind: 'dealer', button: 'shuffle' }]);
    expect(confirms).toEqual([{ button: 'confirm', wall: 11 }]);
    expect(layer.health()).toMatchObject({ tray: { '25': 40, '100': 12 }, panel: 'up' });
  });
});

describe('table layer: order of motions', () => {
  it("a pending zone snapshot goes out before a later card event or another zone's change (wire order kept)", () => {
    vi.useFakeTimers();
    const { feed, plain } = layerWithLog({ chipSettleMs: 150, latchOffMs: 0 });
    feed.arrive(A.seat(1), card('Ah'));
    feed.arrive(A.bet(1), chip(1, 0));
    feed.arrive(A.bet(1), chip(1, 1));
    feed.arrive(A.bet(2), chip(2, 0)); // seat 2 acts: seat 1's motion is over
    feed.leave(A.seat(1), card('Ah')); // and seat 1 folds... after its chips
    feed.arrive(A.muck, card('Ah'));
    vi.advanceTimersByTime(150);
    expect(plain()).toEqual([
      { kind: 'cardAt', card: 'Ah', zone: 'seat1', face: 'down' },
      { kind: 'chips', seat: 1, chips: [100, 100] },
      { kind: 'chips', seat: 2, chips: [500] },
      { kind: 'cardOff', card: 'Ah', zone: 'seat1' },
      { kind: 'cardAt', card: 'Ah', zone: 'muck', face: 'down' },
    ]);
  });

  it("latched departures are committed before a dealer button (a shuffle ends the hand's lifts)", () => {
    vi.useFakeTimers();
    const { feed, plain, layer } = layerWithLog({ latchOffMs: 250 });
    feed.arrive(A.board, card('5d'));
    feed.leave(A.board, card('5d'));
    layer.ingestPanel({ kind: 'button', button: 'shuffle', at: 5000 });
    expect(plain()).toEqual([
      { kind: 'cardAt', card: '5d', zone: 'board', face: 'up' },
      { kind: 'cardOff', card: '5d', zone: 'board' },
      { kind: 'dealer', button: 'shuffle' },
    ]);
  });
});

describe('table layer: a pause of the service', () => {
  it('a chip that arrives and leaves within the settle window (a call, then the collection, read together) is two snapshots', () => {
    vi.useFakeTimers();
    const { feed, plain } = layerWithLog({ chipSettleMs: 150 });
    feed.arrive(A.bet(4), chip(2, 0)); // the big blind's earlier chip, already reported
    vi.advanceTimersByTime(150);
    feed.arrive(A.bet(4), chip(1, 0));
    feed.arrive(A.bet(4), chip(1, 1));
    feed.leave(A.bet(4), chip(2, 0)); // the collection starts with the older chip
    feed.leave(A.bet(4), chip(1, 0));
    feed.leave(A.bet(4), chip(1, 1));
    vi.advanceTimersByTime(150);
    expect(plain()).toEqual([
      { kind: 'chips', seat: 4, chips: [500] },
      { kind: 'chips', seat: 4, chips: [500, 100, 100] },
      { kind: 'chips', seat: 4, chips: [] },
    ]);
  });
});

describe('table layer: the tablet', () => {
  it('a tap goes after the zone snapshot still settling, without transport fields', () => {
    vi.useFakeTimers();
    const { feed, events, layer } = layerWithLog({ chipSettleMs: 150 });
    feed.arrive(A.bet(2), chip(1, 0));
    const tap = { kind: 'say', seat: 3, say: 'check', afterSeq: 41, at: 5 } as unknown as Parameters<
      typeof layer.ingestTablet
    >[0];
    layer.ingestTablet(tap, 9000);
    expect(events).toEqual([
      { kind: 'chips', seat: 2, chips: [100], wall: expect.any(Number) },
      { kind: 'say', seat: 3, say: 'check', wall: 9000 },
    ]);
  });
});
