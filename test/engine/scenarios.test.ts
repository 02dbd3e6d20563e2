// Scenario files: every fixture scenario runs through the engine and meets its `expect`; malformed scenarios are
// refused with a ScenarioError naming the event; rule-breaking but well-formed ones raise alerts, never crash.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario, ScenarioError } from '../../src/engine/index.js';
import { SCENARIOS } from '../fixtures.js';

const DIR = SCENARIOS;
const files = [
  ...readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(DIR, f)),
  ...readdirSync(join(DIR, 'random')).map((f) => join(DIR, 'random', f)),
];

describe('fixture scenarios', () => {
  it('finds the fixture scenarios', () => {
    expect(files.length).toBeGreaterThanOrEqual(61);
  });
  for (const file of files) {
    it(file.slice(DIR.length + 1), () => {
      const outcome = runScenario(parseScenario(JSON.parse(readFileSync(file, 'utf8'))));
      expect(outcome.failures).toEqual([]);
      expect(outcome.passed).toBe(true);
    });
  }
});

const base = () => ({
  name: 'x',
  ruleset: 'tda',
  table: { seats: { '1': 1000, '2': 1000, '3': 1000 }, button: 3, blinds: [50, 100], bbAnte: 0, absent: [] },
  events: [{ dealer: 'shuffle' }, { card: 'Ah', at: 'seat1' }] as unknown[],
});

function refused(json: unknown): ScenarioError {
  try {
    parseScenario(json);
  } catch (err) {
    if (err instanceof ScenarioError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('malformed scenarios', () => {
  it('an unknown card is refused, naming the event', () => {
    const s = base();
    s.events.push({ card: 'Zq', at: 'seat2' });
    const e = refused(s);
    expect(e.code).toBe('UNKNOWN_CARD');
    expect(e.eventIndex).toBe(2);
    expect(e.message).toMatch(/event 2 .*Zq/);
  });

  it('an unknown zone is refused, naming the event', () => {
    const s = base();
    s.events.push({ card: 'Kd', at: 'seat11' });
    const e = refused(s);
    expect(e.code).toBe('UNKNOWN_ZONE');
    expect(e.message).toMatch(/event 2 .*seat11/);
    const c = base();
    c.events.push({ chips: [100], at: 'board' });
    expect(refused(c).code).toBe('UNKNOWN_ZONE');
  });

  it('a card in two places is refused, naming the event', () => {
    const s = base();
    s.events.push({ card: 'Ah', at: 'board' });
    const e = refused(s);
    expect(e.code).toBe('CARD_IN_TWO_PLACES');
    expect(e.message).toMatch(/event 2 .*Ah is already in seat1/);
    // once it left, it may arrive elsewhere
    const ok = base();
    ok.events.push({ card: 'Ah', off: 'seat1' }, { card: 'Ah', at: 'muck' });
    expect(() => parseScenario(ok)).not.toThrow();
  });

  it('a negative stack is refused', () => {
    const s = base();
    s.table.seats['2'] = -5;
    const e = refused(s);
    expect(e.code).toBe('NEGATIVE_STACK');
    expect(e.message).toMatch(/table.seats.2/);
  });

  it('bad fields name the field', () => {
    expect(refused({ ...base(), ruleset: 'casino' }).message).toMatch(/ruleset/);
    expect(refused({ ...base(), events: 'no' }).message).toMatch(/events/);
    expect(refused(42).code).toBe('NOT_AN_OBJECT');
  });
});

describe('rule-breaking scenarios never crash the engine', () => {
  it('chips from empty seats, cards out of order, declarations before the deal', () => {
    const s = base();
    s.events.push(
      { say: 'raise', seat: 2, to: 50 },
      { chips: [5000], at: 'bet7' },
      { card: 'Kd', at: 'board' },
      { card: 'Qd', at: 'burn' },
      { say: 'fold', seat: 9 },
      { floor: 'kill', seat: 1 },
      { dealer: 'misdeal' },
      { dealer: 'clock', seat: 2 },
    );
    const outcome = runScenario(parseScenario(s));
    expect(outcome.failures).toEqual([]);
    expect(outcome.alerts.length).toBeGreaterThan(0);
  });
});
