import type { Command } from '../main.js';

// Placeholder until the equity command lands.
export const command: Command = {
  summary: 'equity (not built yet)',
  async run() {
    process.stderr.write('feltwire equity: not built yet\n');
    return 2;
  },
};
