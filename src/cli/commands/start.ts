import type { Command } from '../main.js';

// Placeholder until the start command lands.
export const command: Command = {
  summary: 'start (not built yet)',
  async run() {
    process.stderr.write('feltwire start: not built yet\n');
    return 2;
  },
};
