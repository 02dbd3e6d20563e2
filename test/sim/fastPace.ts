// Shared by every simulated session in the tests (in-process or over the wire): the simulator's dealer as fast as
// the service reads, and the sum of a stack table (chips conserved). Order is kept by the wire and the side-channel
// gate, not by the clock; only the mistakes that are about time keep a duration.
import type { Pace } from '../../src/sim/simulator.js';

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
