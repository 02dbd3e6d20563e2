import type { ResumeRead } from '../engine/alerts/facts.js';
import type { Decision } from '../engine/hand/decisions.js';
import type { HandSnapshot } from '../engine/types.js';
import { handSeat } from '../engine/zone.js';
import type { TableSession } from '../session/TableSession.js';
import type { TableEventInput } from '../session/types.js';
import type { LiveTableEvent, TableLayer } from '../table/index.js';

import { inDealOrder } from './dealOrder.js';

/** What the readers' first inventory after a restart held for the engine, read in betting order (planResumeReading). */
export interface ResumePlan<E> {
  /** the events in the order the engine is to read them (hole cards first, in the deal's order) */
  events: E[];
  /** the actions read in turn at resume (the decisions the engine makes of them), in the order read */
  read: Decision[];
  /** true when some betting zone's chips were read in turn (the floor is told: RESUME_CHIPS_CHANGED info) */
  chipsRead: boolean;
  /** betting zones no in-turn reading explains: what the log left, what lies there now, whether chips are gone from
   * it, and whether the engine's own reading raises an alert for the seat (out of turn, an illegal amount) */
  unexplained: Array<{ seat: number; was: number[]; now: number[]; gone: boolean; alerted: boolean }>;
}

/** The hand after some events: the session's trialHand (a replay on a fresh state, every motion read). */
export type TrialHand = (events: readonly TableEventInput[]) => HandSnapshot;

type Step<E> = { seat: number | null; kind: 'chips' | 'collect' | 'fold' | 'cards' | 'say'; events: E[] };

const sortedDown = (xs: readonly number[]) => [...xs].sort((a, b) => b - a);
const sameChips = (a: readonly number[], b: readonly number[]) => {
  const [x, y] = [sortedDown(a), sortedDown(b)];
  return x.length === y.length && x.every((v, i) => v === y[i]);
};
/** every chip of `was` still lies in `now` */
const keepsAll = (was: readonly number[], now: readonly number[]) => {
  const rest = [...now];
  for (const c of was) {
    const i = rest.indexOf(c);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
};
const asInput = <E extends LiveTableEvent>(ev: E): TableEventInput => {
  const { wall: _wall, orderKnown: _orderKnown, ...rest } = ev;
  return rest as TableEventInput;
};
const PLAYER_ACTIONS = new Set(['fold', 'check', 'call', 'bet', 'raise']);

/** Seats clockwise from `from` (inclusive; the next seat when `from` is not one of them). */
function clockwise(seats: readonly number[], from: number): number[] {
  const sorted = [...seats].sort((a, b) => a - b);
  const i = sorted.findIndex((x) => x >= from);
  return i < 0 ? sorted : [...sorted.slice(i), ...sorted.slice(0, i)];
}

/** Where the betting goes on: the seat to act, else the first to act of the street. */
function bettingFrom(hand: HandSnapshot): number {
  if (hand.next) return hand.next.toAct;
  const after = (seat: number) =>
    clockwise(
      hand.seats.map((x) => x.seat),
      seat + 1,
    )[0] ?? 1;
  return hand.street === 'preflop' ? after(hand.bb) : after(hand.button);
}

/** No betting round open: the round's chips wait for their collection, the street for its cards (or the hand is over) */
const roundClosed = (h: HandSnapshot) => h.phase === 'board' || h.phase === 'showdown' || h.phase === 'complete';

/** New alerts that are more than an announced reading (info): the step is not a legal action in that order. */
const alertedSince = (prev: HandSnapshot, next: HandSnapshot) => {
  const known = new Set(prev.alerts.map((a) => a.id));
  return next.alerts.filter((a) => !known.has(a.id) && a.severity !== 'info');
};

/**
 * Cards of the board and the burn found at resume (a street dealt while down), as a dealer deals them: a burn, then
 * the street's cards (three for the flop, one for the turn and the river), and so on; the inventory gives them
 * antenna by antenna (the board's before the burn's). Any other card event goes first, as it came.
 */
function dealtInOrder<E extends LiveTableEvent>(hand: HandSnapshot, evs: readonly E[]): E[] {
  const burns = evs.filter((e) => e.kind === 'cardAt' && e.zone === 'burn');
  const board = evs.filter((e) => e.kind === 'cardAt' && e.zone === 'board');
  const out = evs.filter((e) => !burns.includes(e) && !board.includes(e));
  let onBoard = hand.board.length;
  while (burns.length > 0 || board.length > 0) {
    const burn = burns.shift();
    if (burn) out.push(burn);
    const n = onBoard === 0 ? 3 : 1;
    out.push(...board.splice(0, n));
    onBoard += n;
  }
  return out;
}

/**
 * After a restart, the betting zones' chips and the hands' cards in the muck, as the readers' first inventory finds
 * them, are read as the actions they would have been had the service been up: in betting order from the seat to act,
 * each zone taken as long as it is a legal action in that order (a call, a raise, a fold's cards in the muck, the
 * collection of a finished round's chips); the board's and the burn's cards (a street dealt while down) when the
 * round they close allows them. "Legal" is the engine's own word: a step is tried on a replay of the hand
 * (`trial`) and taken when the engine reads it without an alert beyond an announced reading (info). What no in-turn
 * reading explains goes after, in betting order, for the engine to judge as it would live (out of turn, an illegal
 * amount: its usual alerts and remedies); zones whose chips are gone are named (`unexplained`).
 *
 * A declaration tapped on the dealer's tablet meanwhile (`say`: its order among the taps is known, not among the
 * motions the inventory gives: the tablet reconnects before the bridge's inventory comes, which holds the motions
 * made before the tap) is read the same way: its seat's step when the betting comes to it, the taps in the order
 * they came; one no in-turn reading explains goes last, for the engine to judge as live.
 *
 * Pure: the hand before, the events held, and a trial function; nothing is applied.
 */
export function planResumeReading<E extends LiveTableEvent>(
  hand: HandSnapshot,
  held: readonly E[],
  trial: TrialHand,
): ResumePlan<E> {
  const seatOf = new Map<string, number>();
  for (const x of hand.seats) if (!x.folded) for (const c of x.cards) seatOf.set(c, x.seat);
  const seatNos = hand.seats.map((x) => x.seat);
  // the last content of each betting zone that changed
  const chips = new Map<number, E>();
  const mucked = new Map<number, Set<string>>();
  for (const ev of held) {
    if (ev.kind === 'cardAt' && ev.zone === 'muck' && seatOf.has(ev.card)) {
      const seat = seatOf.get(ev.card) as number;
      mucked.set(seat, (mucked.get(seat) ?? new Set()).add(ev.card));
    }
  }
  const hole: E[] = [];
  const others: E[] = [];
  const folds = new Map<number, E[]>();
  // the tablet's declarations, in the order they came (only the first is ever the next to read)
  const said: E[] = [];
  for (const ev of held) {
    if (ev.kind === 'say') {
      said.push(ev);
      continue;
    }
    if (ev.kind === 'chips') {
      if (seatNos.includes(ev.seat)) chips.set(ev.seat, { ...ev, atResume: true });
      else others.push(ev);
      continue;
    }
    const card = (ev as { card?: string }).card ?? '';
    const folding = seatOf.get(card);
    if (folding !== undefined && mucked.get(folding)?.has(card) && (ev.kind === 'cardOff' || ev.kind === 'cardAt')) {
      // a hand's cards leaving its seat for the muck: its fold
      const e = ev.kind === 'cardAt' && ev.zone === 'muck' ? { ...ev, atResume: true as const } : ev;
      folds.set(folding, [...(folds.get(folding) ?? []), e]);
      continue;
    }
    if (ev.kind === 'cardAt' && handSeat(ev.zone) !== null) hole.push(ev);
    else others.push(ev);
  }
  const zoneOfSeat = (h: HandSnapshot, seat: number) => h.seats.find((x) => x.seat === seat)?.zone ?? [];
  for (const [seat, ev] of chips) {
    if (ev.kind === 'chips' && sameChips(zoneOfSeat(hand, seat), ev.chips)) chips.delete(seat);
  }

  const sequence: E[] = [...inDealOrder(hand, hole)];
  // the motions the service was reading when it stopped are read first (as the next event would read them)
  let cur = trial(sequence.map(asInput));
  const read: Decision[] = [];
  let chipsRead = false;
  let board = dealtInOrder(cur, others);

  const stepsOf = (seat: number, at: HandSnapshot): Step<E>[] => {
    const out: Step<E>[] = [];
    // a declaration comes before the chips that carry it out (a raise said, then pushed)
    const say = said[0];
    if (say?.kind === 'say' && say.seat === seat) out.push({ seat, kind: 'say', events: [say] });
    const ev = chips.get(seat);
    if (ev && ev.kind === 'chips') {
      // a finished round's chips (no betting round open): their collection may come first, the chips lying there
      // now being the next street's (read once it is dealt)
      const lying = zoneOfSeat(at, seat);
      const collect: Step<E> = { seat, kind: 'collect', events: [{ ...ev, chips: [] }] };
      const collectable = roundClosed(at) && lying.length > 0 && ev.chips.length > 0;
      if (collectable && !keepsAll(lying, ev.chips)) out.push(collect);
      out.push({ seat, kind: 'chips', events: [ev] });
      if (collectable && keepsAll(lying, ev.chips)) out.push(collect);
    }
    const f = folds.get(seat);
    if (f) out.push({ seat, kind: 'fold', events: f });
    return out;
  };
  const take = (step: Step<E>, next: HandSnapshot) => {
    sequence.push(...step.events);
    for (const d of next.decisions.slice(cur.decisions.length))
      if (d.atResume && PLAYER_ACTIONS.has(d.kind)) read.push(d);
    if (step.kind === 'chips') {
      chips.delete(step.seat as number);
      chipsRead = true;
    } else if (step.kind === 'fold') folds.delete(step.seat as number);
    else if (step.kind === 'say') said.shift();
    else if (step.kind === 'cards') board = [];
    cur = next;
  };

  for (let guard = 0; guard < 64; guard++) {
    let taken = false;
    for (const seat of clockwise(seatNos, bettingFrom(cur))) {
      for (const step of stepsOf(seat, cur)) {
        if (step.kind === 'collect' && zoneOfSeat(cur, seat).length === 0) continue;
        // no betting round open: a zone is only collected; chips lying there are the next street's, read once dealt
        const ev0 = step.events[0];
        if (step.kind === 'chips' && roundClosed(cur) && ev0.kind === 'chips' && ev0.chips.length > 0) continue;
        const next = trial([...sequence, ...step.events].map(asInput));
        if (alertedSince(cur, next).length > 0) continue;
        // chips gone from a zone in an open betting round explain an action only when the engine reads one of them
        // (a bet made with change); taken back, they are what no in-turn reading explains
        if (step.kind === 'chips' && cur.phase === 'betting') {
          const ev = step.events[0];
          const acted = next.decisions
            .slice(cur.decisions.length)
            .some((d) => d.seat === seat && d.atResume && PLAYER_ACTIONS.has(d.kind));
          if (ev.kind === 'chips' && !keepsAll(zoneOfSeat(cur, seat), ev.chips) && !acted) continue;
        }
        // a zone taken for a collection keeps its new chips for later
        if (step.kind === 'collect') {
          sequence.push(...step.events);
          cur = next;
        } else take(step, next);
        taken = true;
        break;
      }
      if (taken) break;
    }
    if (taken) continue;
    if (board.length > 0) {
      const step: Step<E> = { seat: null, kind: 'cards', events: board };
      const next = trial([...sequence, ...board].map(asInput));
      if (alertedSince(cur, next).length === 0) {
        take(step, next);
        continue;
      }
    }
    break;
  }

  // what no in-turn reading explains: in betting order, for the engine to judge as live
  const unexplained: ResumePlan<E>['unexplained'] = [];
  const rest: E[] = [];
  const restSeats: number[] = [];
  for (const seat of clockwise(seatNos, bettingFrom(cur))) {
    const ev = chips.get(seat);
    if (ev && ev.kind === 'chips') {
      const was = zoneOfSeat(hand, seat);
      unexplained.push({ seat, was: [...was], now: [...ev.chips], gone: !keepsAll(was, ev.chips), alerted: false });
      rest.push(ev);
      restSeats.push(seat);
    }
    const f = folds.get(seat);
    if (f) rest.push(...f);
  }
  const events = [...sequence, ...rest, ...board, ...said];
  if (unexplained.length > 0) {
    const final = trial(events.map(asInput));
    const fresh = alertedSince(cur, final);
    for (const u of unexplained) u.alerted = fresh.some((a) => a.seat === u.seat);
  }
  return { events, read, chipsRead, unexplained };
}

/** How long a declaration tapped while the readers' first inventory has not come is held for it (ms): past that (no
 * bridge answering) the taps go to the engine as they came, never kept from it. */
export const RESUME_TAP_HOLD_MS = 5000;

/**
 * Between a restart and the end of the readers' first inventory (TableLayer `resuming`), the events the inventory
 * gives (their order unknown: antenna by antenna, seat 1 first) are held; once it is complete they are read in
 * betting order (planResumeReading) and handed on. A declaration tapped on the tablet meanwhile is held with them
 * (the tablet is back before the bridge: its tap follows motions only the inventory will report) and read among
 * them in turn, for at most `tapHoldMs`. Any other event whose order is known (a button, a live motion) hands the
 * held ones on first, read the same way.
 */
export class ResumeReading<E extends LiveTableEvent> {
  private held: E[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly session: Pick<TableSession, 'snapshot' | 'trialHand'>,
    private readonly layer: Pick<TableLayer, 'resuming'>,
    private readonly forward: (ev: E) => void,
    private readonly tapHoldMs = RESUME_TAP_HOLD_MS,
  ) {}

  push(ev: E): void {
    if (this.layer.resuming && ev.orderKnown === false) {
      this.held.push(ev);
      return;
    }
    if (this.layer.resuming && ev.kind === 'say') {
      this.held.push(ev);
      if (!this.timer) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.release(ev.wall);
        }, this.tapHoldMs);
        this.timer.unref();
      }
      return;
    }
    this.release(ev.wall);
    this.forward(ev);
  }

  /** Reads the held events in betting order and hands them on (each at `wall`, the moment the table was read). */
  release(wall: number): ResumePlan<E> | null {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.held.length === 0) return null;
    const held = this.held;
    this.held = [];
    const plan = planResumeReading(this.session.snapshot().hand, held, (evs) => this.session.trialHand(evs, wall));
    for (const ev of plan.events) this.forward({ ...ev, wall: Math.max(ev.wall, wall) });
    return plan;
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.held = [];
  }
}

/** One action read at resume, as a fact the catalogue renders (RESUME_CHIPS_CHANGED info). */
export function readEntry(d: Decision): ResumeRead {
  const seat = d.seat;
  if (d.kind === 'fold' || d.kind === 'check') return { seat, action: d.kind };
  if (d.allIn) return { seat, action: 'allin', amount: d.to };
  return { seat, action: d.kind === 'call' ? 'call' : d.kind === 'bet' ? 'bet' : 'raise', amount: d.to };
}
