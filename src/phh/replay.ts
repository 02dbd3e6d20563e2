// Strict replay of PHH hands through the rules engine: every action must be legal as the engine reads it (same
// actions in the same order, no alert but the two dealer prompts), and the final stacks must be the file's
// finishing_stacks, within one chip where the file records a fractional chip (the odd-chip rule decides).
import { performance } from 'node:perf_hooks';
import { applyEvent, createHand, type HandState, isHandOver, stacksOf } from '../engine/index.js';
import { ruleTag } from '../engine/rules/ruleRef.js';
import type { TableConfig, TableEvent } from '../engine/types.js';
import { alertTexts } from '../i18n/renderAlert.js';
import { PhhError, type PhhHand } from './parse.js';
import { phhToEvents } from './toEvents.js';
import { phhLines } from './write.js';

export interface ReplayResult {
  file: string;
  /** the engine accepted every action */
  ok: boolean;
  stacks: number[];
  expected: number[] | null;
  /** final stacks equal finishing_stacks (within one chip where the file holds a fraction) */
  match: boolean;
  error: string | null;
}

const PROMPTS = new Set(['TABLE_ALL_HANDS', 'SHOWDOWN_ORDER']);

/** The PHH actions as the engine writes them (its p-numbers count from the first seat left of the button). */
export function expectedActions(hand: PhhHand, config: TableConfig): string[] {
  const n = hand.startingStacks.length;
  // seat K holds player pK; the engine numbers players clockwise from the first seat left of the button
  const playerNo: number[] = [];
  for (let k = 1; k <= n; k++) playerNo[((config.button + k - 1) % n) + 1] = k;
  const out: string[] = [];
  const dealt: string[] = [];
  for (const a of hand.actions) {
    const text = a.replace(/\s*#.*$/, '').trim();
    if (/^p\d+ sm$/.test(text)) continue; // a hand mucked at showdown: no action in the record
    const mapped = text.replace(/p(\d+)/, (_, k: string) => `p${playerNo[Number(k)]}`);
    if (mapped.startsWith('d dh ')) dealt.push(mapped);
    else out.push(mapped);
  }
  // the engine records the hole cards in its own player order
  dealt.sort((x, y) => Number(x.split(' ')[2].slice(1)) - Number(y.split(' ')[2].slice(1)));
  return dealt.concat(out);
}

export interface PreparedReplay {
  hand: PhhHand;
  config: TableConfig;
  events: TableEvent[];
  /** the file's actions in the engine's notation */
  want: string[];
}

/** Everything read from the file before the engine runs (the part B5 excludes). */
export function prepareReplay(hand: PhhHand): PreparedReplay {
  const { config, events } = phhToEvents(hand);
  return { hand, config, events, want: expectedActions(hand, config) };
}

export function runEvents(config: TableConfig, events: readonly TableEvent[]): HandState {
  const state = createHand(config);
  for (let i = 0; i < events.length; i++) applyEvent(state, events[i]);
  return state;
}

function firstProblem(state: HandState): string | null {
  for (const a of state.alerts)
    if (!PROMPTS.has(a.code)) return `${a.code} [${ruleTag(a.rule)}]: ${alertTexts(a).message}`;
  return null;
}

function sharedSplitPot(state: HandState, seat: number): boolean {
  for (const p of state.award?.pots ?? []) if (p.winners.length > 1 && p.winners.includes(seat)) return true;
  return false;
}

export function judgeReplay(prep: PreparedReplay, state: HandState): ReplayResult {
  const hand = prep.hand;
  const file = hand.file ?? '<phh>';
  const n = hand.startingStacks.length;
  const st = stacksOf(state);
  const stacks: number[] = [];
  for (let seat = 1; seat <= n; seat++) stacks.push(st[String(seat)] ?? 0);
  const expected = hand.finishingStacks ?? null;
  let error = firstProblem(state);
  if (!error) {
    const want = prep.want;
    const got = phhLines(state.decisions, state.seatOrder);
    for (let i = 0; i < Math.max(want.length, got.length); i++) {
      if (want[i] !== got[i]) {
        error = `action ${i + 1}: file says '${want[i] ?? '(end)'}', engine read '${got[i] ?? '(nothing)'}'`;
        break;
      }
    }
  }
  if (!error && !isHandOver(state)) error = `hand not over at the end of the file (phase ${state.phase})`;
  let match = false;
  if (expected) {
    match = expected.length === n;
    for (let i = 0; i < n && match; i++) {
      const diff = Math.abs(stacks[i] - expected[i]);
      const fractional = !Number.isInteger(expected[i]);
      // a half chip is allowed only to a seat that shared a split pot: the odd-chip rule decided it
      if (diff !== 0 && !(fractional && diff < 1 && sharedSplitPot(state, i + 1))) match = false;
    }
    // half chips are only a split's odd chip: no chip may appear or vanish overall
    if (match) {
      let a = 0;
      let b = 0;
      for (let i = 0; i < n; i++) {
        a += stacks[i];
        b += expected[i];
      }
      if (Math.abs(a - b) > 1e-9) match = false;
    }
  }
  return { file, ok: error === null, stacks, expected, match, error };
}

export function replayPhh(hand: PhhHand): ReplayResult {
  const file = hand.file ?? '<phh>';
  let prepared: PreparedReplay;
  try {
    prepared = prepareReplay(hand);
  } catch (err) {
    const msg = err instanceof PhhError ? err.message : String(err);
    return { file, ok: false, stacks: [], expected: hand.finishingStacks ?? null, match: false, error: msg };
  }
  let state: HandState;
  try {
    state = runEvents(prepared.config, prepared.events);
  } catch (err) {
    return {
      file,
      ok: false,
      stacks: [],
      expected: hand.finishingStacks ?? null,
      match: false,
      error: `engine error: ${String(err)}`,
    };
  }
  return judgeReplay(prepared, state);
}

export interface Throughput {
  /** hands replayed per pass */
  hands: number;
  /** events per pass */
  events: number;
  /** wall time of each timed pass, ms */
  passMs: number[];
  /** hands per second of the median pass */
  handsPerSecond: number;
  /** hands of the last pass that replayed strictly and matched their finishing stacks */
  passed: number;
}

/**
 * B5: PHH hands per second through the full rules engine, strict. The hands are turned into events before the
 * clock starts (parsing excluded); each timed pass runs every event through the engine and judges the result.
 * `warmup` untimed passes come first; the figure is the median of `passes` timed passes.
 */
export function replayThroughput(hands: readonly PhhHand[], passes = 1, warmup = 0): Throughput {
  const prepared = hands.map(prepareReplay);
  let events = 0;
  for (const p of prepared) events += p.events.length;
  let passed = 0;
  const passMs: number[] = [];
  for (let k = 0; k < warmup + passes; k++) {
    passed = 0;
    const t0 = performance.now();
    for (const p of prepared) {
      const state = runEvents(p.config, p.events);
      const r = judgeReplay(p, state);
      if (r.ok && r.match) passed++;
    }
    if (k >= warmup) passMs.push(performance.now() - t0);
  }
  const sorted = [...passMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return {
    hands: hands.length,
    events,
    passMs,
    handsPerSecond: median > 0 ? (hands.length * 1000) / median : 0,
    passed,
  };
}
