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
// A card that a role may not see is replaced by '??' wherever it appears: seat cards, the action log, and any
// free text (alert messages and remedies mention cards).
import type { Alert, HandSnapshot, NextAction, Phase, PotView, Street } from '../engine/types.js';
import type { BlindLevel, ShotClock, TableAlert, TableHealth } from '../session/types.js';
import type { EquityTrack, LiveState, Role } from './liveState.js';

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
  decision?: { decision: string; by: string };
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
  actions: string[];
  next: NextAction | null;
  pots: PotView[];
  stacks: Record<string, number>;
  alerts: AlertView[];
  clock: ShotClock | null;
  health: TableHealth | null;
  equity: EquityTrack | null;
}

/** Alerts about cards dealt face up on the board: the cards they name were seen by the whole table. */
const BOARD_ALERTS: ReadonlySet<string> = new Set([
  'BURN_MISSED',
  'BURN_EXTRA',
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
    const age = now - s.wall;
    if (!(state.broadcastDelayMs >= 0) || age < state.broadcastDelayMs) return null;
    delayMs = age;
  }
  const seesAll = SEES_ALL_LIVE.has(role) || role === 'overlay';
  const hand = s.hand;
  const known = seesAll ? null : publicCards(hand);
  const mask = (c: string): string => (known === null || known.has(c) ? c : HIDDEN);
  const scrub = (text: string): string => (known === null ? text : scrubCards(text, known));

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
    if (seat.handName !== undefined && (seesAll || allVisible)) v.handName = seat.handName;
    return v;
  });

  const showsAlerts = role === 'dealer' || role === 'floor' || role === 'commentator';
  // board alerts name cards that were dealt face up on the board (then burned or set aside): the table saw them, and
  // the dealer must read which card to move. Only hole cards (held face down, or mucked unseen) stay hidden there.
  const secret = known === null ? null : secretCards(hand);
  const scrubBoard = (text: string): string => (secret === null ? text : scrubSecret(text, secret));
  const alerts: AlertView[] = showsAlerts
    ? hand.alerts.map((a) => handAlertView(a, BOARD_ALERTS.has(a.code) ? scrubBoard : scrub, role))
    : [];
  if (role === 'dealer' || role === 'floor') {
    for (const a of s.tableAlerts) alerts.push(tableAlertView(a, scrub, role, s.handNo));
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
    actions: hand.actions.map(scrub),
    next: hand.next,
    pots: hand.pots,
    stacks: hand.stacks,
    alerts,
    clock: role === 'dealer' || role === 'floor' || role === 'commentator' ? s.clock : null,
    health: role === 'floor' ? s.health : null,
    equity: seesAll && state.equity && state.equity.handNo === s.handNo ? state.equity : null,
  };
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

function handAlertView(a: Alert, scrub: (t: string) => string, role: Role): AlertView {
  const v: AlertView = {
    id: a.id,
    code: a.code,
    severity: a.severity,
    rule: a.rule,
    seat: a.seat,
    message: scrub(a.message),
    remedy: scrub(a.remedy),
    messageFr: scrub(a.messageFr),
    remedyFr: scrub(a.remedyFr),
    acknowledged: a.acknowledged,
    resolved: a.resolved,
    source: 'hand',
  };
  if (a.reason !== undefined) v.reason = scrub(a.reason);
  if (a.decision && role !== 'dealer') v.decision = { decision: scrub(a.decision.decision), by: a.decision.by };
  else if (a.decision) v.decision = { decision: scrub(a.decision.decision), by: '' };
  return v;
}

function tableAlertView(a: TableAlert, scrub: (t: string) => string, role: Role, handNo: number): AlertView {
  const v: AlertView = {
    id: a.id,
    code: a.code,
    severity: a.severity,
    rule: a.rule,
    seat: null,
    message: scrub(a.message),
    remedy: scrub(a.remedy),
    messageFr: scrub(a.messageFr),
    remedyFr: scrub(a.remedyFr),
    acknowledged: a.acknowledged,
    // a table alert of an earlier hand is history
    resolved: a.hand !== handNo,
    source: 'table',
  };
  if (a.decision) v.decision = { decision: scrub(a.decision.decision), by: role === 'floor' ? a.decision.by : '' };
  return v;
}
