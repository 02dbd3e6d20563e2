// The simulated push-or-fold hand on the real engine: every hand ends, no stop alert, chips conserved, and the next
// hand's table from the engine's own nextHandConfig (dead button: LOI 6, club 8-6).
import { describe, expect, it } from 'vitest';
import { nextHandConfig, type TableConfig } from '../../src/engine/index.js';
import { chipsFor, playSimHand, seededRandom } from '../../src/tournament/index.js';

const sum = (r: Record<string, number>): number => Object.values(r).reduce((a, b) => a + b, 0);

describe('the simulated hand (push or fold over the engine)', () => {
  it('nine players play down to one: every hand ends with the chips conserved', () => {
    const random = seededRandom(42);
    let config: TableConfig = {
      ruleset: 'tda',
      seats: Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((s) => [s, 5000])),
      button: 1,
      blinds: [25, 50],
      bbAnte: 50,
      absent: [],
      chips: [25, 100, 500, 1000, 5000],
      motionMs: 700,
      orderKnown: true,
    };
    let hands = 0;
    let allIns = 0;
    while (Object.keys(config.seats).length > 1 && hands < 2000) {
      const before = sum(config.seats);
      const final = playSimHand(config, random, { shove: 0.2, shoveShort: 0.6, call: 0.4, callShort: 0.6 });
      expect(final.phase).toBe('complete');
      expect(sum(final.stacks)).toBe(before);
      if (final.seats.some((s) => s.allIn)) allIns++;
      hands++;
      config = nextHandConfig(config, final);
    }
    expect(Object.values(config.seats)).toEqual([45000]);
    expect(allIns).toBeGreaterThan(5);
  });

  it('chips are made with the fewest chips; an amount the chips cannot make is refused', () => {
    expect(chipsFor(1625, [25, 100, 500, 1000])).toEqual([1000, 500, 100, 25]);
    expect(() => chipsFor(30, [25, 100])).toThrowError(/30 cannot be made/);
  });
});
