// B1: 7-card evaluations per second on one fixed set of 1,000,000 seeded random hands.
import { evaluate7 } from '../engine/eval/index.js';
import type { References } from './references.js';
import { median, spread } from './stats.js';

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

/** Ours, with its own loop: a call site that only ever sees evaluate7 gets it inlined, as any user's would. */
function sweepOurs(hands: Uint8Array, from: number, to: number): number {
  let sum = 0;
  for (let o = from * 7, end = to * 7; o < end; o += 7) {
    sum =
      (sum + evaluate7(hands[o], hands[o + 1], hands[o + 2], hands[o + 3], hands[o + 4], hands[o + 5], hands[o + 6])) |
      0;
  }
  return sum;
}

// the references get the same treatment: each its own loop and call site
let pheEvaluate: Ev7 = () => 0;
function sweepPhe(hands: Uint8Array, from: number, to: number): number {
  let sum = 0;
  for (let o = from * 7, end = to * 7; o < end; o += 7) {
    sum =
      (sum +
        pheEvaluate(hands[o], hands[o + 1], hands[o + 2], hands[o + 3], hands[o + 4], hands[o + 5], hands[o + 6])) |
      0;
  }
  return sum;
}

function sweepArrays(ev: (codes: number[]) => number, hands: number[][], from = 0, to = hands.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum = (sum + ev(hands[i])) | 0;
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
    const ours = Math.sign(
      evaluate7(b[0], b[1], b[2], b[3], b[4], b[5], b[6]) - evaluate7(a[0], a[1], a[2], a[3], a[4], a[5], a[6]),
    );
    if (refs.phe) {
      const p = Math.sign(
        refs.phe(a[0], a[1], a[2], a[3], a[4], a[5], a[6]) - refs.phe(b[0], b[1], b[2], b[3], b[4], b[5], b[6]),
      );
      if (p !== ours) throw new Error(`B1 check: phe and feltwire order hands ${i - 1} and ${i} differently`);
    }
    if (refs.pokertools) {
      const p = Math.sign(refs.pokertools(Array.from(a)) - refs.pokertools(Array.from(b)));
      if (p !== ours)
        throw new Error(`B1 check: @pokertools/evaluator and feltwire order hands ${i - 1} and ${i} differently`);
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
  const arrays = refs.pokertools
    ? Array.from({ length: count }, (_, i) => Array.from(hands.subarray(i * 7, i * 7 + 7)))
    : [];
  type Slice = (from: number, to: number) => number;
  const contenders: Record<string, Slice> = { ours: (from, to) => sweepOurs(hands, from, to) };
  const phe = refs.phe;
  const pokertools = refs.pokertools;
  if (phe) {
    pheEvaluate = phe;
    contenders.phe = (from, to) => sweepPhe(hands, from, to);
  }
  if (pokertools) contenders.pokertools = (from, to) => sweepArrays(pokertools, arrays, from, to);
  const times = timeSliced(contenders, count, passes);
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

/**
 * One pass = every contender evaluates all `count` hands, but in slices of 10,000 taken in turn (ours, phe,
 * pokertools, ours, ...), so that a burst of load from other processes hits all of them alike; a contender's
 * pass time is the sum of its slices. One untimed warm-up pass first.
 */
function timeSliced(
  contenders: Record<string, (from: number, to: number) => number>,
  count: number,
  passes: number,
): Record<string, number[]> {
  const names = Object.keys(contenders);
  const times: Record<string, number[]> = {};
  const slice = 10_000;
  let sink = 0;
  for (const n of names) {
    times[n] = [];
    sink += contenders[n](0, count);
  }
  for (let p = 0; p < passes; p++) {
    const pass: Record<string, number> = {};
    for (const n of names) pass[n] = 0;
    for (let from = 0; from < count; from += slice) {
      const to = Math.min(count, from + slice);
      for (const n of names) {
        const t0 = performance.now();
        sink += contenders[n](from, to);
        pass[n] += performance.now() - t0;
      }
    }
    for (const n of names) times[n].push(pass[n]);
  }
  if (sink === 0.5) times.ours.push(0); // keeps the sums alive; never true for integer sums
  return times;
}
