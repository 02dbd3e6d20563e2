// viewFor(role, state, now): the ONE place that decides what each role may see. The security boundary.
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

import { renderAlert } from '../engine/alerts/catalogue.js';
import { parseCard } from '../engine/cards.js';
import { describeHand } from '../engine/eval/describe.js';
import type { Decision } from '../engine/hand/decisions.js';
import type {
  Alert,
  AlertCode,
  AlertFacts,
  HandSnapshot,
  HouseRules,
  NextAction,
  Phase,
  PotView,
  Ruleset,
  Street,
} from '../engine/types.js';
import type { SessionAlert } from '../session/floorLog.js';
import type { BlindLevel, ShotClock, TableAlert, TableHealth } from '../session/types.js';
import type { EquityTrack, HandCards, LiveState, Role, StorageView } from './liveState.js';

export const HIDDEN = '??';

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

export interface AlertView {
  id: number;
  code: string;
  severity: string;
  rule: string;
  seat: number | null;
  message: string;
  remedy: string;
  messageFr: string;
  remedyFr: string;
  reason?: string;
  acknowledged: boolean;
  resolved: boolean;
  source: 'hand' | 'table';
  /** the hand the alert belongs to */
  hand: number;
  /** its facts, cards masked as its texts are */
  facts?: AlertFacts;
  decision?: { decision: string; by: string };
  /** alerts of this incident, itself included (a misdeal and the alerts after it: one alert, one decision) */
  count?: number;
}

/** One incident of the floor's history (src/session/floorLog.ts), as the floor sees it: texts masked as alerts are. */
export interface FloorEntryView {
  key: string;
  source: 'hand' | 'table';
  hand: number;
  count: number;
  /** wall ms of its first alert */
  wall: number;
  /** the order the incidents were raised in */
  seq: number;
  state: 'open' | 'closed' | 'expired';
  alert: AlertView;
  decision?: { decision: string; by: string; wall: number };
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
}

/** Alerts about cards dealt face up on the board: the cards they name were seen by the whole table. (BURN_EXTRA is
 * not one: its card is a burn, face down; it names none, and any it named would be masked as a hole card is.) */
const BOARD_ALERTS: ReadonlySet<string> = new Set([
  'BURN_MISSED',
  'FLOP_FOUR_CARDS',
  'BOARD_PREMATURE',
  'BOARD_TOO_MANY',
]);

/** Roles that see every card live. */
const SEES_ALL_LIVE: ReadonlySet<Role> = new Set<Role>(['commentator']);

export function viewFor(role: Role, state: LiveState, now: number): RoleView | null {
  const s = state.session;
  let delayMs = 0;
  if (role === 'overlay') {
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

/** Cards the whole table has seen: the board and every exposed or tabled card. */
export function publicCards(hand: HandSnapshot): Set<string> {
  const out = new Set<string>(hand.board);
  for (const seat of hand.seats) for (const c of seat.shown) out.add(c);
  return out;
}

const CARD_RUN = /(?<![A-Za-z0-9?])((?:[2-9TJQKA][shdc])+)(?![A-Za-z0-9])/g;

/** Replaces every card named in free text that is not in `known` by '??' (runs such as `AhKd` included). */
export function scrubCards(text: string, known: ReadonlySet<string>): string {
  return text.replace(CARD_RUN, (run: string) => {
    let out = '';
    for (let i = 0; i < run.length; i += 2) {
      const c = run.slice(i, i + 2);
      out += known.has(c) ? c : HIDDEN;
    }
    return out;
  });
}

/** Cards no one at the table has seen: hole cards not shown, and the muck. */
function secretCards(hand: LiveState['session']['hand']): Set<string> {
  const secret = new Set<string>(hand.muck);
  for (const seat of hand.seats) for (const c of seat.cards) if (!seat.shown.includes(c)) secret.add(c);
  return secret;
}

/** What an alert of a hand may show: the hand's public cards, and its secret ones (see HandCards). */
export function handCards(hand: HandSnapshot): HandCards {
  return { known: [...publicCards(hand)], secret: [...secretCards(hand)] };
}

/** an earlier hand the server holds nothing about: none of its cards is shown */
const NO_FACTS: HandCards = { known: [], secret: null };

interface AlertMasker {
  /** null: the role sees every card */
  card: ((c: string, board: boolean) => string) | null;
  text: (t: string, board: boolean) => string;
}

function alertMasker(cards: HandCards | null): AlertMasker {
  if (cards === null) return { card: null, text: (t) => t };
  const known = new Set(cards.known);
  const secret = cards.secret === null ? null : new Set(cards.secret);
  // board alerts name cards dealt face up (then burned or set aside): the table saw them and the dealer must read
  // which card to move; only hole cards (held face down, or mucked unseen) stay hidden there
  const card = (c: string, board: boolean): string => {
    if (known.has(c)) return c;
    if (board && secret !== null && !secret.has(c)) return c;
    return HIDDEN;
  };
  const text = (t: string, board: boolean): string =>
    board && secret !== null ? scrubSecret(t, secret) : scrubCards(t, known);
  return { card, text };
}

interface MaskedTexts {
  message: string;
  remedy: string;
  messageFr: string;
  remedyFr: string;
  facts?: AlertFacts;
}

/** The alert's texts for a role: rendered again from its masked facts when it has facts, else scrubbed. */
function maskTexts(
  a: {
    code: string;
    rule: string;
    severity: string;
    message: string;
    remedy: string;
    messageFr: string;
    remedyFr: string;
    facts?: AlertFacts;
  },
  m: AlertMasker,
  ruleset: Ruleset,
): MaskedTexts {
  const board = BOARD_ALERTS.has(a.code);
  const { facts } = a;
  const mask = m.card;
  if (mask === null) {
    const out: MaskedTexts = { message: a.message, remedy: a.remedy, messageFr: a.messageFr, remedyFr: a.remedyFr };
    if (facts) out.facts = facts;
    return out;
  }
  if (facts) {
    const masked: AlertFacts = { ...facts };
    let changed = false;
    if (facts.cards) {
      masked.cards = facts.cards.map((c) => mask(c, board));
      changed = masked.cards.some((c, i) => c !== facts.cards?.[i]);
    }
    if (facts.burnCard !== undefined) {
      masked.burnCard = mask(facts.burnCard, board);
      changed ||= masked.burnCard !== facts.burnCard;
    }
    // a card's RFID tag is its identity too (the deck's enrolment maps one to the other): masked with the card
    if (facts.uid !== undefined && masked.cards?.some((c) => c === HIDDEN)) masked.uid = HIDDEN;
    let texts = { message: a.message, remedy: a.remedy, messageFr: a.messageFr, remedyFr: a.remedyFr };
    if (changed) {
      try {
        const r = renderAlert(a.code as AlertCode, masked, ruleset, {
          rule: a.rule,
          severity: a.severity as Alert['severity'],
        });
        texts = { message: r.message, remedy: r.remedy, messageFr: r.messageFr, remedyFr: r.remedyFr };
      } catch {
        // a code the catalogue does not render: the stored texts, scrubbed below
      }
    }
    // the texts are scrubbed too: they name no other card, and if they ever did it would not leave here
    return {
      message: m.text(texts.message, board),
      remedy: m.text(texts.remedy, board),
      messageFr: m.text(texts.messageFr, board),
      remedyFr: m.text(texts.remedyFr, board),
      facts: masked,
    };
  }
  return {
    message: m.text(a.message, board),
    remedy: m.text(a.remedy, board),
    messageFr: m.text(a.messageFr, board),
    remedyFr: m.text(a.remedyFr, board),
  };
}

/** Replaces every card named in free text that is in `secret` by '??'. */
export function scrubSecret(text: string, secret: ReadonlySet<string>): string {
  return text.replace(CARD_RUN, (run: string) => {
    let out = '';
    for (let i = 0; i < run.length; i += 2) {
      const c = run.slice(i, i + 2);
      out += secret.has(c) ? HIDDEN : c;
    }
    return out;
  });
}

function handAlertView(a: Alert, m: AlertMasker, role: Role, handNo: number, ruleset: Ruleset): AlertView {
  const texts = maskTexts(a, m, ruleset);
  const v: AlertView = {
    id: a.id,
    code: a.code,
    severity: a.severity,
    rule: a.rule,
    seat: a.seat,
    message: texts.message,
    remedy: texts.remedy,
    messageFr: texts.messageFr,
    remedyFr: texts.remedyFr,
    acknowledged: a.acknowledged,
    resolved: a.resolved,
    source: 'hand',
    hand: handNo,
  };
  if (texts.facts) v.facts = texts.facts;
  const count = (a as SessionAlert).count;
  if (count !== undefined && count > 1) v.count = count;
  const board = BOARD_ALERTS.has(a.code);
  if (a.reason !== undefined) v.reason = m.text(a.reason, board);
  if (a.decision && role !== 'dealer') v.decision = { decision: m.text(a.decision.decision, false), by: a.decision.by };
  else if (a.decision) v.decision = { decision: m.text(a.decision.decision, false), by: '' };
  return v;
}

function tableAlertView(a: TableAlert, m: AlertMasker, role: Role, handNo: number): AlertView {
  // table-layer alerts are rendered with the tda catalogue (src/table/alerts.ts)
  const texts = maskTexts(a as TableAlert & { facts?: AlertFacts }, m, 'tda');
  const v: AlertView = {
    id: a.id,
    code: a.code,
    severity: a.severity,
    rule: a.rule,
    seat: null,
    message: texts.message,
    remedy: texts.remedy,
    messageFr: texts.messageFr,
    remedyFr: texts.remedyFr,
    acknowledged: a.acknowledged,
    // a table alert of an earlier hand is history
    resolved: a.hand !== handNo,
    source: 'table',
    hand: a.hand,
  };
  if (texts.facts) v.facts = texts.facts;
  if (a.count !== undefined && a.count > 1) v.count = a.count;
  if (a.decision)
    v.decision = { decision: m.text(a.decision.decision, false), by: role === 'floor' ? a.decision.by : '' };
  return v;
}
