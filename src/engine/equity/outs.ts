// Outs: on the flop or the turn, for each hand behind, the next cards that put it ahead of every other hand.
import type { Card } from '../cards.js';
import { evaluateCards } from '../eval/index.js';
import { EquityError } from './errors.js';
import { validateRequest } from './exact.js';

export interface PlayerOuts {
  /** index of the hand in the request */
  hand: number;
  /** true when another hand is strictly better now */
  behind: boolean;
  /** next cards after which this hand is strictly best (empty unless behind) */
  outs: Card[];
  /** next cards after which it ties for best (empty unless behind) */
  splits: Card[];
}

export function outs(
  hands: readonly (readonly Card[])[],
  board: readonly Card[],
  dead: readonly Card[] = [],
): PlayerOuts[] {
  validateRequest(hands, board, dead);
  if (board.length !== 3 && board.length !== 4) {
    throw new EquityError(
      'BOARD_SIZE',
      `outs are counted on the flop or the turn (3 or 4 board cards), got ${board.length}`,
    );
  }
  const used = new Set<number>([...board, ...dead]);
  for (const h of hands) for (const c of h) used.add(c);
  const now = hands.map((h) => evaluateCards([...h, ...board]));
  const bestNow = Math.max(...now);
  const result: PlayerOuts[] = hands.map((_, i) => ({ hand: i, behind: now[i] < bestNow, outs: [], splits: [] }));
  for (let c = 0; c < 52; c++) {
    if (used.has(c)) continue;
    const next = hands.map((h) => evaluateCards([...h, ...board, c]));
    const best = Math.max(...next);
    const atBest = next.filter((v) => v === best).length;
    for (const r of result) {
      if (!r.behind || next[r.hand] !== best) continue;
      (atBest === 1 ? r.outs : r.splits).push(c);
    }
  }
  return result;
}
