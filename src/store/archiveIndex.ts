// The archive's index, kept as the log grows: one summary per hand (its table, when it started and ended, how many
// events), read from the records appended since the last request only. The floor's archive routes answer from it
// in a time that does not grow with the log: the hand list is a page of summaries, a hand's steps and exports read
// that hand's rows alone (by the SQLite log's (hand, seq) index).
import type { TableConfig } from '../engine/types.js';
import type { EventLog, LogRecord } from '../session/log.js';
import type { HandSummary } from './archive.js';
import { StoreError } from './errors.js';

interface Entry {
  handNo: number;
  config: TableConfig | null;
  /** events since the hand's last 'hand' record (a level change before the shuffle re-logs it) */
  events: number;
  firstEventStart: number | null;
  shuffleStart: number | null;
  endWall: number | null;
}

export interface HandPage {
  hands: HandSummary[];
  /** hands listed in the log in all */
  total: number;
  /** the hand number to ask `before` for the next (older) page, null when this page reaches the first hand */
  next: number | null;
}

export const DEFAULT_PAGE = 200;
export const MAX_PAGE = 1000;

export class ArchiveIndex {
  private readonly byHand = new Map<number, Entry>();
  /** hand numbers dealt (a 'hand' record and at least one event), ascending */
  private listed: number[] = [];
  private listedSet = new Set<number>();
  private lastSeq = 0;
  private summaryCache = new Map<number, HandSummary>();

  constructor(private readonly log: EventLog) {}

  /** Reads the records appended since the last call. A record that is not what its kind says (StoreError
   * LOG_BAD_RECORD) is passed over here, so that the list still answers: the routes that read its hand say so. */
  refresh(): void {
    for (;;) {
      try {
        for (const r of this.log.records(this.lastSeq + 1)) {
          this.apply(r);
          this.lastSeq = r.seq;
        }
        return;
      } catch (err) {
        const seq = err instanceof StoreError && err.code === 'LOG_BAD_RECORD' ? err.record?.seq : undefined;
        if (seq === undefined || seq <= this.lastSeq) throw err;
        this.lastSeq = seq;
      }
    }
  }

  /** the summary of one hand, or null when it was never dealt */
  get(handNo: number): HandSummary | null {
    this.refresh();
    return this.summary(handNo);
  }

  /** the newest hands first, `limit` at most, older than `before` when given */
  page(limit = DEFAULT_PAGE, before?: number): HandPage {
    this.refresh();
    const n = Math.max(1, Math.min(MAX_PAGE, limit));
    // the listed hands are ascending: find the end of the page by binary search
    let hi = this.listed.length;
    if (before !== undefined) {
      let lo = 0;
      let h = this.listed.length;
      while (lo < h) {
        const mid = (lo + h) >> 1;
        if (this.listed[mid] < before) lo = mid + 1;
        else h = mid;
      }
      hi = lo;
    }
    const from = Math.max(0, hi - n);
    const hands: HandSummary[] = [];
    for (let i = from; i < hi; i++) {
      const sum = this.summary(this.listed[i]);
      if (sum) hands.push(sum);
    }
    return { hands, total: this.listed.length, next: from > 0 ? this.listed[from] : null };
  }

  private summary(handNo: number): HandSummary | null {
    const e = this.byHand.get(handNo);
    if (!e?.config || e.events === 0) return null;
    const cached = this.summaryCache.get(handNo);
    if (cached) return cached;
    const s: HandSummary = {
      handNo,
      startWall: e.shuffleStart ?? e.firstEventStart,
      endWall: e.endWall,
      complete: e.endWall !== null,
      button: e.config.button,
      seats: Object.keys(e.config.seats).map(Number),
      blinds: e.config.blinds,
      events: e.events,
    };
    this.summaryCache.set(handNo, s);
    return s;
  }

  private apply(r: LogRecord): void {
    let e = this.byHand.get(r.hand);
    if (!e) {
      e = { handNo: r.hand, config: null, events: 0, firstEventStart: null, shuffleStart: null, endWall: null };
      this.byHand.set(r.hand, e);
    }
    this.summaryCache.delete(r.hand);
    switch (r.kind) {
      case 'hand': {
        e.config = r.data.config;
        e.events = 0;
        e.firstEventStart = null;
        e.shuffleStart = null;
        return;
      }
      case 'event': {
        if (!e.config) return;
        const ev = r.data;
        e.events++;
        const start = r.wall - ev.t;
        if (e.firstEventStart === null) e.firstEventStart = start;
        if (e.shuffleStart === null && ev.kind === 'dealer' && ev.button === 'shuffle') e.shuffleStart = start;
        if (!this.listedSet.has(r.hand)) {
          this.listedSet.add(r.hand);
          // hands arrive in order; a restarted table may reuse no number, but keep the list sorted whatever comes
          if (this.listed.length === 0 || this.listed[this.listed.length - 1] < r.hand) this.listed.push(r.hand);
          else this.listed = [...this.listed, r.hand].sort((a, b) => a - b);
        }
        return;
      }
      case 'handEnd':
        if (e.endWall === null) e.endWall = r.wall;
        return;
      default:
        return;
    }
  }
}
