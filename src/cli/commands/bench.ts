// feltwire bench [--json] [--live] [--room] [--only B1,B2] [--passes N] [--phh DIR]: docs/benchmarks.md's figures, each
// beside its reference in the same process. With --json the last line is one object keyed B1..B5 (B6, B7
// with --live, from the live service's own benchmark in src/bench/live.ts).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Figures, runBench } from '../../bench/index.js';
import { defineCommand, UsageError } from '../options.js';

type Row = Record<string, unknown>;

const fmt = (x: unknown, digits = 1): string =>
  typeof x === 'number' ? x.toLocaleString('en-US', { maximumFractionDigits: digits }) : String(x);

function human(figures: Figures): string[] {
  const lines: string[] = [];
  const f = (k: string): Row | undefined => figures[k] as Row | undefined;
  const err = (k: string): string | null =>
    f(k) && 'error' in (f(k) as Row) ? `${k}  error: ${(f(k) as Row).error}` : null;
  for (const k of ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9']) {
    const r = f(k);
    if (!r) continue;
    const e = err(k);
    if (e) {
      lines.push(e);
      continue;
    }
    if (k === 'B1') {
      lines.push(
        `B1  7-card evals/s   ours ${fmt((r.ours as number) / 1e6)} M/s   phe ${fmt((r.phe as number) / 1e6)} M/s   pokertools ${fmt((r.pokertools as number) / 1e6)} M/s   ratio vs phe ${fmt(r.ratio, 2)} (target >= 6), vs pokertools ${fmt(r.ratioPokertools, 2)}`,
      );
    } else if (k === 'B2' || k === 'B3') {
      const name = k === 'B2' ? 'AhKh vs QsQd preflop' : 'AhKh QsQd JcTc preflop';
      const target = k === 'B2' ? 'target < 10 ms and ratio >= 15' : 'target < 25 ms';
      lines.push(
        `${k}  ${name}   ours ${fmt(r.ms, 2)} ms   phe ${fmt(r.pheMs, 0)} ms   ratio ${fmt(r.ratio, 1)} (${target})`,
      );
      const nine = r.nineWay as Row | undefined;
      if (nine)
        lines.push(
          `    9-way preflop (${fmt(nine.boards, 0)} boards)   ours ${fmt(nine.ms, 2)} ms   phe ${fmt(nine.pheMs, 0)} ms   ratio ${fmt(nine.ratio, 1)}`,
        );
    } else if (k === 'B4') {
      lines.push(
        `B4  flop to river, heads-up, 990 run-outs   ours ${fmt(r.us, 1)} us   phe ${fmt(r.pheUs, 0)} us   ratio ${fmt(r.ratio, 1)} (target < 50 us)`,
      );
    } else if (k === 'B5') {
      lines.push(
        `B5  PHH replay   ${fmt(r.handsPerSecond, 0)} hands/s over ${fmt(r.hands, 0)} hands (${fmt(r.passed, 0)} matched)   (target >= 20,000)`,
      );
    } else if (k === 'B9') {
      for (const p of (r.points as Row[] | undefined) ?? []) {
        lines.push(
          `B9  archive routes, ${fmt(p.hands, 0)}-hand log (${fmt(p.records, 0)} records)   hand list page ${fmt(p.listPageMs, 2)} ms   one hand's steps ${fmt(p.stepsMs, 2)} ms   full re-read (reference) ${fmt(p.fullRescanMs, 0)} ms`,
        );
      }
      lines.push(
        `    growth 1k -> 10k hands: list page x${fmt(r.listGrowth, 2)}, full re-read x${fmt(r.rescanGrowth, 1)} (target: the routes flat)`,
      );
    } else if (k === 'B8') {
      for (const [label, key] of [
        ['ten times table pace', 'tenTimesPace'],
        ['table pace', 'tablePace'],
      ] as const) {
        const p = r[key] as Row | undefined;
        const lat = p?.latencyMs as Row | undefined;
        if (p && lat)
          lines.push(
            `B8  room, ${fmt(p.tables, 0)} tables at ${label}   ${fmt(p.handsArchivedPerSecond, 2)} hands archived/s   table-to-room-view p50 ${fmt(lat.p50)} ms, p99 ${fmt(lat.p99)} ms (${fmt(lat.samples, 0)} statuses)`,
          );
      }
      lines.push(`    target: ${String(r.target)}: ${r.met ? 'met' : 'NOT met'}`);
    } else lines.push(`${k}  ${JSON.stringify(r)}`);
  }
  const fw = f('FW');
  if (fw && 'error' in fw) lines.push(`FW  error: ${fw.error}`);
  else if (fw) {
    lines.push(
      `FW  reader bridge, emulated (simavr + PN5180 models, simulated time)   10-seat hand: every card antenna read within ${fmt(fw.handCardGapMs)} ms (target ${fmt(fw.handCardGapTargetMs)}; bound: 115 ms of air a pass, 34 cards x 3.2 ms checked by SELECT; ~250 ms with the exchanges one after the other on the Mega), cards reported ${fmt(fw.handCardLatencyMs)} ms after placing`,
    );
    lines.push(
      `    40-chip push (focused zone), the worst of ${(fw.pushRatios as number[]).length} phases (x${(fw.pushRatios as number[]).join(', x')}): reported after ${fmt(fw.pushReportMs)} ms = x${fmt(fw.pushRatio, 2)} the model's air time for one inventory of 40 (${fmt(fw.pushAirMs)} ms; target x${fmt(fw.pushRatioTarget)}; bound: x1.0, that air time: each chip's TAG goes out as the inventory reads it; the Mega adds ~0.3-0.4 ms of CPU to each of its ~270 slots)`,
    );
    if (Array.isArray(fw.pushNearStackRatios))
      lines.push(
        `    the same push while the focused zone's neighbour (bet2) holds 40 chips, the worst of ${(fw.pushNearStackRatios as number[]).length} phases (x${(fw.pushNearStackRatios as number[]).join(', x')}): x${fmt(fw.pushNearStackRatio, 2)} (target x1.5; bound: x1.0 plus one 16-slot round of bet2's inventory, ~70 ms of air: the bridge looks at the empty focused zone between two rounds and cuts bet2's inventory short when chips landed; x2.3-2.6 before)`,
      );
    lines.push(
      `    betting zones unread up to ${fmt(fw.betZoneUnreadMs)} ms while it inventoried (per push: ${(fw.betZoneUnreadRuns as number[]).map((x) => fmt(x, 0)).join(', ')} ms; target ${fmt(fw.betZoneUnreadTargetMs)}; bound: 451 ms of air, the 40 chips' 403 ms + bet2's 8 chips (48 ms), the other zone of bet1's reader, read between two of its reads), HB full cycle ${fmt(fw.heartbeatCycleMs, 0)} ms, ${fmt(fw.violations, 0)} host-interface violations, ${fmt(fw.unreported, 0)} tags unreported`,
    );
    if (typeof fw.fullTableCycleMs === 'number')
      lines.push(
        `    full table (265 chips in 10 zones, 34 cards), settled: every betting zone read within ${fmt(fw.fullTableZoneUnreadMs)} ms (target 600), HB full cycle ${fmt(fw.fullTableCycleMs, 0)} ms (target 1000; ${fmt(fw.fullTableBurstCycleMs, 0)} ms over the placing, 225 TAG frames on the 115200 link), card antennas within ${fmt(fw.fullTableCardGapMs)} ms; bound: ${fmt(fw.fullTableReaderAirMs)} ms of air on bet1's reader (bet1's 40 + bet2's 25 chips), ${fmt(fw.fullTableReaderWallMs)} ms on the Mega; ${fmt(fw.fullTableViolations, 0)} host-interface violations, ${fmt(fw.fullTableUnreported, 0)} tags unreported`,
      );
  }
  lines.push(
    `medians of ${(f('B1')?.runs as number | undefined) ?? 5} timed passes after a warm-up; this machine is shared, expect up to 2x drift`,
  );
  return lines;
}

async function liveFigures(only: string[] | undefined, log: (line: string) => void): Promise<Figures> {
  const url = new URL('../../bench/live.js', import.meta.url);
  if (!existsSync(fileURLToPath(url)))
    return {
      B6: { error: 'live bench missing (src/bench/live.ts)' },
      B7: { error: 'live bench missing (src/bench/live.ts)' },
    };
  const mod = (await import(url.href)) as {
    runLiveBench?: (opts: { only?: string[]; log?: (line: string) => void }) => Promise<Figures>;
  };
  if (typeof mod.runLiveBench !== 'function') return { B6: { error: 'src/bench/live.ts has no runLiveBench()' } };
  const live = only?.filter((k) => k === 'B6' || k === 'B7');
  return mod.runLiveBench({ only: live && live.length > 0 ? live : undefined, log });
}

/** a whole number option, or undefined when absent */
function count(v: string | undefined, name: string, min: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} takes an integer >= ${min}`);
  return n;
}

export const command = defineCommand(
  {
    name: 'bench',
    summary: 'benchmarks B1-B5 beside phe and @pokertools/evaluator (--json, --live for B6/B7, --room for B8)',
    about: ["  performance.md's figures, each beside its reference in the same process"],
    options: {
      json: { type: 'boolean', help: 'the last line is one JSON object keyed B1..B9' },
      live: { type: 'boolean', help: "also B6 and B7, from the live service's own benchmark" },
      room: { type: 'boolean', help: 'also B8: the card room on Mosquitto and PostgreSQL' },
      only: { type: 'string', arg: 'B1,B2,...', help: 'only these figures' },
      passes: { type: 'string', arg: 'N', defaultText: '5', help: 'timed passes after the warm-up (at least 5)' },
      phh: { type: 'string', arg: 'DIR', defaultText: 'the reference PHH corpus', help: "B5's hand histories" },
      'phh-limit': { type: 'string', arg: 'N', help: 'B5: at most N hand histories' },
      'room-seconds': { type: 'string', arg: 'N', defaultText: '60', help: 'B8: seconds measured per phase' },
      'room-tables': { type: 'string', arg: 'N', defaultText: '100', help: 'B8: tables at table pace' },
    },
  },
  async ({ values }) => {
    const json = values.json === true;
    const live = values.live === true;
    const room = values.room === true;
    const only = values.only?.split(',').map((s) => s.trim().toUpperCase());
    const passes = count(values.passes, 'passes', 5);
    const phhLimit = count(values['phh-limit'], 'phh-limit', 1);
    const roomSeconds = count(values['room-seconds'], 'room-seconds', 1);
    const roomTables = count(values['room-tables'], 'room-tables', 1);
    const log = (line: string): void => {
      process.stderr.write(`${line}\n`);
    };
    const figures = await runBench({
      passes,
      only,
      phhDir: values.phh,
      phhLimit,
      log,
    });
    if (live) {
      try {
        Object.assign(figures, await liveFigures(only, log));
      } catch (e) {
        figures.B6 = { error: e instanceof Error ? e.message : String(e) };
      }
    }
    if (room && (!only || only.includes('B8'))) {
      // B8: the card room on its real engines (src/bench/room.ts)
      try {
        const { runRoomBench } = await import('../../bench/room.js');
        figures.B8 = await runRoomBench({
          log,
          seconds: roomSeconds,
          tablePaceTables: roomTables,
        });
      } catch (e) {
        figures.B8 = { error: e instanceof Error ? e.message : String(e) };
      }
    }
    if (json) process.stdout.write(`${JSON.stringify(figures)}\n`);
    else process.stdout.write(`${human(figures).join('\n')}\n`);
    const failed = Object.entries(figures).some(
      ([k, v]) =>
        /^B\d$/.test(k) && v && typeof v === 'object' && 'error' in v && !String((v as Row).error).includes('missing'),
    );
    return failed ? 1 : 0;
  },
);
