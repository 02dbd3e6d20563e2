// The reference evaluators the benchmark runs beside ours (development dependencies, loaded on demand so
// that a production install without them still runs `feltwire bench` and says what is missing).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type Evaluate7 = (a: number, b: number, c: number, d: number, e: number, f: number, g: number) => number;

export interface References {
  /** phe 0.6.0 evaluator7: same card codes as ours (rank * 4 + suit, s h d c), smaller is better */
  phe: Evaluate7 | null;
  pheVersion: string | null;
  /** @pokertools/evaluator evaluate(codes[]): same codes, smaller is better */
  pokertools: ((codes: number[]) => number) | null;
  pokertoolsVersion: string | null;
  problems: string[];
}

export function loadReferences(): References {
  const require = createRequire(import.meta.url);
  const refs: References = { phe: null, pheVersion: null, pokertools: null, pokertoolsVersion: null, problems: [] };
  try {
    refs.phe = require('phe/lib/evaluator7.js') as Evaluate7;
    refs.pheVersion = (require('phe/package.json') as { version: string }).version;
  } catch (e) {
    refs.problems.push(`phe not loadable: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  try {
    const mod = require('@pokertools/evaluator') as { evaluate: (codes: number[]) => number };
    refs.pokertools = mod.evaluate;
    // its exports map hides package.json: read it beside the resolved entry (dist/index.js)
    const pkg = join(dirname(require.resolve('@pokertools/evaluator')), '..', 'package.json');
    refs.pokertoolsVersion = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  } catch (e) {
    refs.problems.push(
      `@pokertools/evaluator not loadable: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
    );
  }
  return refs;
}
