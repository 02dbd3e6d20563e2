// B2-B4: exact equity, ours against the same enumeration done with phe's evaluator.
import { parseCards } from '../engine/cards.js';
import { equityExact } from '../engine/equity/index.js';
import type { Evaluate7 } from './references.js';
import { median, spread, timeInterleaved } from './stats.js';

export interface Counts {
  win: number[];
  tie: number[];
  equity: number[];
  boards: number;
}

/** The straightforward reference: deal every board, evaluate every hand with `ev` (smaller is better). */
export function referenceEquity(ev: Evaluate7, hands: number[][], board: number[]): Counts {
  const n = hands.length;
  const used = new Uint8Array(52);
  for (const c of [...hands.flat(), ...board]) used[c] = 1;
  const deck: number[] = [];
  for (let c = 0; c < 52; c++) if (!used[c]) deck.push(c);
  const win = new Float64Array(n);
  const tie = new Float64Array(n);
  const share = new Float64Array(n);
  const v = new Int32Array(n);
  const h0 = hands.map((h) => h[0]);
  const h1 = hands.map((h) => h[1]);
  const b = [...board, 0, 0, 0, 0, 0].slice(0, 5);
  let boards = 0;
  const showdown = (): void => {
    let best = 0x7fffffff;
    let at = 0;
    let who = 0;
    for (let i = 0; i < n; i++) {
      v[i] = ev(h0[i], h1[i], b[0], b[1], b[2], b[3], b[4]);
      if (v[i] < best) {
        best = v[i];
        at = 1;
        who = i;
      } else if (v[i] === best) at++;
    }
    if (at === 1) win[who]++;
    else
      for (let i = 0; i < n; i++)
        if (v[i] === best) {
          tie[i]++;
          share[i] += 1 / at;
        }
    boards++;
  };
  const deal = (from: number, slot: number): void => {
    if (slot === 5) {
      showdown();
      return;
    }
    for (let x = from; x < deck.length; x++) {
      b[slot] = deck[x];
      deal(x + 1, slot + 1);
    }
  };
  deal(0, board.length);
  return {
    win: Array.from(win),
    tie: Array.from(tie),
    equity: Array.from(win, (w, i) => ((w + share[i]) / boards) * 100),
    boards,
  };
}

const H = (text: string): number[][] => text.split(' ').map((h) => parseCards(h));

export interface TimedPair {
  ours: number;
  reference: number;
  ratio: number;
  runs: number;
  spread: { ours: number; reference: number };
}

function compare(ours: () => number, reference: () => number, passes: number, repeat = 1): TimedPair {
  const { times } = timeInterleaved(
    {
      ours: () => {
        let s = 0;
        for (let k = 0; k < repeat; k++) s += ours();
        return s;
      },
      reference,
    },
    passes,
    1,
  );
  const o = median(times.ours) / repeat;
  const r = median(times.reference);
  return {
    ours: o,
    reference: r,
    ratio: r / o,
    runs: passes,
    spread: { ours: Number(spread(times.ours).toFixed(2)), reference: Number(spread(times.reference).toFixed(2)) },
  };
}

function expectCounts(what: string, got: Counts, win: number[], tie: number[]): void {
  if (JSON.stringify(got.win) !== JSON.stringify(win) || JSON.stringify(got.tie) !== JSON.stringify(tie)) {
    throw new Error(`${what}: wins ${got.win} ties ${got.tie}, expected ${win} / ${tie}`);
  }
}

function expectEquity(what: string, got: number[], want: number[]): void {
  if (got.some((e, i) => Math.abs(e - want[i]) > 0.005))
    throw new Error(`${what}: equity ${got.map((e) => e.toFixed(2))}, expected ${want}`);
}

export function benchHeadsUpPreflop(phe: Evaluate7, passes: number) {
  const hands = H('AhKh QsQd');
  const ours = equityExact(hands, [], []);
  expectCounts('B2 check (ours)', ours, [787_966, 917_606], [6_732, 6_732]);
  expectCounts('B2 check (phe)', referenceEquity(phe, hands, []), [787_966, 917_606], [6_732, 6_732]);
  const t = compare(
    () => equityExact(hands, [], []).boards,
    () => referenceEquity(phe, hands, []).boards,
    passes,
  );
  return {
    ms: t.ours,
    pheMs: t.reference,
    ratio: t.ratio,
    unit: 'ms',
    runs: t.runs,
    boards: ours.boards,
    spread: t.spread,
  };
}

export function benchThreeWayPreflop(phe: Evaluate7, passes: number) {
  const hands = H('AhKh QsQd JcTc');
  expectEquity('B3 check (ours)', equityExact(hands, [], []).equity, [40.21, 41.05, 18.74]);
  expectEquity('B3 check (phe)', referenceEquity(phe, hands, []).equity, [40.21, 41.05, 18.74]);
  const t3 = compare(
    () => equityExact(hands, [], []).boards,
    () => referenceEquity(phe, hands, []).boards,
    passes,
  );
  const nine = H('AhKh QsQd JcTc 9s9h 8d7d 5c5s AdQc KsJh 2h3h');
  const a = equityExact(nine, [], []);
  const b = referenceEquity(phe, nine, []);
  if (a.win.some((w, i) => w !== b.win[i])) throw new Error('B3 check: 9-way wins differ from phe');
  const t9 = compare(
    () => equityExact(nine, [], []).boards,
    () => referenceEquity(phe, nine, []).boards,
    passes,
  );
  return {
    ms: t3.ours,
    pheMs: t3.reference,
    ratio: t3.ratio,
    unit: 'ms',
    runs: t3.runs,
    boards: 1_370_754,
    nineWay: { hands: nine.length, boards: a.boards, ms: t9.ours, pheMs: t9.reference, ratio: t9.ratio },
    spread: t3.spread,
  };
}

/**
 * B4 times single calls: round by round, one call of ours then one of the phe loop, each timed alone, and
 * the medians of those times. (Timing 200 of ours against one of phe per pass would let the scheduler's
 * time slices inflate the long pass and not the short one.)
 */
export function benchFlopHeadsUp(phe: Evaluate7, passes: number) {
  const hands = H('AhKh QsQd');
  const flop = parseCards('Th9h2c');
  const ours = equityExact(hands, flop, []);
  const ref = referenceEquity(phe, hands, flop);
  if (ours.boards !== 990) throw new Error(`B4 check: ${ours.boards} run-outs, expected 990`);
  expectCounts('B4 check', ours, ref.win, ref.tie);
  const rounds = Math.max(passes, 300);
  for (let w = 0; w < 200; w++) {
    equityExact(hands, flop, []);
    referenceEquity(phe, hands, flop);
  }
  const oursUs: number[] = [];
  const pheUs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let t0 = performance.now();
    equityExact(hands, flop, []);
    oursUs.push((performance.now() - t0) * 1000);
    t0 = performance.now();
    referenceEquity(phe, hands, flop);
    pheUs.push((performance.now() - t0) * 1000);
  }
  const o = median(oursUs);
  const p = median(pheUs);
  return {
    us: o,
    pheUs: p,
    ratio: p / o,
    unit: 'us',
    runs: rounds,
    flop: 'AhKh vs QsQd on Th9h2c',
    spread: { ours: Number(spread(oursUs).toFixed(2)), reference: Number(spread(pheUs).toFixed(2)) },
  };
}
