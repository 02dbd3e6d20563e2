// FW: the reader bridge's scan figures (issue 26) on the project's emulated bench: the real Mega 2560 image under
// simavr with seven PN5180 models (test/bench-avr/pn5180), the service's BridgeLink on its pty (FOCUS sent as the
// table service sends it). Simulated time, held to the wall clock. Each figure beside its physical bound:
//  - a 10-seat hand (20 hole cards, board, burns, muck, 8-chip bets): the longest any card antenna went unread
//    (target 250 ms; bound: 115 ms of air a pass, 34 cards x 3.2 ms checked by SELECT of their UIDs, ~250 ms with
//    the exchanges one after the other on the Mega: firmware-bridge/README.md, Figures);
//  - a 40-chip push in the focused zone: reported after x the PN5180 model's air time for one inventory of 40
//    (target x1.5; bound: x1.0, that air time: each chip's TAG goes out as the inventory reads it);
//  - the longest a betting zone went unread while another zone inventoried (target 600 ms; bound: the 40 chips'
//    403 ms of air + bet2's 8 chips (48 ms), the other zone of bet1's reader, read between two reads of bet2);
//  - the same push while bet2, the other zone of bet1's reader, holds 40 chips (its reader busy with that stack more
//    than half the time): x the air time (target x1.5; bound: x1.0 plus one round of bet2's inventory, ~70 ms of air,
//    the longest the bridge waits before it looks at the focused zone between two rounds and cuts bet2's short);
//  - a full table (40 chips in bet1, 25 in each other zone: 265, what the Mega's pool of 384 tags holds beside the
//    cards; the hand's 34 cards), settled: the longest a betting zone went unread (target 600 ms) and the full HB
//    cycle (target 1 s; bound: 0.67 s of air on bet1's reader, its 40 + bet2's 25 chips), each printed beside the
//    two inventories of that reader on the Mega; the cycle that spans the placing (225 TAG frames at once, ~1 s of
//    the 115200 link) apart.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BridgeLink } from '../hardware/bridge/index.js';

// this file runs from dist/src/bench (feltwire bench) or from src/bench (vitest)
const REPO = fileURLToPath(new URL(import.meta.url.includes('/dist/src/') ? '../../../' : '../../', import.meta.url));
const FW = join(REPO, 'firmware-bridge');
const BENCH = join(REPO, 'test/bench-avr/pn5180');

export interface FirmwareFigures {
  handCardGapMs: number;
  handCardGapTargetMs: number;
  handCardLatencyMs: number;
  pushReportMs: number;
  pushAirMs: number;
  pushRatio: number;
  pushRatioTarget: number;
  /** per push (PUSH_PHASES of them, each landing at its own phase of the readers' schedule): x the air time */
  pushRatios: number[];
  betZoneUnreadMs: number;
  /** the push while the focused zone's neighbour holds a 40-chip stack: the worst, and per phase */
  pushNearStackRatio: number;
  pushNearStackRatios: number[];
  /** per push: the longest another betting zone went unread while it inventoried */
  betZoneUnreadRuns: number[];
  betZoneUnreadTargetMs: number;
  heartbeatCycleMs: number;
  violations: number;
  unreported: number;
  /** the full table, settled */
  fullTableZoneUnreadMs: number;
  fullTableCycleMs: number;
  /** the HB cycle over the placing of its 225 chips */
  fullTableBurstCycleMs: number;
  fullTableCardGapMs: number;
  /** bet1's and bet2's last inventories (one chip reader): air time and probe-to-last-slot time on the Mega */
  fullTableReaderAirMs: number;
  fullTableReaderWallMs: number;
  fullTableUnreported: number;
  fullTableViolations: number;
}

interface Stats {
  cardLatencyMaxMs: number;
  chipLatencyMaxMs: number;
  unreported: number;
  hbScanMsMax: number;
  maxGapMs: number[];
  invAirMs: number[];
  invWallMs: number[];
  invClosed: number[];
  violations: number;
}

const cardUid = (i: number) => `04A1${(0x100000 + i * 0x3f1).toString(16).toUpperCase().padStart(10, '0')}`;
const chipUid = (i: number) =>
  `E0040150${(0x10000 + i * 0x9e3779).toString(16).toUpperCase().slice(-8).padStart(8, '0')}`;
/** pushes at different phases of the readers' schedule (issue 26 (b), (c) over runs, not one) */
const PUSH_PHASES = 4;
/** pushes beside a 40-chip stack, at phases over that stack's cycle (~0.55 s read, 0.4 s rest) */
const NEAR_PHASES = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function make(dir: string, target: string): void {
  const r = spawnSync('make', ['-C', dir, target], { encoding: 'utf8', timeout: 240_000 });
  if (r.status !== 0) throw new Error(`make -C ${dir} ${target} failed: ${(r.stderr || r.stdout).slice(-400)}`);
}

export async function benchFirmware(log: (line: string) => void = () => {}): Promise<FirmwareFigures> {
  if (!existsSync(join(FW, 'Makefile'))) throw new Error('firmware-bridge/ is not in this checkout');
  log('FW: building the bridge image (arduino-mk) and the simavr bench');
  make(FW, 'avr');
  make(BENCH, 'build/bench');
  const proc: ChildProcess = spawn(join(BENCH, 'build/bench'), [join(FW, 'build/mega/feltwire_bridge.hex')], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const waiters: Array<(l: string) => boolean> = [];
  createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (l) => {
    const i = waiters.findIndex((w) => w(l));
    if (i >= 0) waiters.splice(i, 1);
  });
  const next = (match: (l: string) => boolean, ms = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`FW bench: no answer in ${ms} ms`)), ms);
      waiters.push((l) => {
        if (!match(l)) return false;
        clearTimeout(timer);
        resolve(l);
        return true;
      });
    });
  const send = (...cmds: string[]) => proc.stdin?.write(`${cmds.join('\n')}\n`);
  const stats = async (): Promise<Stats> => {
    const line = next((l) => l.startsWith('STATS '));
    send('stats');
    return JSON.parse((await line).slice(6)) as Stats;
  };
  let link: BridgeLink | undefined;
  try {
    const pty = (await next((l) => l.startsWith('PTY '))).slice(4);
    link = await BridgeLink.open({ path: pty });
    const up = link;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('FW bench: the bridge never said HELLO')), 20_000);
      up.on('reader', (ev) => {
        if (ev.kind !== 'link' || ev.state !== 'up') return;
        clearTimeout(timer);
        resolve();
      });
    });
    // hardware/tables/table-10.json: seats 0-9, betting zones 10-19, board 20, burn 21, muck 22
    const bet1 = 10;
    link.focus([bet1, 20]);
    log('FW: a 10-seat hand');
    send('reset');
    let k = 0;
    let c = 0;
    for (let seat = 0; seat < 10; seat++) for (let i = 0; i < 2; i++) send(`place ${seat} ${cardUid(k++)}`);
    for (const [a, n] of [
      [20, 5],
      [21, 3],
      [22, 6],
    ])
      for (let i = 0; i < n; i++) send(`place ${a} ${cardUid(k++)}`);
    for (let z = 11; z < 20; z++) for (let i = 0; i < 8; i++) send(`place ${z} ${chipUid(c++)}`);
    await sleep(2500);
    const dealt = await stats();
    send('reset');
    await sleep(2500);
    const hand = await stats();
    const cardAntennas = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 21, 22];
    // the push at PUSH_PHASES phases of the readers' schedule (the bench's `after <ms>`, simulated time): where
    // bet1's reader stands when the chips land moves the figures; each is reported, the worst is the figure
    const runs: Array<{ push: Stats; air: number }> = [];
    for (let p = 0; p < PUSH_PHASES; p++) {
      const phase = 50 + ((p * 173) % 600);
      log(`FW: a 40-chip push in the focused zone (+${phase} ms)`);
      send(`after ${phase} reset`, ...Array.from({ length: 40 }, () => `after ${phase} place ${bet1} ${chipUid(c++)}`));
      await sleep(phase + 100);
      const push = await pushDone(stats, bet1);
      runs.push({ push, air: push.invAirMs[bet1] });
      send(`clear ${bet1}`);
      await sleep(800); // past the 400 ms latch-off: the zone empty again before the next push
    }
    // the same push while bet2 (bet1's reader's other zone) holds 40 chips: 32 more on its 8
    log("FW: 40 chips in bet2, the focused zone's neighbour");
    send(...Array.from({ length: 32 }, () => `place 11 ${chipUid(c++)}`));
    await sleep(1500);
    const near: number[] = [];
    for (let p = 0; p < NEAR_PHASES; p++) {
      const phase = 40 + ((p * 311) % 900);
      log(`FW: a 40-chip push in the focused zone beside bet2's 40 (+${phase} ms)`);
      send(`after ${phase} reset`, ...Array.from({ length: 40 }, () => `after ${phase} place ${bet1} ${chipUid(c++)}`));
      await sleep(phase + 100);
      const push = await pushDone(stats, bet1);
      near.push(push.invAirMs[bet1] > 0 ? push.chipLatencyMaxMs / push.invAirMs[bet1] : Number.NaN);
      send(`clear ${bet1}`);
      await sleep(800);
    }
    // a full table (issue 26 (d)): bet1 40 chips, the nine other zones 25 each, the hand's cards still dealt
    log("FW: a full table (265 chips in 10 zones, the hand's 34 cards)");
    for (let z = bet1; z < bet1 + 10; z++) send(`clear ${z}`);
    await sleep(1500); // past the 400 ms latch-off: the pool holds none of the zones' earlier chips
    send(...Array.from({ length: 40 }, () => `place ${bet1} ${chipUid(c++)}`));
    for (let z = bet1 + 1; z < bet1 + 10; z++) send(...Array.from({ length: 25 }, () => `place ${z} ${chipUid(c++)}`));
    const placed = await whileUnreported(stats, 30_000);
    if (placed.unreported > 0) throw new Error(`FW bench: ${placed.unreported} tags of the full table never reported`);
    send('reset');
    await sleep(2000); // the placing's TAG frames hold the bridge's loop ~1 s: that cycle apart
    const burst = await stats();
    send('reset');
    await sleep(3000);
    const full = await stats();
    const zones = Array.from({ length: 10 }, (_, i) => bet1 + i);
    const ratios = runs.map((r) => (r.air > 0 ? r.push.chipLatencyMaxMs / r.air : Number.NaN));
    const unread = runs.map((r) => Math.max(...[11, 12, 13, 14, 15, 16, 17, 18, 19].map((a) => r.push.maxGapMs[a])));
    const worst = runs[ratios.indexOf(Math.max(...ratios))] ?? runs[0];
    const push = worst.push;
    const air = worst.air;
    return {
      handCardGapMs: Math.max(...cardAntennas.map((a) => hand.maxGapMs[a])),
      handCardGapTargetMs: 250,
      handCardLatencyMs: dealt.cardLatencyMaxMs,
      pushReportMs: push.chipLatencyMaxMs,
      pushAirMs: air,
      pushRatio: Math.max(...ratios),
      pushRatioTarget: 1.5,
      pushRatios: ratios.map((r) => Math.round(r * 100) / 100),
      pushNearStackRatio: Math.max(...near),
      pushNearStackRatios: near.map((r) => Math.round(r * 100) / 100),
      betZoneUnreadMs: Math.max(...unread),
      betZoneUnreadTargetMs: 600,
      betZoneUnreadRuns: unread,
      heartbeatCycleMs: hand.hbScanMsMax,
      violations: Math.max(...runs.map((r) => r.push.violations)),
      unreported: Math.max(...runs.map((r) => r.push.unreported)),
      fullTableZoneUnreadMs: Math.max(...zones.map((a) => full.maxGapMs[a])),
      fullTableCycleMs: full.hbScanMsMax,
      fullTableBurstCycleMs: burst.hbScanMsMax,
      fullTableCardGapMs: Math.max(...cardAntennas.map((a) => full.maxGapMs[a])),
      fullTableReaderAirMs: full.invAirMs[bet1] + full.invAirMs[bet1 + 1],
      fullTableReaderWallMs: full.invWallMs[bet1] + full.invWallMs[bet1 + 1],
      fullTableUnreported: full.unreported,
      fullTableViolations: full.violations,
    };
  } finally {
    await link?.close();
    proc.kill('SIGKILL');
  }
}

/** Stats once every tag placed is reported (the bench counts the placings no report has matched yet), or `ms` on. */
async function whileUnreported(stats: () => Promise<Stats>, ms: number): Promise<Stats> {
  const end = Date.now() + ms;
  let st = await stats();
  while (st.unreported > 0 && Date.now() < end) {
    await sleep(100);
    st = await stats();
  }
  return st;
}

/** A push's stats once every chip is reported and the zone's next probe has closed the inventory that read the
 * last of them: its air time is counted then (chips are reported while their inventory runs, ~0.3 s before). */
async function pushDone(stats: () => Promise<Stats>, zone: number): Promise<Stats> {
  const end = Date.now() + 10_000;
  let st = await whileUnreported(stats, 10_000);
  const closed = st.invClosed[zone];
  while (st.invClosed[zone] <= closed && Date.now() < end + 5_000) {
    await sleep(50);
    st = await stats();
  }
  return st;
}
