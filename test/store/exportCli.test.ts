// `feltwire export` as a user runs it: the built CLI (npm test builds first) on a data folder holding a logged
// session, then `feltwire replay` on the PHH it wrote.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventLog, validateOhh } from '../../src/store/index.js';
import { handId, loadTableIdentity } from '../../src/store/tableIdentity.js';
import { loadScenario, logHands, scenarioFiles } from './helpers.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/feltwire.js');

function feltwire(...args: string[]): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: ROOT });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

let data = '';
const random = scenarioFiles().filter((f) => f.includes('/random/'));

beforeAll(() => {
  expect(existsSync(join(ROOT, 'dist/src/cli/main.js')), 'dist/ is missing: run npm run build').toBe(true);
  data = mkdtempSync(join(tmpdir(), 'feltwire-export-'));
  const log = SqliteEventLog.open(data, { synchronous: 'NORMAL' });
  // the table's identity as `feltwire start --table-id 42 --room-name ... --game tournament` keeps it
  loadTableIdentity(data, { tableId: '42', room: 'Cercle Clichy', table: 'Table 7', game: 'tournament' });
  logHands(random.map(loadScenario), log);
  // a misdeal: a few cards, then the dealer's misdeal button (the redeal is the next hand)
  const misdealt = loadScenario(random[1]);
  log.append('hand', random.length + 1, { config: misdealt.config });
  for (const ev of misdealt.events.slice(0, 6)) log.append('event', random.length + 1, ev);
  log.append('event', random.length + 1, { kind: 'dealer', t: 9000, button: 'misdeal' });
  // the hand in play when the export runs: dealt, not finished
  const unfinished = loadScenario(random[0]);
  log.append('hand', random.length + 2, { config: unfinished.config });
  for (const ev of unfinished.events.slice(0, 20)) log.append('event', random.length + 2, ev);
  // a hand the session voided: the dealer shuffled before it was over (TableSession logs the HAND_VOID alert)
  const voided = loadScenario(random[2]);
  log.append('hand', random.length + 3, { config: voided.config });
  for (const ev of voided.events.slice(0, 12)) log.append('event', random.length + 3, ev);
  const alert = {
    code: 'HAND_VOID',
    severity: 'warn' as const,
    rule: 'tda 35',
    message: 'hand void',
    remedy: '',
    messageFr: '',
  };
  log.append('tableAlert', random.length + 3, {
    op: 'raise',
    alert: {
      ...alert,
      remedyFr: '',
      id: 1_000_000,
      wall: Date.UTC(2026, 10, 30),
      hand: random.length + 3,
      acknowledged: false,
    },
  });
  log.close();
});

describe('feltwire export', () => {
  it('writes one PHH file per hand into a folder, and feltwire replay accepts every one', () => {
    const out = join(data, 'phh/');
    const r = feltwire('export', '--format', 'phh', '--data', data, '--out', out);
    expect(r.stderr).toContain(
      `${random.length} hands exported, 0 failed (1 misdeal, 1 void, 1 unfinished left out: --partial writes them)`,
    );
    expect(r.stderr).toContain(`hand ${random.length + 1} left out: a misdeal, dealt again as the next hand`);
    expect(r.stderr).toContain(`hand ${random.length + 3} left out: void (shuffled before it was over)`);
    expect(r.status).toBe(0);
    const files = readdirSync(out).filter((f) => f.endsWith('.phh'));
    expect(files).toHaveLength(random.length);
    // named by hand id (table id 42, hand 1): unique when folders of several tables are merged
    expect(files[0]).toBe('hand-0000000420000001.phh');
    const first = readFileSync(join(out, files[0]), 'utf8');
    expect(first).toContain('venue = "Cercle Clichy"');
    expect(first).toContain('table = "Table 7"');
    expect(first).toContain('hand = "0000000420000001"');
    const replay = feltwire('replay', out, '--json');
    const lines = replay.stdout.trim().split('\n');
    expect(lines[lines.length - 1]).toBe(`${random.length} passed, 0 failed`);
    const results = lines.slice(0, -1).map((l) => JSON.parse(l) as { ok: boolean; match: boolean });
    expect(results.every((x) => x.ok && x.match)).toBe(true);
    expect(replay.status).toBe(0);
  });

  it('writes OHH hands into one file, separated by a blank line, each valid against the schema', () => {
    const file = join(data, 'session.ohh');
    const r = feltwire('export', '--format', 'ohh', '--data', data, '--out', file, '--from', '3', '--to', '12');
    expect(r.status).toBe(0);
    const docs = readFileSync(file, 'utf8')
      .trim()
      .split('\n\n')
      .map((t) => JSON.parse(t) as { ohh: { game_number: string } });
    expect(docs.map((d) => d.ohh.game_number)).toEqual(
      Array.from({ length: 10 }, (_, i) => handId({ tableId: '42' }, i + 3)),
    );
    for (const d of docs) expect(validateOhh(d)).toEqual([]);
  });

  it('prints PokerStars text to stdout, hands separated by blank lines', () => {
    const r = feltwire('export', '--format', 'pokerstars', '--data', data, '--to', '5');
    expect(r.status).toBe(0);
    expect([...r.stdout.matchAll(/^PokerStars Hand #(\d+):/gm)].map((m) => m[1])).toEqual(
      [1, 2, 3, 4, 5].map((n) => handId({ tableId: '42' }, n)),
    );
    expect(r.stdout).toContain(`\n\n\nPokerStars Hand #${handId({ tableId: '42' }, 2)}: Tournament #42, `);
  });

  it('writes the PHH multi-hand form (.phhs) to one file: one TOML table per hand', () => {
    const r = feltwire('export', '--format', 'phh', '--data', data, '--to', '2');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\[0000000420000001\]\n# feltwire hand 1 /);
    expect(r.stdout).toContain('\n[0000000420000002]\n');
  });

  it('writes the unfinished hand too with --partial, saying so in a comment', () => {
    const r = feltwire('export', '--format', 'phh', '--data', data, '--from', String(random.length + 2), '--partial');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('# the hand is not over (phase: ');
  });

  it('refuses bad input with a clear message and status 2', () => {
    const fmt = feltwire('export', '--format', 'xml', '--data', data);
    expect(fmt.status).toBe(2);
    expect(fmt.stderr).toMatch(/--format must be one of phh, ohh, pokerstars/);
    const from = feltwire('export', '--format', 'phh', '--data', data, '--from', 'x');
    expect(from.status).toBe(2);
    expect(from.stderr).toMatch(/--from takes a hand number/);
    const missing = feltwire('export', '--format', 'phh', '--data', join(data, 'nowhere'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/no event log at/);
    const unknown = feltwire('export', '--format', 'phh', '--colour');
    expect(unknown.status).toBe(2);
  });
});
