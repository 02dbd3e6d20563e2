// A restart resumes the table where the log left it: the table layer is told where the engine believes every card
// lies (the session rebuilt from the log), so that what the readers report now is read as movements from there.
import { alertRule } from '../engine/alerts/catalogue.js';
import type { ResyncDifference, ResyncPlace } from '../engine/alerts/facts.js';
import type { HandSnapshot } from '../engine/types.js';
import { handSeat, seatZone } from '../engine/zone.js';
import { SessionError } from '../session/errors.js';
import type { TableSession } from '../session/TableSession.js';
import type { SessionState } from '../session/types.js';
import type { ResyncDifferences, TableLayer } from '../table/index.js';

/** where the hand's cards lie, as the engine was told */
export function cardsOfHand(hand: HandSnapshot): Array<{ card: string; zone: string; face: 'up' | 'down' }> {
  const out: Array<{ card: string; zone: string; face: 'up' | 'down' }> = [];
  for (const s of hand.seats) {
    for (const c of s.cards) out.push({ card: c, zone: seatZone(s.seat), face: s.shown.includes(c) ? 'up' : 'down' });
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

import { type ResumePlan, readEntry } from './resumeReading.js';
/** the table alert of a card the log placed on the table that no reader reports after the restart */
export const RESUME_CARD_GONE = 'RESUME_CARD_GONE';
/** the table alert of a betting zone whose chips are not what the log left there after the restart */
export const RESUME_CHIPS_CHANGED = 'RESUME_CHIPS_CHANGED';

/** a zone as a resync place */
const placeOf = (zone: string | null): ResyncPlace | null => {
  if (zone === null) return null;
  const seat = handSeat(zone);
  if (seat !== null) return { seat };
  return zone === 'board' || zone === 'burn' ? zone : 'muck';
};

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
  cause: 'restart' | 'resync' = 'restart',
): number {
  const s = session.snapshot();
  let raised = 0;
  const ruleset = s.config.ruleset;
  const resync = cause === 'resync';
  // the betting zones read in turn at resume: one info for the floor, listing every action read (amounts are public);
  // at a resync the betting zones are in the resync's own list (FLOOR_RESYNC)
  if (!resync && plan?.chipsRead && plan.read.length > 0) {
    const facts = {
      zone: [...new Set(plan.read.map((d) => `bet${d.seat}`))].join(','),
      seats: [...new Set(plan.read.map((d) => d.seat))],
      reads: plan.read.map(readEntry),
    };
    session.raiseTableAlert(
      {
        code: RESUME_CHIPS_CHANGED,
        ...alertRule(RESUME_CHIPS_CHANGED, facts, ruleset),
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
  for (const u of resync ? [] : (plan?.unexplained ?? [])) {
    if (!u.gone && u.alerted) continue;
    const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const [was, now] = [total(u.was), total(u.now)];
    const facts = {
      zone: `bet${u.seat}`,
      seat: u.seat,
      amount: now,
      zoneTotal: now,
      logged: was,
      variant: u.gone ? ('gone' as const) : ('changed' as const),
    };
    session.raiseTableAlert(
      {
        code: RESUME_CHIPS_CHANGED,
        ...alertRule(RESUME_CHIPS_CHANGED, facts, ruleset),
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
    const seatNo = handSeat(zone);
    const seat = seatNo === null ? undefined : s.hand.seats.find((x) => x.seat === seatNo);
    const stop = zone === 'board' || (seat !== undefined && !seat.folded);
    // at a resync a warning is the resync's list only; a stop is raised as at a restart (it holds the hand)
    if (resync && !stop) continue;
    const n = cards.length;
    // the board's cards are public; a hole card's identity is named to no one (the zone and the count only)
    const facts = {
      zone,
      seat: seat ? seat.seat : null,
      amount: n,
      variant: stop ? ('stop' as const) : ('warn' as const),
      ...(resync ? { by: 'resync' } : {}),
    };
    session.raiseTableAlert(
      {
        code: RESUME_CARD_GONE,
        ...alertRule(RESUME_CARD_GONE, facts, ruleset),
        seat: facts.seat,
        zone,
        facts,
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

/**
 * The floor's resync with the readers: the table layer reads every antenna again as the first inventory after a
 * restart is read (TableLayer.resync, then 'resumed' and reconcileResume as at a restart, wireTableLayer): the
 * readers' word replaces what the engine believes. Refused (409) when no hand is in play: between hands the engine
 * believes nothing lies on the table. Returns the differences; the floor is told them in one FLOOR_RESYNC alert
 * (raiseResyncAlert, when 'resumed' comes).
 */
export function resyncTable(
  layer: Pick<TableLayer, 'resync'>,
  session: Pick<TableSession, 'snapshot'>,
  by: string,
  wall: number,
): ResyncDifferences {
  const s = session.snapshot(wall);
  if (s.handOver || s.handStartWall === null)
    throw new SessionError('RULING_NOT_APPLICABLE', 'no hand is in play: there is nothing to resync with the readers');
  const bets = s.hand.seats.filter((x) => x.zone.length > 0).map((x) => ({ seat: x.seat, chips: [...x.zone] }));
  return layer.resync(cardsOfHand(s.hand), bets, wall, by);
}

/** hidden zones: their cards are counted, never named */
const PUBLIC_ZONES = new Set(['board']);

/** The resync's differences as FLOOR_RESYNC's facts: cards grouped by where they were and are (one difference per
 * group, board cards named, hole cards counted), each betting zone one. */
export function resyncDetail(d: ResyncDifferences): {
  differences: ResyncDifference[];
  cards: string[];
  amount: number;
} {
  const groups = new Map<string, { was: string | null; now: string | null; cards: string[] }>();
  for (const c of d.cards) {
    const key = `${c.was ?? '-'}>${c.now ?? '-'}`;
    const g = groups.get(key) ?? { was: c.was ?? null, now: c.now ?? null, cards: [] };
    g.cards.push(c.card);
    groups.set(key, g);
  }
  const named: string[] = [];
  const differences: ResyncDifference[] = [];
  for (const g of groups.values()) {
    const open = PUBLIC_ZONES.has(g.was ?? '') || PUBLIC_ZONES.has(g.now ?? '');
    if (open) named.push(...g.cards);
    differences.push({
      kind: 'cards',
      from: placeOf(g.was),
      to: placeOf(g.now),
      count: g.cards.length,
      ...(open ? { named: g.cards } : {}),
    });
  }
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  for (const c of d.chips) differences.push({ kind: 'chips', seat: c.seat, was: total(c.was), now: total(c.now) });
  return { differences, cards: named, amount: differences.length };
}

/** The floor is told what the resync replaced: one alert with every difference (info when there was none). */
export function raiseResyncAlert(
  session: Pick<TableSession, 'snapshot' | 'raiseTableAlert'>,
  resync: { by: string; differences: ResyncDifferences },
  wall: number,
): void {
  const { differences, cards, amount } = resyncDetail(resync.differences);
  const facts = { differences, cards, amount, by: resync.by, ...(amount === 0 ? { variant: 'none' } : {}) };
  session.raiseTableAlert(
    {
      code: 'FLOOR_RESYNC',
      ...alertRule('FLOOR_RESYNC', facts, session.snapshot().config.ruleset),
      seat: null,
      facts,
    },
    wall,
  );
}
