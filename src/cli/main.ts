// feltwire's command line: one file per command under ./commands, loaded on demand so that
// `feltwire equity` does not pay for the web server, nor `feltwire start` for the benchmarks. Every command
// declares its options once (./options.ts): `feltwire CMD --help` and `feltwire help CMD` print them.
import type { Command } from './options.js';

export type { Command } from './options.js';

const COMMANDS: Record<string, () => Promise<{ command: Command }>> = {
  scenario: () => import('./commands/scenario.js'),
  replay: () => import('./commands/replay.js'),
  equity: () => import('./commands/equity.js'),
  bench: () => import('./commands/bench.js'),
  start: () => import('./commands/start.js'),
  sim: () => import('./commands/sim.js'),
  export: () => import('./commands/export.js'),
  enroll: () => import('./commands/enroll.js'),
  flash: () => import('./commands/flash.js'),
  room: () => import('./commands/room.js'),
  tournament: () => import('./commands/tournament.js'),
};

export const COMMAND_NAMES = Object.keys(COMMANDS);

/** the command of that name, loaded (undefined for an unknown name) */
export async function loadCommand(name: string): Promise<Command | undefined> {
  return Object.hasOwn(COMMANDS, name) ? (await COMMANDS[name]()).command : undefined;
}

export async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === 'help' && rest.length > 0) return run([rest[0], '--help']);
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const lines = ['usage: feltwire <command> [options]   (feltwire <command> --help: its options)', ''];
    for (const [cmd, load] of Object.entries(COMMANDS)) {
      try {
        lines.push(`  ${cmd.padEnd(10)} ${(await load()).command.summary}`);
      } catch {
        lines.push(`  ${cmd.padEnd(10)} (not available in this build)`);
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return name ? 0 : 2;
  }
  const command = await loadCommand(name);
  if (!command) {
    process.stderr.write(`feltwire: unknown command '${name}' (try: feltwire help)\n`);
    return 2;
  }
  return command.run(rest);
}
