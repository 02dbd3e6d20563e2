// B1: 7-card evaluations per second on one fixed set of 1,000,000 seeded random hands.
import { evaluate7 } from '../engine/eval/index.js';
import type { References } from './references.js';
import { median, spread, timeInterleaved } from './stats.js';

/** 1,000,000 hands of 7 distinct cards, 7 bytes each, from a seeded xorshift32 (the same set every run). */
export function randomHands(count: number, seed = 0x5eed): Uint8Array {
  const out = new Uint8Array(count * 7);
  let s = seed | 0 || 1;
  for (let i = 0; i < count; i++) {
    let used = 0n;
    for (let j = 0; j < 7; ) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      const c = (s >>> 0) % 52;
      const bit = 1n << BigInt(c);
      if (used & bit) continue;
      used |= bit;
      out[i * 7 + j++] = c;
    }
  }
  return out;
}

type Ev7 = (a: number, b: number, c: number, d: number, e: number, f: number, g: number) => number;

function sweep(ev: Ev7, hands: Uint8Array): number {
  let sum = 0;
  for (let o = 0; o < hands.length; o += 7) {
    sum = (sum + ev(hands[o], hands[o + 1], hands[o + 2], hands[o + 3], hands[o + 4], hands[o + 5], hands[o + 6])) | 0;
  }
  return sum;
}

function sweepArrays(ev: (codes: number[]) => number, hands: number[][]): number {
  let sum = 0;
  for (let i = 0; i < hands.length; i++) sum = (sum + ev(hands[i])) | 0;
  return sum;
}

export interface B1 {
  ours: number;
  phe: number | null;
  pokertools: number | null;
  ratio: number | null;
  ratioPokertools: number | null;
  unit: 'evals/s';
  hands: number;
  runs: number;
  spread: Record<string, number>;
  checked: string;
}

/** Every reference must order consecutive hands exactly as ours does before anything is timed. */
function checkOrdering(hands: Uint8Array, count: number, refs: References): string {
  let checked = 0;
  for (let i = 1; i < count; i++) {
    const a = hands.subarray((i - 1) * 7, i * 7);
    const b = hands.subarray(i * 7, i * 7 + 7);
    const ours = Math.sign(evaluate7(b[0], b[1], b[2], b[3], b[4], b[5], b[6]) - evaluate7(a[0], a[1], a[2], a[3], a[4], a[5], a[6]));
    if (refs.phe) {
      const p = Math.sign(refs.phe(a[0], a[1], a[2], a[3], a[4], a[5], a[6]) - refs.phe(b[0], b[1], b[2], b[3], b[4], b[5], b[6]));
      if (p !== ours) throw new Error(`B1 check: phe and feltwire order hands ${i - 1} and ${i} differently`);
    }
    if (refs.pokertools) {
      const p = Math.sign(refs.pokertools(Array.from(a)) - refs.pokertools(Array.from(b)));
      if (p !== ours) throw new Error(`B1 check: @pokertools/evaluator and feltwire order hands ${i - 1} and ${i} differently`);
    }
    checked++;
  }
  return `${checked} consecutive pairs ordered alike`;
}

export function benchEvaluators(refs: References, passes: number, count = 1_000_000): B1 {
  const hands = randomHands(count);
  const checked = checkOrdering(hands, 100_000, refs);
  // each library's input prepared before timing: ours and phe take the same codes as arguments,
  // @pokertools/evaluator an array per hand
  const arrays = refs.pokertools ? Array.from({ length: count }, (_, i) => Array.from(hands.subarray(i * 7, i * 7 + 7))) : [];
  const contenders: Record<string, () => number> = { ours: () => sweep(evaluate7, hands) };
  const phe = refs.phe;
  const pokertools = refs.pokertools;
  if (phe) contenders.phe = () => sweep(phe, hands);
  if (pokertools) contenders.pokertools = () => sweepArrays(pokertools, arrays);
  const { times } = timeInterleaved(contenders, passes, 1);
  const rate = (name: string): number | null => (times[name] ? count / (median(times[name]) / 1000) : null);
  const ours = rate('ours') ?? 0;
  const pheRate = rate('phe');
  const ptRate = rate('pokertools');
  const sp: Record<string, number> = {};
  for (const [k, v] of Object.entries(times)) sp[k] = Number(spread(v).toFixed(2));
  return {
    ours,
    phe: pheRate,
    pokertools: ptRate,
    ratio: pheRate ? ours / pheRate : null,
    ratioPokertools: ptRate ? ours / ptRate : null,
    unit: 'evals/s',
    hands: count,
    runs: passes,
    spread: sp,
    checked,
  };
}
