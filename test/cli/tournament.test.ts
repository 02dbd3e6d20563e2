// feltwire tournament --sim N, run as a user runs it (the built command in a child process; the usage checks in this process): the progress from the
// draw to the winner, the standings written as CSV and JSON; usage mistakes exit 2, a bad structure file exits 1 with
// the line and the field named.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../eval/build.js';
import { feltwire, inProcess } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'feltwire-tournament-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('feltwire tournament --sim', () => {
  beforeAll(() => ensureBuilt(), 240_000);

  it('27 players: the draw, moves, a table broken, colour-ups, places and the winner; standings as CSV and JSON', async () => {
    const csv = join(dir, 'standings.csv');
    const json = join(dir, 'standings.json');
    const r = await feltwire(['tournament', '--sim', '27', '--seed', '1', '--csv', csv, '--json', json]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const out = r.stdout.split('\n');
    expect(out[0]).toBe('Simulated freezeout: 27 players, 3 tables of 9, seed 1');
    expect(out[1]).toBe('draw (LOI 13, seed 002 double blind): 27 players seated');
    expect(r.stdout).toMatch(/^T1: first button seat \d by high card \(club 2-2\)$/m);
    expect(r.stdout).toMatch(/^move \(balance\): Player \d+ T\d-\d → T\d-\d \(club 8-1, 8-7, 8-8; LOI 25, 32\)$/m);
    expect(r.stdout).toMatch(/^T\d breaks: \d+ players drawn to new seats$/m);
    expect(r.stdout).toMatch(/^T\d: colour-up to 100, \d+ chips raced, winners .*; read back right$/m);
    expect(r.stdout).toMatch(/^T\d: colour-up to 500, \d+ chips raced/m);
    expect(r.stdout).toMatch(/^T\d#\d+: Player \d+ wins, prize 1350$/m);
    const chips = /chips in play (\d+), held (\d+)/.exec(r.stdout);
    expect(chips?.[1]).toBe(chips?.[2]);
    const rows = readFileSync(csv, 'utf8').trimEnd().split('\n');
    expect(rows[0]).toBe('place,id,name,country,prize,hand,rebuys');
    expect(rows).toHaveLength(28);
    const data = JSON.parse(readFileSync(json, 'utf8'));
    expect(data.prizePool).toBe(2700);
    expect(data.standings[0].place).toBe(1);
    // the same seed, the same tournament
    const again = await inProcess(['tournament', '--sim', '27', '--seed', '1']);
    expect(again.stdout).toBe(r.stdout);
    const absent = await inProcess(['tournament', '--sim', '27', '--seed', '1', '--no-shows', '1']);
    expect(absent.stdout).toMatch(/^Player 27 never came: out in place \d+/m);
  }, 60_000);

  it('usage mistakes exit 2 with the usage line: no --sim, a bad number, an unknown option, too few tables', async () => {
    for (const [args, message] of [
      [[], /give --sim N/],
      [['--sim', 'many'], /--sim must be a whole number from 2 to 500, got "many"/],
      [['--sim', '27', '--speed', '2'], /unknown option --speed/],
      [['--sim', '27', '--tables', '2'], /27 players do not fit at 2 tables of 9/],
      [['--sim', '9', '--no-shows', '8'], /--no-shows must be a whole number from 0 to 7, got "8"/],
      [['--sim', '9', '--serve', '70000'], /--serve must be a whole number from 0 to 65535, got "70000"/],
      [['--sim', '9', '--serve', '0', '--hand-ms', '0'], /--hand-ms must be a whole number from 1 to 600000/],
      [['--sim', '9', '--serve', '0', '--delay', '5'], /--delay and --serve: give --hand-ms/],
    ] as const) {
      const r = await inProcess(['tournament', ...args]);
      expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('usage: feltwire tournament --sim N');
    }
  }, 60_000);

  it('a bad structure file exits 1 naming the line and the field', async () => {
    const file = join(dir, 'bad.toml');
    writeFileSync(file, 'startingStack = 5000\nchips = [25, 100]\n\n[[levels]]\nsb = 50\nbb = 25\nminutes = 10\n');
    const r = await inProcess(['tournament', '--sim', '9', '--structure', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'feltwire tournament: structure line 6, levels[0].bb: the big blind 25 is smaller than the small blind 50\n',
    );
    const missing = await inProcess(['tournament', '--sim', '9', '--structure', join(dir, 'none.toml')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/ENOENT/);
  }, 60_000);
});
