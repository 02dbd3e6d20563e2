// The real bridge image (firmware-bridge, built with Debian's arduino-mk) under simavr with four PN5180 models on its
// SPI bus (test/bench-avr/pn5180, C against libsimavr-dev), the service's BridgeLink on the bench's pty and the
// table layer on top: a dealt hand of ten seats, board, burns and muck, a 40-chip bet, a card leaving, a full table.
// The bench measures in simulated time (held to the wall clock) and the figures are printed.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeLink } from '../../../src/hardware/bridge/index.js';
import type { ReaderEvent } from '../../../src/hardware/types.js';
import { TableLayer, TagRegistry, validateHardwareFile } from '../../../src/table/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FW = `${ROOT}firmware-bridge`;
const BENCH = `${ROOT}test/bench-avr/pn5180`;
const HW = validateHardwareFile(JSON.parse(readFileSync(`${ROOT}hardware/tables/table-10.json`, 'utf8')));

const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';
const CARDS = [...SUITS].flatMap((s) => [...RANKS].map((r) => `${r}${s}`));
/** NTAG-like 7-byte UIDs (NXP manufacturer byte 04) and ISO 15693 8-byte UIDs (E0 04 ...) */
const cardUid = (i: number) => `04A1${(0x100000 + i * 0x3f1).toString(16).toUpperCase().padStart(10, '0')}`;
const chipUid = (i: number) =>
  `E0040150${(0x10000 + i * 0x9e3779).toString(16).toUpperCase().slice(-8).padStart(8, '0')}`;
const DENOMS = [25, 100, 500, 1000];
const denomOf = (i: number) => DENOMS[i % DENOMS.length];

interface Stats {
  simMs: number;
  cardLatencyMaxMs: number;
  chipLatencyMaxMs: number;
  goneLatencyMaxMs: number;
  unreported: number;
  hbScanMsMax: number;
  stackBytes: number;
  heapEnd: number;
  maxGapMs: number[];
  /** per antenna: ISO 15693 air time of its last complete inventory (frames, t1, answers or SOF windows, t2) */
  invAirMs: number[];
  /** per antenna: ISO 15693 inventories closed so far (the zone's next probe closes one) */
  invClosed: number[];
  violations: number;
  earlyRequests: number;
  badSofFrames: number;
  focusFrames: number;
  /** exchanges sent while another reader's frame or answer was on air (the lockstep rounds) */
  overlapped: number;
  exchanges: number;
  /** since the last reset: from a 16-slot round slot's outcome known (nobody answered / answered) to the host's
   * next SEND_DATA on that reader: the Mega's reaction a slot (its mean in us, the longest, how many) */
  slotLagUs: [number, number];
  slotLagMaxUs: [number, number];
  slotLagN: [number, number];
}

const lagOf = (st: Stats) =>
  `the Mega's reaction a 16-slot round slot (its outcome known to its next SEND_DATA): empty ${st.slotLagUs[0]} us (${st.slotLagN[0]}, longest ${st.slotLagMaxUs[0]}), answered ${st.slotLagUs[1]} us (${st.slotLagN[1]}, longest ${st.slotLagMaxUs[1]})`;

class Bench {
  private readonly proc: ChildProcess;
  private readonly waiters: Array<(line: string) => boolean> = [];
  readonly lines: string[] = [];
  constructor(hex: string) {
    this.proc = spawn(`${BENCH}/build/bench`, [hex], { stdio: ['pipe', 'pipe', 'inherit'] });
    createInterface({ input: this.proc.stdout as NodeJS.ReadableStream }).on('line', (l) => {
      this.lines.push(l);
      for (let i = 0; i < this.waiters.length; i++)
        if (this.waiters[i](l)) {
          this.waiters.splice(i, 1);
          break;
        }
    });
  }
  next(match: (l: string) => boolean, ms = 20_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bench: no line in ${ms} ms`)), ms);
      this.waiters.push((l) => {
        if (!match(l)) return false;
        clearTimeout(timer);
        resolve(l);
        return true;
      });
    });
  }
  send(...cmds: string[]): void {
    this.proc.stdin?.write(`${cmds.join('\n')}\n`);
  }
  async stats(): Promise<Stats> {
    const line = this.next((l) => l.startsWith('STATS '));
    this.send('stats');
    return JSON.parse((await line).slice(6)) as Stats;
  }
  kill(): void {
    this.proc.kill('SIGKILL');
  }
}

async function until(what: string, cond: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const antennaOf = (zone: string) => HW.antennas.find((a) => a.zone === zone)?.antenna as number;

describe('bridge firmware under simavr with PN5180 models, the service on its pty', () => {
  let bench: Bench;
  let link: BridgeLink;
  let layer: TableLayer;
  const faults: ReaderEvent[] = [];
  const figures: string[] = [];

  beforeAll(async () => {
    for (const [dir, target] of [
      [FW, 'avr'],
      [BENCH, 'build/bench'],
    ]) {
      const r = spawnSync('make', ['-C', dir, target], { encoding: 'utf8', timeout: 180_000 });
      if (r.status !== 0) throw new Error(`make -C ${dir} ${target}: ${r.stdout}${r.stderr}`);
    }
    const registry = new TagRegistry();
    registry.addDeck(
      'bench',
      'Bench deck (NTAG 7-byte UIDs)',
      Object.fromEntries(CARDS.map((c, i) => [cardUid(i), c])),
    );
    registry.addChips(
      'bench-chips',
      'Bench chips (ISO 15693)',
      Object.fromEntries(Array.from({ length: 480 }, (_, i) => [chipUid(i), denomOf(i)])),
    );
    registry.setDeckInPlay('bench');
    layer = new TableLayer({ hardware: HW, registry, chipSettleMs: 50, latchOffMs: 0 });
    // FW_BENCH_HEX: another image of the same board (an A/B of two builds on one bench)
    bench = new Bench(process.env.FW_BENCH_HEX ?? `${FW}/build/mega/feltwire_bridge.hex`);
    const pty = (await bench.next((l) => l.startsWith('PTY '))).slice(4);
    link = await BridgeLink.open({ path: pty });
    link.on('reader', (ev) => {
      if (ev.kind === 'fault') faults.push(ev);
    });
    layer.attach(link);
    let up = false;
    link.on('reader', (ev) => {
      if (ev.kind === 'link' && ev.state === 'up') up = true;
    });
    await until('link up', () => up, 20_000);
  }, 240_000);

  afterAll(async () => {
    await link?.close();
    bench?.kill();
    layer?.close();
    if (figures.length) console.log(`bench-avr/pn5180 figures (simulated time):\n  ${figures.join('\n  ')}`);
  });

  const cardsIn = (zone: string) => layer.view().cards[zone] ?? [];

  it('the hardware file names the same reader for every antenna as the firmware board (board_config.h)', () => {
    const cfg = readFileSync(`${FW}/avr/board_config.h`, 'utf8');
    const readerOf = (/kReaderOf\[24\] = \{([^}]*)\}/.exec(cfg)?.[1] ?? '')
      .replace(/\/\/[^\n]*/g, '')
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '')
      .map(Number);
    expect(readerOf).toHaveLength(24);
    for (const a of HW.antennas)
      expect(
        HW.readers.findIndex((r) => r.id === a.reader),
        `antenna ${a.antenna}`,
      ).toBe(readerOf[a.antenna]);
  });

  it('reads every card of a dealt hand: ten seats, five board cards, three burns, the muck', async () => {
    bench.send('reset');
    let k = 0;
    const dealt: Record<string, string[]> = {};
    const put = (zone: string, n: number) => {
      for (let i = 0; i < n; i++, k++) {
        bench.send(`place ${antennaOf(zone)} ${cardUid(k)}`);
        dealt[zone] = [...(dealt[zone] ?? []), CARDS[k]];
      }
    };
    for (let s = 1; s <= 10; s++) put(`seat${s}`, 2);
    put('board', 5);
    put('burn', 3);
    put('muck', 6);
    await until('every dealt card in the table layer', () =>
      Object.entries(dealt).every(([z, cs]) => cs.every((c) => cardsIn(z).includes(c))),
    );
    for (const [z, cs] of Object.entries(dealt)) expect([...cardsIn(z)].sort(), z).toEqual([...cs].sort());
    const st = await bench.stats();
    expect(st.unreported).toBe(0);
    expect(st.violations).toBe(0);
    expect(st.earlyRequests).toBe(0);
    figures.push(`dealt hand (${k} cards): every card reported within ${st.cardLatencyMaxMs} ms of placing`);
    // the hand in play: how long any card antenna goes unread (issue 26: every 250 ms; printed, not met)
    bench.send('reset');
    await new Promise((r) => setTimeout(r, 2000));
    const play = await bench.stats();
    const cardAntennas = HW.antennas.filter((x) => /^(seat|board|burn|muck)/.test(x.zone)).map((x) => x.antenna);
    const gap = Math.max(...cardAntennas.map((x) => play.maxGapMs[x]));
    figures.push(
      `10-seat hand in play: every card antenna read within ${gap} ms (target 250; 1,245 ms before the background rounds in the full table)`,
    );
    expect(gap).toBeLessThan(900); // the independent bench measured 0.84-0.91 s on an 8-seat hand
  }, 60_000);

  it("reads a 40-chip bet exactly (focused zone), reported within x2.5 of one inventory's air time (target x1.5 printed)", async () => {
    const a = antennaOf('bet1');
    link.focus([a, antennaOf('board')]);
    // the hand's bets: 8 chips in each other zone (UIDs after the push's 40 and the full table's 265)
    const others = [2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => antennaOf(`bet${s}`));
    others.forEach((z, k) => {
      bench.send(...Array.from({ length: 8 }, (_, i) => `place ${z} ${chipUid(400 + k * 8 + i)}`));
    });
    await until('8 chips in every other zone', () =>
      [2, 3, 4, 5, 6, 7, 8, 9, 10].every((s) => layer.view().bets[`bet${s}`]?.length === 8),
    );
    await new Promise((r) => setTimeout(r, 300));
    bench.send('reset');
    const chips = Array.from({ length: 40 }, (_, i) => i);
    bench.send(...chips.map((i) => `place ${a} ${chipUid(i)}`));
    const want = chips.map(denomOf).sort((x, y) => y - x);
    await until('40 chips in bet1', () => (layer.view().bets.bet1?.length ?? 0) === 40);
    expect(layer.view().bets.bet1).toEqual(want);
    // the chips are reported while their inventory runs: its air time is counted once the zone's next probe has
    // closed it
    let st = await bench.stats();
    const closed = st.invClosed[a];
    const end = Date.now() + 5_000;
    while (st.invClosed[a] <= closed && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      st = await bench.stats();
    }
    expect(st.unreported).toBe(0);
    expect(st.badSofFrames).toBe(0);
    const air = st.invAirMs[a];
    expect(air).toBeGreaterThan(40 * 3.9); // 40 answers of 3.9 ms at least: the model's air time is real
    const ratio = st.chipLatencyMaxMs / air;
    figures.push(
      `40-chip push in the focused betting zone: all 40 reported within ${st.chipLatencyMaxMs} ms; the PN5180 model's air time for one inventory of 40: ${air} ms (x${ratio.toFixed(2)}, target <= x1.5)`,
    );
    // while bet1 inventories, the other zones (8 chips each) keep being read: the longest any went unread
    const zonesUnread = Math.max(...others.map((z) => st.maxGapMs[z]));
    figures.push(
      `while that push inventories, the other betting zones (8 chips each) went unread up to ${zonesUnread} ms (target 600)`,
    );
    figures.push(`push: ${lagOf(st)}`);
    expect(st.slotLagN[0] + st.slotLagN[1]).toBeGreaterThan(200); // a 40-chip inventory is ~270 slots
    // target x1.5 (issue 26), printed; asserted: the background rounds keep it under x2.5 (x4.3 before them:
    // 1,742 ms, the rounds alternating one for one with card reads)
    expect(ratio).toBeLessThan(2.5);
    expect(zonesUnread).toBeLessThan(1500); // 2-3 s in the independent bench
    for (const z of others) bench.send(`clear ${z}`);
    await until('the other zones empty', () =>
      [2, 3, 4, 5, 6, 7, 8, 9, 10].every((s) => (layer.view().bets[`bet${s}`]?.length ?? 0) === 0),
    );
  }, 60_000);

  it('sees a card leave', async () => {
    bench.send('reset', `remove ${antennaOf('seat3')} ${cardUid(4)}`);
    await until('4c gone from seat3', () => !cardsIn('seat3').includes(CARDS[4]));
    expect(cardsIn('seat3')).toEqual([CARDS[5]]);
    const st = await bench.stats();
    expect(st.unreported).toBe(0);
    figures.push(`card removed: GONE after ${st.goneLatencyMaxMs} ms (400 ms latch-off in the firmware)`);
  }, 30_000);

  it('a fold that lifts both hole cards mid-SELECT or mid-anticollision is two GONEs, never ERR COLLISION (ISO/IEC 14443-3: no answer = no card)', async () => {
    const seat = 'seat7';
    const a = antennaOf(seat);
    const held = [12, 13]; // the dealt hand's seat7 cards
    const from = faults.length;
    const alerts: string[] = [];
    const onAlert = (al: { code: string; reason?: string }) => alerts.push(`${al.code}:${al.reason ?? ''}`);
    layer.on('alert', onAlert);
    const before = (await bench.stats()).unreported;
    // Cards the seat held are checked by SELECT of their UIDs: the cascade frames of that pass are 1 SELECT CL1,
    // 2 SELECT CL2 (card A; card B after the next REQA). Lifted as the frame goes on air (nothing answers) or
    // halfway through the cards' answer (the frame is cut short).
    const known: Array<[number, number]> = [
      [1, 0],
      [1, 1],
      [2, 0],
      [2, 1],
    ];
    for (const [step, mid] of known) {
      await until(`${seat} holds both cards`, () => held.every((k) => cardsIn(seat).includes(CARDS[k])));
      const lifted = bench.next((l) => l.startsWith(`FOLD `));
      bench.send(`fold ${a} ${step} ${mid}`);
      const fl = await lifted;
      expect(Number(fl.split(' ')[3]), `known fold ${step}/${mid}`).toBe(2);
      await until(`known fold ${step}/${mid}: both cards gone`, () => cardsIn(seat).length === 0);
      bench.send(...held.map((k) => `place ${a} ${cardUid(k)}`));
    }
    // Cards just dealt (unknown to the seat) go through the anticollision: two 7-byte cards sharing CL1 give
    // 1 ANTICOLLISION CL1, 2 SELECT CL1, 3 ANTICOLLISION CL2 (collides), 4 ANTICOLLISION CL2 (resolved),
    // 5 SELECT CL2. The fold is armed, then the cards placed: they are lifted during their first pass, before any
    // of them was read, so neither is ever reported: their placing and their lifting (4 a fold) are dropped from the
    // bench's pending reports once the latch-off has passed with nothing in the table layer.
    const fresh: Array<[number, number]> = [
      [1, 0],
      [2, 1],
      [3, 0],
      [3, 1],
      [4, 1],
      [5, 0],
    ];
    for (const [step, mid] of fresh) {
      await until(`${seat} holds both cards`, () => held.every((k) => cardsIn(seat).includes(CARDS[k])));
      bench.send(...held.map((k) => `remove ${a} ${cardUid(k)}`));
      await until(`${seat} cleared`, () => cardsIn(seat).length === 0);
      const lifted = bench.next((l) => l.startsWith(`FOLD `));
      bench.send(`fold ${a} ${step} ${mid}`, ...held.map((k) => `place ${a} ${cardUid(k)}`));
      const fl = await lifted;
      expect(Number(fl.split(' ')[3]), `fresh fold ${step}/${mid}`).toBe(2);
      await new Promise((r) => setTimeout(r, 600)); // past the 400 ms latch-off: nothing may appear or stay
      expect(cardsIn(seat), `fresh fold ${step}/${mid}`).toEqual([]);
      const forgot = bench.next((l) => l.startsWith('ACK ') && l.includes(` forget ${a} `));
      bench.send(`forget ${a}`);
      expect(Number((await forgot).split(' ')[4]), `fresh fold ${step}/${mid}: never reported`).toBe(4);
      bench.send(...held.map((k) => `place ${a} ${cardUid(k)}`));
    }
    await until(`${seat} dealt again`, () => held.every((k) => cardsIn(seat).includes(CARDS[k])));
    const st = await bench.stats();
    expect(st.unreported - before).toBe(0); // every lifted card's GONE and every re-placed card's TAG came
    expect(faults.slice(from).filter((f) => f.kind === 'fault' && f.antenna === a)).toEqual([]);
    expect(alerts.filter((x) => x.startsWith('READER_FAULT'))).toEqual([]);
    layer.off('alert', onAlert);
    figures.push(
      `${known.length + fresh.length} folds lifting both cards mid-SELECT (${known.length}) or mid-anticollision (${fresh.length}): no ERR`,
    );
  }, 120_000);

  it('a full table: every betting zone holding chips, every tag read, no ERR; the scan figures printed', async () => {
    // 10 betting zones: bet1 keeps its 40, the nine others get 25 each (the bridge's pool holds 384 tags)
    let next = 40;
    for (let s = 2; s <= 10; s++) {
      const a = antennaOf(`bet${s}`);
      bench.send(...Array.from({ length: 25 }, () => `place ${a} ${chipUid(next++)}`));
    }
    await until(
      'every betting zone full',
      () => [2, 3, 4, 5, 6, 7, 8, 9, 10].every((s) => layer.view().bets[`bet${s}`]?.length === 25),
      30_000,
    );
    bench.send('reset');
    await new Promise((r) => setTimeout(r, 3000));
    const st = await bench.stats();
    const cardAntennas = HW.antennas.filter((x) => /^(seat|board|burn|muck)/.test(x.zone)).map((x) => x.antenna);
    const worstCard = Math.max(...cardAntennas.map((x) => st.maxGapMs[x]));
    const chipGaps = HW.antennas.filter((x) => /^bet/.test(x.zone)).map((x) => st.maxGapMs[x.antenna]);
    figures.push(
      `full table (${next} chips in 10 zones + 33 cards): worst card-antenna read gap ${worstCard} ms (target 250), longest a betting zone went unread ${Math.max(...chipGaps)} ms (target 600), HB full cycle ${st.hbScanMsMax} ms (target 1000)`,
    );
    figures.push(`full table: ${lagOf(st)}`);
    figures.push(`stack peak ${st.stackBytes} bytes (SRAM low-water mark)`);
    figures.push(
      `exchanges sent while another reader's frame or answer was on air (background rounds): ${st.overlapped} of ${st.exchanges}`,
    );
    expect(st.unreported).toBe(0);
    expect(st.violations).toBe(0);
    expect(faults.filter((f) => f.kind === 'fault' && f.code !== 'OK')).toEqual([]);
    expect(st.stackBytes).toBeGreaterThan(0);
    expect(st.overlapped).toBeGreaterThan(0); // chip rounds ran beside the other readers' exchanges
    expect(st.stackBytes).toBeLessThan(0x2200 - st.heapEnd - 256); // the stack never came near the static data
  }, 90_000);

  it('a card with a 10-byte UID (no frame can carry it) is an ERR FOREIGN_TAG and an alert, not a silent drop', async () => {
    const a = antennaOf('seat5');
    const alerts: string[] = [];
    const onAlert = (al: { code: string; reason?: string }) => alerts.push(`${al.code}:${al.reason ?? ''}`);
    layer.on('alert', onAlert);
    const from = faults.length;
    const foreign = '04A1B2C3D4E5F6071829'; // 10 bytes: three cascade levels
    bench.send(`place ${a} ${foreign}`);
    await until('FOREIGN_TAG on seat5', () =>
      faults.slice(from).some((f) => f.kind === 'fault' && f.code === 'FOREIGN_TAG'),
    );
    expect(alerts).toContain('READER_FAULT:FOREIGN_TAG');
    expect(layer.sessionHealth().readers[String(a)]).toBe('FOREIGN_TAG');
    expect([...cardsIn('seat5')].sort()).toEqual([CARDS[8], CARDS[9]].sort()); // its hole cards still read
    bench.send(`remove ${a} ${foreign}`);
    await until('CLR on seat5', () => layer.sessionHealth().readers[String(a)] === 'ok');
    const mine = faults.slice(from).filter((f) => f.kind === 'fault');
    expect(mine.map((f) => (f.kind === 'fault' ? f.code : ''))).toEqual(['FOREIGN_TAG', 'OK']); // once, then CLR
    layer.off('alert', onAlert);
  }, 60_000);
});
