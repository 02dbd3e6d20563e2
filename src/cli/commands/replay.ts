import type { Command } from '../main.js';

// Placeholder until the replay command lands.
export const command: Command = {
  summary: 'replay (not built yet)',
  async run() {
    process.stderr.write('feltwire replay: not built yet\n');
    return 2;
  },
};
