import type { Command } from '../main.js';

// Placeholder until the export command lands.
export const command: Command = {
  summary: 'export (not built yet)',
  async run() {
    process.stderr.write('feltwire export: not built yet\n');
    return 2;
  },
};
