// `feltwire scenario` and `feltwire replay` as a user runs them: the built command in a child process
// (npm test builds first), --json lines, the final `N passed, N failed` line and the exit status.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHH, SCENARIOS } from './fixtures.js';

const ROOT = join(import.meta.dirname, '..');

function feltwire(...args: string[]): { code: number | null; lines: string[]; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/feltwire.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, lines: r.stdout.trim().split('\n'), stderr: r.stderr };
}

describe('feltwire scenario', () => {
  it('runs every fixture scenario: one JSON object per line, then the count; exit 0', () => {
    const { code, lines } = feltwire('scenario', SCENARIOS, '--json');
    expect(lines.at(-1)).toBe('61 passed, 0 failed');
    expect(code).toBe(0);
    const outcomes = lines.slice(0, -1).map((l) => JSON.parse(l));
    expect(outcomes.length).toBe(61);
    const four = outcomes.find((o) => o.name === 'four-card flop, club rules');
    expect(four.alerts[0]).toMatchObject({ code: 'FLOP_FOUR_CARDS', severity: 'stop', rule: 'club 2-7', seat: null });
    expect(typeof four.alerts[0].remedy).toBe('string');
    expect(four.next).toBeNull();
    const ex1 = outcomes.find((o) => o.name === 'min raise, seed 002 example 1');
    expect(ex1.next).toEqual({ toAct: 4, toCall: 3600, minRaiseTo: 5600, canRaise: true });
    expect(ex1.actions.slice(0, 1)[0]).toMatch(/^d dh p1 /);
    const odd = outcomes.find((o) => o.name.startsWith('side pot, split'));
    expect(odd.stacks).toEqual({ '1': 1550, '2': 3475, '3': 1000 });
    expect(odd.pots[0]).toMatchObject({
      amount: 3075,
      eligible: [1, 2, 3],
      winners: [1, 2],
      shares: { '1': 1550, '2': 1525 },
    });
  });

  it('a scenario whose expectations fail: exit 1 and the failure counted', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-scenario-'));
    const file = join(dir, 'wrong.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'wrong expectation',
        ruleset: 'tda',
        table: { seats: { '1': 1000, '2': 1000 }, button: 2, blinds: [50, 100] },
        expect: { alerts: ['FLOP_FOUR_CARDS'] },
        events: [{ dealer: 'shuffle' }],
      }),
    );
    const { code, lines } = feltwire('scenario', file);
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('0 passed, 1 failed');
    expect(lines.join('\n')).toMatch(/FAIL wrong expectation/);
  });

  it('a malformed scenario is refused with a message naming the event', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-scenario-'));
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        ruleset: 'tda',
        table: { seats: { '1': 1000, '2': 1000 }, button: 2, blinds: [50, 100] },
        events: [{ dealer: 'shuffle' }, { card: 'Ah', at: 'seat1' }, { card: 'Ah', at: 'seat2' }],
      }),
    );
    const { code, lines } = feltwire('scenario', file, '--json');
    expect(code).toBe(1);
    const out = JSON.parse(lines[0]);
    expect(out.error.code).toBe('CARD_IN_TWO_PLACES');
    expect(out.error.message).toMatch(/event 2/);
  });

  it('a missing file is a clear error, not a crash', () => {
    const { code, stderr } = feltwire('scenario', '/nonexistent/x.json');
    expect(code).toBe(2);
    expect(stderr).toMatch(/feltwire scenario: .*nonexistent/);
  });
});

describe('feltwire replay', () => {
  it('replays the WSOP hands: one JSON object per hand, then the count', () => {
    const { code, lines } = feltwire('replay', join(PHH, 'wsop-2023-43-5'), '--json');
    expect(lines.at(-1)).toBe('6 passed, 0 failed');
    expect(code).toBe(0);
    const first = JSON.parse(lines[0]);
    expect(first).toMatchObject({ ok: true, match: true, error: null });
    expect(first.stacks).toEqual(first.expected);
  });

  it('an illegal hand fails strictly: exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-replay-'));
    writeFileSync(
      join(dir, 'bad.phh'),
      [
        "variant = 'NT'",
        'antes = [0, 0, 0]',
        'blinds_or_straddles = [50, 100, 0]',
        'min_bet = 100',
        'starting_stacks = [1000, 1000, 1000]',
        "actions = ['d dh p1 AhKh', 'd dh p2 2c3c', 'd dh p3 7d8d', 'p3 cbr 150', 'p1 f', 'p2 f']",
        'finishing_stacks = [950, 900, 1150]',
      ].join('\n'),
    );
    const { code, lines } = feltwire('replay', dir);
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('0 passed, 1 failed');
    expect(lines[0]).toMatch(/FAIL .*bad.phh: RAISE_UNDER_MINIMUM/);
  });
});
