// feltwire equity HANDS [--board CARDS] [--dead CARDS] [--json]: exact all-in equity (every board).
import { formatCard, parseCards } from '../../engine/cards.js';
import { EquityError, equityExact, outs } from '../../engine/equity/index.js';
import { describeHand } from '../../engine/eval/index.js';
import { defineCommand, UsageError } from '../options.js';

function cardsOf(text: string, what: string): number[] {
  const cards = parseCards(text);
  const bad = cards.findIndex((c) => c < 0);
  if (bad >= 0 || text.trim() === '') {
    throw new UsageError(`${what} '${text}' is not a list of cards (rank 23456789TJQKA then suit shdc, e.g. AhKd)`);
  }
  return cards;
}

function request(
  handText: string[],
  values: { board?: string; dead?: string; json?: boolean },
): {
  hands: number[][];
  handText: string[];
  board: number[];
  dead: number[];
  json: boolean;
} {
  const board = values.board === undefined || values.board.trim() === '' ? [] : cardsOf(values.board, 'board');
  const dead = values.dead === undefined || values.dead.trim() === '' ? [] : cardsOf(values.dead, 'dead cards');
  const hands = handText.map((h, i) => {
    const cards = cardsOf(h, `hand ${i + 1}`);
    if (cards.length !== 2) throw new UsageError(`hand ${i + 1} '${h}' must be exactly two cards, e.g. AhKh`);
    return cards;
  });
  if (hands.length < 2) throw new UsageError('give at least two hands');
  return { hands, handText: hands.map((h) => h.map(formatCard).join('')), board, dead, json: values.json === true };
}

const pct = (x: number): string => `${x.toFixed(2).padStart(6)}%`;
const int = (x: number): string => x.toLocaleString('en-US');

export const command = defineCommand(
  {
    name: 'equity',
    summary: 'exact equity of 2-10 hands over every board (--board, --dead, --json)',
    synopsis: 'HAND HAND... [--board CARDS] [--dead CARDS] [--json]',
    about: [
      '  HAND                 two cards, rank 23456789TJQKA then suit shdc: e.g. feltwire equity AhKh QsQd --board Th9h2c',
    ],
    positionals: true,
    options: {
      board: {
        type: 'string',
        arg: 'CARDS',
        what: 'cards, e.g. --board Th9h2c',
        help: 'the board so far (0, 3, 4 or 5 cards)',
      },
      dead: {
        type: 'string',
        arg: 'CARDS',
        what: 'cards, e.g. --dead 2s',
        help: 'cards out of the deck (burnt, seen)',
      },
      json: { type: 'boolean', help: 'one JSON object: hands, equity, win, tie, boards, ms' },
    },
  },
  async ({ values, positionals }) => {
    const req = request(positionals, values);
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
);
