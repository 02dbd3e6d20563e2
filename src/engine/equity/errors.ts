import { FeltwireError } from '../../errors.js';

export type EquityErrorCode =
  | 'HAND_COUNT'
  | 'HAND_SIZE'
  | 'BOARD_SIZE'
  | 'CARD_INVALID'
  | 'CARD_DUPLICATE'
  | 'DECK_EXHAUSTED';

/** A request the equity calculator cannot answer; `code` says why, `message` says it to a person. */
export class EquityError extends FeltwireError<EquityErrorCode> {
  constructor(code: EquityErrorCode, message: string) {
    super(code, message);
    this.name = 'EquityError';
  }
  get status(): number {
    return 400;
  }
}
