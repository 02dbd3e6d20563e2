export type EquityErrorCode =
  | 'HAND_COUNT'
  | 'HAND_SIZE'
  | 'BOARD_SIZE'
  | 'CARD_INVALID'
  | 'CARD_DUPLICATE'
  | 'DECK_EXHAUSTED';

/** A request the equity calculator cannot answer; `code` says why, `message` says it to a person. */
export class EquityError extends Error {
  readonly code: EquityErrorCode;
  constructor(code: EquityErrorCode, message: string) {
    super(message);
    this.name = 'EquityError';
    this.code = code;
  }
}
