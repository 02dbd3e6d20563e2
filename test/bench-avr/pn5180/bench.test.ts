// The real bridge image (firmware-bridge, built with Debian's arduino-mk) under simavr with seven PN5180 models on its
// SPI bus (test/bench-avr/pn5180, C against libsimavr-dev), the service's BridgeLink on the bench's pty and the
// table layer on top: a dealt hand of ten seats, board, burns and muck, a 40-chip bet, a card leaving, a full table.
// The bench measures in simulated time (held to the wall clock) and the figures are printed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeLink } from '../../../src/hardware/bridge/index.js';
import type { ReaderEvent } from '../../../src/hardware/types.js';
import { TableLayer, TagRegistry, validateHardwareFile } from '../../../src/table/index.js';
import { Bench, CARDS, cardUid, chipUid, denomOf, lagOf, until } from './benchDriver.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FW = `${ROOT}firmware-bridge`;
const BENCH = `${ROOT}test/bench-avr/pn5180`;
const HW = validateHardwareFile(JSON.parse(readFileSync(`${ROOT}hardware/tables/table-10.json`, 'utf8')));

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
      Object.fromEntries(Array.from({ length: 800 }, (_, i) => [chipUid(i), denomOf(i)])),
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
  // the chips are reported while their inventory runs: its air time is counted once the zone's next probe has closed it
  const closedStats = async (zone: number) => {
    let st = await bench.stats();
    const closed = st.invClosed[zone];
    const end = Date.now() + 5_000;
    while (st.invClosed[zone] <= closed && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      st = await bench.stats();
    }
    return st;
  };

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
    expect(gap).toBeLessThan(900); // the issue's independent bench measured 0.84-0.91 s on an 8-seat hand
  }, 60_000);

  // Issue 26 (b) and (c) over seeds: each seed places its own 40 UIDs (another inventory tree: which chips share a
  // slot, how deep the splits go) at its own phase of the readers' schedule (`after <ms>` in simulated time: where
  // the focused zone's reader stands, and the other zones' readers, when the chips land). Two zones to act, on two
  // chip readers of 2 zones: bet9 (pn5180-g: bet9, bet10; until scan12 the middle of a 3-zone reader, whose two
  // neighbours waited for the push's inventory), then bet1 (pn5180-c: bet1, bet2), whose last seed's chips (0-39)
  // stay for the tests below.
  // Every other zone holds 8 chips (the hand's bets: UIDs 400 + 8 k for bet k+1).
  const PUSHES: Array<[string, number]> = [
    ['bet9', 4],
    ['bet1', 8],
  ];
  const zones = Array.from({ length: 10 }, (_, k) => `bet${k + 1}`);
  const eight = (zone: string) => {
    const k = zones.indexOf(zone);
    return Array.from({ length: 8 }, (_, i) => chipUid(400 + k * 8 + i));
  };
  const betsIn = (zone: string) => layer.view().bets[zone]?.length ?? 0;
  it(`reads a 40-chip bet exactly (focused zone: ${PUSHES.map(([z, n]) => `${z} ${n} seeds`).join(', ')}): reported within x1.5 of one inventory's air time, no other zone unread 600 ms`, async () => {
    const ratios: number[] = [];
    const unread: number[] = [];
    for (const [zone, seeds] of PUSHES) {
      const a = antennaOf(zone);
      link.focus([a, antennaOf('board')]);
      const others = zones.filter((z) => z !== zone).map(antennaOf);
      bench.send(`clear ${a}`);
      await until(`${zone} empty`, () => betsIn(zone) === 0);
      for (const z of zones.filter((x) => x !== zone && betsIn(x) === 0))
        bench.send(...eight(z).map((u) => `place ${antennaOf(z)} ${u}`));
      await until('8 chips in every other zone', () => zones.every((z) => z === zone || betsIn(z) === 8));
      const zr: number[] = [];
      const zu: number[] = [];
      for (let seed = 0; seed < seeds; seed++) {
        const last = zone === 'bet1' && seed === seeds - 1;
        const ids = Array.from({ length: 40 }, (_, i) => (last ? i : 480 + seed * 40 + i));
        const phase = 50 + ((seed * 173) % 600); // ms of simulated time: over a whole cycle of the zone's reader
        bench.send(`after ${phase} reset`, ...ids.map((i) => `after ${phase} place ${a} ${chipUid(i)}`));
        const want = ids.map(denomOf).sort((x, y) => y - x);
        await until(`${zone} seed ${seed}: 40 chips`, () => betsIn(zone) === 40);
        expect(layer.view().bets[zone], `${zone} seed ${seed}`).toEqual(want);
        const st = await closedStats(a);
        expect(st.unreported, `${zone} seed ${seed}`).toBe(0);
        expect(st.badSofFrames, `${zone} seed ${seed}`).toBe(0);
        expect(st.violations, `${zone} seed ${seed}`).toBe(0);
        const air = st.invAirMs[a];
        expect(air).toBeGreaterThan(40 * 3.9); // 40 answers of 3.9 ms at least: the model's air time is real
        const ratio = st.chipLatencyMaxMs / air;
        // while the zone inventories, the other zones (8 chips each) keep being read: the longest any went unread
        const gaps = others.map((z) => st.maxGapMs[z]);
        const zonesUnread = Math.max(...gaps);
        const worst = HW.antennas.find((x) => x.antenna === others[gaps.indexOf(zonesUnread)])?.zone;
        zr.push(ratio);
        zu.push(zonesUnread);
        figures.push(
          `push on ${zone} seed ${seed} (+${phase} ms): 40 reported within ${st.chipLatencyMaxMs} ms, one inventory of 40 on air ${air} ms (x${ratio.toFixed(2)}, target <= x1.5), ${st.invWallMs[a]} ms from its probe to its last slot on the Mega; other zones unread up to ${zonesUnread} ms (${worst}; target 600); ${lagOf(st)}`,
        );
        expect(st.slotLagN[0] + st.slotLagN[1]).toBeGreaterThan(200); // a 40-chip inventory is ~270 slots
        if (last) break;
        bench.send(`clear ${a}`); // (a stack lifted at once goes as an INV, which settles no removal: no pending)
        await until(`${zone} seed ${seed}: empty`, () => betsIn(zone) === 0);
      }
      figures.push(
        `40-chip push on ${zone} over ${seeds} seeds: x${Math.min(...zr).toFixed(2)}-${Math.max(...zr).toFixed(2)} of its air time (target x1.5); other zones unread ${Math.min(...zu)}-${Math.max(...zu)} ms (target 600)`,
      );
      ratios.push(...zr);
      unread.push(...zu);
    }
    const others = zones.filter((z) => z !== 'bet1');
    for (const z of others) bench.send(`clear ${antennaOf(z)}`);
    await until('the other zones empty', () => others.every((z) => betsIn(z) === 0));
    // issue 26 (b), (c), targets x1.5 and 600 ms, printed. Asserted in every seed: under x1.65 and 650 ms (before scan9
    // bet1's seeds read x1.32-1.58 and 306-647 ms; scan9 x1.32-1.60 and 466-593 ms, a push that landed while its
    // reader read the focused zone's neighbour waited for that whole read; scan10, which looks at the focused zone
    // between the neighbour's rounds, x1.33-1.48 and 460-595 ms over 5 runs; scan11 (less CPU a slot) below, in the
    // firmware README: the margin is the Mega's CPU, so the assertion keeps room for a loaded CI machine)
    for (const [seed, ratio] of ratios.entries()) expect(ratio, `seed ${seed}: push x air time`).toBeLessThan(1.65);
    for (const [seed, ms] of unread.entries()) expect(ms, `seed ${seed}: zones unread`).toBeLessThan(650);
  }, 240_000);

  // Issue 26 (b) beside a stack: the focused zone's neighbour on its reader holds 40 chips (a raise before the seat to
  // act's turn), so its reader is busy with that stack's inventory more than half the time. The bridge probes the
  // empty focused zone between two rounds of the neighbour's inventory (BoardHal's peek) and cuts that inventory
  // short when the focused zone holds chips: a push waits for one round of the neighbour, not for its whole stack.
  const NEAR_SEEDS = 6;
  it(`a 40-chip push onto the focused zone while its neighbour's 40-chip stack is read: within x1.5 over ${NEAR_SEEDS} seeds`, async () => {
    const a = antennaOf('bet1');
    const b = antennaOf('bet2');
    link.focus([a, antennaOf('board')]);
    bench.send(`clear ${a}`);
    await until('bet1 empty', () => (layer.view().bets.bet1?.length ?? 0) === 0);
    bench.send(...Array.from({ length: 40 }, (_, i) => `place ${b} ${chipUid(760 + i)}`));
    await until('40 chips in bet2', () => layer.view().bets.bet2?.length === 40);
    // the neighbour's inventories cut short lose none of its chips, raise no fault (INTERRUPTED is no ERR)
    const left: string[] = [];
    const onReader = (ev: ReaderEvent) => {
      if ((ev.kind === 'leave' && ev.antenna === b) || (ev.kind === 'fault' && (ev.antenna === a || ev.antenna === b)))
        left.push(JSON.stringify(ev));
      if (ev.kind === 'inventory' && ev.antenna === b && ev.uids.length !== 40) left.push(JSON.stringify(ev));
    };
    link.on('reader', onReader);
    const ratios: number[] = [];
    for (let seed = 0; seed < NEAR_SEEDS; seed++) {
      const last = seed === NEAR_SEEDS - 1;
      const ids = Array.from({ length: 40 }, (_, i) => (last ? i : 480 + seed * 40 + i));
      const phase = 40 + ((seed * 157) % 900); // over a whole cycle of bet2: ~0.55 s read, 0.4 s rest
      bench.send(`after ${phase} reset`, ...ids.map((i) => `after ${phase} place ${a} ${chipUid(i)}`));
      await until(`near seed ${seed}: 40 chips in bet1`, () => (layer.view().bets.bet1?.length ?? 0) === 40);
      const st = await closedStats(a);
      expect(st.unreported, `near seed ${seed}`).toBe(0);
      expect(st.violations, `near seed ${seed}`).toBe(0);
      expect(st.earlyRequests, `near seed ${seed}`).toBe(0);
      const air = st.invAirMs[a];
      const ratio = st.chipLatencyMaxMs / air;
      ratios.push(ratio);
      figures.push(
        `push beside a 40-chip stack, seed ${seed} (+${phase} ms): 40 reported within ${st.chipLatencyMaxMs} ms, one inventory of 40 on air ${air} ms (x${ratio.toFixed(2)}, target <= x1.5); bet2 unread up to ${st.maxGapMs[b]} ms`,
      );
      expect(layer.view().bets.bet2, `near seed ${seed}: the neighbour's stack kept`).toHaveLength(40);
      if (last) break;
      bench.send(`clear ${a}`);
      await until(`near seed ${seed}: bet1 empty`, () => (layer.view().bets.bet1?.length ?? 0) === 0);
    }
    link.off('reader', onReader);
    bench.send(`clear ${b}`); // (before the assertions: the full table below starts from an empty bet2)
    await until('bet2 empty', () => (layer.view().bets.bet2?.length ?? 0) === 0);
    figures.push(
      `40-chip push beside a 40-chip stack over ${NEAR_SEEDS} seeds: x${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)} of its air time (target x1.5)`,
    );
    expect(left, 'bet2 lost no chip, no fault on bet1 or bet2').toEqual([]);
    // target x1.5, printed; asserted under x1.65 a seed (scan10 read x1.29-1.53 over 7 runs, x1.53 once: the push landed in bet2's ~70 ms first round; scan9's build, which
    // waited for the whole stack, x1.29-2.59: 2 or 3 seeds of 6 over x2.3 in each run)
    for (const [seed, ratio] of ratios.entries())
      expect(ratio, `near seed ${seed}: push x air time`).toBeLessThan(1.65);
  }, 120_000);

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
    // The 225 chips placed at once: their TAG frames (~4 ms each at 115200, ~1 s of the link) hold the bridge's loop
    // while the TX buffer is full (the slots under way go on, no new read starts), and the HB cycle that spans that
    // burst is printed apart. The figures below are the settled table's: measured from 2 s after the burst, so every
    // cycle an HB reports in them began after it (a cycle is ~0.8 s).
    bench.send('reset');
    await new Promise((r) => setTimeout(r, 2000));
    const burst = (await bench.stats()).hbScanMsMax;
    bench.send('reset');
    await new Promise((r) => setTimeout(r, 3000));
    const st = await bench.stats();
    const cardAntennas = HW.antennas.filter((x) => /^(seat|board|burn|muck)/.test(x.zone)).map((x) => x.antenna);
    const worstCard = Math.max(...cardAntennas.map((x) => st.maxGapMs[x]));
    const chipGaps = HW.antennas.filter((x) => /^bet/.test(x.zone)).map((x) => st.maxGapMs[x.antenna]);
    figures.push(
      `full table (${next} chips in 10 zones + 33 cards): worst card-antenna read gap ${worstCard} ms (target 250), longest a betting zone went unread ${Math.max(...chipGaps)} ms (target 600), HB full cycle ${st.hbScanMsMax} ms (target 1000; ${burst} ms over the 225 chips' burst of TAGs)`,
    );
    // what bounds the cycle: each zone's last inventory, its air time and its time on the Mega (probe to last slot)
    const betAntennas = HW.antennas.filter((x) => /^bet/.test(x.zone));
    const wallX = betAntennas.map((x) => st.invWallMs[x.antenna] / st.invAirMs[x.antenna]);
    figures.push(
      `full table, each zone's last inventory on air / on the Mega: ${betAntennas.map((x) => `${x.zone} ${st.invAirMs[x.antenna]}/${st.invWallMs[x.antenna]} ms`).join(', ')} (x${Math.min(...wallX).toFixed(2)}-${Math.max(...wallX).toFixed(2)})`,
    );
    figures.push(`full table: ${lagOf(st)}`);
    figures.push(`stack peak ${st.stackBytes} bytes (SRAM low-water mark)`);
    figures.push(
      `exchanges sent while another reader's frame or answer was on air (background rounds): ${st.overlapped} of ${st.exchanges}`,
    );
    expect(st.unreported).toBe(0);
    expect(st.violations).toBe(0);
    for (const x of betAntennas) expect(st.invWallMs[x.antenna], x.zone).toBeGreaterThanOrEqual(st.invAirMs[x.antenna]);
    // no zone read twice in a row while its neighbour waits (a stale pick did, until scan12's last fix: 708-797 ms in
    // 8 of 8 settled runs; since, 554-577 ms: bet2 waits for bet1's 40 chips, ~0.5 s on the Mega)
    expect(Math.max(...chipGaps)).toBeLessThan(690);
    // the bench's BUSY pins fell when the models' BUSY ended, for the whole run (one simavr timer a reader: with one
    // for all, a reader arming its own cancelled another's, whose BUSY stayed high for the firmware: ANT_TIMEOUT)
    expect(st.busyLateUs).toBeLessThan(3);
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
