// The SQLite log's shapes: how it is opened, what its opening found, and what is wrong with the disk under it
// while it is wrong (with SQLite's codes for a disk that refuses writes).
import { FR_KIND, type LogSalvage, lostText } from './sqliteFile.js';

/** records held in memory while the disk refuses writes, at most (the dealer is told to hold before) */
export const MAX_PENDING_BYTES = 32 * 1024 * 1024;

/** what is wrong with the disk under the log, while it is wrong */
export interface LogFault {
  /** SQLite's extended code: SQLITE_FULL, SQLITE_IOERR_WRITE, SQLITE_READONLY, ... */
  code: string;
  kind: 'full' | 'io' | 'readonly';
  message: string;
  /** wall ms of the first refused write */
  since: number;
  /** records held in memory, not yet on disk */
  pending: number;
  pendingBytes: number;
  /** records refused since the fault began (the bound was reached) */
  refused: number;
}

export interface LogStartup {
  /** the file was created by this open */
  created: boolean;
  /** set when the file found was unusable and moved aside */
  setAside?: { kind: 'corrupt' | 'truncated' | 'foreign'; reason: string; keptAs: string[] };
  /** the rows kept from the file set aside (corrupt or truncated files) */
  salvage?: LogSalvage;
  /** one line for the operator, English then French; empty when nothing happened worth saying */
  message: string;
}

export interface OpenOptions {
  /** open for reading only (exports while the service runs): never creates, never moves a file aside */
  readonly?: boolean;
  /** where the startup message goes (default: stderr when a file was set aside) */
  notify?: (message: string) => void;
  /** the clock used to name a file set aside (tests) */
  now?: () => Date;
  /** FULL (default): fsync per record. NORMAL is for bulk loads only (tests, imports): it survives a crash of the
   * process but not a power cut, so the service never sets it. */
  synchronous?: 'FULL' | 'NORMAL';
  /** bound of the records held in memory while the disk refuses writes (default MAX_PENDING_BYTES) */
  maxPendingBytes?: number;
}

/** SQLite's codes for a disk that refuses writes (the record is kept in memory), by kind */
export function storageFault(err: unknown): LogFault['kind'] | null {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_IOERR')) return 'io';
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN') return 'readonly';
  return null;
}

/** the operator's line (English then French) for a file found unusable and set aside; empty when none was */
export function startupMessage(
  path: string,
  setAside: LogStartup['setAside'],
  salvage: LogSalvage | undefined,
): string {
  const kept = salvage
    ? ` with the ${salvage.kept} rows that could be read (${salvage.lost} lost${lostText(salvage)})`
    : '';
  const keptFr = salvage
    ? ` avec les ${salvage.kept} lignes lisibles (${salvage.lost} perdues${lostText(salvage)})`
    : '';
  const message = setAside
    ? `feltwire: the event log ${path} is ${setAside.kind === 'foreign' ? 'not a feltwire log' : setAside.kind} ` +
      `(${setAside.reason}); it was kept as ${setAside.keptAs[0]} and a fresh log was started${kept}. / ` +
      `feltwire : le journal ${path} est ${FR_KIND[setAside.kind]} (${setAside.reason}) ; il est conservé sous ` +
      `${setAside.keptAs[0]} et un nouveau journal a été ouvert${keptFr}.`
    : '';
  return message;
}
