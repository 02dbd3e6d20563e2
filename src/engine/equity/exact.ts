// equityExact: validates the request, then takes the preflop shortcut or visits every board.
import type { Card } from '../cards.js';
import { formatCard } from '../cards.js';
import { boardsTally, prepare } from './boards.js';
import { EquityError } from './errors.js';
import { preflopTally } from './preflop.js';
import type { EquityResult } from './tally.js';

export interface EquityOptions {
  /** 'auto' (default) counts boards by rank class where suits cannot matter; 'boards' visits every board */
  method?: 'auto' | 'boards';
}

/** Checks cards, counts and duplicates; throws EquityError with a code naming the problem. */
export function validateRequest(
  hands: readonly (readonly Card[])[],
  board: readonly Card[],
  dead: readonly Card[],
): void {
  if (!Array.isArray(hands) || hands.length < 2 || hands.length > 10) {
    throw new EquityError('HAND_COUNT', `equity needs 2 to 10 hands, got ${Array.isArray(hands) ? hands.length : 0}`);
  }
  if (!Array.isArray(board) || board.length > 5) {
    throw new EquityError('BOARD_SIZE', `a board has at most 5 cards, got ${Array.isArray(board) ? board.length : 0}`);
  }
  const seen = new Map<number, string>();
  const check = (c: Card, where: string): void => {
    if (!Number.isInteger(c) || c < 0 || c > 51) throw new EquityError('CARD_INVALID', `not a card in ${where}: ${c}`);
    const before = seen.get(c);
    if (before !== undefined) {
      throw new EquityError('CARD_DUPLICATE', `${formatCard(c)} appears twice (${before} and ${where})`);
    }
    seen.set(c, where);
  };
  hands.forEach((h, i) => {
    if (!Array.isArray(h) || h.length !== 2) {
      throw new EquityError(
        'HAND_SIZE',
        `hand ${i + 1} must have exactly 2 cards, got ${Array.isArray(h) ? h.length : 0}`,
      );
    }
    for (const c of h) check(c, `hand ${i + 1}`);
  });
  for (const c of board) check(c, 'the board');
  for (const c of dead) check(c, 'the dead cards');
  if (52 - seen.size < 5 - board.length) {
    throw new EquityError('DECK_EXHAUSTED', `only ${52 - seen.size} cards left to deal ${5 - board.length}`);
  }
}

/**
 * Exact all-in equity of 2..10 hands: every possible completion of `board` (0 to 5 cards; 1 or 2 while a flop
 * is being dealt, card by card, on the live table) from the
 * cards not in a hand, on the board or `dead` (folded, burned, exposed). equity is in percent.
 */
export function equityExact(
  hands: readonly (readonly Card[])[],
  board: readonly Card[] = [],
  dead: readonly Card[] = [],
  options: EquityOptions = {},
): EquityResult {
  validateRequest(hands, board, dead);
  const toCome = 5 - board.length;
  if (toCome === 5 && options.method !== 'boards') {
    const { tally, boards } = preflopTally(hands, dead);
    return tally.result(boards);
  }
  const { tally, boards } = boardsTally(prepare(hands, board, dead), toCome, options.method === 'boards');
  return tally.result(boards);
}
