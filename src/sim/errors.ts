import { FeltwireError, statusOf } from '../errors.js';

export type SimErrorCode = 'PTY_FAILED' | 'SIM_CONFIG' | 'SIM_STATE' | 'SIM_NO_ENGINE';

export class SimError extends FeltwireError<SimErrorCode> {
  constructor(code: SimErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'SimError';
  }
  get status(): number {
    return statusOf(this.code, 500, { SIM_CONFIG: 400, SIM_STATE: 409, PTY_FAILED: 503 });
  }
}
