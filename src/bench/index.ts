// `feltwire bench`: B1-B5 of docs/benchmarks.md, each beside its reference in this process.

import { benchArchive } from './archive.js';
import { benchFlopHeadsUp, benchHeadsUpPreflop, benchThreeWayPreflop } from './equity.js';
import { type B1, benchEvaluators } from './evaluators.js';
import { benchFirmware } from './firmware.js';
import { loadReferences } from './references.js';
import { type B5, benchReplay } from './replay.js';

export interface BenchOptions {
  passes?: number;
  /** only these figures (B1..B5) */
  only?: string[];
  phhDir?: string;
  phhLimit?: number;
  /** progress lines for a person */
  log?: (line: string) => void;
}

export type Figures = Record<string, unknown> & { B1?: B1; B5?: B5 };

export async function runBench(options: BenchOptions = {}): Promise<Figures> {
  const passes = Math.max(5, options.passes ?? 5);
  const want = (k: string): boolean => !options.only || options.only.includes(k);
  const log = options.log ?? (() => {});
  const refs = loadReferences();
  for (const p of refs.problems) log(`warning: ${p}`);
  const figures: Figures = {};
  const guard = async (key: string, f: () => unknown): Promise<void> => {
    if (!want(key)) return;
    log(`${key} ...`);
    try {
      figures[key] = await f();
    } catch (e) {
      figures[key] = { error: e instanceof Error ? e.message : String(e) };
    }
  };
  const phe = refs.phe;
  const needPhe = (): NonNullable<typeof phe> => {
    if (!phe) throw new Error('phe is not installed (a development dependency): npm ci');
    return phe;
  };
  await guard('B1', () => benchEvaluators(refs, passes));
  await guard('B2', () => benchHeadsUpPreflop(needPhe(), passes));
  await guard('B3', () => benchThreeWayPreflop(needPhe(), passes));
  await guard('B4', () => benchFlopHeadsUp(needPhe(), passes));
  await guard('B5', () => benchReplay(passes, options.phhDir, options.phhLimit));
  await guard('B9', () => benchArchive(passes));
  await guard('FW', () => benchFirmware(log));
  figures.references = { phe: refs.pheVersion, pokertools: refs.pokertoolsVersion, node: process.version };
  return figures;
}
