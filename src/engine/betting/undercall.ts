// The undercall (tda 51, seed 002 undercall examples 1-4): chips short of the call put in silently, because the
// player misjudged the bet. Who must complete, and what a player the floor lets fold leaves in the pot.

export interface UndercallSituation {
  /** the bet faced is the round's opening bet (the big blind before the flop, the first bet after it) */
  facingOpeningBet: boolean;
  /** players still in the hand, this seat included */
  playersInHand: number;
}

/**
 * tda 51B as seed 002 reads it: facing the opening bet (example 2) or heads-up, the call must be completed; facing a
 * raise with more than two players (examples 1 and 4) the floor decides whether the player completes or folds.
 */
export function undercallRuling(s: UndercallSituation): 'complete' | 'floor' {
  return s.facingOpeningBet || s.playersInHand <= 2 ? 'complete' : 'floor';
}

/**
 * What stays in the pot when the floor lets an undercalling player fold: the bet its chips answered, i.e. the largest
 * earlier bet level its total reaches (seed 002 example 4: 400 bet, raise to 1200, a 500 chip: 400 stays, 100 back;
 * example 1: 2000 pushed facing 2000 then 8000: the 2000 stays). Never less than what was already committed.
 * `levels` are the bet totals of the round in the order made; `pushedTo` the seat's zone total.
 */
export function undercallForfeit(levels: readonly number[], pushedTo: number, committed: number): number {
  let answered = committed;
  for (const level of levels) if (level <= pushedTo && level > answered) answered = level;
  return answered;
}
