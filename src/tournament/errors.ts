// The tournament floor's errors: one class, a stable code per mistake, the message names the field or the player.
import { FeltwireError, statusOf } from '../errors.js';

export type TournamentErrorCode =
  | 'PLAYER_DUPLICATE'
  | 'PLAYER_INVALID'
  | 'PLAYER_UNKNOWN'
  | 'REGISTRATION_CLOSED'
  | 'NO_FREE_SEAT'
  | 'STRUCTURE_INVALID'
  | 'CLOCK_STATE_INVALID'
  | 'COLOUR_UP_INVALID'
  | 'REBUY_REFUSED'
  | 'ELIMINATION_INVALID'
  | 'PAYOUT_INVALID'
  | 'PENALTY_INVALID';

export class TournamentError extends FeltwireError<TournamentErrorCode> {
  get status(): number {
    return statusOf(this.code, 400, { PLAYER_UNKNOWN: 404, PLAYER_DUPLICATE: 409 });
  }
}
