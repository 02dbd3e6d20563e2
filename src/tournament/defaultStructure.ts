// The structure `feltwire tournament --sim` plays when no --structure file is given: a fast freezeout with two
// colour-ups (the 25s at the first break, the 100s at the second), validated like any file.
import { type Structure, validateStructure } from './structure.js';

export function defaultStructure(): Structure {
  return validateStructure({
    name: 'Simulated freezeout',
    startingStack: 5000,
    chips: [25, 100, 500, 1000, 5000],
    lateRegistrationLevels: 1,
    payouts: [50, 30, 20],
    levels: [
      { sb: 25, bb: 50, minutes: 20 },
      { sb: 50, bb: 100, bbAnte: 100, minutes: 20 },
      { break: 10, colourUp: [25] },
      { sb: 100, bb: 200, bbAnte: 200, minutes: 20 },
      { sb: 200, bb: 400, bbAnte: 400, minutes: 20 },
      { break: 10, colourUp: [100] },
      { sb: 500, bb: 1000, bbAnte: 1000, minutes: 20 },
      { sb: 1000, bb: 2000, bbAnte: 2000, minutes: 20 },
    ],
  });
}
