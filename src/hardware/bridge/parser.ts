// A bounded, resynchronising frame reader: bytes in, decoded frames out, every rejection counted by cause.
import { Transform, type TransformCallback } from 'node:stream';
import { END_BYTE, MAX_FRAME, REJECT_CAUSES, type RejectCause, START_BYTE } from './constants.js';
import { decodeFrame, type Frame } from './frame.js';

export type ParserCounts = Record<RejectCause, number> & {
  /** frames decoded and handed on */
  frames: number;
  /** bytes outside any frame (before a `$`) */
  noiseBytes: number;
};

export const emptyCounts = (): ParserCounts => {
  const c = { frames: 0, noiseBytes: 0 } as ParserCounts;
  for (const cause of REJECT_CAUSES) c[cause] = 0;
  return c;
};

/**
 * The byte-level state machine, without stream plumbing. Memory is one fixed MAX_FRAME buffer: a line that
 * outgrows it is counted `too_long` and skipped up to the next `$`; a `$` inside a frame counts the partial
 * frame `truncated` and starts afresh, so a valid frame right after a bad one is never lost.
 */
export class FrameScanner {
  readonly counts: ParserCounts = emptyCounts();
  private readonly buf = Buffer.alloc(MAX_FRAME);
  private len = 0;
  private state: 'hunt' | 'frame' | 'skip' = 'hunt';
  onReject: ((cause: RejectCause, bytes: Buffer) => void) | null = null;

  feed(chunk: Uint8Array, onFrame: (f: Frame) => void): void {
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.state === 'hunt') {
        const start = chunk.indexOf(START_BYTE, i);
        this.counts.noiseBytes += (start < 0 ? n : start) - i;
        if (start < 0) return;
        this.begin();
        i = start + 1;
        continue;
      }
      // up to the next delimiter: '$' always restarts, '\n' ends a frame (or the skipped rest of one)
      let j = i;
      while (j < n && chunk[j] !== START_BYTE && chunk[j] !== END_BYTE) j++;
      if (this.state === 'frame') {
        const room = MAX_FRAME - this.len;
        if (j - i > room || (j < n && chunk[j] === END_BYTE && j - i === room)) {
          // the byte after the room is reached makes the line too long
          this.reject('too_long');
          this.state = 'skip';
          i += room;
          if (chunk[i] === END_BYTE) this.state = 'hunt';
          i++;
          continue;
        }
        this.buf.set(chunk.subarray(i, j), this.len);
        this.len += j - i;
      }
      if (j === n) return;
      if (chunk[j] === START_BYTE) {
        if (this.state === 'frame') this.reject('truncated');
        this.begin();
      } else if (this.state === 'frame') {
        this.buf[this.len++] = END_BYTE;
        this.complete(onFrame);
      } else this.state = 'hunt';
      i = j + 1;
    }
  }

  private begin(): void {
    this.state = 'frame';
    this.buf[0] = START_BYTE;
    this.len = 1;
  }

  /** Forgets a partial frame (after the port was reopened); counted as truncated. */
  reset(): void {
    if (this.state === 'frame') this.reject('truncated');
    this.state = 'hunt';
    this.len = 0;
  }

  /** Bytes held for the frame in progress: never more than MAX_FRAME. */
  get buffered(): number {
    return this.state === 'frame' ? this.len : 0;
  }

  private complete(onFrame: (f: Frame) => void): void {
    this.state = 'hunt';
    const r = decodeFrame(this.buf.subarray(0, this.len));
    if (r.ok) {
      this.counts.frames++;
      onFrame(r.frame);
    } else this.reject(r.cause);
  }

  private reject(cause: RejectCause): void {
    this.counts[cause]++;
    this.onReject?.(cause, Buffer.from(this.buf.subarray(0, this.len)));
    this.len = 0;
  }
}

/** Transform stream: write bytes, read `Frame` objects. `counts` holds the rejections by cause. */
export class FrameParser extends Transform {
  private readonly scanner = new FrameScanner();

  constructor() {
    super({ readableObjectMode: true });
    this.scanner.onReject = (cause, bytes) => this.emit('reject', cause, bytes);
  }

  get counts(): ParserCounts {
    return this.scanner.counts;
  }

  get buffered(): number {
    return this.scanner.buffered;
  }

  reset(): void {
    this.scanner.reset();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.scanner.feed(chunk, (f) => this.push(f));
    done();
  }
}
