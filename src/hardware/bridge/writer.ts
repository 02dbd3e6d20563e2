// Numbers and encodes outgoing frames: one seq counter per direction, wrapping at 65536.
import { nextSeq } from './constants.js';
import { encodeFrame, type Frame } from './frame.js';

export type LineSink = (line: string) => void;

export class FrameWriter {
  private seq: number;

  constructor(
    private readonly sink: LineSink,
    startSeq = 0,
  ) {
    this.seq = startSeq;
  }

  /** Encodes `type` with `fields` under the next seq, hands the line to the sink and returns the frame. */
  send(type: string, fields: readonly (string | number)[] = []): Frame {
    const frame: Frame = { seq: this.seq, type, fields: fields.map(String) };
    this.seq = nextSeq(this.seq);
    this.sink(encodeFrame(frame));
    return frame;
  }

  /** The seq the next frame will carry. */
  get next(): number {
    return this.seq;
  }

  restart(seq = 0): void {
    this.seq = seq;
  }
}
