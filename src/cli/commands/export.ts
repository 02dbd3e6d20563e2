// feltwire export --format phh|ohh|pokerstars [--from N] [--to N] [--data DIR] [--out FILE|DIR] [--dialect ignition]
//   [--partial]
// Reads the data folder's event log read-only (safe while the table runs), re-runs each hand through the engine
// and writes its history: to stdout, to one file (all hands), or to a folder (one file per hand). A hand still in
// play (or stopped for the floor and never finished) is left out unless --partial.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  exportHand,
  HandArchive,
  StoreError,
  type TextDialect,
} from '../../store/index.js';
import type { Command } from '../main.js';

const USAGE =
  'usage: feltwire export --format phh|ohh|pokerstars [--from N] [--to N] [--data DIR] [--out FILE|DIR] [--dialect pokerstars|ignition] [--partial]';

const EXTENSION: Record<ExportFormat, string> = { phh: 'phh', ohh: 'ohh', pokerstars: 'txt' };

class UsageError extends Error {
  readonly code = 'EXPORT_USAGE';
}

function handNumber(value: string | undefined, flag: string): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} takes a hand number (1, 2, ...), not '${value}'`);
  return n;
}

/** many hands in one file: PHH's multi-hand form (.phhs: one TOML table per hand), OHH's blank-line-separated
 * objects, PokerStars' hands separated by blank lines */
function joinHands(format: ExportFormat, hands: { handId: string; text: string }[]): string {
  if (format === 'phh') return hands.map((h) => `[${h.handId}]\n${h.text}`).join('\n');
  if (format === 'ohh') return hands.map((h) => h.text.trim()).join('\n\n') + (hands.length ? '\n' : '');
  return hands.map((h) => h.text.trimEnd()).join('\n\n\n') + (hands.length ? '\n' : '');
}

export const command: Command = {
  summary: 'write hand histories from the event log (PHH, OHH, PokerStars text)',
  async run(args) {
    let archive: HandArchive | null = null;
    try {
      const { values } = parseArgs({
        args,
        options: {
          format: { type: 'string' },
          from: { type: 'string' },
          to: { type: 'string' },
          data: { type: 'string' },
          out: { type: 'string' },
          dialect: { type: 'string' },
          partial: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
      });
      if (values.help) {
        process.stdout.write(`${USAGE}\n`);
        return 0;
      }
      const format = values.format as ExportFormat | undefined;
      if (!format || !EXPORT_FORMATS.includes(format))
        throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}`);
      const dialect = (values.dialect ?? 'pokerstars') as TextDialect;
      if (dialect !== 'pokerstars' && dialect !== 'ignition')
        throw new UsageError('--dialect is pokerstars or ignition');
      const from = handNumber(values.from, '--from');
      const to = handNumber(values.to, '--to');
      const dir = values.data ?? 'data';
      archive = HandArchive.open(dir);
      const hands = archive
        .list()
        .filter((h) => (from === null || h.handNo >= from) && (to === null || h.handNo <= to));
      const texts: { handNo: number; handId: string; text: string }[] = [];
      let failed = 0;
      let unfinished = 0;
      let misdeals = 0;
      let voided = 0;
      for (const h of hands) {
        try {
          const played = archive.get(h.handNo);
          if (played.final.phase === 'misdeal' && !values.partial) {
            // a misdeal is no hand: its cards were dealt again as the next hand (same button, blinds, players)
            misdeals++;
            process.stderr.write(
              `feltwire export: hand ${h.handNo} left out: a misdeal, dealt again as the next hand\n`,
            );
            continue;
          }
          if (!played.complete && !values.partial) {
            // a hand the session voided (the dealer shuffled before it was over: every chip back to its start)
            if (played.notes.some((n) => n.kind === 'tableAlert' && n.text.startsWith('HAND_VOID'))) {
              voided++;
              process.stderr.write(`feltwire export: hand ${h.handNo} left out: void (shuffled before it was over)\n`);
            } else unfinished++;
            continue;
          }
          texts.push({ handNo: h.handNo, handId: played.handId, text: exportHand(played, format, dialect) });
        } catch (err) {
          failed++;
          const code = err instanceof StoreError ? err.code : 'ERROR';
          process.stderr.write(`feltwire export: hand ${h.handNo} skipped (${code}): ${(err as Error).message}\n`);
        }
      }
      const out = values.out;
      if (out && (out.endsWith('/') || (existsSync(out) && statSync(out).isDirectory()))) {
        mkdirSync(out, { recursive: true });
        for (const t of texts) {
          // named by hand id: folders of several tables or days can be merged
          writeFileSync(join(out, `hand-${t.handId}.${EXTENSION[format]}`), t.text);
        }
      } else if (out) {
        writeFileSync(out, joinHands(format, texts));
      } else {
        process.stdout.write(joinHands(format, texts));
      }
      const out_ = [
        misdeals > 0 ? `${misdeals} misdeal${misdeals > 1 ? 's' : ''}` : '',
        voided > 0 ? `${voided} void` : '',
        unfinished > 0 ? `${unfinished} unfinished` : '',
      ].filter((x) => x);
      const left = out_.length > 0 ? ` (${out_.join(', ')} left out: --partial writes them)` : '';
      process.stderr.write(`${texts.length} hands exported, ${failed} failed${left}\n`);
      return failed > 0 ? 1 : 0;
    } catch (err) {
      const e = err as Error & { code?: string };
      process.stderr.write(`feltwire export: ${e.message}\n`);
      if (e instanceof UsageError || e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') process.stderr.write(`${USAGE}\n`);
      return 2;
    } finally {
      archive?.close();
    }
  },
};
