// The structure file and the clock: levels, breaks, colour-ups, rebuy windows validated with the field and its line;
// the clock paused, resumed, given time, saved and restored; LOI 18, club 8-4, 8-5: a new level from the next shuffle.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chipsInPlayAt, parseStructure, type Structure, TournamentClock } from '../../src/tournament/index.js';

const SUNDAY = readFileSync(new URL('../fixtures/tournament/sunday.toml', import.meta.url), 'utf8');
const MIN = 60_000;

function fakeClock(): { now: () => number; advance: (ms: number) => void } {
  let t = 1_000_000;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe('the structure file', () => {
  it('reads levels (blinds, big blind ante, minutes), breaks and their colour-ups from TOML', () => {
    const s = parseStructure(SUNDAY, 'toml');
    expect(s.name).toBe('Sunday 5k');
    expect(
      s.periods.map((p) => (p.kind === 'level' ? `L${p.level} ${p.sb}/${p.bb}/${p.bbAnte}` : `break ${p.colourUp}`)),
    ).toEqual([
      'L1 25/50/0',
      'L2 50/100/100',
      'break 25',
      'L3 100/200/200',
      'L4 200/400/400',
      'break 100',
      'L5 500/1000/1000',
      'L6 1000/2000/2000',
    ]);
    expect(chipsInPlayAt(s, 1)).toEqual([25, 100, 500, 1000, 5000]);
    expect(chipsInPlayAt(s, 2)).toEqual([100, 500, 1000, 5000]);
    expect(chipsInPlayAt(s, 6)).toEqual([500, 1000, 5000]);
    expect(s.rebuy).toBeUndefined();
  });

  it('the same structure as JSON', () => {
    const s = parseStructure(
      JSON.stringify({
        startingStack: 1000,
        chips: [25, 100],
        levels: [{ sb: 25, bb: 50, minutes: 15 }],
        payouts: [100],
      }),
      'json',
    );
    expect(s.periods).toEqual([{ kind: 'level', level: 1, sb: 25, bb: 50, bbAnte: 0, minutes: 15 }]);
  });

  const bad = (from: string, to: string): string => SUNDAY.replace(from, to);
  it.each([
    [
      'bb = 100\nbbAnte = 100',
      'bb = 40\nbbAnte = 100',
      /line 15, levels\[1\].bb: the big blind 40 is smaller than the small blind 50/,
    ],
    [
      'sb = 500\n',
      'sb = 450\n',
      /line 40, levels\[6\]\.sb: 450 cannot be paid with the chips in play \(smallest 500\)/,
    ],
    [
      'colourUp = [100]',
      'colourUp = [1000]',
      /line 37, levels\[5\]\.colourUp: chip 1000 leaves while a smaller chip 100 stays/,
    ],
    ['colourUp = [25]', 'colourUp = [10]', /line 21, levels\[2\]\.colourUp: chip 10 is not in play/],
    [
      'minutes = 20\n\n[[levels]]\nbreak',
      'minutes = 0\n\n[[levels]]\nbreak',
      /line 17, levels\[1\].minutes: must be a whole number ≥ 1/,
    ],
    ['payouts = [50, 30, 20]', 'payouts = [50, 30, 30]', /line 6, payouts: must add up to 100 \(they add up to 110\)/],
    [
      'startingStack = 5000',
      'startingStack = 5010',
      /line 3, startingStack: must be a multiple of the smallest chip 25/,
    ],
    ['chips = [25, 100', 'chip = [25, 100', /line 4, chip: unknown field/],
    ['sb = 25\n', 'sb = 25\nante = 5\n', /line 10, levels\[0\]\.ante: a level has sb, bb, bbAnte and minutes/],
    ['minutes = 20\n', 'minutes = \n', /structure line 11: Invalid TOML document/],
  ])('a bad structure is refused naming the line and the field (%s → %s)', (from, to, message) => {
    expect(() => parseStructure(bad(from, to), 'toml')).toThrowError(message);
  });

  it('rebuy and add-on windows: an add-on needs a rebuy period (club 7-4); a JSON error names the field', () => {
    const base = { startingStack: 1000, chips: [25], levels: [{ sb: 25, bb: 50, minutes: 15 }], payouts: [100] };
    const s = parseStructure(
      JSON.stringify({ ...base, rebuy: { untilLevel: 1, chips: 1000, max: 2 }, addOn: { chips: 1500 } }),
      'json',
    );
    expect(s.rebuy).toEqual({ untilLevel: 1, chips: 1000, max: 2 });
    expect(s.addOn).toEqual({ chips: 1500 });
    expect(() => parseStructure(JSON.stringify({ ...base, addOn: { chips: 1500 } }), 'json')).toThrowError(
      /structure addOn: an add-on ends a rebuy period \(club 7-4\)/,
    );
    expect(() =>
      parseStructure(JSON.stringify({ ...base, rebuy: { untilLevel: 3, chips: 1000 } }), 'json'),
    ).toThrowError(/rebuy\.untilLevel: there are only 1 levels/);
    expect(() => parseStructure('{"startingStack": 1000,', 'json')).toThrowError(/structure: not JSON/);
  });
});

describe('the tournament clock', () => {
  const s: Structure = parseStructure(SUNDAY, 'toml');

  it('runs the levels one after the other and stops at the break, on the injected monotonic clock', () => {
    const c = fakeClock();
    const clock = new TournamentClock(s, c.now);
    expect(clock.status()).toMatchObject({ period: 0, remainingMs: 20 * MIN, running: false });
    c.advance(5 * MIN);
    expect(clock.status().remainingMs).toBe(20 * MIN); // not started: nothing runs off
    clock.start();
    c.advance(25 * MIN);
    expect(clock.status()).toMatchObject({ period: 1, remainingMs: 15 * MIN });
    c.advance(15 * MIN + 1);
    const st = clock.status();
    expect(st.current.kind).toBe('break');
    expect(st.level).toMatchObject({ level: 3, bb: 200 }); // the level that follows the break
  });

  it('pause, resume and add time', () => {
    const c = fakeClock();
    const clock = new TournamentClock(s, c.now);
    clock.start();
    c.advance(4 * MIN);
    clock.pause();
    c.advance(60 * MIN);
    expect(clock.status()).toMatchObject({ period: 0, remainingMs: 16 * MIN, running: false });
    clock.addTime(2 * MIN);
    expect(clock.status().remainingMs).toBe(18 * MIN);
    clock.resume();
    c.advance(18 * MIN);
    expect(clock.status()).toMatchObject({ period: 1, remainingMs: 20 * MIN, running: true });
    clock.addTime(-25 * MIN); // taking more than is left ends the level
    expect(clock.status()).toMatchObject({ period: 2 });
    expect(() => clock.addTime(Number.NaN)).toThrowError(/not a duration/);
  });

  it('survives a restart: the saved state, restored on a new monotonic clock, goes on where it was', () => {
    const c = fakeClock();
    const clock = new TournamentClock(s, c.now);
    clock.start();
    c.advance(27 * MIN);
    const saved = JSON.parse(JSON.stringify(clock.save()));
    expect(saved).toEqual({ v: 1, period: 1, remainingMs: 13 * MIN, running: true, ended: false });
    // the room restarts: a new process, its monotonic clock from zero
    let t2 = 0;
    const restored = new TournamentClock(s, () => t2, saved);
    expect(restored.status()).toMatchObject({ period: 1, remainingMs: 13 * MIN, running: true });
    t2 += 3 * MIN;
    expect(restored.status().remainingMs).toBe(10 * MIN);
    expect(() => new TournamentClock(s, () => 0, { ...saved, period: 99 })).toThrowError(/does not fit this structure/);
  });

  it('the last level stays once the clock has run out', () => {
    const c = fakeClock();
    const clock = new TournamentClock(s, c.now);
    clock.start();
    c.advance(1000 * MIN);
    expect(clock.status()).toMatchObject({ period: 7, ended: true, remainingMs: 0 });
    expect(clock.levelAtShuffle().bb).toBe(2000);
  });
});

describe('LOI 18, club 8-4, 8-5: a new level applies from the next shuffle', () => {
  it('a hand shuffled a second before the level ends keeps its blinds; the next shuffle takes the new ones', () => {
    const s = parseStructure(SUNDAY, 'toml');
    const c = fakeClock();
    const clock = new TournamentClock(s, c.now);
    clock.start();
    c.advance(20 * MIN - 1000);
    const handA = clock.levelAtShuffle(); // table A shuffles
    c.advance(2000); // the level changes while table A's hand is played
    expect(handA).toMatchObject({ sb: 25, bb: 50 });
    const handB = clock.levelAtShuffle(); // table B shuffles after the change
    expect(handB).toMatchObject({ sb: 50, bb: 100, bbAnte: 100 });
    // table A's next hand
    expect(clock.levelAtShuffle()).toMatchObject({ bb: 100 });
  });
});
