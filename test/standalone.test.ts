// The repository stands on its own (issue 19): no tracked file points outside it. Every file of the tree (sources,
// tests, fixtures, docs, scripts, README, firmware, CI) is read and searched for a path into the reference folder
// that sat beside the checkout while feltwire was written, and for absolute paths of the machine it was written on.
// Device and system paths a Debian table computer really has (/dev/ttyACM0, /usr/bin/chromium, /var/lib/feltwire)
// are fine.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

// Built from pieces so that this file does not match itself.
const UP = '..';
const FORBIDDEN: { what: string; re: RegExp }[] = [
  { what: 'a path to the folder beside the checkout', re: new RegExp(`\\.\\./(\\.\\./)*${'shared'}\\b`) },
  // the same, built with path.join or resolve from the pieces '..' and the folder's name
  { what: 'a path to the folder beside the checkout', re: new RegExp(`['"]\\.\\.['"],\\s*['"]${'shared'}['"]`) },
  {
    what: 'a reference to that folder by name',
    re: new RegExp(`\\b${'shared'}/(spec|phh|scenarios|seeds|hooks|design\\.md|style\\.md)\\b`),
  },
  { what: 'an absolute path of the build machine', re: new RegExp(`(^|[^\\w.~-])/(${'work'}|${'root'})/`) },
];

/** Folders that are never part of a checkout (build output, installs, local data: see .gitignore). */
const NOT_TRACKED = new Set(['.git', 'node_modules', 'dist', 'data', 'coverage', 'test-results']);

/** The files of a checkout without git (a copy made by `git archive`, as .ci/run makes): the tree, minus what
 * .gitignore keeps out. */
function walkTree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      const rel = relative(root, path);
      if (e.isDirectory()) {
        if (NOT_TRACKED.has(e.name) || /^firmware-bridge\/build(-|$)/.test(rel)) continue;
        walk(path);
      } else if (e.isFile() && !e.name.endsWith('.log')) out.push(rel);
    }
  };
  walk(root);
  return out.sort();
}

function gitFiles(root: string): string[] | null {
  const r = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) return null;
  return r.stdout.split('\0').filter(Boolean).sort();
}

function offences(root: string, files: string[]): string[] {
  const found: string[] = [];
  for (const f of files) {
    let buf: Buffer;
    try {
      buf = readFileSync(join(root, f));
    } catch {
      continue; // deleted in the working tree, not yet committed
    }
    if (buf.includes(0)) continue; // binary (screenshots, images)
    const lines = buf.toString('utf8').split('\n');
    lines.forEach((line, i) => {
      for (const { what, re } of FORBIDDEN) if (re.test(line)) found.push(`${f}:${i + 1}: ${what}: ${line.trim()}`);
    });
  }
  return found;
}

const git = gitFiles(ROOT);
const files = git ?? walkTree(ROOT);

describe('the repository stands on its own', () => {
  it(`reads the whole tree (${files.length} files${git ? ', git ls-files' : ', walked'})`, () => {
    for (const f of ['README.md', 'package.json', '.ci/run', 'bin/feltwire.js', 'docs/protocol.md', 'docs/rules.md']) {
      expect(files).toContain(f);
    }
    expect(files).toContain('firmware-bridge/src/bridge.cpp');
    expect(files).toContain('test/fixtures/phh/LICENSE');
    expect(readFileSync(join(ROOT, 'test/fixtures/phh/LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) 2024 University of Toronto Computer Poker Student Research Group\n/,
    );
    expect(files.filter((f) => f.startsWith('test/fixtures/phh/') && f.endsWith('.phh')).length).toBe(8130);
    expect(files.filter((f) => f.startsWith('test/fixtures/scenarios/') && f.endsWith('.json')).length).toBe(61);
  });

  it('no file points outside the repository or at a path of the build machine', () => {
    expect(offences(ROOT, files)).toEqual([]);
  });

  it('the search finds what it must and lets system paths through', () => {
    const probe = (line: string) => FORBIDDEN.filter(({ re }) => re.test(line)).map(({ what }) => what);
    expect(probe(`const DIR = join(import.meta.dirname, '${UP}/${UP}/${UP}/${'shared'}/phh');`)).toContain(
      'a path to the folder beside the checkout',
    );
    expect(probe(`npx feltwire scenario ${UP}/${'shared'}/scenarios`)).toContain(
      'a path to the folder beside the checkout',
    );
    expect(probe(`dir = join(repoRoot(), '${UP}', '${'shared'}', 'phh'),`)).toEqual([
      'a path to the folder beside the checkout',
    ]);
    expect(probe(`see ${'shared'}/spec/performance.md`)).toEqual(['a reference to that folder by name']);
    expect(probe(`cat /${'work'}/main/README.md`)).toEqual(['an absolute path of the build machine']);
    expect(probe(`HOME=/${'root'}/ npm ci`)).toEqual(['an absolute path of the build machine']);
    for (const ok of [
      'serialPort: /dev/ttyACM0',
      "executablePath: '/usr/bin/chromium'",
      'StateDirectory=/var/lib/feltwire',
      'the shared memory file (-shm) and the WAL',
      'git worktree at ./work/ is fine, so is src/work/queue.ts',
      'https://example.org/work/notes',
    ]) {
      expect(probe(ok), ok).toEqual([]);
    }
  });

  it('without git (an unpacked tarball), the walk of the tree finds every tracked file', () => {
    const walked = new Set(walkTree(ROOT));
    const tracked = git ?? ['README.md', 'package.json', '.ci/run', 'test/fixtures/phh/LICENSE'];
    expect(tracked.filter((f) => !walked.has(f) && existsSync(join(ROOT, f)))).toEqual([]);
  });
});
