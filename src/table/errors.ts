// Errors of the table layer: each has a stable code; messages name the field or tag concerned.

import { FeltwireError, statusOf } from '../errors.js';

export type TableErrorCode =
  | 'HARDWARE_FILE_INVALID'
  | 'HARDWARE_FILE_UNREADABLE'
  | 'REGISTRY_INVALID'
  | 'REGISTRY_UNREADABLE'
  | 'DECK_EXISTS'
  | 'DECK_UNKNOWN'
  | 'CHIPSET_EXISTS'
  | 'CHIPSET_UNKNOWN'
  | 'TAG_CONFLICT'
  | 'UID_INVALID'
  | 'ENROLLMENT_INCOMPLETE'
  | 'ENROLLMENT_BUSY'
  | 'DENOMINATION_INVALID';

export class TableError extends FeltwireError<TableErrorCode> {
  /** one line per problem, each naming the field (hardware file, registry) */
  readonly details: string[];
  constructor(code: TableErrorCode, message: string, details: string[] = []) {
    super(code, details.length ? `${message}\n  - ${details.join('\n  - ')}` : message);
    this.name = 'TableError';
    this.details = details;
  }
  /** a file that cannot be read is the service's (503); the rest is what was given or asked */
  get status(): number {
    return statusOf(this.code, 400, {
      HARDWARE_FILE_UNREADABLE: 503,
      REGISTRY_UNREADABLE: 503,
      DECK_EXISTS: 409,
      CHIPSET_EXISTS: 409,
      TAG_CONFLICT: 409,
      ENROLLMENT_BUSY: 409,
      DECK_UNKNOWN: 404,
      CHIPSET_UNKNOWN: 404,
    });
  }
}
