// B5: PHH hands per second through the full rules engine (engineer A's src/phh), strict.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder above this module holding package.json. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

async function phhFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await phhFiles(p)));
    else if (e.name.endsWith('.phh')) out.push(p);
  }
  return out.sort();
}

export type B5 =
  | {
      handsPerSecond: number;
      hands: number;
      passed: number;
      events: number;
      ratio: null;
      target: number;
      unit: 'hands/s';
      runs: number;
      parseMs: number;
    }
  | { error: string };

export async function benchReplay(
  passes: number,
  dir = join(repoRoot(), 'test', 'fixtures', 'phh'),
  limit = Infinity,
): Promise<B5> {
  let phh: typeof import('../phh/index.js');
  try {
    phh = await import('../phh/index.js');
  } catch {
    return { error: 'engine not available' };
  }
  if (typeof phh.replayThroughput !== 'function' || typeof phh.parsePhh !== 'function')
    return { error: 'engine not available' };
  if (!existsSync(dir)) return { error: `no PHH folder at ${dir}` };
  const files = (await phhFiles(dir)).slice(0, limit);
  const t0 = performance.now();
  const hands = [];
  for (const f of files) {
    try {
      hands.push(phh.parsePhh(await readFile(f, 'utf8'), f));
    } catch {
      // a file the parser refuses is not a hand to time; `feltwire replay` reports it
    }
  }
  const parseMs = performance.now() - t0;
  const r = phh.replayThroughput(hands, passes, 1);
  return {
    handsPerSecond: r.handsPerSecond,
    hands: r.hands,
    passed: r.passed,
    events: r.events,
    ratio: null,
    target: 20_000,
    unit: 'hands/s',
    runs: passes,
    parseMs,
  };
}
