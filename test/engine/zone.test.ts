// The one zone parser every layer uses (scenarios, the table file, the table layer, the restart, the floor page).
import { describe, expect, it } from 'vitest';
import { asZone, betSeat, defaultFace, handSeat, isCardZone, parseZone, zoneName } from '../../src/engine/zone.js';

describe('zones', () => {
  it('parses every zone of the scenario format and the enrollment pad', () => {
    expect(parseZone('seat3')).toEqual({ kind: 'seat', seat: 3 });
    expect(parseZone('bet10')).toEqual({ kind: 'bet', seat: 10 });
    for (const z of ['board', 'burn', 'muck', 'enroll'] as const) expect(parseZone(z)).toEqual({ kind: z });
  });

  it('refuses what names no zone', () => {
    for (const z of ['seat', 'seat0', 'seat03', 'bet-1', 'Seat3', 'seat3 ', 'table', '', 3, null])
      expect(parseZone(z), String(z)).toBeNull();
  });

  it('writes a parsed zone back as it was', () => {
    for (const z of ['seat1', 'bet7', 'board', 'burn', 'muck', 'enroll']) {
      const p = parseZone(z);
      expect(p && zoneName(p)).toBe(z);
    }
  });

  it('asZone: a zone of the hand within the seats given', () => {
    expect(asZone('seat10', 10)).toBe('seat10');
    expect(asZone('seat11', 10)).toBeNull();
    expect(asZone('enroll')).toBeNull();
  });

  it('tells hand zones, betting zones and card zones apart', () => {
    expect(handSeat('seat4')).toBe(4);
    expect(handSeat('bet4')).toBeNull();
    expect(betSeat('bet4')).toBe(4);
    expect(betSeat('board')).toBeNull();
    expect(['seat2', 'board', 'burn', 'muck'].every(isCardZone)).toBe(true);
    expect(['bet2', 'enroll', 'nowhere'].some(isCardZone)).toBe(false);
  });

  it('a card placed without a face: hands, burns and the muck down, the board up', () => {
    expect(defaultFace('seat1')).toBe('down');
    expect(defaultFace('burn')).toBe('down');
    expect(defaultFace('muck')).toBe('down');
    expect(defaultFace('board')).toBe('up');
  });
});
