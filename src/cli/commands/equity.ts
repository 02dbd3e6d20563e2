// feltwire equity HANDS [--board CARDS] [--dead CARDS] [--json]: exact all-in equity (every board).
import { formatCard, parseCards } from '../../engine/cards.js';
import { EquityError, equityExact, outs } from '../../engine/equity/index.js';
import { describeHand } from '../../engine/eval/index.js';
import type { Command } from '../main.js';

const USAGE =
  'usage: feltwire equity HAND HAND... [--board CARDS] [--dead CARDS] [--json]   e.g. feltwire equity AhKh QsQd --board Th9h2c';

class UsageError extends Error {
  readonly code = 'USAGE';
}

function cardsOf(text: string, what: string): number[] {
  const cards = parseCards(text);
  const bad = cards.findIndex((c) => c < 0);
  if (bad >= 0 || text.trim() === '') {
    throw new UsageError(`${what} '${text}' is not a list of cards (rank 23456789TJQKA then suit shdc, e.g. AhKd)`);
  }
  return cards;
}

function parseArgs(args: string[]): {
  hands: number[][];
  handText: string[];
  board: number[];
  dead: number[];
  json: boolean;
} {
  const handText: string[] = [];
  let board: number[] = [];
  let dead: number[] = [];
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [flag, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    if (flag === '--json') json = true;
    else if (flag === '--board' || flag === '--dead') {
      const value = inline ?? args[++i];
      if (value === undefined) throw new UsageError(`${flag} needs cards, e.g. ${flag} Th9h2c`);
      if (flag === '--board') board = value.trim() === '' ? [] : cardsOf(value, 'board');
      else dead = value.trim() === '' ? [] : cardsOf(value, 'dead cards');
    } else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else handText.push(a);
  }
  const hands = handText.map((h, i) => {
    const cards = cardsOf(h, `hand ${i + 1}`);
    if (cards.length !== 2) throw new UsageError(`hand ${i + 1} '${h}' must be exactly two cards, e.g. AhKh`);
    return cards;
  });
  if (hands.length < 2) throw new UsageError('give at least two hands');
  return { hands, handText: hands.map((h) => h.map(formatCard).join('')), board, dead, json };
}

const pct = (x: number): string => `${x.toFixed(2).padStart(6)}%`;
const int = (x: number): string => x.toLocaleString('en-US');

export const command: Command = {
  summary: 'exact equity of 2-10 hands over every board (--board, --dead, --json)',
  async run(args) {
    let req: ReturnType<typeof parseArgs>;
    try {
      req = parseArgs(args);
    } catch (e) {
      process.stderr.write(`feltwire equity: ${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
      return 2;
    }
    try {
      const started = performance.now();
      const r = equityExact(req.hands, req.board, req.dead);
      const ms = performance.now() - started;
      if (req.json) {
        const out = {
          hands: req.handText,
          equity: r.equity,
          win: r.win,
          tie: r.tie,
          boards: r.boards,
          ms: Number(ms.toFixed(3)),
        };
        process.stdout.write(`${JSON.stringify(out)}\n`);
        return 0;
      }
      const lines: string[] = [];
      if (req.board.length) lines.push(`board ${req.board.map(formatCard).join(' ')}`);
      if (req.dead.length) lines.push(`dead  ${req.dead.map(formatCard).join(' ')}`);
      const behind = req.board.length === 3 || req.board.length === 4 ? outs(req.hands, req.board, req.dead) : null;
      req.hands.forEach((h, i) => {
        const made = req.board.length >= 3 ? `  ${describeHand([...h, ...req.board])}` : '';
        lines.push(
          `${req.handText[i]}  ${pct(r.equity[i])}  win ${int(r.win[i]).padStart(9)}  tie ${int(r.tie[i]).padStart(9)}${made}`,
        );
        const o = behind?.[i];
        if (o?.behind) {
          const list = o.outs.map(formatCard).join(' ') || 'none';
          const split = o.splits.length ? ` (split: ${o.splits.map(formatCard).join(' ')})` : '';
          lines.push(`      ${o.outs.length} outs: ${list}${split}`);
        }
      });
      lines.push(`${int(r.boards)} boards, exact, ${ms.toFixed(1)} ms`);
      process.stdout.write(`${lines.join('\n')}\n`);
      return 0;
    } catch (e) {
      if (e instanceof EquityError) {
        process.stderr.write(`feltwire equity: ${e.message}\n`);
        return 2;
      }
      throw e;
    }
  },
};
