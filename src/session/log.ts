// The session's write-ahead log contract: every record is appended (and durable) before it is acted on.
// src/store implements it on SQLite; MemoryLog serves tests and the simulator's throwaway runs.
// A record is typed by its kind (LogRecord, discriminated by `kind`) and checked against its kind's shape
// (logShapes.ts) when written and when read back: readers fold typed records, never cast them.
import type { TableEvent } from '../engine/types.js';
import { SessionError } from './errors.js';
import { checkedRecord, logRecordProblem, problemText } from './logShapes.js';
import type { ConfigRecord, HandEndRecord, HandRecord, TableAlertRecord } from './types.js';

/** The data each kind of record holds. */
export interface LogData {
  /** a hand begins: its TableConfig (a restart, a redeal; an imported hand's source) */
  hand: HandRecord;
  /** a TableEvent fed to the engine (hand-relative t inside) */
  event: TableEvent;
  /** a table/hardware alert outside the engine (READER_FAULT, LINK_LOST, ...): raised, acknowledged, decided */
  tableAlert: TableAlertRecord;
  /** the session's own configuration in force (blind level, seat changes, roster, delays, absences, penalties) */
  config: ConfigRecord;
  /** the hand ended: final snapshot summary (stacks, pots) */
  handEnd: HandEndRecord;
}

export type LogKind = keyof LogData;

/** One record of a kind. */
export interface LogRecordOf<K extends LogKind> {
  seq: number;
  /** wall-clock ms (Date.now()) when written */
  wall: number;
  hand: number;
  kind: K;
  data: LogData[K];
}

/** A record of the log: `kind` says what its `data` is. */
export type LogRecord = { [K in LogKind]: LogRecordOf<K> }[LogKind];

export interface EventLog {
  /** this log's own id (random, made with the log, kept in it): which history of a table this is */
  readonly logId?: string;
  /** appends and returns the record's seq; must be durable when it returns. A record that is not what its kind
   * says is refused (code LOG_BAD_RECORD, naming the field). */
  append<K extends LogKind>(kind: K, hand: number, data: LogData[K], wall?: number): number;
  /** records in seq order, optionally from a seq on; a record read back that is not what its kind says is refused
   * (code LOG_BAD_RECORD, naming its seq and field) */
  records(fromSeq?: number): Iterable<LogRecord>;
  /** the records of one hand, in order (a log with an index by hand: the SQLite one) */
  handRecords?(hand: number): LogRecord[];
  /** hand numbers that have a 'hand' record, ascending (the same index) */
  handNumbers?(): number[];
  close(): void;
}

export class MemoryLog implements EventLog {
  /** a memory log's history lives as long as the process: its id too */
  readonly logId = globalThis.crypto.randomUUID().replace(/-/g, '');
  private readonly rows: LogRecord[] = [];
  append<K extends LogKind>(kind: K, hand: number, data: LogData[K], wall = Date.now()): number {
    const seq = this.rows.length + 1;
    const checked = checkedRecord(kind, structuredClone(data));
    if (!checked) {
      const problem = logRecordProblem(kind, data);
      const why = problem ? problemText(problem) : 'not what its kind says';
      throw new SessionError('LOG_BAD_RECORD', `record ${seq} ('${kind}') refused: ${why}`);
    }
    this.rows.push({ seq, wall, hand, ...checked });
    return seq;
  }
  *records(fromSeq = 0): Iterable<LogRecord> {
    for (const r of this.rows) if (r.seq >= fromSeq) yield r;
  }
  close(): void {}
}
