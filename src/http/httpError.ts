// The error a route (or the wiring behind it) throws when it decides an answer itself: its status and code.
import { FeltwireError } from '../errors.js';

/** an answer a route decides itself: its status and code */
export class HttpError extends FeltwireError<string> {
  constructor(
    readonly statusCode: number,
    code: string,
    message: string,
  ) {
    super(code, message);
    this.name = 'HttpError';
  }
  get status(): number {
    return this.statusCode;
  }
}
