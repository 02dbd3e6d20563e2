// The simulator as the session's table source: a virtual reader bridge (protocol v1) and a virtual Firmata panel,
// in-process (stream pair) or over real pseudo-terminals (socat), read by the same BridgeLink, DealerPanel and
// TableLayer as the real table.
import type { TableConfig } from '../engine/types.js';
import { BridgeLink } from '../hardware/bridge/index.js';
import { PanelLink } from '../hardware/panel/index.js';
import type { TableSession } from '../session/TableSession.js';
import { SideChannelGate } from '../sim/sideChannel.js';
import { type Pace, Simulator, type SimulatorOptions } from '../sim/simulator.js';
import { type HardwareFile, loadHardwareFile, TableLayer } from '../table/index.js';
import { followSession } from './hardwareSource.js';
import { wireLinkCounters } from './linkHealth.js';
import { SessionView } from './simView.js';
import { type TableSource, type TableSourceFactory, wireTableLayer } from './source.js';

export interface SimSourceOptions {
  hardwareFile: string | HardwareFile;
  /** 'fast' plays ten times table pace; a number is the speed factor */
  pace: 'fast' | 'table' | number;
  /** speak over ptys (socat) instead of in-process streams */
  overPty: boolean;
  /** seats, button and blinds of the simulated table (default: the simulator's own) */
  table?: Partial<Pick<TableConfig, 'seats' | 'button' | 'blinds' | 'ruleset'>>;
  seed?: number;
  /** play this many hands, then stop (default: until closed) */
  hands?: number;
  /** the simulator, once made (tests inject mistakes through it) */
  onSimulator?: (sim: Simulator) => void;
  /** explicit simulator timings (tests), over `pace` */
  simPace?: Partial<Pace>;
  /** the engine's motion window for the simulated table (default 700 / speed; 0 at fast pace, see FAST_LAYER) */
  motionMs?: number;
  /** the virtual bridge's heartbeat period, and the link's watch of it (ms) */
  heartbeatMs?: number;
  /** busted seats taken by a new player with the starting stack (default: yes for a cash table, never in a
   * tournament: the table identity's game 'tournament' makes it false) */
  rebuy?: boolean;
  /** table layer timings (default: the layer's own; FAST_LAYER at fast pace) */
  layer?: { latchOffMs?: number; chipSettleMs?: number; crosstalkMs?: number };
  /** tests: once every frame the dealer sent is applied and the side channel is drained (the frames of its last
   * move all in, none of the next sent), the dealer closes the table layer's windows (flush) instead of waiting them
   * out, and the link acknowledges every 10 ms (the dealer's settle waits for the ACK) */
  eager?: boolean;
}

export interface SimTableSource extends TableSource {
  readonly sim: Simulator;
}

/** Table layer windows at fast pace (ms): each push grouped by the settle window, the motion window being 0. */
export const FAST_LAYER = { chipSettleMs: 40, latchOffMs: 20, crosstalkMs: 80 } as const;

/** the link's ACK period with `eager` (ms) */
const EAGER_ACK_MS = 10;

export { sessionHandConfig } from './simView.js';

export function simSource(opts: SimSourceOptions): TableSourceFactory {
  const hardware = typeof opts.hardwareFile === 'string' ? loadHardwareFile(opts.hardwareFile) : opts.hardwareFile;
  const speed = opts.pace === 'fast' ? 10 : opts.pace === 'table' ? 1 : opts.pace;
  // At fast pace the engine's motion window (70 ms) is shorter than the gaps the service may take reading the link:
  // a push's chips could be split into two motions, or two players' pushes merged. Instead the motion window is 0
  // and the table layer's settle window groups each push (as the simulator's 200-hand session test runs), with
  // latch-off and crosstalk windows short enough for the fast dealer (a lingering crosstalk lasts 150 ms).
  const fast = speed >= 10;
  const motionMs = opts.motionMs ?? (fast ? 0 : undefined);
  const layerOpts = { ...(fast ? FAST_LAYER : {}), ...opts.layer };
  let session: TableSession | null = null;
  let link: BridgeLink | null = null;
  let gate: SideChannelGate | null = null;
  let layer: TableLayer | null = null;
  /** set when the source closes: the dealer's waits on the service end at once */
  let closing = false;
  const simOpts: SimulatorOptions = {
    hardware,
    speed,
    seed: opts.seed ?? Date.now() % 1_000_000,
    pace: opts.simPace,
    motionMs,
    heartbeatMs: opts.heartbeatMs,
    seats: opts.table?.seats,
    button: opts.table?.button,
    blinds: opts.table?.blinds,
    ruleset: opts.table?.ruleset,
    ...(opts.rebuy !== undefined ? { rebuy: opts.rebuy } : {}),
    reseat: (seats) => {
      session?.changeSeats(seats);
    },
    // the simulated dealer reads the session (its table, whose turn it is, its alerts): the only engine is the
    // session's; a stop alert whose remedy is done is ruled "play on" on the session's own alert, as a floor would
    view: new SessionView({
      session: () => session,
      appliedSeq: () => link?.stats().lastSeq ?? null,
      sentSeq: () => sim.lastSentSeq,
      closing: () => closing,
      busy: () => {
        if (!(gate?.idle ?? true)) return true;
        if (opts.eager) layer?.flush();
        return layer?.settling ?? false;
      },
    }),
  };
  const sim = new Simulator(simOpts);
  opts.onSimulator?.(sim);
  return {
    table: sim.tableConfig(),
    async start(s, say, table): Promise<SimTableSource> {
      session = s;
      // a tournament's busted player does not come back (issue 14): the simulated table plays it to its end
      if (opts.rebuy === undefined && table?.identity.game === 'tournament') sim.setRebuy(false);
      sim.on('finished', ({ hand }) =>
        say(`simulated table finished after hand ${hand}: fewer than two seats with chips`),
      );
      const l0 = new TableLayer({ hardware, registry: sim.registry, ...layerOpts });
      layer = l0;
      const unwire = wireTableLayer(l0, s, 'simulator', (err) => say(`table event refused: ${(err as Error).message}`));
      let panel: PanelLink | null = null;
      let unfollow: (() => void) | null = null;
      // The simulator's panel buttons and tablet taps do not travel on the bridge link: each carries the seq of the
      // last bridge frame sent before it, and waits here until the link has applied that frame (chips in flight
      // first, then the tap or the shuffle).
      const g = new SideChannelGate({ lastSeq: () => link?.stats().lastSeq ?? null });
      gate = g;
      const gated = (afterSeq: number | null, run: () => void) => g.push(afterSeq, run);
      if (opts.overPty) {
        const paths = await sim.connectPty({ panel: Boolean(hardware.panel) });
        link = await BridgeLink.open({
          path: paths.bridge,
          baudRate: hardware.bridge?.baudRate ?? 115200,
          heartbeatMs: opts.heartbeatMs,
          ...(opts.eager ? { ackIntervalMs: EAGER_ACK_MS } : {}),
        });
        if (paths.panel && hardware.panel) {
          panel = new PanelLink({ path: paths.panel, spec: hardware.panel });
          const p = panel;
          // Firmata carries no seq: a press arrives here on its own serial link and could overtake the bridge
          // frames still in flight before it (the last hand's gathered cards ahead of the next shuffle). The
          // simulated dealer touches nothing on the table for 300 ms after a press, so the frames its virtual bridge
          // has sent when the press arrives are those sent before it: the press waits until the link applied them.
          p.on('panel', (ev) => gated(sim.lastSentSeq, () => l0.ingestPanel(ev)));
          unfollow = followSession(p, s);
          // the simulated dealer's first shuffle waits for the panel's buttons
          await p.start().whenUp(15_000);
        }
        say(`simulator over ptys: bridge ${paths.bridge}${paths.panel ? `, panel ${paths.panel}` : ''}`);
      } else {
        link = await BridgeLink.open({
          path: 'simulator',
          openPort: sim.openBridgeStream,
          heartbeatMs: opts.heartbeatMs,
          ...(opts.eager ? { ackIntervalMs: EAGER_ACK_MS } : {}),
        });
        say('simulator in-process');
      }
      const l = link;
      // the gate first on every frame (side events due before it go now), then the layer reads the frame
      l.on('reader', () => g.beforeFrame());
      l0.attach(l);
      const unCount = wireLinkCounters(l, s);
      // in-process panel buttons (over ptys with a panel the presses come through DealerPanel instead, above)
      sim.on('panel', ({ afterSeq, ...ev }) => gated(afterSeq, () => l0.ingestPanel(ev)));
      // the simulated dealer's taps on the tablet (checks) reach the session like the real tablet's
      sim.on('tablet', ({ at, afterSeq, ...ev }) => gated(afterSeq, () => l0.ingestTablet(ev, at)));
      const playing = sim.run(opts.hands).catch((err: Error) => say(`simulator stopped: ${err.message}`));
      return {
        name: opts.overPty ? 'simulator (pty)' : 'simulator',
        tablet: (ev) => l0.ingestTablet(ev),
        resync: (by, wall) => unwire.resync(by, wall),
        sim,
        async close() {
          closing = true;
          sim.stop();
          unwire();
          unCount();
          unfollow?.();
          await sim.close();
          await playing;
          g.close();
          await panel?.close().catch(() => {});
          await l.close();
        },
      };
    },
  };
}
