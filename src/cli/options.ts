// One option parser for every command: each command declares its options once (name, type, default, help text);
// node's util.parseArgs reads them (strict: an unknown option is refused), and `--help` is rendered from the same
// declaration. A usage mistake is reported on stderr with the usage line and exit status 2.
import { parseArgs } from 'node:util';
import { FeltwireError } from '../errors.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** the value's placeholder in the help (string options): PATH, N, SB/BB... */
  arg?: string;
  /** one-letter alias */
  short?: string;
  /** repeatable: the values are collected in an array */
  multiple?: boolean;
  /** the value when the option is absent; shown in the help as "(default X)" */
  default?: string | boolean;
  /** a default that is not a constant (DATA/registry.json, the checkout's file): shown only, the command applies it */
  defaultText?: string;
  /** what the value is, for the error when it is missing ("--board needs cards"; default: a value) */
  what?: string;
  /** help text; lines after the first are indented under it */
  help: string;
}

export type OptionSpecs = Record<string, OptionSpec>;

type ValueOf<S extends OptionSpec> = S['type'] extends 'boolean'
  ? S extends { multiple: true }
    ? boolean[]
    : boolean
  : S extends { multiple: true }
    ? string[]
    : string;

/** the parsed values: an option with a default is always there, the others may be undefined */
export type OptionValues<O extends OptionSpecs> = {
  -readonly [K in keyof O as O[K] extends { default: string | boolean } ? K : never]: ValueOf<O[K]>;
} & {
  -readonly [K in keyof O as O[K] extends { default: string | boolean } ? never : K]?: ValueOf<O[K]>;
};

export interface CommandSpec<O extends OptionSpecs> {
  /** the command's name: `feltwire NAME` */
  name: string;
  /** one line for `feltwire help` */
  summary: string;
  /** what follows `feltwire NAME` in the usage line, e.g. 'FILE_OR_DIR... [options]' (default '[options]') */
  synopsis?: string;
  /** lines between the usage line and the options (modes, positionals, examples) */
  about?: string[];
  /** positionals are accepted (else one is refused like an unknown option) */
  positionals?: boolean;
  options: O;
}

export interface Parsed<O extends OptionSpecs> {
  values: OptionValues<O>;
  positionals: string[];
}

/** A command as main.ts runs it: its declaration, and run(args) resolving to the exit status. */
export interface Command {
  /** one line for `feltwire help` */
  summary: string;
  /** the options it declares (besides --help) */
  options: OptionSpecs;
  /** the rendered --help */
  help(): string;
  /** runs the command; resolves to the process exit status */
  run(args: string[]): Promise<number>;
}

/** A mistake in how the command was called: reported with the usage line, exit status 2. */
export class UsageError extends FeltwireError<'USAGE'> {
  constructor(message: string) {
    super('USAGE', message);
    this.name = 'UsageError';
  }
  get status(): number {
    return 400;
  }
}

const HELP: OptionSpec = { type: 'boolean', short: 'h', help: 'this help' };
const COLUMN = 23;

function label(name: string, spec: OptionSpec): string {
  const short = spec.short ? `-${spec.short}, ` : '';
  const arg = spec.type === 'string' ? ` ${spec.arg ?? 'VALUE'}` : '';
  return `${short}--${name}${arg}`;
}

/** the --help text of a command, from its declaration */
export function renderHelp<O extends OptionSpecs>(spec: CommandSpec<O>): string {
  const lines = [`usage: feltwire ${spec.name} ${spec.synopsis ?? '[options]'}`, `  ${spec.summary}`];
  if (spec.about?.length) lines.push('', ...spec.about);
  lines.push('', 'options:');
  const all: [string, OptionSpec][] = [...Object.entries(spec.options), ['help', HELP]];
  for (const [name, o] of all) {
    const dflt =
      o.defaultText ?? (o.default === undefined || o.default === false ? undefined : String(o.default) || "''");
    const more = [o.multiple ? 'repeatable' : '', dflt === undefined ? '' : `default ${dflt}`].filter(Boolean);
    const [first, ...rest] = `${o.help}${more.length ? ` (${more.join('; ')})` : ''}`.split('\n');
    const head = `  ${label(name, o)}`;
    lines.push(head.length < COLUMN - 1 ? `${head.padEnd(COLUMN)}${first}` : `${head}\n${' '.repeat(COLUMN)}${first}`);
    for (const r of rest) lines.push(`${' '.repeat(COLUMN)}${r.trimStart()}`);
  }
  return lines.join('\n');
}

/** node's parse errors, said the way feltwire says them */
function usageMessage(err: Error & { code?: string }, options: OptionSpecs): string {
  const m = err.message;
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const name = /'([^']+)'/.exec(m)?.[1] ?? m;
      return `unknown option ${name}`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const arg = /'([^']*)'/.exec(m)?.[1] ?? m;
      return `unexpected argument '${arg}' (this command takes options only)`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = /--([\w-]+)/.exec(m)?.[1];
      const o = name === undefined ? undefined : options[name];
      if (o && /argument missing/.test(m))
        return `--${name} needs ${o.what ?? 'a value'} (--${name} ${o.arg ?? 'VALUE'})`;
      return m.replace(/^Option /, 'option ');
    }
    default:
      return m;
  }
}

/** Parses args against the declaration; throws UsageError on an unknown option, a missing value, a stray positional. */
export function parseOptions<O extends OptionSpecs>(
  spec: CommandSpec<O>,
  args: string[],
): Parsed<O> & { help: boolean } {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const [name, o] of Object.entries(spec.options)) {
    options[name] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) };
  }
  options.help = { type: 'boolean', short: 'h' };
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: spec.positionals ?? false });
  } catch (err) {
    const e = err as Error & { code?: string };
    if (typeof e.code === 'string' && e.code.startsWith('ERR_PARSE_ARGS_'))
      throw new UsageError(usageMessage(e, spec.options));
    throw err;
  }
  const values: Record<string, unknown> = { ...parsed.values };
  for (const [name, o] of Object.entries(spec.options))
    if (values[name] === undefined && o.default !== undefined) values[name] = o.default;
  const help = values.help === true;
  delete values.help;
  return { values: values as OptionValues<O>, positionals: parsed.positionals, help };
}

/**
 * A command from its declaration: `--help` prints the help (exit 0); a usage mistake, from the parser or thrown by
 * `run` as a UsageError, prints the message and the usage line (exit 2); anything else is the command's own.
 */
export function defineCommand<const O extends OptionSpecs>(
  spec: CommandSpec<O>,
  run: (parsed: Parsed<O>) => Promise<number>,
): Command {
  const usage = (): string => `usage: feltwire ${spec.name} ${spec.synopsis ?? '[options]'}`;
  return {
    summary: spec.summary,
    options: spec.options,
    help: () => renderHelp(spec),
    async run(args) {
      try {
        const parsed = parseOptions(spec, args);
        if (parsed.help) {
          process.stdout.write(`${renderHelp(spec)}\n`);
          return 0;
        }
        return await run(parsed);
      } catch (err) {
        if (!(err instanceof UsageError)) throw err;
        process.stderr.write(
          `feltwire ${spec.name}: ${err.message}\n${usage()}\n(feltwire ${spec.name} --help lists the options)\n`,
        );
        return 2;
      }
    },
  };
}
