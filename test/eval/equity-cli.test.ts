// `feltwire equity` as a user runs it: a child process of bin/feltwire.js.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './build.js';

function feltwire(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/feltwire.js'), 'equity', ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('feltwire equity', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it('prints the docs/scenario-format.md JSON for AhKh QsQd', () => {
    const r = feltwire('AhKh', 'QsQd', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '');
    expect(Object.keys(out)).toEqual(['hands', 'equity', 'win', 'tie', 'boards', 'ms']);
    expect(out.hands).toEqual(['AhKh', 'QsQd']);
    expect(out.win).toEqual([787966, 917606]);
    expect(out.tie).toEqual([6732, 6732]);
    expect(out.boards).toBe(1712304);
    expect(out.equity[0]).toBeCloseTo(46.2145, 4);
    expect(typeof out.ms).toBe('number');
  });

  it('takes a board and dead cards, and prints for a person', () => {
    const r = feltwire('AhKh', 'QsQd', 'JcTc', '--board', 'Th9h2c', '--dead', '2s');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^board Th 9h 2c$/m);
    expect(r.stdout).toMatch(/^QsQd +\d+\.\d\d% +win/m);
    expect(r.stdout).toMatch(/One pair, queens/);
    expect(r.stdout).toMatch(/outs: /);
    expect(r.stdout).toMatch(/^861 boards, exact/m); // 42 cards left after 6 hole, 3 board, 1 dead: C(42, 2)
  });

  it.each([
    [['AhKh', 'AhQd'], /Ah appears twice \(hand 1 and hand 2\)/],
    [['AhKh', 'QsQx'], /hand 2 'QsQx' is not a list of cards/],
    [['AhKh', 'QsQdJc'], /exactly two cards/],
    [['AhKh'], /at least two hands/],
    [['AhKh', 'QsQd', '--board', 'Th9h2c3c4c5c'], /at most 5 cards/],
    [['AhKh', 'QsQd', '--board', 'Th9h2c', '--dead', 'Th'], /Th appears twice/],
    [['AhKh', 'QsQd', '--board'], /--board needs cards/],
    [['AhKh', 'QsQd', '--fast'], /unknown option --fast/],
  ])('%j: clear error, exit status 2', (args, message) => {
    const r = feltwire(...(args as string[]));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stdout).toBe('');
  });
});
