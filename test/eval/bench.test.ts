// `feltwire bench` as a user runs it (a child process), on its quick figures; the full run (B1-B3 take a
// minute beside phe) is for people. No time is asserted: only what the figures measured and their shape.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceEquity } from '../../src/bench/equity.js';
import { randomHands } from '../../src/bench/evaluators.js';
import { loadReferences } from '../../src/bench/references.js';
import { parseCards } from '../../src/engine/cards.js';
import { equityExact } from '../../src/engine/equity/index.js';
import { ensureBuilt, ROOT } from './build.js';

function bench(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/feltwire.js'), 'bench', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bench helpers', () => {
  it('loads phe 0.6.0 and @pokertools/evaluator on this Node', () => {
    const refs = loadReferences();
    expect(refs.problems).toEqual([]);
    expect(refs.pheVersion).toBe('0.6.0');
    // both use our card codes: a royal flush beats quads
    const royal = parseCards('AsKsQsJsTs2d3c');
    const quads = parseCards('9s9h9d9c2s3d4c');
    expect(refs.phe?.(...(royal as [number, number, number, number, number, number, number]))).toBe(1);
    expect(refs.pokertools?.(royal)).toBeLessThan(refs.pokertools?.(quads) ?? 0);
  });

  it('the phe reference loop counts what equityExact counts', () => {
    const phe = loadReferences().phe;
    if (!phe) throw new Error('phe missing');
    const hands = ['AhKh', 'QsQd'].map((h) => parseCards(h));
    const flop = parseCards('Th9h2c');
    const ref = referenceEquity(phe, hands, flop);
    const ours = equityExact(hands, flop, []);
    expect(ref.win).toEqual(ours.win);
    expect(ref.tie).toEqual(ours.tie);
    expect(ref.boards).toBe(990);
  });

  it('draws the same distinct 7-card hands every run', () => {
    const a = randomHands(1000);
    expect(a).toEqual(randomHands(1000));
    for (let i = 0; i < 1000; i++) expect(new Set(a.subarray(i * 7, i * 7 + 7)).size).toBe(7);
  });
});

describe('feltwire bench --json', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it('ends with one JSON object keyed by figure, each with ratio, unit and runs', () => {
    const r = bench('--json', '--only', 'B4,B5', '--phh-limit', '40');
    expect(r.status).toBe(0);
    const last = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}');
    expect(last.B4).toMatchObject({ unit: 'us', runs: 300 });
    expect(last.B4.ratio).toBeGreaterThan(0);
    expect(last.B4.us).toBeGreaterThan(0);
    expect(last.B5).toMatchObject({ unit: 'hands/s', runs: 5, hands: 40 });
    expect(last.B5.handsPerSecond).toBeGreaterThan(0);
    expect(last.references.phe).toBe('0.6.0');
  }, 120_000);

  it('prints for a person without --json and refuses fewer than 5 passes', () => {
    const r = bench('--only', 'B4');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^B4 +flop to river, heads-up, 990 run-outs +ours [\d.]+ us +phe [\d,]+ us +ratio/m);
    const bad = bench('--passes', '2');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--passes takes an integer >= 5/);
  }, 120_000);
});
