// Errors of the bridge driver: a class with a code, never a bare string.
export type BridgeErrorCode = 'OPEN_FAILED' | 'CLOSED' | 'WRITE_FAILED';

export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BridgeError';
  }
}
