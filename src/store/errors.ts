// Errors of the store, each with a code a caller can branch on (never a message to match).

import { FeltwireError, statusOf } from '../errors.js';

export type StoreErrorCode =
  /** the database file is not an SQLite file, is truncated, or fails SQLite's integrity check */
  | 'LOG_CORRUPT'
  /** the file is SQLite but not a feltwire log (unknown schema or a newer format) */
  | 'LOG_FOREIGN'
  /** a record that is not what its kind says (logShapes.ts), refused when written or read back, or one that could
   * not be encoded (not JSON-serialisable): `record` names its seq and its first wrong field */
  | 'LOG_BAD_RECORD'
  /** the log was used after close() */
  | 'LOG_CLOSED'
  /** another live process (a second `feltwire start`) writes this data folder's log */
  | 'LOG_BUSY'
  /** the disk refuses writes (full, I/O error, read-only) and the records held in memory meanwhile reached their
   * bound: this record was refused, not kept */
  | 'LOG_STORAGE'
  /** no hand with that number in the log */
  | 'HAND_NOT_FOUND'
  /** a logged hand could not be re-run through the engine */
  | 'HAND_REPLAY_FAILED'
  /** an export format we do not write */
  | 'EXPORT_FORMAT'
  /** an exporter met a hand it cannot express in that format */
  | 'EXPORT_UNSUPPORTED'
  /** the table identity (DATA/table.json or the start options) is not valid */
  | 'BAD_IDENTITY';

/** the record a LOG_BAD_RECORD is about: its seq (the one it would have had, when refused on write) and field */
export interface BadRecordFacts {
  seq: number;
  kind: string;
  field: string;
  expected: string;
  got: string;
}

export class StoreError extends FeltwireError<StoreErrorCode> {
  /** LOG_BAD_RECORD: which record, which field */
  readonly record?: BadRecordFacts;
  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown; record?: BadRecordFacts }) {
    super(code, message, options);
    this.name = 'StoreError';
    if (options?.record) this.record = options.record;
  }
  /** a fault of the log's storage (corrupt, foreign, busy, closed, the disk refusing) is 503: the service is there,
   * its storage is not; what was asked wrongly is 4xx; a record we could not encode or replay is ours (500) */
  get status(): number {
    return statusOf(this.code, 503, {
      HAND_NOT_FOUND: 404,
      EXPORT_FORMAT: 400,
      EXPORT_UNSUPPORTED: 422,
      BAD_IDENTITY: 400,
      LOG_BAD_RECORD: 500,
      HAND_REPLAY_FAILED: 500,
    });
  }
}

/** A record that is not what its kind says: refused on write (`when` 'write') or when read back. */
export function badRecord(
  when: 'write' | 'read',
  record: BadRecordFacts,
  options: { cause?: unknown } = {},
): StoreError {
  const what = `${record.field}: expected ${record.expected}, got ${record.got}`;
  const message =
    when === 'write'
      ? `record ${record.seq} ('${record.kind}') refused: ${what}`
      : `the event log's record ${record.seq} ('${record.kind}') is not what its kind says: ${what}; ` +
        'the log was left as it is (nothing was changed or dropped)';
  return new StoreError('LOG_BAD_RECORD', message, { ...options, record });
}
