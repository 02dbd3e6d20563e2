// Session scenarios (docs/scenario-sessions.md) as a user runs them: `feltwire scenario` (the built command, npm test
// builds first) on test/scenarios/sessions, written from the seeds, each hand's expectations checked by the
// TableSession the live table runs; and a wrong expectation fails with the hand named.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DIR = join(ROOT, 'test/scenarios/sessions');

function feltwire(...args: string[]): { code: number | null; lines: string[] } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/feltwire.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, lines: r.stdout.trim().split('\n') };
}

describe('feltwire scenario, sessions', () => {
  it('runs every session scenario written from the seeds: all pass, one line each', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(7);
    const { code, lines } = feltwire('scenario', DIR, '--json');
    expect(lines.at(-1)).toBe(`${files.length} passed, 0 failed`);
    expect(code).toBe(0);
    const out = lines.slice(0, -1).map((l) => JSON.parse(l));
    const dead = out.find((o) => o.file.endsWith('loi6-dead-button.json'));
    expect(dead.session).toBe(true);
    expect(dead.hands[1]).toMatchObject({ button: 2, sb: 3, bb: 4, dealtIn: [1, 3, 4] });
    const away = out.find((o) => o.file.endsWith('loi8-absent-several-hands.json'));
    expect(away.hands.map((h: { absent: number[] }) => h.absent)).toEqual([[4], [4], [4], []]);
    expect(away.hands[1].stacks['4']).toBe(4900);
  });

  it('a wrong expectation in one hand fails the file, naming the hand; exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-session-'));
    const file = join(dir, 'wrong.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'wrong button',
        table: { seats: { '1': 1000, '2': 1000, '3': 1000 }, button: 1, blinds: [50, 100] },
        hands: [
          { name: 'first', events: [{ dealer: 'shuffle' }], expect: { button: 1 } },
          { name: 'second', events: [{ level: { blinds: [100, 200] } }], expect: { button: 3 } },
        ],
      }),
    );
    const { code, lines } = feltwire('scenario', file);
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('0 passed, 1 failed');
    const text = lines.join('\n');
    expect(text).toMatch(/second: button: expected 3, got 1/);
    expect(text).not.toMatch(/! first:/);
  });
});
