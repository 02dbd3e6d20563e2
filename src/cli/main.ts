// feltwire's command line: one file per command under ./commands, loaded on demand so that
// `feltwire equity` does not pay for the web server, nor `feltwire start` for the benchmarks.

export interface Command {
  /** one line for `feltwire help` */
  summary: string;
  /** runs the command; resolves to the process exit status */
  run(args: string[]): Promise<number>;
}

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
};

export async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const lines = ['usage: feltwire <command> [options]', ''];
    for (const [cmd, load] of Object.entries(COMMANDS)) {
      try {
        lines.push(`  ${cmd.padEnd(9)} ${(await load()).command.summary}`);
      } catch {
        lines.push(`  ${cmd.padEnd(9)} (not available in this build)`);
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) {
    process.stderr.write(`feltwire: unknown command '${name}' (try: feltwire help)\n`);
    return 2;
  }
  const { command } = await load();
  return command.run(rest);
}
