// feltwire export --format phh|ohh|pokerstars [--from N] [--to N] [--data DIR] [--out FILE|DIR] [--dialect ignition]
//   [--partial]
// Reads the data folder's event log read-only (safe while the table runs), re-runs each hand through the engine
// and writes its history: to stdout, to one file (all hands), or to a folder (one file per hand). A hand still in
// play (or stopped for the floor and never finished) is left out unless --partial.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  exportHand,
  HandArchive,
  StoreError,
  type TextDialect,
} from '../../store/index.js';
import { defineCommand, UsageError } from '../options.js';

const EXTENSION: Record<ExportFormat, string> = { phh: 'phh', ohh: 'ohh', pokerstars: 'txt' };

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

export const command = defineCommand(
  {
    name: 'export',
    summary: 'write hand histories from the event log (PHH, OHH, PokerStars text)',
    synopsis: '--format phh|ohh|pokerstars [options]',
    about: [
      "  reads the data folder's event log read-only (safe while the table runs); a hand still in play, a misdeal",
      '  or a void hand is left out unless --partial',
    ],
    options: {
      format: { type: 'string', arg: 'phh|ohh|pokerstars', what: 'a format', help: 'the history format (required)' },
      from: { type: 'string', arg: 'N', help: 'from this hand number' },
      to: { type: 'string', arg: 'N', help: 'up to this hand number' },
      data: { type: 'string', arg: 'DIR', default: 'data', help: "the table's data folder" },
      out: {
        type: 'string',
        arg: 'FILE|DIR',
        defaultText: 'stdout',
        help: 'one file for all hands, or a folder (an existing one, or a path ending in /): one file per hand',
      },
      dialect: {
        type: 'string',
        arg: 'pokerstars|ignition',
        default: 'pokerstars',
        help: 'the PokerStars text dialect',
      },
      partial: { type: 'boolean', help: 'also the unfinished, misdealt and void hands' },
    },
  },
  async ({ values }) => {
    let archive: HandArchive | null = null;
    try {
      const format = values.format as ExportFormat | undefined;
      if (!format || !EXPORT_FORMATS.includes(format))
        throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}`);
      const dialect = values.dialect as TextDialect;
      if (dialect !== 'pokerstars' && dialect !== 'ignition')
        throw new UsageError('--dialect is pokerstars or ignition');
      const from = handNumber(values.from, '--from');
      const to = handNumber(values.to, '--to');
      const dir = values.data;
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
      if (err instanceof UsageError) throw err;
      process.stderr.write(`feltwire export: ${(err as Error).message}\n`);
      return 2;
    } finally {
      archive?.close();
    }
  },
);
