// The ruling on the seed contradiction (issue 23): seed 002 out-of-turn example 2 and the rule text (tda 53, seed 004:
// "si l'action change avant de l'atteindre, le joueur … a toutes les options ouvertes") give a seat that checked out
// of turn every option once a bet comes before its turn: the default of both rulesets. The passive example (call or
// fold only) is a house rule, off by default, named in the table file (`house.checkOutOfTurnCallOrFold`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, ScenarioError, snapshot } from '../../src/engine/index.js';
import { hardwareFileSchema } from '../../src/table/hardwareFile.js';
import { texts } from '../alertTexts.js';
import { codes, nextStreet, playTable, type TableSetup } from './table.js';

/** Seed 002 example 2: blinds 50-100; after the flop seats 3 and 4 check (1 and 2 before them), seat 6 checks out of
 * turn while the action is on seat 5, then seat 5 bets 300. */
const SEED: TableSetup = {
  seats: [1, 2, 3, 4, 5, 6],
  button: 6,
  blinds: [50, 100],
  blindChips: [
    [1, [25, 25]],
    [2, [100]],
  ],
  stack: 10000,
};
const example2 = [
  ...[3, 4, 5, 6, 1].map((seat) => ({ chips: [100], at: `bet${seat}` })),
  { say: 'check', seat: 2 },
  ...nextStreet([1, 2, 3, 4, 5, 6], ['2d', 'Ah', 'Kd', '7c']),
  ...[1, 2, 3, 4].map((seat) => ({ say: 'check', seat })),
  { say: 'check', seat: 6 },
  { chips: [100, 100, 100], at: 'bet5' },
];

describe('tda 53: a check out of turn, then a bet before the turn comes', () => {
  for (const ruleset of ['tda', 'club'] as const) {
    it(`tda 53 (${ruleset}, default): seed 002 example 2: seat 6 has every option: fold, call 300, raise to 600 or more`, () => {
      const o = playTable(SEED, example2, {}, ruleset);
      expect(codes(o)).toEqual(['ACTION_OUT_OF_TURN', 'ACTION_OUT_OF_TURN']);
      expect(texts(o.alerts[1])?.remedy).toBe('Seat 6 now faces a bet and has every option: fold, call or raise.');
      expect(texts(o.alerts[1])?.remedyFr).toMatch(/toutes les options/);
      expect(o.next).toEqual({ toAct: 6, toCall: 300, minRaiseTo: 600, canRaise: true });
    });

    it(`tda 53 house rule (${ruleset}): checkOutOfTurnCallOrFold: seat 6 may only call or fold (seed 002 passive example)`, () => {
      const o = playTable(SEED, example2, { house: { checkOutOfTurnCallOrFold: true } }, ruleset);
      expect(texts(o.alerts[1])?.remedy).toBe('House rule: seat 6 may only call or fold; it may not raise.');
      expect(texts(o.alerts[1])?.remedyFr).toMatch(/^Règle de la maison/);
      expect(o.next).toEqual({ toAct: 6, toCall: 300, minRaiseTo: null, canRaise: false });
      expect(o.state.config.house).toEqual({ checkOutOfTurnCallOrFold: true });
    });
  }

  it('tda 53: the house setting is off by default; the hand snapshot (what the floor view reads) carries it', () => {
    expect(snapshot(playTable(SEED, example2).state).house).toEqual({});
    const on = playTable(SEED, example2, { house: { checkOutOfTurnCallOrFold: true } });
    expect(snapshot(on.state).house).toEqual({ checkOutOfTurnCallOrFold: true });
  });

  it('the scenario format rejects an unknown house rule or a non-boolean, naming the field', () => {
    const base = { name: 'x', table: { seats: { 1: 100, 2: 100 }, button: 1, blinds: [1, 2] }, events: [] };
    expect(() => parseScenario({ ...base, table: { ...base.table, house: { raiseCap: true } } })).toThrow(
      ScenarioError,
    );
    expect(() => parseScenario({ ...base, table: { ...base.table, house: { raiseCap: true } } })).toThrow(
      /table\.house\.raiseCap: unknown house rule/,
    );
    expect(() =>
      parseScenario({ ...base, table: { ...base.table, house: { checkOutOfTurnCallOrFold: 'yes' } } }),
    ).toThrow(/expected true or false/);
  });

  it('the table files name the house setting, off', () => {
    for (const f of ['table-10.json', 'sim-table.json']) {
      const file = JSON.parse(readFileSync(join(import.meta.dirname, '../../hardware/tables', f), 'utf8'));
      expect(file.house).toEqual({ checkOutOfTurnCallOrFold: false });
    }
    expect(Object.keys(hardwareFileSchema.properties.house.properties)).toEqual(['checkOutOfTurnCallOrFold']);
  });
});
