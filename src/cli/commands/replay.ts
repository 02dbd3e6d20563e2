// feltwire replay FILE_OR_DIR... [--json]: strict replay of PHH hand histories through the rules engine.
import { readFile } from 'node:fs/promises';
import { PhhError, parsePhh, type ReplayResult, replayPhh } from '../../phh/index.js';
import { defineCommand, UsageError } from '../options.js';
import { collectFiles } from './scenario.js';

export const command = defineCommand(
  {
    name: 'replay',
    summary: 'replay PHH hand histories strictly through the rules engine',
    synopsis: 'FILE_OR_DIR... [--json] [--quiet]',
    about: ['  FILE_OR_DIR          hand histories (.phh), or folders of them'],
    positionals: true,
    options: {
      json: { type: 'boolean', help: 'one JSON object per hand history, then the count' },
      quiet: { type: 'boolean', help: 'print only the hands that fail, then the count' },
    },
  },
  async ({ values, positionals: paths }) => {
    const json = values.json === true;
    const quiet = values.quiet === true;
    if (paths.length === 0) throw new UsageError('give at least one hand history file or folder');
    let files: string[];
    try {
      files = (await collectFiles(paths, '.phh')).filter((f) => f.endsWith('.phh') || paths.includes(f));
    } catch (err) {
      process.stderr.write(`feltwire replay: ${err instanceof Error ? err.message : String(err)}\n`);
      return 2;
    }
    let passed = 0;
    let failed = 0;
    for (const file of files) {
      let r: ReplayResult;
      try {
        r = replayPhh(parsePhh(await readFile(file, 'utf8'), file));
      } catch (err) {
        const msg = err instanceof PhhError ? err.message : String(err);
        r = { file, ok: false, stacks: [], expected: null, match: false, error: msg };
      }
      const good = r.ok && r.match;
      if (good) passed++;
      else failed++;
      if (json) process.stdout.write(`${JSON.stringify(r)}\n`);
      else if (!good || !quiet) {
        const why = r.error ?? (r.match ? '' : `stacks ${JSON.stringify(r.stacks)} != ${JSON.stringify(r.expected)}`);
        process.stdout.write(`${good ? 'ok  ' : 'FAIL'} ${file}${why ? `: ${why}` : ''}\n`);
      }
    }
    process.stdout.write(`${passed} passed, ${failed} failed\n`);
    return failed > 0 ? 1 : 0;
  },
);
