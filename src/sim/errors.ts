export type SimErrorCode = 'PTY_FAILED' | 'SIM_CONFIG' | 'SIM_STATE' | 'SIM_NO_ENGINE';

export class SimError extends Error {
  readonly code: SimErrorCode;
  constructor(code: SimErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SimError';
    this.code = code;
  }
}
