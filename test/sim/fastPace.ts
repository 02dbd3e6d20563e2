// Shared by every simulated session in the tests (in-process or over the wire): the simulator's dealer as fast as
// the service reads, and the sum of a stack table (chips conserved). Order is kept by the wire and the side-channel
// gate, not by the clock; only the mistakes that are about time keep a duration.
import type { BridgeLink } from '../../src/hardware/bridge/index.js';
import { SessionView } from '../../src/service/simView.js';
import type { TableSession } from '../../src/session/index.js';
import type { SideChannelGate } from '../../src/sim/index.js';
import type { Pace, Simulator } from '../../src/sim/simulator.js';
import type { TableLayer } from '../../src/table/index.js';

export const FAST: Pace = {
  cardMs: 0,
  actionMs: 0,
  collectMs: 0,
  handGapMs: 0,
  // a string bet's two motions must stay two at the service even when a busy machine bunches the frames (only a
  // string bet waits this long)
  motionGapMs: 300,
  buttonMs: 0,
  // a crosstalk must outlast the layer's crosstalk window
  lingerMs: 400,
  unplugMs: 1500,
  tapMs: 0,
};

export const total = (r: Record<string | number, number>): number => Object.values(r).reduce((a, b) => a + b, 0);

/** The simulated dealer reads the hand from the test's session (the only engine), once link, gate and layer are
 * wired, as the live service's simSource does. */
export function readSession(
  sim: Simulator,
  session: TableSession,
  link: BridgeLink,
  gate: SideChannelGate,
  layer: TableLayer,
): void {
  sim.setView(
    new SessionView({
      session: () => session,
      appliedSeq: () => link.stats().lastSeq,
      sentSeq: () => sim.lastSentSeq,
      busy: () => !gate.idle || layer.settling,
    }),
  );
}
