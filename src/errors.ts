// The one error base of feltwire: every error the code raises on purpose is a FeltwireError with a stable `code` a
// caller branches on (never the message) and the HTTP `status` it answers with when it reaches a client. Each
// module's error class extends it and says which of its codes is which status. Pure: the engine imports it too.

export interface FeltwireErrorOptions {
  cause?: unknown;
}

export abstract class FeltwireError<C extends string = string> extends Error {
  readonly code: C;
  constructor(code: C, message: string, options?: FeltwireErrorOptions) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }

  /** the HTTP status when this error answers a request: 4xx the caller's mistake, 503 a fault of storage or of a
   * device that may pass, 500 a fault of ours */
  abstract get status(): number;
}

/** an error's status: a class's default, refined for some of its codes */
export function statusOf<C extends string>(code: C, dflt: number, byCode: Partial<Record<C, number>> = {}): number {
  return byCode[code] ?? dflt;
}

export interface ErrorAnswer {
  status: number;
  body: { error: string; message: string };
}

/**
 * What a fastify app answers for an error a handler threw: a FeltwireError with its status and code; fastify's own
 * (a schema validation, a body too large: they carry a 4xx statusCode) as they are; anything else a 500 with no
 * detail (the detail is in the log). `log` is true when the error is worth an error line (a 5xx).
 */
export function answerFor(err: unknown): ErrorAnswer & { log: boolean } {
  if (err instanceof FeltwireError) {
    const status = err.status;
    return { status, body: { error: err.code, message: err.message }, log: status >= 500 };
  }
  const e = (err ?? {}) as { validation?: unknown; statusCode?: number; code?: string; message?: string };
  if (e.validation)
    return { status: 400, body: { error: 'BAD_REQUEST', message: e.message ?? 'invalid request' }, log: false };
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    return { status: e.statusCode, body: { error: e.code ?? 'BAD_REQUEST', message: e.message ?? '' }, log: false };
  return { status: 500, body: { error: 'INTERNAL', message: 'internal error' }, log: true };
}
