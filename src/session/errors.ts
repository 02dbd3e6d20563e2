// Errors the session raises. Callers branch on `code`, never on the message.

import { FeltwireError, statusOf } from '../errors.js';

export type SessionErrorCode =
  | 'SESSION_CLOSED'
  | 'ENGINE_REJECTED'
  | 'UNKNOWN_ALERT'
  /** the floor closes an alert already closed */
  | 'ALERT_CLOSED'
  | 'BAD_FLOOR_CALL'
  | 'BAD_LEVEL'
  | 'BAD_SEAT_CHANGE'
  /** a floor ruling (misdeal, void, award) that does not apply to the hand as it stands, said why */
  | 'RULING_NOT_APPLICABLE'
  /** a floor ruling badly given (no reason, a reason too long, no seat named) */
  | 'BAD_RULING'
  | 'LOG_CORRUPT'
  /** a record that is not what its kind says (a memory log refuses it; the SQLite log's is StoreError's) */
  | 'LOG_BAD_RECORD';

export class SessionError extends FeltwireError<SessionErrorCode> {
  constructor(code: SessionErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'SessionError';
  }
  /** what the hand refuses now is a conflict with its state (409); a closed session or a corrupt log is 503 */
  get status(): number {
    return statusOf(this.code, 409, { SESSION_CLOSED: 503, LOG_CORRUPT: 503, LOG_BAD_RECORD: 500 });
  }
}
