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
    expect(files.length).toBeGreaterThanOrEqual(12);
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
    // club 8-10: the new player at seat 3 waits hand 2, plays hand 3 with the button at her left
    const waits = out.find((o) => o.file.endsWith('club8-10-new-player-left-of-button-waits.json'));
    expect(waits.hands.map((h: { dealtIn: number[] }) => h.dealtIn)).toEqual([
      [1, 2, 4, 5],
      [1, 2, 4, 5],
      [1, 2, 3, 4, 5],
    ]);
    expect(waits.hands[2].button).toBe(4);
    // the floor's misdeal: the redeal is hand 2 with hand 1's table; the floor's void gives every chip back
    const misdeal = out.find((o) => o.file.endsWith('tda35-floor-misdeal.json'));
    expect(misdeal.hands[1]).toMatchObject({ handNo: 2, button: 1, posted: { 2: 50, 3: 100 } });
    const voided = out.find((o) => o.file.endsWith('loi1-floor-voids-hand.json'));
    expect(voided.hands[0].stacks).toEqual({ 1: 5000, 2: 5000, 3: 5000, 4: 5000 });
    const award = out.find((o) => o.file.endsWith('loi1-floor-awards-pot.json'));
    expect(award.hands[0].pots[0]).toMatchObject({ winners: [2, 3], shares: { 2: 150, 3: 150 } });
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
