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

/** The link's ACK period in the sim tests: the dealer's settle (every frame acknowledged, before each shuffle) waits
 * for the next ACK, which the link sends at most every 100 ms by default. */
export const ACK_MS = 10;

/** The simulated dealer reads the hand from the test's session (the only engine), once link, gate and layer are
 * wired, as the live service's simSource does. The dealer reads only when every frame it sent is applied and the
 * side channel is drained: the frames of its last move are all in, none of the next is sent, so nothing is left for
 * the table layer's windows to group. The test closes them then (layer.flush(), the snapshot and the departures with
 * their frames' wall times, as the windows' timers would emit them) instead of waiting them out; a move the dealer
 * makes in two motions without reading between them (a string bet) still meets the windows. */
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
      busy: () => {
        if (!gate.idle) return true;
        layer.flush();
        return layer.settling;
      },
    }),
  );
}
