import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

describe('feltwire piped into a reader that stops early', () => {
  it('exits quietly when the pipe closes (scenario --json | head -1)', () => {
    const out = spawnSync(
      'bash',
      ['-o', 'pipefail', '-c', 'node bin/feltwire.js scenario --json test/fixtures/scenarios | head -c 20 >/dev/null'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(out.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(out.status).toBe(0);
  });
});
