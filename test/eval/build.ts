// The CLI and the equity worker run compiled JavaScript (dist/). `npm test` builds first; when run alone,
// these tests rebuild dist/ if any of the sources they exercise is newer than its compiled file.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;

function stale(): boolean {
  for (const dir of [
    'src/engine/eval',
    'src/engine/equity',
    'src/cli/commands',
    'src/cli',
    'src/tournament',
    'src/http',
  ]) {
    for (const f of readdirSync(join(ROOT, dir))) {
      if (!f.endsWith('.ts')) continue;
      const js = join(ROOT, 'dist', dir, f.replace(/\.ts$/, '.js'));
      if (!existsSync(js) || statSync(js).mtimeMs < statSync(join(ROOT, dir, f)).mtimeMs) return true;
    }
  }
  return false;
}

const LOCK = join(ROOT, 'dist', '.test-eval-build.lock');

/** Test files run in parallel: one rebuilds while the others wait for it (a directory as the lock). */
export function ensureBuilt(): void {
  if (!stale()) return;
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > until) throw new Error(`waited 3 minutes for ${LOCK}; remove it if no test is running`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (!stale()) return;
    try {
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
        cwd: ROOT,
        stdio: 'pipe',
      });
    } catch {
      // another module's type error must not stop these tests: tsc still emits; the files are checked next
    }
    if (stale()) throw new Error('dist/ could not be rebuilt: run `npx tsc -p tsconfig.build.json`');
  } finally {
    rmdirSync(LOCK);
  }
}
