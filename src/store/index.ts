// feltwire's store: the SQLite event log, the hand archive that re-runs logged hands, and the hand-history exporters.

export {
  type ArchiveEngine,
  type ArchiveOptions,
  EXPORT_FORMATS,
  type ExportFormat,
  exportHand,
  HandArchive,
  type HandStep,
  type HandSummary,
} from './archive.js';
export { StoreError, type StoreErrorCode } from './errors.js';
export { type Ledger, type LedgerAction, readLedger } from './ledger.js';
export { OHH_SPEC_VERSION, type OhhHand, toOhh, toValidOhh, validateOhh } from './ohhExport.js';
export { toPhh } from './phhExport.js';
export { type HandNote, type PlayedHand, phhSeatOrder, playerName } from './playedHand.js';
export { type TextDialect, toPokerStars } from './pokerstarsExport.js';
export { LOCK_FILE, LOG_FILE, LOG_FORMAT, SqliteEventLog } from './sqliteLog.js';
export type { LogStartup, OpenOptions } from './sqliteLogShapes.js';
