// A corrupt event log at `feltwire start`: the service says so (English and French), keeps the damaged file aside
// untouched, starts a fresh log and serves the table.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { LOG_FILE } from '../../src/store/index.js';

const ROOT = new URL('../../', import.meta.url).pathname;

describe('feltwire start on a corrupt event log', () => {
  it('reports it, keeps it aside, starts a fresh log and serves', async () => {
    expect(existsSync(join(ROOT, 'dist/src/cli/main.js')), 'run npm run build').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-corrupt-'));
    const junk = Buffer.alloc(3 * 4096, 0x5a);
    junk.write('SQLite format 3\u0000', 0, 'latin1');
    writeFileSync(join(dir, LOG_FILE), junk);
    const proc = spawn(
      process.execPath,
      [join(ROOT, 'bin/feltwire.js'), 'start', '--sim', '--data', dir, '--port', '0', '--host', '127.0.0.1'],
      {
        cwd: ROOT,
      },
    );
    const out: string[] = [];
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start: ${out.join('\n')}`)), 20_000);
        proc.on('exit', (code) => reject(new Error(`exited ${code}: ${out.join('\n')}`)));
        createInterface({ input: proc.stdout }).on('line', (line) => {
          out.push(line);
          const m = /feltwire live on (http:\/\/\S+)/.exec(line);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      const notice = out.find((l) => l.includes('event log'));
      expect(notice).toMatch(
        /is (corrupt|truncated) \(.*\); it was kept as .*\.bad\.sqlite and a fresh log was started/,
      );
      expect(notice).toMatch(/un nouveau journal a été ouvert/);
      const kept = readdirSync(dir).filter((f) => f.endsWith('.bad.sqlite'));
      expect(kept).toHaveLength(1);
      expect(readFileSync(join(dir, kept[0]))).toEqual(junk);
      expect(statSync(join(dir, LOG_FILE)).size).toBeGreaterThan(0);
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
  }, 60_000);
});
