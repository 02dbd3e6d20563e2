// A restart resumes the table where the log left it: the table layer is told where the engine believes every card
// lies (the session rebuilt from the log), so that what the readers report now is read as movements from there.
import type { HandSnapshot } from '../engine/types.js';
import type { TableSession } from '../session/TableSession.js';
import type { TableLayer } from '../table/index.js';

/** where the hand's cards lie, as the engine was told */
export function cardsOfHand(hand: HandSnapshot): Array<{ card: string; zone: string; face: 'up' | 'down' }> {
  const out: Array<{ card: string; zone: string; face: 'up' | 'down' }> = [];
  for (const s of hand.seats) {
    for (const c of s.cards) out.push({ card: c, zone: `seat${s.seat}`, face: s.shown.includes(c) ? 'up' : 'down' });
  }
  for (const c of hand.board) out.push({ card: c, zone: 'board', face: 'up' });
  for (const c of hand.burns) out.push({ card: c, zone: 'burn', face: 'down' });
  for (const c of hand.muck) out.push({ card: c, zone: 'muck', face: 'down' });
  return out;
}

/** Seeds the layer with the recovered hand (nothing when the hand has not begun or is over). */
export function resumeTableLayer(layer: Pick<TableLayer, 'resume'>, session: TableSession): number {
  const s = session.snapshot();
  if (s.handOver || s.handStartWall === null) return 0;
  return layer.resume(cardsOfHand(s.hand));
}

type LayerEvent = { kind: string; wall: number; orderKnown?: boolean };
const zoneOf = (ev: LayerEvent): string => String((ev as { zone?: unknown }).zone ?? '');

/**
 * Hole cards the readers report without their order (an inventory: after a restart, after a SYNC) come antenna by
 * antenna, seat 1 first. The dealer dealt them round by round from the seat after the button; fed in antenna order
 * the engine would see a card dealt out of turn (a false DEAL_WRONG_SEAT). Such arrivals are held for `windowMs` and
 * handed on in the deal's order: each time, the seat with the fewest hole cards that has one waiting, counted from
 * the small blind's side of the button. Any event whose order is known hands the held ones on first.
 */
export class DealOrder<E extends LayerEvent> {
  private held: E[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly session: Pick<TableSession, 'snapshot'>,
    private readonly forward: (ev: E) => void,
    private readonly windowMs = 60,
  ) {}

  push(ev: E): void {
    const s = this.session.snapshot();
    const holeCard =
      ev.orderKnown === false && ev.kind === 'cardAt' && /^seat\d+$/.test(zoneOf(ev)) && s.hand.phase === 'dealing';
    if (!holeCard) {
      this.flush();
      this.forward(ev);
      return;
    }
    this.held.push(ev);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.windowMs);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.held.length === 0) return;
    const held = this.held;
    this.held = [];
    const hand = this.session.snapshot().hand;
    const seats = hand.seats.map((x) => x.seat).sort((a, b) => a - b);
    // from the seat after the button, clockwise
    const from = seats.findIndex((x) => x > hand.button);
    const order = from < 0 ? seats : [...seats.slice(from), ...seats.slice(0, from)];
    const count = new Map(hand.seats.map((x) => [x.seat, x.cards.length]));
    const bySeat = new Map<number, E[]>();
    for (const ev of held) {
      const seat = Number(zoneOf(ev).slice(4));
      bySeat.set(seat, [...(bySeat.get(seat) ?? []), ev]);
    }
    while (bySeat.size > 0) {
      let pick: number | null = null;
      for (const seat of order) {
        if (!bySeat.has(seat)) continue;
        if (pick === null || (count.get(seat) ?? 0) < (count.get(pick) ?? 0)) pick = seat;
      }
      if (pick === null) {
        // a seat not in the hand: as it came
        for (const evs of bySeat.values()) for (const ev of evs) this.forward(ev);
        break;
      }
      const evs = bySeat.get(pick) as E[];
      this.forward(evs.shift() as E);
      count.set(pick, (count.get(pick) ?? 0) + 1);
      if (evs.length === 0) bySeat.delete(pick);
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.held = [];
  }
}
