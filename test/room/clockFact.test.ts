import { describe, expect, it } from 'vitest';
import { clockLeftMs, formatLeft, holdClock } from '../../src/room/clockFact.js';
import { decodeMessage, encodeMessage, type SettingsMessage } from '../../src/room/protocol.js';

const base: SettingsMessage = {
  v: 1,
  kind: 'settings',
  version: 3,
  level: { blinds: [100, 200], bbAnte: 200 },
  breaks: [],
  sent: 1_700_000_000_000,
};

describe('room clock fact', () => {
  it('counts down locally from the moment it arrived, frozen when paused', () => {
    const h = holdClock({ level: 3, isBreak: false, leftMs: 754_000, running: true }, 10_000);
    expect(clockLeftMs(h, 10_000)).toBe(754_000);
    expect(clockLeftMs(h, 70_500)).toBe(693_500);
    expect(formatLeft(clockLeftMs(h, 10_000))).toBe('12:34');
    expect(clockLeftMs(h, 10_000 + 800_000)).toBe(0);
    const p = holdClock({ level: 3, isBreak: false, leftMs: 754_000, running: false }, 10_000);
    expect(clockLeftMs(p, 500_000)).toBe(754_000);
    expect(formatLeft(3_725_000)).toBe('1:02:05');
  });

  it('the schema accepts settings with or without a clock and refuses a bad one', () => {
    expect(decodeMessage('settings', encodeMessage('settings', base)).clock).toBeUndefined();
    const withClock = { ...base, clock: { level: 3, isBreak: false, leftMs: 754_000, running: true } };
    expect(decodeMessage('settings', encodeMessage('settings', withClock)).clock?.leftMs).toBe(754_000);
    const bad = (clock: unknown) => Buffer.from(JSON.stringify({ ...base, clock }));
    expect(() => decodeMessage('settings', bad({ level: 0, isBreak: false, leftMs: 1, running: true }))).toThrow();
    expect(() => decodeMessage('settings', bad({ level: 3, isBreak: false, leftMs: -5, running: true }))).toThrow();
    expect(() => decodeMessage('settings', bad({ level: 3, isBreak: 'no', leftMs: 5, running: true }))).toThrow();
    expect(() => decodeMessage('settings', bad({ level: 3, isBreak: false, leftMs: 5 }))).toThrow();
    expect(() =>
      decodeMessage('settings', bad({ level: 3, isBreak: false, leftMs: 5, running: true, x: 1 })),
    ).toThrow();
  });
});
