import type { Command } from '../main.js';

// Placeholder until the scenario command lands.
export const command: Command = {
  summary: 'scenario (not built yet)',
  async run() {
    process.stderr.write('feltwire scenario: not built yet\n');
    return 2;
  },
};
