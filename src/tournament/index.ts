// The tournament floor: pure procedures, each after its rule (docs/tournament.md). No I/O: the random source and
// the monotonic clock are injected.
export * from './balancing.js';
export * from './clock.js';
export * from './colourUp.js';
export * from './counts.js';
export * from './defaultStructure.js';
export * from './draw.js';
export * from './errors.js';
export * from './floor.js';
export * from './floorShapes.js';
export * from './penalties.js';
export * from './random.js';
export * from './registration.js';
export * from './seating.js';
export * from './simHand.js';
export * from './simulate.js';
export * from './standings.js';
export * from './structure.js';
export * from './tdView.js';
