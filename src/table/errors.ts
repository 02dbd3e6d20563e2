// Errors of the table layer: each has a stable code; messages name the field or tag concerned.

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

export class TableError extends Error {
  readonly code: TableErrorCode;
  /** one line per problem, each naming the field (hardware file, registry) */
  readonly details: string[];
  constructor(code: TableErrorCode, message: string, details: string[] = []) {
    super(details.length ? `${message}\n  - ${details.join('\n  - ')}` : message);
    this.name = 'TableError';
    this.code = code;
    this.details = details;
  }
}
