// The count at a break (seed 003 regulation 5, LOI 16, LOI 24): each seat's chips read against the engine's stack.
import { describe, expect, it } from 'vitest';
import { countAtBreak, describeDiscrepancy } from '../../src/tournament/index.js';

const IN_PLAY = [100, 500, 1000, 5000];

describe('seed 003 regulation 5: the count at a break', () => {
  it('every stack as the hands left it: no record', () => {
    expect(countAtBreak('T1', { 1: [5000, 1000, 100], 4: [500, 500] }, { 1: 6100, 4: 1000 }, IN_PLAY)).toEqual([]);
  });

  it('a chip gone: a record naming the table, the seat and the amount', () => {
    const d = countAtBreak('T1', { 1: [5000, 100], 4: [500, 500] }, { 1: 6100, 4: 1000 }, IN_PLAY);
    expect(d).toEqual([{ table: 'T1', seat: 1, expected: 6100, read: 5100, difference: -1000, kind: 'missing' }]);
    expect(describeDiscrepancy(d[0] as (typeof d)[0])).toBe(
      'table T1 seat 1: 1000 missing (read 5100, the hands say 6100)',
    );
  });

  it('chips moved between players: the same amount gone at one seat and come at another', () => {
    const d = countAtBreak('T2', { 2: [1000], 5: [1000, 500, 500] }, { 2: 1500, 5: 1500 }, IN_PLAY);
    expect(d.map((x) => [x.seat, x.kind, x.difference, x.withSeat])).toEqual([
      [2, 'moved', -500, 5],
      [5, 'moved', 500, 2],
    ]);
    expect(d.map(describeDiscrepancy)).toEqual([
      'table T2 seat 2: 500 gone to seat 5',
      'table T2 seat 5: 500 come from seat 2',
    ]);
  });

  it('LOI 16: a chip not in play (a coloured-up 25) is named and not counted', () => {
    const d = countAtBreak('T3', { 3: [1000, 25] }, { 3: 1000 }, IN_PLAY);
    expect(d).toEqual([
      { table: 'T3', seat: 3, expected: 1000, read: 1000, difference: 0, kind: 'foreign', foreign: [25] },
    ]);
  });

  it('a seat with chips the engine has as empty, and an engine stack with nothing read', () => {
    const d = countAtBreak('T4', { 6: [100] }, { 7: 200 }, IN_PLAY);
    expect(d.map((x) => [x.seat, x.kind, x.difference])).toEqual([
      [6, 'extra', 100],
      [7, 'missing', -200],
    ]);
  });
});
