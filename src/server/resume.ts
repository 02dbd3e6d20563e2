// A restart resumes the table where the log left it: the table layer is told where the engine believes every card
// lies (the session rebuilt from the log), so that what the readers report now is read as movements from there.
import type { HandSnapshot } from '../engine/types.js';
import type { TableSession } from '../session/TableSession.js';
import type { SessionState } from '../session/types.js';
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
  const bets = s.hand.seats.filter((x) => x.zone.length > 0).map((x) => ({ seat: x.seat, chips: [...x.zone] }));
  return layer.resume(cardsOfHand(s.hand), bets);
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
  chips: ReadonlyArray<{ seat: number; was: number[]; now: number[] }> = [],
): number {
  const s = session.snapshot();
  if (s.handOver) return 0;
  let raised = 0;
  // a betting zone whose chips changed while down: the engine was given the zone as it lies now (a bet made, a bet
  // collected: the motions it reads live); the floor is told what changed, amounts being public
  for (const c of chips) {
    const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const [was, now] = [total(c.was), total(c.now)];
    session.raiseTableAlert(
      {
        code: RESUME_CHIPS_CHANGED,
        severity: 'warn',
        rule: '',
        seat: c.seat,
        zone: `bet${c.seat}`,
        facts: { zone: `bet${c.seat}`, seat: c.seat, amount: now, zoneTotal: now, detail: `log ${was}` },
        message: `After the restart, seat ${c.seat}'s betting zone holds ${now}; the log left ${was} there: changed while the service was down.`,
        messageFr: `Après le redémarrage, la zone de mise du siège ${c.seat} contient ${now} ; le journal y laissait ${was} : modifiée pendant l'arrêt du service.`,
        remedy: 'The zone is read as it lies now; check it matches what the player did.',
        remedyFr: "La zone est lue telle qu'elle est ; vérifiez qu'elle correspond à ce que le joueur a fait.",
      },
      wall,
    );
    raised++;
  }
  if (missing.length === 0) return raised;
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
    const what = `${n} card${n > 1 ? 's' : ''}`;
    const quoi = `${n} carte${n > 1 ? 's' : ''}`;
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
