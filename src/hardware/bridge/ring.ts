// The bridge's ring of unacknowledged frames (protocol v1: at least 128 kept for RESEND).
import { RING_MIN_FRAMES, seqAfter } from './constants.js';
import type { Frame } from './frame.js';

export class OutboundRing {
  private frames: Frame[] = [];
  readonly capacity: number;

  constructor(capacity = RING_MIN_FRAMES) {
    this.capacity = Math.max(capacity, RING_MIN_FRAMES);
  }

  get size(): number {
    return this.frames.length;
  }

  get full(): boolean {
    return this.frames.length >= this.capacity;
  }

  /** Drops the oldest unacknowledged frame (the caller reports BUF_FULL). */
  dropOldest(): void {
    this.frames.shift();
  }

  push(f: Frame): void {
    this.frames.push(f);
  }

  /** Releases every frame up to and including `seq` (modular order). */
  ack(seq: number): void {
    this.frames = this.frames.filter((f) => seqAfter(f.seq, seq));
  }

  /** The frames from `seq` on, or null when `seq` is no longer (or not yet) held. */
  from(seq: number): Frame[] | null {
    const i = this.frames.findIndex((f) => f.seq === seq);
    return i < 0 ? null : this.frames.slice(i);
  }

  clear(): void {
    this.frames = [];
  }
}
