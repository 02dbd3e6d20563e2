// Errors the session raises. Callers branch on `code`, never on the message.

export type SessionErrorCode =
  | 'SESSION_CLOSED'
  | 'ENGINE_REJECTED'
  | 'UNKNOWN_ALERT'
  /** the floor closes an alert already closed */
  | 'ALERT_CLOSED'
  | 'BAD_FLOOR_CALL'
  | 'BAD_LEVEL'
  | 'BAD_SEAT_CHANGE'
  | 'LOG_CORRUPT';

export class SessionError extends Error {
  constructor(
    readonly code: SessionErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SessionError';
  }
}
