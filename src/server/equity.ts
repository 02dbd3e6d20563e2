// Live equities for the commentators: after each card, the exact equity of every seat still in, street by street,
// and the outs. The computation runs off the event loop (the EquityService's worker); the tracker only keys it.
import { type Card, formatCard, parseCard } from '../engine/cards.js';
import type { EquityService } from '../engine/equity/index.js';
import type { HandSnapshot } from '../engine/types.js';
import type { EquityPoint, EquityTrack } from './liveState.js';

/** hands: each live seat's two cards; returns equity in percent per hand, and outs per hand when asked. */
export interface EquityComputer {
  equity(hands: string[][], board: string[], dead: string[]): Promise<number[]>;
  outs?(hands: string[][], board: string[], dead: string[]): Promise<string[][]>;
  close?(): Promise<void> | void;
}

interface Pending {
  key: string;
}

/** Watches hand snapshots; asks the computer once per new (hand, hole cards, board); publishes the track. */
export class EquityTracker {
  private track: EquityTrack | null = null;
  private lastKey = '';
  private inFlight: Pending | null = null;
  private queued: { handNo: number; hand: HandSnapshot } | null = null;
  private closed = false;

  constructor(
    private readonly computer: EquityComputer,
    private readonly publish: (track: EquityTrack) => void,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** Called on every state; cheap when nothing relevant changed. */
  observe(handNo: number, hand: HandSnapshot): void {
    if (this.closed) return;
    const inHand = hand.seats.filter((s) => !s.folded && !s.dead);
    // only once every hole card of the seats still in is read: an equity on half the hands would mislead
    if (inHand.some((s) => s.cards.length < 2)) return;
    const live = inHand;
    // equity after each street's cards: preflop, flop, turn, river (not while the flop is half dealt)
    if (live.length < 2 || hand.board.length === 1 || hand.board.length === 2 || hand.board.length > 5) return;
    const key = `${handNo}|${live.map((s) => `${s.seat}:${s.cards.join('')}`).join(',')}|${hand.board.join('')}`;
    if (key === this.lastKey) return;
    if (this.inFlight) {
      this.queued = { handNo, hand };
      return;
    }
    this.lastKey = key;
    void this.compute(
      key,
      handNo,
      hand,
      live.map((s) => s.seat),
      live.map((s) => s.cards),
    );
  }

  current(): EquityTrack | null {
    return this.track;
  }

  close(): void {
    this.closed = true;
  }

  private async compute(key: string, handNo: number, hand: HandSnapshot, seats: number[], hands: string[][]) {
    this.inFlight = { key };
    try {
      const folded = hand.seats.filter((s) => s.folded || s.dead).flatMap((s) => s.cards);
      // every card known to be gone: folded hands, the muck, the burns
      const dead = [...new Set([...folded, ...hand.muck, ...hand.burns])].filter((c) => !hand.board.includes(c));
      const eq = await this.computer.equity(hands, hand.board, dead);
      const outsList =
        this.computer.outs && hand.board.length >= 3 && hand.board.length < 5
          ? await this.computer.outs(hands, hand.board, dead)
          : null;
      if (this.closed) return;
      const point: EquityPoint = {
        boardLen: hand.board.length,
        board: [...hand.board],
        equity: Object.fromEntries(seats.map((s, i) => [String(s), round2(eq[i])])),
      };
      const prev = this.track && this.track.handNo === handNo ? this.track.points : [];
      // one point per board length: a later computation (a fold) replaces the same street's point
      const points = [...prev.filter((p) => p.boardLen !== point.boardLen), point].sort(
        (a, b) => a.boardLen - b.boardLen,
      );
      const outs = outsList ? Object.fromEntries(seats.map((s, i) => [String(s), outsList[i] ?? []])) : {};
      this.track = { handNo, points, outs };
      this.publish(this.track);
    } catch (err) {
      this.onError(err);
    } finally {
      this.inFlight = null;
      const q = this.queued;
      this.queued = null;
      if (q && !this.closed) this.observe(q.handNo, q.hand);
    }
  }
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The engine's EquityService (a worker thread) as the tracker's computer: cards as text in, as text out. */
export function serviceEquity(service: EquityService): EquityComputer {
  const cards = (list: string[]): Card[] =>
    list.map((c) => {
      const n = parseCard(c);
      if (n < 0) throw new RangeError(`not a card: ${c}`);
      return n;
    });
  return {
    async equity(hands, board, dead) {
      return (await service.equity(hands.map(cards), cards(board), cards(dead))).equity;
    },
    async outs(hands, board, dead) {
      const res = await service.outs(hands.map(cards), cards(board), cards(dead));
      return res.map((p) => p.outs.map(formatCard));
    },
    close: () => service.close(),
  };
}
