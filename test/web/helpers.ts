// Shared by the browser and isolation tests: the live service on a temporary data folder, fed by the simulator.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type LiveService, startLive } from '../../src/server/live.js';
import { type SimSourceOptions, simSource } from '../../src/service/simSource.js';
import type { Simulator } from '../../src/sim/simulator.js';

export const REPO = resolve(import.meta.dirname, '../..');
export const WEB_ROOT = join(REPO, 'dist/web');
export const SIM_TABLE = join(REPO, 'hardware/tables/sim-table.json');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The views are served from dist/web; build them when a bare `vitest run` finds none. */
export function ensureWebBuilt(): void {
  if (existsSync(join(WEB_ROOT, 'dealer.html'))) return;
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: REPO,
    stdio: 'inherit',
  });
}

export async function liveOnSimulator(
  opts: Partial<SimSourceOptions> & { delayMs: number; memoryLog?: boolean; dataDir?: string; port?: number },
): Promise<{ live: LiveService; sim: Simulator }> {
  let sim: Simulator | null = null;
  const source = simSource({
    hardwareFile: SIM_TABLE,
    pace: opts.pace ?? 'fast',
    overPty: opts.overPty ?? true,
    seed: opts.seed ?? 7,
    hands: opts.hands,
    layer: opts.layer,
    simPace: opts.simPace,
    motionMs: opts.motionMs,
    heartbeatMs: opts.heartbeatMs,
    onSimulator: (s) => {
      sim = s;
    },
  });
  const live = await startLive({
    dataDir: opts.dataDir ?? mkdtempSync(join(tmpdir(), 'fw-live-')),
    port: opts.port ?? 0,
    host: '127.0.0.1',
    broadcastDelayMs: opts.delayMs,
    webRoot: WEB_ROOT,
    table: source.table as NonNullable<typeof source.table>,
    source,
    memoryLog: opts.memoryLog ?? false,
    say: (l) => {
      if (process.env.FW_DEBUG) console.log('SAY', l);
    },
    overlayStepMs: 100,
  });
  if (!sim) throw new Error('no simulator');
  return { live, sim };
}

/** Simulator and table-layer timings for fast tests (the simulator's own fast-test figures). */
export const FAST_SIM = {
  pace: 'fast' as const,
  simPace: {
    cardMs: 1,
    actionMs: 3,
    collectMs: 30,
    handGapMs: 30,
    motionGapMs: 60,
    buttonMs: 30,
    lingerMs: 160,
    unplugMs: 700,
    tapMs: 15,
  },
  motionMs: 15,
  heartbeatMs: 100,
  layer: { chipSettleMs: 4, latchOffMs: 20, crosstalkMs: 80 },
};
