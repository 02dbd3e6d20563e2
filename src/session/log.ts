// The session's write-ahead log contract: every record is appended (and durable) before it is acted on.
// src/store implements it on SQLite; MemoryLog serves tests and the simulator's throwaway runs.

export type LogKind =
  /** a hand begins: its TableConfig and hand number */
  | 'hand'
  /** a TableEvent fed to the engine (hand-relative t inside) */
  | 'event'
  /** a table/hardware alert outside the engine (READER_FAULT, LINK_LOST, ...) */
  | 'tableAlert'
  /** the session's own configuration in force (blind level, ruleset, delays) */
  | 'config'
  /** the hand ended: final snapshot summary (stacks, pots) */
  | 'handEnd';

export interface LogRecord {
  seq: number;
  /** wall-clock ms (Date.now()) when written */
  wall: number;
  hand: number;
  kind: LogKind;
  data: unknown;
}

export interface EventLog {
  /** this log's own id (random, made with the log, kept in it): which history of a table this is */
  readonly logId?: string;
  /** appends and returns the record's seq; must be durable when it returns */
  append(kind: LogKind, hand: number, data: unknown, wall?: number): number;
  /** records in seq order, optionally from a seq on */
  records(fromSeq?: number): Iterable<LogRecord>;
  close(): void;
}

export class MemoryLog implements EventLog {
  /** a memory log's history lives as long as the process: its id too */
  readonly logId = globalThis.crypto.randomUUID().replace(/-/g, '');
  private readonly rows: LogRecord[] = [];
  append(kind: LogKind, hand: number, data: unknown, wall = Date.now()): number {
    const seq = this.rows.length + 1;
    this.rows.push({ seq, wall, hand, kind, data: structuredClone(data) });
    return seq;
  }
  *records(fromSeq = 0): Iterable<LogRecord> {
    for (const r of this.rows) if (r.seq >= fromSeq) yield r;
  }
  close(): void {}
}
