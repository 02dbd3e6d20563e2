import type { Command } from '../main.js';

// Placeholder until the bench command lands.
export const command: Command = {
  summary: 'bench (not built yet)',
  async run() {
    process.stderr.write('feltwire bench: not built yet\n');
    return 2;
  },
};
