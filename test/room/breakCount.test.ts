// Issue 25, a live table's break (src/room/breakCount.ts): the count read from the chips (seed 003 regulation 5;
// LOI 16, 24) and the colour-up with its chip race (LOI 2 and its example, LOI 3, LOI 17), as the table's alerts to
// the dealer and the floor in English and French.
import { describe, expect, it } from 'vitest';
import { TableBreakCount } from '../../src/room/breakCount.js';
import { seededRandom } from '../../src/tournament/random.js';
import { texts } from '../alertTexts.js';

const chips = (...pairs: Array<[number, number]>): number[] => pairs.flatMap(([d, n]) => Array(n).fill(d) as number[]);

describe('a live table at a break', () => {
  it('seed 003 regulation 5: each stack read is counted against the engine; a difference names the seat and the amount', () => {
    const b = new TableBreakCount({
      tableId: '2',
      stacks: { 1: 1000, 2: 1500, 3: 800, 4: 700 },
      inPlay: [25, 100, 500],
      colourUp: [],
      raceOrder: [1, 2, 3, 4],
      random: seededRandom(1),
    });
    b.read(1, chips([500, 1], [100, 5]));
    expect(b.complete()).toBe(false);
    // seat 2 is 100 short, seat 3 has 100 more: moved between them; seat 4 holds a foreign chip
    b.read(2, chips([500, 2], [100, 4]));
    b.read(3, chips([500, 1], [100, 4]));
    b.read(4, chips([500, 1], [100, 2], [5, 1]));
    expect(b.complete()).toBe(true);
    const alerts = b.count();
    expect(alerts.map((a) => [a.code, a.seat])).toEqual([
      ['BREAK_COUNT', 2],
      ['BREAK_COUNT', 3],
      ['BREAK_COUNT', 4],
    ]);
    expect(texts(alerts[0])?.message).toBe('Count at the break: 100 gone from seat 2 to seat 3.');
    expect(texts(alerts[0])?.messageFr).toBe('Comptage à la pause : 100 passés du siège 2 au siège 3.');
    expect(texts(alerts[2])?.message).toMatch(/seat 4 holds chips not in play \(5\), not counted \(LOI 16\)/);
    expect(texts(alerts[2])?.messageFr).toMatch(/siège 4 a des jetons hors jeu \(5\)/);

    // a chip gone alone: missing, with the amount read and the hands' figure
    const c = new TableBreakCount({
      tableId: '2',
      stacks: { 1: 1000, 2: 1500 },
      inPlay: [25, 100, 500],
      colourUp: [],
      raceOrder: [1, 2],
      random: seededRandom(1),
    });
    c.read(1, chips([500, 1], [100, 5]));
    c.read(2, chips([500, 2], [100, 4]));
    expect(c.count().map((a) => texts(a)?.message)).toEqual([
      'Count at the break: seat 2 is 100 short (read 1,400, the hands say 1,500).',
    ]);
    expect(texts(c.count()[0])?.messageFr).toBe(
      'Comptage à la pause : au siège 2, il manque 100 (lu 1\u202f400, les mains disent 1\u202f500).',
    );
    // every stack as the hands say: no alert
    c.read(2, chips([500, 3]));
    expect(c.count()).toEqual([]);
    // no chips named by the room (no structure): every denomination read counts, a difference is still found
    const d = new TableBreakCount({
      tableId: '2',
      stacks: { 1: 1000, 2: 1500 },
      inPlay: [],
      colourUp: [],
      raceOrder: [1, 2],
      random: seededRandom(1),
    });
    d.read(1, chips([500, 2]));
    d.read(2, chips([500, 2], [25, 2]));
    expect(d.count().map((a) => [a.seat, texts(a)?.message])).toEqual([
      [2, 'Count at the break: seat 2 is 450 short (read 1,050, the hands say 1,500).'],
    ]);
  });

  it('LOI 2: the colour-up raced from the chips read (the rule example: four players with two 5s each), then checked', () => {
    const b = new TableBreakCount({
      tableId: '1',
      stacks: { 1: 1010, 2: 1010, 3: 1010, 4: 1010 },
      inPlay: [5, 25, 100, 500],
      colourUp: [5],
      raceOrder: [1, 2, 3, 4],
      random: seededRandom(3),
    });
    for (const s of [1, 2, 3, 4]) b.read(s, chips([500, 2], [5, 2]));
    expect(b.count()).toEqual([]);
    const up = b.colourUp();
    expect(up).not.toBeNull();
    const race = up?.race;
    // 8 × 5 = 40 left over: rounded up to two 25s, one each to two players
    expect(race?.raceChips).toBe(2);
    expect(race?.seats.filter((s) => s.wonRace).length).toBe(2);
    expect(up?.alert.code).toBe('COLOUR_UP');
    expect(texts(up?.alert)?.message).toMatch(
      /^Colour-up of the 5 chips, race for 2 × 25: seat 1: take 10, give \d × 25/,
    );
    expect(texts(up?.alert)?.messageFr).toMatch(
      /^Changement des jetons de 5, course pour 2 × 25 : siège 1 : retirez 10/,
    );
    // the new chips read back: the winners have a 25 more, the others none; seat 4 kept a 5
    const after: Record<number, number[]> = {};
    for (const s of race?.seats ?? []) after[s.seat] = chips([500, 2], [25, s.wonRace ? 1 : 0]);
    const four = race?.seats.find((s) => s.seat === 4);
    after[4] = [...chips([500, 2], [25, four?.wonRace ? 1 : 0]), 5];
    const checked = b.checkAfter(after);
    expect(checked.map((a) => [a.code, a.seat])).toEqual([['COLOUR_UP_CHECK', 4]]);
    expect(texts(checked[0])?.message).toMatch(/old chips still there: 5/);
    expect(texts(checked[0])?.messageFr).toMatch(/anciens jetons encore là : 5/);
  });
});
