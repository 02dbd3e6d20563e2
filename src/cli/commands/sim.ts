import type { Command } from '../main.js';

// Placeholder until the sim command lands.
export const command: Command = {
  summary: 'sim (not built yet)',
  async run() {
    process.stderr.write('feltwire sim: not built yet\n');
    return 2;
  },
};
