// The Node floor (issue 19): Debian 12 and Raspberry Pi OS ship Node 18.19, the code needs 20.11. bin/feltwire.js
// refuses an older Node before it loads anything else; the check is a pure function, tested here with fake
// versions, and the command is run with its reported version faked to show that it calls the check first.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const { MINIMUM, nodeProblem } = createRequire(import.meta.url)('../bin/nodeCheck.cjs') as {
  MINIMUM: string;
  nodeProblem: (version: string) => string | null;
};

describe('nodeProblem', () => {
  it('accepts 20.11 and newer', () => {
    for (const v of ['20.11.0', '20.11.1', '20.12.0', '20.20.2', '21.0.0', '22.12.0', '24.1.0', 'v22.3.0']) {
      expect(nodeProblem(v), v).toBeNull();
    }
  });

  it('refuses older versions, naming the one found, the floor and where to look', () => {
    for (const v of ['18.19.0', '18.20.8', '20.6.0', '20.10.99', '19.9.0', '14.21.3', '12.22.12', '8.0.0']) {
      const msg = nodeProblem(v);
      expect(msg, v).toContain(`this is Node.js ${v}`);
      expect(msg).toContain('needs Node.js 20.11.0 or newer');
      expect(msg).toMatch(/README/);
    }
  });

  it('refuses what it cannot read rather than guessing', () => {
    expect(nodeProblem('')).not.toBeNull();
    expect(nodeProblem('twenty')).not.toBeNull();
  });

  it('the floor is the one package.json declares', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(`>=${MINIMUM.replace(/\.0$/, '')}`);
  });
});

describe('bin/feltwire.js on an old Node', () => {
  // process.versions.node is faked before the command's module runs (a preloaded module), as Node 18.19 reports it
  const run = (version: string) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'${version}'})`,
        join(ROOT, 'bin/feltwire.js'),
        'equity',
        'AhKh',
        'QsQd',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );

  it('refuses at once with the message, exit 1, and runs nothing', () => {
    const r = run('18.19.0');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`${nodeProblem('18.19.0')}\n`);
    expect(r.stdout).toBe('');
  });

  it('goes on past the check on a supported version', () => {
    const r = run('20.11.0');
    expect(r.stderr).not.toContain('needs Node.js');
    // built: the equity; not built: the build hint; either way the check let it through
    expect(r.stdout + r.stderr).toMatch(/AhKh|npm run build/);
  });
});
