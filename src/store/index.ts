// feltwire's store: the SQLite event log, the hand archive that re-runs logged hands, and the hand-history exporters.
export { StoreError, type StoreErrorCode } from './errors.js';
export { SqliteEventLog, LOG_FILE, LOG_FORMAT, type LogStartup, type OpenOptions } from './sqliteLog.js';
export { HandArchive, EXPORT_FORMATS, type ArchiveEngine, type ArchiveOptions, type ExportFormat, type HandStep, type HandSummary } from './archive.js';
export { toPhh } from './phhExport.js';
export { toOhh, toValidOhh, validateOhh, OHH_SPEC_VERSION, type OhhHand } from './ohhExport.js';
export { toPokerStars, type TextDialect } from './pokerstarsExport.js';
export { readLedger, type Ledger, type LedgerAction } from './ledger.js';
export { phhSeatOrder, playerName, type HandNote, type PlayedHand } from './playedHand.js';
