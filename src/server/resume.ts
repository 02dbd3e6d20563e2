// A restart resumes the table where the log left it: the table layer is told where the engine believes every card
// lies (the session rebuilt from the log), so that what the readers report now is read as movements from there.
import { renderAlert } from '../engine/alerts/catalogue.js';
import { cardsEn, cartesFr } from '../engine/alerts/plural.js';
import type { Decision } from '../engine/hand/decisions.js';
import type { HandSnapshot } from '../engine/types.js';
import type { TableSession } from '../session/TableSession.js';
import type { SessionState, TableEventInput } from '../session/types.js';
import type { LiveTableEvent, TableLayer } from '../table/index.js';

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
  const bets = s.hand.seats.filter((x) => x.zone.length > 0).map((x) => ({ seat: x.seat, chips: [...x.zone] }));
  return layer.resume(cardsOfHand(s.hand), bets);
}

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
    for (const ev of inDealOrder(this.session.snapshot().hand, held)) this.forward(ev);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.held = [];
  }
}

// ---- reading at resume -------------------------------------------------------------------------------------------

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
    if (ev.kind === 'cardAt' && /^seat\d+$/.test(ev.zone)) hole.push(ev);
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
          const acted = next.decisions.slice(cur.decisions.length).some((d) => d.seat === seat && d.atResume);
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

/** One action read at resume, in the words the catalogue renders (RESUME_CHIPS_CHANGED info). */
export function readEntry(d: Decision): string {
  const who = `seat ${d.seat}`;
  if (d.kind === 'fold') return `${who} folds`;
  if (d.kind === 'check') return `${who} checks`;
  if (d.kind === 'call') return d.allIn ? `${who} is all-in for ${d.to}` : `${who} calls ${d.to}`;
  if (d.kind === 'bet') return d.allIn ? `${who} is all-in for ${d.to}` : `${who} bets ${d.to}`;
  return d.allIn ? `${who} is all-in for ${d.to}` : `${who} raises to ${d.to}`;
}

/** the table alert of a card the log placed on the table that no reader reports after the restart */
export const RESUME_CARD_GONE = 'RESUME_CARD_GONE';
/** the table alert of a betting zone whose chips are not what the log left there after the restart */
export const RESUME_CHIPS_CHANGED = 'RESUME_CHIPS_CHANGED';

const zoneEn = (zone: string): string =>
  /^seat\d+$/.test(zone) ? `seat ${zone.slice(4)}` : zone === 'board' ? 'the board' : `the ${zone}`;
const zoneFr = (zone: string): string =>
  /^seat\d+$/.test(zone)
    ? `du siège ${zone.slice(4)}`
    : zone === 'board'
      ? 'du tableau'
      : zone === 'burn'
        ? 'des brûlées'
        : 'du rebut';

/**
 * After a restart the readers' first inventories are read against where the log left every card (TableLayer
 * 'resumed'): cards that arrived elsewhere were movements the engine has read (a fold into the muck); the cards no
 * antenna reads any more moved to where no reader sees them while the service was down. They are never kept
 * silently: one alert per zone, naming the zone and how many cards (never which: a hole card is nobody's to read).
 * A board card, or a card of a hand still live, gone: the outcome can no longer be reconstructed exactly, so the
 * hand is stopped for the floor (severity stop; ResumeHold keeps the table's events from the engine until the floor
 * decides, so nothing is paid meanwhile). A card of a folded hand, the burn or the muck gone: a warning.
 */
export function reconcileResume(
  session: Pick<TableSession, 'snapshot' | 'raiseTableAlert'>,
  missing: ReadonlyArray<{ card: string; zone: string }>,
  wall: number,
  plan: Pick<ResumePlan<unknown>, 'read' | 'chipsRead' | 'unexplained'> | null = null,
): number {
  const s = session.snapshot();
  let raised = 0;
  const ruleset = s.config.ruleset;
  // the betting zones read in turn at resume: one info for the floor, listing every action read (amounts are public)
  if (plan?.chipsRead && plan.read.length > 0) {
    const facts = {
      zone: [...new Set(plan.read.map((d) => `bet${d.seat}`))].join(','),
      seats: [...new Set(plan.read.map((d) => d.seat))],
      detail: plan.read.map(readEntry).join('; '),
    };
    session.raiseTableAlert(
      {
        code: RESUME_CHIPS_CHANGED,
        ...renderAlert(RESUME_CHIPS_CHANGED, facts, ruleset),
        seat: null,
        zone: facts.zone,
        facts,
      },
      wall,
    );
    raised++;
  }
  // a zone no in-turn reading explains: chips gone from it are named; chips the engine reads with an alert of its
  // own (out of turn, an illegal amount) are that alert; anything else is named too (never kept silently)
  for (const u of plan?.unexplained ?? []) {
    if (!u.gone && u.alerted) continue;
    const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const [was, now] = [total(u.was), total(u.now)];
    const facts = {
      zone: `bet${u.seat}`,
      seat: u.seat,
      amount: now,
      zoneTotal: now,
      detail: `log ${was}`,
      variant: u.gone ? 'gone' : 'changed',
    };
    session.raiseTableAlert(
      {
        code: RESUME_CHIPS_CHANGED,
        ...renderAlert(RESUME_CHIPS_CHANGED, facts, ruleset),
        seat: u.seat,
        zone: facts.zone,
        facts,
      },
      wall,
    );
    raised++;
  }
  if (s.handOver || missing.length === 0) return raised;
  const byZone = new Map<string, string[]>();
  for (const m of missing) byZone.set(m.zone, [...(byZone.get(m.zone) ?? []), m.card]);
  // a second restart before the floor decided: the zone's stop stands, it is not raised again
  const standing = new Set(
    s.tableAlerts.filter((a) => a.code === RESUME_CARD_GONE && !a.decision && a.hand === s.handNo).map((a) => a.zone),
  );
  for (const [zone, cards] of byZone) {
    if (standing.has(zone)) continue;
    const seatNo = /^seat(\d+)$/.exec(zone);
    const seat = seatNo ? s.hand.seats.find((x) => x.seat === Number(seatNo[1])) : undefined;
    const stop = zone === 'board' || (seat !== undefined && !seat.folded);
    const n = cards.length;
    const what = cardsEn(n);
    const quoi = cartesFr(n);
    session.raiseTableAlert(
      {
        code: RESUME_CARD_GONE,
        severity: stop ? 'stop' : 'warn',
        rule: stop ? 'tda 1' : '',
        seat: seat ? seat.seat : null,
        zone,
        // the board's cards are public; a hole card's identity is named to no one (the zone and the count only)
        facts: { zone, seat: seat ? seat.seat : null, amount: n, detail: stop ? 'stop' : 'warn' },
        message: `After the restart, ${what} the log places on ${zoneEn(zone)} ${n > 1 ? 'are' : 'is'} read by no antenna: moved while the service was down.`,
        messageFr: `Après le redémarrage, ${quoi} ${zoneFr(zone)} selon le journal ${n > 1 ? 'ne sont lues' : "n'est lue"} par aucune antenne : déplacée${n > 1 ? 's' : ''} pendant l'arrêt du service.`,
        remedy: stop
          ? 'The hand is stopped: its outcome cannot be rebuilt exactly. Nothing is paid until the floor decides (go on once the cards are back in place, or void the hand with a shuffle: chips go back).'
          : 'Check where the cards went; the hand goes on.',
        remedyFr: stop
          ? "La main est arrêtée : son issue ne peut être reconstituée exactement. Rien n'est payé avant la décision de l'arbitre (reprendre une fois les cartes remises en place, ou annuler la main par un mélange : les jetons sont rendus)."
          : 'Vérifiez où sont allées les cartes ; la main continue.',
      },
      wall,
    );
    raised++;
  }
  return raised;
}

/** an undecided RESUME_CARD_GONE stop of the hand in play */
export function resumeStopped(s: SessionState): boolean {
  if (s.handOver) return false;
  return s.tableAlerts.some(
    (a) => a.code === RESUME_CARD_GONE && a.severity === 'stop' && !a.decision && a.hand === s.handNo,
  );
}

/**
 * While the hand is stopped for the floor (resumeStopped), the table's events are held, not given to the engine:
 * no pot is pushed, no card read as a showdown, until the floor decides. The floor's decision hands them on in the
 * order they came; a shuffle or a misdeal (the floor voiding the hand) goes at once and the held events of the
 * stopped hand with it are dropped (the hand is over). Bounded: past `limit` the oldest held go.
 */
export class ResumeHold<E extends { kind: string }> {
  private held: E[] = [];
  private readonly onState = () => {
    if (this.held.length > 0 && !resumeStopped(this.session.snapshot())) this.release();
  };

  constructor(
    private readonly session: Pick<TableSession, 'snapshot' | 'on' | 'off'>,
    private readonly forward: (ev: E) => void,
    private readonly limit = 10_000,
  ) {
    session.on('state', this.onState);
  }

  push(ev: E): void {
    if (!resumeStopped(this.session.snapshot())) {
      this.release();
      this.forward(ev);
      return;
    }
    const button = (ev as { button?: unknown }).button;
    if (ev.kind === 'dealer' && (button === 'shuffle' || button === 'misdeal')) {
      this.held = [];
      this.forward(ev);
      return;
    }
    if (ev.kind === 'dealer') {
      this.forward(ev); // the floor button: a call for the floor is never held
      return;
    }
    this.held.push(ev);
    if (this.held.length > this.limit) this.held.shift();
  }

  get holding(): number {
    return this.held.length;
  }

  private release(): void {
    const held = this.held;
    this.held = [];
    for (const ev of held) this.forward(ev);
  }

  close(): void {
    this.session.off('state', this.onState);
    this.held = [];
  }
}
