// Shared by the long simulated sessions: the simulator's dealer at fast pace with its gaps cut to what the table
// layer's windows need, and the sum of a stack table (chips conserved).
export const FAST = {
  cardMs: 0,
  actionMs: 0,
  collectMs: 0,
  handGapMs: 0,
  motionGapMs: 60,
  buttonMs: 0,
  lingerMs: 400,
  unplugMs: 1200,
  tapMs: 0,
};

export const total = (r: Record<string | number, number>): number => Object.values(r).reduce((a, b) => a + b, 0);
