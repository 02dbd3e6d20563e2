// Errors of the store, each with a code a caller can branch on (never a message to match).

import { FeltwireError, statusOf } from '../errors.js';

export type StoreErrorCode =
  /** the database file is not an SQLite file, is truncated, or fails SQLite's integrity check */
  | 'LOG_CORRUPT'
  /** the file is SQLite but not a feltwire log (unknown schema or a newer format) */
  | 'LOG_FOREIGN'
  /** a record could not be encoded (not JSON-serialisable) */
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

export class StoreError extends FeltwireError<StoreErrorCode> {
  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'StoreError';
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
