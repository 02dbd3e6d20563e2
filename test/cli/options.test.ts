import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMAND_NAMES, loadCommand } from '../../src/cli/main.js';
import { type Command, defineCommand, parseOptions, renderHelp, UsageError } from '../../src/cli/options.js';
import { ensureBuilt } from '../eval/build.js';
import { feltwire, inProcess, type Ran } from './run.js';

async function load(name: string): Promise<Command> {
  const command = await loadCommand(name);
  if (!command) throw new Error(`no command ${name}`);
  return command;
}

describe('every command', () => {
  beforeAll(() => ensureBuilt(), 240_000);

  it('is one of the eleven commands feltwire help lists', async () => {
    expect(COMMAND_NAMES).toEqual([
      'scenario',
      'replay',
      'equity',
      'bench',
      'start',
      'sim',
      'export',
      'enroll',
      'flash',
      'room',
      'tournament',
    ]);
    const r = await inProcess(['help']);
    expect(r.code).toBe(0);
    for (const name of COMMAND_NAMES) expect(r.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  });

  it('--help (the built command): exit 0, the usage line and every option it declares, nothing run', async () => {
    // two at a time: the machine has two cores
    const results: Record<string, Ran> = {};
    const queue = [...COMMAND_NAMES];
    await Promise.all(
      [0, 1].map(async () => {
        for (let name = queue.shift(); name; name = queue.shift()) results[name] = await feltwire([name, '--help']);
      }),
    );
    for (const name of COMMAND_NAMES) {
      const r = results[name];
      expect({ name, code: r.code, stderr: r.stderr }).toEqual({ name, code: 0, stderr: '' });
      expect(r.stdout.startsWith(`usage: feltwire ${name} `)).toBe(true);
      const declared = Object.keys((await load(name)).options);
      expect(declared.length).toBeGreaterThan(0);
      for (const option of [...declared, 'help'])
        expect(r.stdout, `${name} --help lists --${option}`).toMatch(new RegExp(`^  (-\\w, )?--${option}\\b`, 'm'));
    }
    // what failed before: scenario took --help for a file (ENOENT), bench ran the whole benchmark
    expect(results.scenario.stdout).not.toMatch(/ENOENT|passed/);
    expect(results.bench.stdout).not.toMatch(/^B\d/m);
  }, 240_000);

  it('an unknown option is refused: exit 2, the option named, the usage line, nothing on stdout', async () => {
    for (const name of COMMAND_NAMES) {
      // after a valid-looking start, so that no command gets far enough to open anything
      const r = await inProcess([name, '--no-such-option', 'x']);
      expect({ name, code: r.code, stdout: r.stdout }).toEqual({ name, code: 2, stdout: '' });
      expect(r.stderr).toContain(`feltwire ${name}: unknown option --no-such-option`);
      expect(r.stderr).toContain(`usage: feltwire ${name} `);
      const short = await inProcess([name, '-Z']);
      expect({ name, code: short.code }).toEqual({ name, code: 2 });
      expect(short.stderr).toContain(`feltwire ${name}: unknown option -Z`);
    }
  });

  it('feltwire help CMD is CMD --help; a command without positionals refuses one', async () => {
    const a = await inProcess(['help', 'export']);
    const b = await inProcess(['export', '-h']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toBe(`${(await load('export')).help()}\n`);
    const stray = await inProcess(['bench', 'B4']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toMatch(/unexpected argument 'B4'/);
  });
});

describe('parseOptions', () => {
  const spec = {
    name: 'demo',
    summary: 'a demo',
    positionals: true,
    options: {
      port: { type: 'string', arg: 'N', default: '8080', help: 'the port' },
      board: { type: 'string', arg: 'CARDS', what: 'cards', help: 'the board' },
      origin: { type: 'string', arg: 'URL', multiple: true, help: 'an origin' },
      json: { type: 'boolean', help: 'JSON' },
      verbose: { type: 'boolean', short: 'v', help: 'more' },
      data: { type: 'string', arg: 'DIR', defaultText: 'DATA', help: 'the data\nfolder' },
    },
  } as const;

  it('reads --x v, --x=v, repeated options, short flags, positionals; a default when absent', () => {
    const p = parseOptions(spec, ['a', '--board', 'Th9h2c', '--origin=x', '--origin', 'y', '-v', 'b', '--json']);
    expect(p.values).toEqual({ port: '8080', board: 'Th9h2c', origin: ['x', 'y'], verbose: true, json: true });
    expect(p.positionals).toEqual(['a', 'b']);
    expect(p.help).toBe(false);
    expect(parseOptions(spec, ['--port', '0', '--board', '']).values).toEqual({ port: '0', board: '' });
    expect(parseOptions(spec, ['-h']).help).toBe(true);
  });

  it('refuses an unknown option, a missing value, a positional where none is taken', () => {
    expect(() => parseOptions(spec, ['--nope'])).toThrow(new UsageError('unknown option --nope'));
    expect(() => parseOptions(spec, ['--board'])).toThrow(new UsageError('--board needs cards (--board CARDS)'));
    expect(() => parseOptions(spec, ['--port'])).toThrow(new UsageError('--port needs a value (--port N)'));
    expect(() => parseOptions({ ...spec, positionals: false }, ['x'])).toThrow(/unexpected argument 'x'/);
  });

  it('renders the help from the declaration: placeholders, defaults, repeatable, continuation lines', () => {
    expect(renderHelp(spec).split('\n')).toEqual([
      'usage: feltwire demo [options]',
      '  a demo',
      '',
      'options:',
      '  --port N             the port (default 8080)',
      '  --board CARDS        the board',
      '  --origin URL         an origin (repeatable)',
      '  --json               JSON',
      '  -v, --verbose        more',
      '  --data DIR           the data',
      '                       folder (default DATA)',
      '  -h, --help           this help',
    ]);
  });
});

describe('defineCommand', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a UsageError thrown by the command is exit 2 with the usage line; another error is the caller’s', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const c = defineCommand(
      { name: 'demo', summary: 'd', options: { n: { type: 'string', help: 'n' } } },
      async (p) => {
        if (p.values.n === 'bad') throw new UsageError('--n is bad');
        if (p.values.n === 'boom') throw new Error('boom');
        return 0;
      },
    );
    expect(await c.run(['--n', 'ok'])).toBe(0);
    expect(await c.run(['--n', 'bad'])).toBe(2);
    expect(String(err.mock.calls.at(-1)?.[0])).toMatch(/^feltwire demo: --n is bad\nusage: feltwire demo \[options\]/);
    await expect(c.run(['--n', 'boom'])).rejects.toThrow('boom');
  });
});
