// The simulator's play against its own reckoning (OwnReckoning: no transport, no service): legal hands, chips conserved, and each injected
// mistake raising its alert in the engine. The hardware path is tested in session.test.ts.
import { describe, expect, it } from 'vitest';
import { type SimHandReport, Simulator } from '../../src/sim/index.js';
import { simHardware } from '../table/helpers.js';
import { total } from './fastPace.js';

const ZERO = {
  cardMs: 0,
  actionMs: 0,
  collectMs: 0,
  handGapMs: 0,
  motionGapMs: 0,
  buttonMs: 0,
  lingerMs: 0,
  unplugMs: 0,
  tapMs: 0,
};

function offlineSim(seed: number) {
  const sim = new Simulator({ hardware: simHardware(), seed, pace: ZERO, floorDecision: () => {} });
  sim.offline();
  const logs: string[] = [];
  sim.on('log', (l) => logs.push(l));
  return { sim, logs };
}

describe('simulator play (its own reckoning only)', () => {
  it('plays 300 hands to completion, every hand conserving chips, with no procedural alert', async () => {
    const { sim, logs } = offlineSim(11);
    const reports: SimHandReport[] = await sim.run(300);
    expect(logs).toEqual([]);
    expect(reports).toHaveLength(300);
    for (const r of reports) {
      expect(r.complete, `hand ${r.hand} ${r.phase}`).toBe(true);
      expect(total(r.stacks), `hand ${r.hand}`).toBe(total(r.config.seats));
      expect(
        r.alerts.filter((a) => a !== 'SHOWDOWN_ORDER' && a !== 'TABLE_ALL_HANDS'),
        `hand ${r.hand}`,
      ).toEqual([]);
    }
    // realistic: some hands reach a showdown, some end before the flop
    expect(reports.filter((r) => r.alerts.includes('SHOWDOWN_ORDER')).length).toBeGreaterThan(20);
    expect(reports.some((r) => r.alerts.includes('TABLE_ALL_HANDS'))).toBe(true);
  });

  it.each([
    ['missedBurn', 'BURN_MISSED'],
    ['fourCardFlop', 'FLOP_FOUR_CARDS'],
    ['exposedCard', 'CARD_EXPOSED'],
    ['stringBet', 'STRING_BET'],
    ['outOfTurn', 'ACTION_OUT_OF_TURN'],
  ] as const)('injected %s raises %s and the hand still completes with chips conserved', async (kind, code) => {
    const { sim } = offlineSim(5);
    sim.inject(kind);
    const reports = await sim.run(30);
    const hit = reports.find((r) => r.injected.includes(kind));
    expect(hit, `${kind} was never injected`).toBeDefined();
    if (!hit) return;
    expect(hit.alerts, JSON.stringify(hit)).toContain(code);
    expect(hit.complete).toBe(true);
    expect(total(hit.stacks)).toBe(total(hit.config.seats));
  });
});
