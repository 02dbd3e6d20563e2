import type { HandSnapshot } from '../engine/types.js';
import { handSeat } from '../engine/zone.js';
import type { TableSession } from '../session/TableSession.js';

type LayerEvent = { kind: string; wall: number; orderKnown?: boolean };
const zoneOf = (ev: LayerEvent): string => String((ev as { zone?: unknown }).zone ?? '');

/**
 * Hole cards read without their order, in the deal's order (DealOrder): each time, the seat with the fewest hole
 * cards that has one waiting, counted from the seat after the button. Cards of a seat not in the hand: as they came.
 */
export function inDealOrder<E extends LayerEvent>(hand: HandSnapshot, held: readonly E[]): E[] {
  const out: E[] = [];
  const seats = hand.seats.map((x) => x.seat).sort((a, b) => a - b);
  // from the seat after the button, clockwise
  const from = seats.findIndex((x) => x > hand.button);
  const order = from < 0 ? seats : [...seats.slice(from), ...seats.slice(0, from)];
  const count = new Map(hand.seats.map((x) => [x.seat, x.cards.length]));
  const bySeat = new Map<number, E[]>();
  for (const ev of held) {
    const seat = handSeat(zoneOf(ev)) ?? 0;
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
      for (const evs of bySeat.values()) out.push(...evs);
      break;
    }
    const evs = bySeat.get(pick) as E[];
    out.push(evs.shift() as E);
    count.set(pick, (count.get(pick) ?? 0) + 1);
    if (evs.length === 0) bySeat.delete(pick);
  }
  return out;
}

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
      ev.orderKnown === false && ev.kind === 'cardAt' && handSeat(zoneOf(ev)) !== null && s.hand.phase === 'dealing';
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
    for (const ev of inDealOrder(this.session.snapshot().hand, held)) this.forward(ev);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.held = [];
  }
}
