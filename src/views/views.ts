// viewFor(role, subject, now): the ONE place that decides what each role may see. The security boundary. The
// subject is the live state (the view a page shows), a step of a finished hand's replay (its event's text), or a
// hand history (with every hole card: whether it may leave yet). Every route and the room ask it.
//
//   commentator  everything, live: every hole card, burns, muck, equities, alerts.
//   overlay      the commentator's picture minus the floor's business, and only for a state at least the broadcast
//                delay old: a younger state gives null, whatever the client asks.
//   dealer       the table as the players see it (hole cards only once exposed or tabled), the alerts, the legal
//                actions, the shot clock.
//   floor        the dealer's picture plus decisions, table alerts and the hardware's health.
//   public       the table as the players see it; no alerts.
//
// A card that a role may not see is replaced by '??' wherever it appears: seat cards, the decisions, and alerts.
// An alert is masked on the facts of the hand it belongs to, as they are when the view is made: its card facts are
// masked and its texts rendered again from the masked facts (alerts recorded before facts existed have their texts
// scrubbed instead). A card public in a later hand does not unmask an alert of an earlier hand where it was a hole
// card; an alert of a hand the server holds no facts for shows no card at all.
//
// Hand histories hold every hole card: commentators get one at once; the floor (and the card room, which serves the
// floor staff) only once the broadcast delay has passed since the hand ended, counted by the one who holds it on its
// own monotonic clock; no other role ever.

import { parseCard } from '../engine/cards.js';
import { describeHand } from '../engine/eval/describe.js';
import type { Decision } from '../engine/hand/decisions.js';
import type { Alert, HandSnapshot, HouseRules, NextAction, Phase, PotView, Street } from '../engine/types.js';
import { clockView } from '../room/clockFact.js';
import type { RoomClock } from '../room/protocol.js';
import type { SessionAlert } from '../session/floorLog.js';
import type { BlindLevel, ShotClock, TableAlert, TableHealth } from '../session/types.js';
import {
  type AlertMasker,
  type AlertView,
  alertMasker,
  type FloorEntryView,
  HIDDEN,
  handAlertView,
  handCards,
  NO_FACTS,
  publicCards,
  scrubCards,
  tableAlertView,
} from './alertViews.js';
import type { EquityTrack, LiveState, Role, StorageView } from './liveState.js';

export type { AlertView, FloorEntryView } from './alertViews.js';
export { HIDDEN, handCards, publicCards, scrubCards, scrubSecret } from './alertViews.js';

export interface SeatPublicView {
  seat: number;
  stack: number;
  committed: number;
  zone: number[];
  /** the cards this role may see; hidden ones are '??' (their count is public: the table sees them) */
  cards: string[];
  folded: boolean;
  allIn: boolean;
  absent: boolean;
  dead: boolean;
  handName?: string;
  /** the hand's name in French (shown with handName) */
  handNameFr?: string;
}

/** A blind or the big-blind ante posted by the rules at the shuffle (engine/hand/create.ts postBlinds). */
export interface BlindPost {
  seat: number;
  kind: 'sb' | 'bb' | 'ante';
  amount: number;
}

/** What the rules posted at the hand's start: the small blind, the big blind, then the ante out of the big blind's
 * stack, each capped by the stack the seat began with (a short blind is all-in for less, tda 72). */
export function blindPosts(s: { config: { seats: Record<number, number> }; hand: HandSnapshot }): BlindPost[] {
  const hand = s.hand;
  if (hand.phase === 'waiting') return [];
  const start = (seat: number) => Number(s.config.seats[seat] ?? 0);
  const out: BlindPost[] = [];
  if (hand.sb !== null && hand.blinds[0] > 0 && start(hand.sb) > 0)
    out.push({ seat: hand.sb, kind: 'sb', amount: Math.min(hand.blinds[0], start(hand.sb)) });
  const big = Math.min(hand.blinds[1], start(hand.bb));
  if (big > 0) out.push({ seat: hand.bb, kind: 'bb', amount: big });
  const ante = Math.min(hand.bbAnte, start(hand.bb) - big);
  if (ante > 0) out.push({ seat: hand.bb, kind: 'ante', amount: ante });
  return out;
}

/** A seat's player as every role sees them (names are public: the table sees who sits where). */
export interface PlayerView {
  name: string;
  country?: string;
  photoUrl?: string;
  /** the short display name the floor set (plates, buttons); the lower third shows `name` */
  short?: string;
  /** sits out from the next shuffle */
  sittingOut: boolean;
  /** moves to this seat at the next shuffle */
  movingTo?: number;
}

export interface RoleView {
  role: Role;
  /** the session state's version this view shows */
  version: number;
  /** wall ms of the state shown */
  wall: number;
  /** how far behind the table this view is (overlay) */
  delayMs: number;
  handNo: number;
  handOver: boolean;
  phase: Phase;
  street: Street;
  ruleset: string;
  /** the house rules in force (floor only: the floor rules by them) */
  house?: HouseRules;
  /** seats marked away from the table, absent at the next deal until they sit (floor only) */
  away?: number[];
  /** seat -> penalty hands still to serve (floor only) */
  penalties?: Record<string, number>;
  button: number;
  sb: number | null;
  bb: number;
  blinds: [number, number];
  bbAnte: number;
  level: BlindLevel;
  board: string[];
  burns: string[];
  muck: string[];
  seats: SeatPublicView[];
  /** the blinds and the big-blind ante the rules posted at the shuffle (the action log's first lines) */
  posts: BlindPost[];
  /** the engine's typed decisions (cards masked as in `seats`) */
  decisions: Decision[];
  /** seat -> player (roster); names are public */
  players: Record<string, PlayerView>;
  next: NextAction | null;
  pots: PotView[];
  stacks: Record<string, number>;
  alerts: AlertView[];
  clock: ShotClock | null;
  health: TableHealth | null;
  equity: EquityTrack | null;
  /** the event log cannot be written (every role: the table holds); null when all is well */
  storage: StorageView | null;
  /** the floor's history, shared by every floor tablet (floor only; open incidents first, by severity, then age) */
  floorLog?: FloorEntryView[];
  /** the room's tournament clock (every role: level, break, the time left at this view's moment, what comes next);
   * null outside a tournament */
  tourney: RoomClock | null;
}

/** Roles that see every card live. */
const SEES_ALL_LIVE: ReadonlySet<Role> = new Set<Role>(['commentator']);

/** A step of a hand's replay: the event the table took at that point, as the role may read it (see HandStep). */
export interface StepEvent {
  kind: 'step';
  /** the hand as it stood after the event */
  hand: HandSnapshot;
  event: unknown;
}

/** A finished hand's history (PHH, OHH, PokerStars): every hole card in it. */
export interface HandHistory {
  kind: 'history';
  /** monotonic ms when the hand ended (or the room received it), on the clock `now` is read from */
  endedAt: number;
  /** the broadcast delay in force (ms) */
  delayMs: number;
}

/** The broadcast delay in force: what a role's views run behind the table by. */
export interface DelaySetting {
  kind: 'delay';
  broadcastDelayMs: number;
}

/** Roles whose views run a broadcast delay behind the table (every other role sees it live). */
const DELAYED: ReadonlySet<Role> = new Set<Role>(['overlay']);

/** who may be handed a hand history: a role of the table, or the card room (its staff: the floor's rule) */
export type HistoryReader = Role | 'room';

/** The live state as `role` sees it at monotonic `now` (null: nothing yet, the overlay's delay). */
export function viewFor(role: Role, state: LiveState, now: number): RoleView | null;
/** A replay step's event as JSON text, every card the role may not see at that point replaced by '??'. */
export function viewFor(role: Role, step: StepEvent, now: number): string;
/** Whether a hand history may reach `reader` at monotonic `now`. */
export function viewFor(reader: HistoryReader, history: HandHistory, now: number): boolean;
/** The delay (ms) `role`'s views run behind the table under `delay` (the overlay's: the broadcast delay; else 0). */
export function viewFor(role: Role, delay: DelaySetting, now: number): number;
export function viewFor(
  role: HistoryReader,
  subject: LiveState | StepEvent | HandHistory | DelaySetting,
  now: number,
): RoleView | null | string | boolean | number {
  if ('kind' in subject) {
    if (subject.kind === 'delay') return role !== 'room' && DELAYED.has(role) ? subject.broadcastDelayMs : 0;
    return subject.kind === 'step' ? stepText(role, subject) : historyReleased(role, subject, now);
  }
  if (role === 'room') return null;
  return liveView(role, subject, now);
}

function stepText(role: HistoryReader, step: StepEvent): string {
  const text = JSON.stringify(step.event);
  return role !== 'room' && SEES_ALL_LIVE.has(role) ? text : scrubCards(text, publicCards(step.hand));
}

function historyReleased(reader: HistoryReader, h: HandHistory, now: number): boolean {
  if (reader !== 'room' && SEES_ALL_LIVE.has(reader)) return true;
  if (reader !== 'floor' && reader !== 'room') return false;
  return h.delayMs >= 0 && now - h.endedAt >= h.delayMs;
}

function liveView(role: Role, state: LiveState, now: number): RoleView | null {
  const s = state.session;
  let delayMs = 0;
  if (DELAYED.has(role)) {
    // The broadcast delay: nothing younger than the delay leaves this function for the overlay.
    const age = now - state.at;
    if (!(state.broadcastDelayMs >= 0) || age < state.broadcastDelayMs) return null;
    delayMs = age;
  }
  const seesAll = SEES_ALL_LIVE.has(role) || role === 'overlay';
  const hand = s.hand;
  const known = seesAll ? null : publicCards(hand);
  const mask = (c: string): string => (known === null || known.has(c) ? c : HIDDEN);

  const seats: SeatPublicView[] = hand.seats.map((seat) => {
    const cards = seat.cards.map(mask);
    const allVisible = cards.length > 0 && cards.every((c) => c !== HIDDEN);
    const v: SeatPublicView = {
      seat: seat.seat,
      stack: seat.stack,
      committed: seat.committed,
      zone: [...seat.zone],
      cards,
      folded: seat.folded,
      allIn: seat.allIn,
      absent: seat.absent,
      dead: seat.dead,
    };
    if (seat.handName !== undefined && (seesAll || allVisible)) {
      v.handName = seat.handName;
      v.handNameFr = describeHand([...seat.cards, ...hand.board].map(parseCard), 'fr');
    }
    return v;
  });

  const showsAlerts = role === 'dealer' || role === 'floor' || role === 'commentator';
  const alerts: AlertView[] = [];
  let floorLog: FloorEntryView[] | undefined;
  if (showsAlerts) {
    const maskers = new Map<number, AlertMasker>();
    const maskerOf = (handNo: number): AlertMasker => {
      let m = maskers.get(handNo);
      if (!m) {
        const cards = seesAll
          ? null
          : handNo === s.handNo
            ? handCards(hand)
            : (state.pastHands?.get(handNo) ?? NO_FACTS);
        m = alertMasker(cards);
        maskers.set(handNo, m);
      }
      return m;
    };
    // an alert that repeats another is counted on that one (its incident), not listed
    for (const a of hand.alerts)
      if ((a as SessionAlert).incident === undefined)
        alerts.push(handAlertView(a, maskerOf(s.handNo), role, s.handNo, hand.ruleset));
    if (role === 'dealer' || role === 'floor') {
      for (const a of s.tableAlerts) alerts.push(tableAlertView(a, maskerOf(a.hand), role, s.handNo));
    }
    if (role === 'floor' && s.floorLog) {
      floorLog = s.floorLog.map((e) => {
        const alert =
          e.source === 'hand'
            ? handAlertView(e.alert as Alert, maskerOf(e.hand), role, e.hand, hand.ruleset)
            : tableAlertView(e.alert as TableAlert, maskerOf(e.hand), role, s.handNo);
        const v: FloorEntryView = {
          key: e.key,
          source: e.source,
          hand: e.hand,
          count: e.count,
          wall: e.wall,
          seq: e.seq,
          state: e.state,
          alert,
        };
        if (e.decision)
          v.decision = {
            decision: maskerOf(e.hand).text(e.decision.decision, false),
            by: e.decision.by,
            wall: e.decision.wall,
          };
        return v;
      });
    }
  }

  return {
    role,
    version: s.version,
    wall: s.wall,
    delayMs,
    handNo: s.handNo,
    handOver: s.handOver,
    phase: hand.phase,
    street: hand.street,
    ruleset: hand.ruleset,
    ...(role === 'floor'
      ? { house: { ...(hand.house ?? {}) }, away: [...(s.away ?? [])], penalties: { ...(s.penalties ?? {}) } }
      : {}),
    button: hand.button,
    sb: hand.sb,
    bb: hand.bb,
    blinds: [hand.blinds[0], hand.blinds[1]],
    bbAnte: hand.bbAnte,
    level: s.level,
    board: [...hand.board],
    // burn and muck faces are never public; their count is
    burns: seesAll ? [...hand.burns] : hand.burns.map(() => HIDDEN),
    muck: seesAll ? [...hand.muck] : hand.muck.map(mask),
    seats,
    posts: blindPosts(s),
    decisions: (hand.decisions ?? []).map((d) => (d.cards.length ? { ...d, cards: d.cards.map(mask) } : d)),
    players: playersOf(s.roster),
    next: hand.next,
    ...(seesAll ? { pots: hand.pots, stacks: hand.stacks } : awardAsTabled(hand, known ?? new Set())),
    alerts,
    clock: role === 'dealer' || role === 'floor' || role === 'commentator' ? s.clock : null,
    health: role === 'floor' ? s.health : null,
    equity: seesAll && state.equity && state.equity.handNo === s.handNo ? state.equity : null,
    storage: state.storage ?? null,
    ...(floorLog ? { floorLog } : {}),
    tourney: state.tourney ? clockView(state.tourney, now) : null,
  };
}

function playersOf(roster: LiveState['session']['roster']): Record<string, PlayerView> {
  const out: Record<string, PlayerView> = {};
  for (const r of roster ?? []) {
    const p: PlayerView = { name: r.player.name, sittingOut: r.sittingOut };
    if (r.player.country) p.country = r.player.country;
    if (r.player.photoUrl) p.photoUrl = r.player.photoUrl;
    if (r.player.short) p.short = r.player.short;
    if (r.movingTo !== undefined) p.movingTo = r.movingTo;
    out[String(r.seat)] = p;
  }
  return out;
}

/**
 * The award as the table sees it: the engine decides every pot as soon as the river betting ends (cards speak, from
 * the hole cards it read), but a pot's winners and shares (and the stacks they change) are shown only once it is
 * decided face up: every live hand that may win it is tabled or exposed, or only one hand may win it (uncontested, or
 * every other hand folded or mucked). Until then the pot is its amount and who may win it, as before the river.
 */
function awardAsTabled(
  hand: HandSnapshot,
  known: ReadonlySet<string>,
): { pots: PotView[]; stacks: Record<string, number> } {
  const seatOf = new Map(hand.seats.map((s) => [s.seat, s]));
  const faceUp = (seat: number): boolean => {
    const s = seatOf.get(seat);
    return s !== undefined && s.cards.length > 0 && s.cards.every((c) => known.has(c));
  };
  const stacks: Record<string, number> = { ...hand.stacks };
  const pots = hand.pots.map((p): PotView => {
    if (p.winners === undefined && p.shares === undefined) return p;
    const live = p.eligible.filter((seat) => seatOf.get(seat)?.folded !== true);
    if (live.length <= 1 || live.every(faceUp)) return p;
    for (const [seat, share] of Object.entries(p.shares ?? {})) {
      if (stacks[seat] !== undefined) stacks[seat] -= share;
    }
    return { amount: p.amount, eligible: [...p.eligible] };
  });
  return { pots, stacks };
}
