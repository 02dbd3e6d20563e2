// The project's own documents (docs/) against the code and the vectors they describe, so that they cannot drift:
// every alert code the engine knows is in docs/rules.md with its severity; every complete frame docs/protocol.md
// quotes is a line of the vector files, with the same verdict; the `feltwire scenario --json` example in
// docs/scenario-format.md is what the engine gives for that fixture; every screenshot the README shows is a file a
// browser test writes (so the tests refresh it), and every view has one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printable } from '../src/cli/commands/scenario.js';
import { BETTING_ALERTS } from '../src/engine/betting/bettingAlerts.js';
import { ALERTS, parseScenario, runScenario } from '../src/engine/index.js';
import { SCENARIOS } from './fixtures.js';

const ROOT = join(import.meta.dirname, '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

describe('docs/rules.md', () => {
  const doc = read('docs/rules.md');
  // every code of the AlertCode union, read from its source
  const union = read('src/engine/types.ts').split('export type AlertCode =')[1].split(';')[0];
  const codes = [...union.matchAll(/\| '([A-Z_]+)'/g)].map((m) => m[1]);

  it('has a row for every alert code, with the severity the catalogue gives it', () => {
    expect(codes.length).toBeGreaterThan(30);
    for (const code of codes) {
      const row = new RegExp(`^\\| \`${code}\` \\| (info|warn|stop)\\b`, 'm').exec(doc);
      expect(row, code).not.toBeNull();
      const betting = BETTING_ALERTS as Record<string, { severity: string } | undefined>;
      const severity = ALERTS[code as keyof typeof ALERTS]?.severity ?? betting[code]?.severity;
      expect(row?.[1], code).toBe(severity);
    }
  });

  it('lists no code the engine does not have', () => {
    const rows = [...doc.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(rows.filter((c) => !codes.includes(c))).toEqual([]);
    expect(new Set(rows).size).toBe(rows.length);
  });
});

describe('docs/protocol.md', () => {
  const doc = read('docs/protocol.md');
  const vectors = `${read('firmware-bridge/vectors/protocol-v1.txt')}\n${read('firmware-bridge/vectors/protocol-v2.txt')}`;
  const lines = vectors.split('\n').filter((l) => l && !l.startsWith('#'));
  // table rows quoting one whole frame: | verdict | `frame` | note |  (v2 rows: | `frame` | note |)
  const quoted = [...doc.matchAll(/^\| (?:(valid|invalid: \w+) \| )?`([^`]*\$\d+,[A-Za-z]+[^`<]*\\n)` \|/gm)].filter(
    (m) => !m[2].includes('...'),
  );

  it('quotes the vectors', () => {
    expect(quoted.length).toBe(25);
  });

  it('every frame it quotes is in the vector files, with the same verdict', () => {
    for (const [, verdict, frame] of quoted) {
      const line = lines.find((l) => l.split('\t')[1] === `b'${frame}'`);
      expect(line, frame).toBeDefined();
      if (verdict) expect(line?.split('\t')[0], frame).toBe(verdict.replace(': ', ':'));
    }
  });
});

describe('docs/scenario-format.md', () => {
  it('the --json example is what the engine gives for its fixture', () => {
    const doc = read('docs/scenario-format.md');
    const block = /```json\n(\{\n {2}"file"[\s\S]*?)```/.exec(doc);
    expect(block).not.toBeNull();
    const shown = JSON.parse(block?.[1] ?? '');
    const file = join(ROOT, shown.file);
    expect(file.startsWith(SCENARIOS)).toBe(true);
    const outcome = runScenario(parseScenario(JSON.parse(readFileSync(file, 'utf8'))));
    expect({ file: shown.file, ...printable(outcome) }).toEqual(shown);
  });
});

describe("the README's screenshots", () => {
  const shots = [...read('README.md').matchAll(/\(docs\/screenshots\/([a-z0-9-]+)\.png\)/g)].map((m) => m[1]);
  const tests = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? tests(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [read(`${dir}/${e.name}`)] : [],
    );
  const sources = tests('test').filter((t) => t.includes('.screenshot('));

  it('every view is shown, each image is there and a browser test writes it', () => {
    for (const view of ['dealer', 'floor', 'overlay', 'commentator', 'public', 'room', 'tournament'])
      expect(shots.filter((s) => s.startsWith(view)).length, view).toBeGreaterThanOrEqual(1);
    for (const s of shots) {
      expect(existsSync(join(ROOT, `docs/screenshots/${s}.png`)), s).toBe(true);
      // by its whole name, or by its English name with the language's suffix added (`split${lang...}.png`)
      const stem = s.replace(/-fr$/, '');
      const written = sources.some((t) => t.includes(`${s}.png'`) || t.includes(`${stem}\${`));
      expect(written, `${s}.png is written by no browser test`).toBe(true);
    }
  });
});
