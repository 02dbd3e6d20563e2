// Errors of the bridge driver: a class with a code, never a bare string.

import { FeltwireError } from '../../errors.js';

export type BridgeErrorCode = 'OPEN_FAILED' | 'CLOSED' | 'WRITE_FAILED';

export class BridgeError extends FeltwireError<BridgeErrorCode> {
  constructor(code: BridgeErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'BridgeError';
  }
  /** the reader bridge is a device: out of reach, it may come back */
  get status(): number {
    return 503;
  }
}
