// Keeps the table's side channels in order with the reader bridge. The simulator's panel buttons and tablet taps do
// not travel on the bridge's serial link, so a service that is slow to read the link could apply a tap before the
// chips pushed just before it. Each side event carries the seq of the last bridge frame sent before it; the gate
// holds it until the link has applied that frame (strictly after it, or once the frame's own handlers are done).
import { seqAfter } from '../hardware/bridge/index.js';

export interface SeqSource {
  /** the last bridge seq applied in order (BridgeLink.stats().lastSeq) */
  lastSeq(): number | null;
}

export class SideChannelGate {
  private readonly queue: { afterSeq: number | null; run: () => void }[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly source: SeqSource) {}

  /** Runs `run` once the bridge frame `afterSeq` has been applied (at once when null or already applied). */
  push(afterSeq: number | null, run: () => void): void {
    this.queue.push({ afterSeq, run });
    this.drain(false);
    if (this.queue.length && !this.timer) this.timer = setInterval(() => this.drain(false), 2);
  }

  /** True when no side event waits for its bridge frame. */
  get idle(): boolean {
    return this.queue.length === 0;
  }

  /** Call first thing on every reader event: side events due before this frame go now. */
  beforeFrame(): void {
    this.drain(true);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.queue.length = 0;
  }

  private drain(inFrame: boolean): void {
    while (this.queue.length) {
      const head = this.queue[0];
      const last = this.source.lastSeq();
      const due =
        head.afterSeq === null ||
        (last !== null && (seqAfter(last, head.afterSeq) || (!inFrame && last === head.afterSeq)));
      if (!due) break;
      this.queue.shift();
      head.run();
    }
    if (!this.queue.length && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
