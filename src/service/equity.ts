// Live equities for the commentators: after each card, the exact equity of every seat still in, street by street,
// and the outs. The computation runs off the event loop (the EquityService's worker); the tracker only keys it.
import { type Card, formatCard, parseCard } from '../engine/cards.js';
import type { EquityService } from '../engine/equity/index.js';
import type { HandSnapshot } from '../engine/types.js';
import type { EquityPoint, EquityTrack } from '../views/liveState.js';

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

  /**
   * After a restart: the track of the hand in play rebuilt street by street from its snapshot (a point per street
   * already dealt, before the current one: the seats still in at that street's end, its board, the cards gone by
   * then), then the current street as observe computes it. The commentators see the whole chart again at once.
   */
  async rebuild(handNo: number, hand: HandSnapshot): Promise<void> {
    if (this.closed) return;
    const order: Record<string, number> = { preflop: 0, flop: 3, turn: 4, river: 5, showdown: 5 };
    const lens = [0, 3, 4].filter((l) => l < hand.board.length && hand.board.length >= 3);
    const foldedBy = new Map<number, number>();
    for (const d of hand.decisions ?? [])
      if (d.kind === 'fold' && !foldedBy.has(d.seat)) foldedBy.set(d.seat, order[d.street] ?? 0);
    for (const len of lens) {
      // a seat folded on this street or before is out at its end; a dead hand with no fold of its own, out throughout
      const inHand = hand.seats.filter(
        (s) =>
          s.cards.length === 2 &&
          !(foldedBy.has(s.seat) && (foldedBy.get(s.seat) ?? 0) <= len) &&
          !(s.dead && !foldedBy.has(s.seat)),
      );
      if (inHand.length < 2) continue;
      const gone = hand.seats.filter((s) => !inHand.includes(s)).flatMap((s) => s.cards);
      const board = hand.board.slice(0, len);
      // one burn before each street dealt
      const burns = hand.burns.slice(0, len === 0 ? 0 : len === 3 ? 1 : 2);
      const dead = [...new Set([...gone, ...burns])].filter((c) => c !== '??' && !board.includes(c));
      try {
        const eq = await this.computer.equity(
          inHand.map((s) => s.cards),
          board,
          dead,
        );
        if (this.closed) return;
        const point: EquityPoint = {
          boardLen: len,
          board,
          equity: Object.fromEntries(inHand.map((s, i) => [String(s.seat), round2(eq[i])])),
        };
        const prev = this.track && this.track.handNo === handNo ? this.track.points : [];
        // a point computed live meanwhile wins over the rebuilt one
        if (prev.some((p) => p.boardLen === len)) continue;
        const points = [...prev, point].sort((a, b) => a.boardLen - b.boardLen);
        this.track = { handNo, points, outs: this.track?.handNo === handNo ? this.track.outs : {} };
        this.publish(this.track);
      } catch (err) {
        this.onError(err);
      }
    }
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
