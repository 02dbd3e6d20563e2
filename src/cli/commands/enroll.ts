import type { Command } from '../main.js';

// Placeholder until the enroll command lands.
export const command: Command = {
  summary: 'enroll (not built yet)',
  async run() {
    process.stderr.write('feltwire enroll: not built yet\n');
    return 2;
  },
};
