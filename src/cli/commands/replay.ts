// feltwire replay FILE_OR_DIR... [--json]: strict replay of PHH hand histories through the rules engine.
import { readFile } from 'node:fs/promises';
import { PhhError, parsePhh, type ReplayResult, replayPhh } from '../../phh/index.js';
import type { Command } from '../main.js';
import { collectFiles } from './scenario.js';

export const command: Command = {
  summary: 'replay PHH hand histories strictly through the rules engine',
  async run(args) {
    const json = args.includes('--json');
    const quiet = args.includes('--quiet');
    const paths = args.filter((a) => !a.startsWith('--'));
    if (paths.length === 0) {
      process.stderr.write('usage: feltwire replay FILE_OR_DIR... [--json] [--quiet]\n');
      return 2;
    }
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
};
