// What every route module of the app shares: the error a handler throws for a status, the role lists, and the
// schemas every route takes. Route modules (seating, room publish, ...) import these and register on the app.
import { HttpError } from '../http/httpError.js';
import type { Role } from '../views/liveState.js';

export { redactUrl } from '../http/appBase.js';
export { HttpError };

/** the roles of the hand histories (every hole card): the floor (after the delay) and the commentators */
export const HISTORY_ROLES: readonly Role[] = ['floor', 'commentator'];
/** the floor's own routes (settings, seating, tokens) */
export const FLOOR_ONLY: readonly Role[] = ['floor'];

/** the querystring every route accepts: the token, nothing else */
export const tokenQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;

export const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' } },
} as const;

/** the largest amount a body may name: far below 2^53, so that a number is never rounded on the way in */
export const MAX_CHIPS = 1_000_000_000;
