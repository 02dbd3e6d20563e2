// B9: the archive routes against a long log. A 10,000-hand SQLite event log (the shape the service writes: a 'hand'
// record, a shuffle and ~30 events, a hand end), then the time per request of what the floor's archive routes do
// now (the hand list page from the index kept as the log grows, one hand's steps by its own rows) beside what they
// did before (a full re-read of the log per request, HandArchive.list), at 1,000 and 10,000 hands: the routes' time
// stays flat while the re-read grows with the log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TableConfig } from '../engine/types.js';
import { ArchiveIndex } from '../store/archiveIndex.js';
import { HandArchive, SqliteEventLog } from '../store/index.js';
import { median } from './stats.js';

export interface B9Point {
  hands: number;
  records: number;
  /** GET /api/hands: a page of 200 from the index, ms */
  listPageMs: number;
  /** GET /api/hands/N/steps of a random hand: index lookup, its rows, re-run through the engine, ms */
  stepsMs: number;
  /** the reference: the whole log re-read for the hand list (the route before the index), ms */
  fullRescanMs: number;
}

export interface B9 {
  points: B9Point[];
  passes: number;
  /** list page at the longest log over list page at the shortest (flat: about 1) */
  listGrowth: number;
  rescanGrowth: number;
}

const TABLE: TableConfig = {
  ruleset: 'tda',
  seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000, 5: 10000, 6: 10000 },
  button: 1,
  blinds: [50, 100],
  bbAnte: 0,
  absent: [],
  chips: [25, 100, 500, 1000, 5000],
  motionMs: 700,
  orderKnown: true,
};

const RANKS = '23456789TJQKA';
const SUITS = 'shdc';

function appendHands(log: SqliteEventLog, from: number, to: number): void {
  for (let h = from; h <= to; h++) {
    const wall = 1_800_000_000_000 + h * 60_000;
    log.append('hand', h, { config: { ...TABLE, button: 1 + (h % 6) } }, wall);
    log.append('event', h, { kind: 'dealer', button: 'shuffle', t: 0 }, wall);
    let t = 0;
    for (let i = 0; i < 12; i++) {
      t += 400;
      const card = RANKS[(h * 7 + i * 5) % 13] + SUITS[(h + i) % 4];
      log.append('event', h, { kind: 'cardAt', card, zone: `seat${1 + (i % 6)}`, face: 'down', t }, wall + t);
    }
    for (let i = 0; i < 16; i++) {
      t += 1500;
      log.append('event', h, { kind: 'chips', seat: 1 + (i % 6), chips: [100, 25], t }, wall + t);
    }
    log.append('handEnd', h, { stacks: {}, pots: [], phase: 'complete', board: [] }, wall + t + 500);
  }
}

export function benchArchive(passes = 5, sizes: readonly number[] = [1000, 10_000]): B9 {
  const dir = mkdtempSync(join(tmpdir(), 'feltwire-b9-'));
  const log = SqliteEventLog.open(dir, { synchronous: 'NORMAL', notify: () => {} });
  const points: B9Point[] = [];
  try {
    let done = 0;
    const index = new ArchiveIndex(log);
    const archive = new HandArchive(log);
    for (const size of sizes) {
      appendHands(log, done + 1, size);
      done = size;
      index.refresh();
      const list: number[] = [];
      const steps: number[] = [];
      const rescan: number[] = [];
      let sink = 0;
      for (let p = 0; p < passes + 1; p++) {
        let t0 = performance.now();
        index.refresh();
        sink += JSON.stringify(index.page(200)).length;
        const tList = performance.now() - t0;
        const hand = 1 + ((p * 7919) % size);
        t0 = performance.now();
        if (index.get(hand)) sink += archive.steps(hand).length;
        const tSteps = performance.now() - t0;
        t0 = performance.now();
        sink += new HandArchive(log).list().length;
        const tRescan = performance.now() - t0;
        if (p === 0) continue; // warm-up
        list.push(tList);
        steps.push(tSteps);
        rescan.push(tRescan);
      }
      if (sink < 0) throw new Error('unreachable');
      points.push({
        hands: size,
        records: Number(log.latest('handEnd')?.seq ?? 0),
        listPageMs: median(list),
        stepsMs: median(steps),
        fullRescanMs: median(rescan),
      });
    }
  } finally {
    log.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const first = points[0];
  const last = points[points.length - 1];
  return {
    points,
    passes,
    listGrowth: last.listPageMs / first.listPageMs,
    rescanGrowth: last.fullRescanMs / first.fullRescanMs,
  };
}
