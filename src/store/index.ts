// feltwire's store: the SQLite event log, the hand archive that re-runs logged hands, and the hand-history exporters.
export { StoreError, type StoreErrorCode } from './errors.js';
export { SqliteEventLog, LOG_FILE, LOG_FORMAT, type LogStartup, type OpenOptions } from './sqliteLog.js';
