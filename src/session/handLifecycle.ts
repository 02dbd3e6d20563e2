// A hand's lifecycle: a hand begun, the shuffle that starts the next one (its level, its seats, the new players who
// wait, the absent and penalised seats), a hand void when the dealer shuffles before it is over, the table finished
// when fewer than two seats have chips, and a new table.
import { alertRule } from '../engine/alerts/catalogue.js';
import type { HandSnapshot, TableConfig } from '../engine/types.js';
import { SessionError } from './errors.js';
import { applyConfigRecord } from './seatChanges.js';
import { assertOpen, type CurrentHand, monoOf, reject, type SessionCore, stopClock } from './sessionCore.js';
import { publish } from './sessionView.js';
import { raiseTableAlert } from './tableAlerts.js';
import type { ConfigRecord, HandRecord, SessionState } from './types.js';

const sameSeats = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((s, i) => s === [...b].sort((x, y) => x - y)[i]);

export function beginHand(
  ctx: SessionCore,
  handNo: number,
  config: TableConfig,
  wall: number,
  redeal?: 'void' | 'misdeal',
): void {
  const state = ctx.engine.createHand(config);
  // a new player who waited a hand (club 8-10) is dealt in now: the rule is served
  for (const seat of [...ctx.waited]) if (config.seats[seat] !== undefined) ctx.waited.delete(seat);
  ctx.cur = {
    handNo,
    config,
    state,
    snap: ctx.engine.snapshot(state),
    started: false,
    over: false,
    origin: wall,
    originMono: monoOf(ctx, wall),
    lastT: 0,
    acked: new Set(),
    decisions: new Map(),
    events: [],
    incident: new Map(),
    misdealRep: 0,
    raisedWall: new Map(),
    ...(redeal ? { redeal } : {}),
  };
  // info alerts of the hands before this one have expired (and need no one)
  ctx.floorLog.expireInfo(handNo);
  stopClock(ctx);
}

export function applyHandRecord(ctx: SessionCore, handNo: number, rec: HandRecord, wall: number): void {
  // the first hand's (or a new table's) absent seats are away until they sit down
  if (rec.restart || ctx.cur === undefined) ctx.away = new Set(rec.config.absent);
  if (rec.restart) {
    ctx.level = { blinds: [...rec.config.blinds], bbAnte: rec.config.bbAnte };
    ctx.pendingSeats = null;
  }
  // the next hand took the seat changes waiting for it (nextConfig): replayed, they are not taken twice (a redeal
  // takes none: they wait for the hand after it)
  if (!rec.restart && !rec.redeal && ctx.cur !== undefined && handNo > ctx.cur.handNo) ctx.pendingSeats = null;
  beginHand(ctx, handNo, rec.config, wall, rec.redeal);
}

/** A shuffle starts the next hand once the current one is over; before the first shuffle it takes the level. */
export function prepareShuffle(ctx: SessionCore, wall: number): void {
  const c = ctx.cur;
  if (c.started && c.over) {
    // fewer than two seats with chips: no next hand is dealt (the shuffle stays in the hand that ended)
    if (tableFinished(ctx, c, wall)) return;
    const next = nextConfig(ctx, c);
    if (!next) return;
    const { config, waits } = next;
    ctx.log.append('hand', c.handNo + 1, { config } satisfies HandRecord, wall);
    applyHandRecord(ctx, c.handNo + 1, { config }, wall);
    // the new players who sit this hand out (club 8-10), after the hand's record: dealt in at the next one
    for (const w of waits) {
      const rec: ConfigRecord = { waits: w };
      ctx.log.append('config', c.handNo + 1, rec, wall);
      applyConfigRecord(ctx, rec);
    }
  } else if (c.started && !c.over && c.snap.phase !== 'misdeal' && anythingDealt(c.snap)) {
    voidUnfinishedHand(ctx, c, wall);
  } else if (!c.started && !c.redeal) {
    // the first hand (or a new table's): the level and the absent seats as they stand at its shuffle (LOI 18)
    const absent = absentAtDeal(ctx, c.config.seats, c.handNo, wall);
    if (!levelDiffers(ctx, c.config) && sameSeats(absent, c.config.absent)) return;
    const config = {
      ...c.config,
      blinds: [...ctx.level.blinds] as [number, number],
      bbAnte: ctx.level.bbAnte,
      absent,
    };
    ctx.log.append('hand', c.handNo, { config } satisfies HandRecord, wall);
    beginHand(ctx, c.handNo, config, wall);
  }
}

/**
 * A hand ended and fewer than two seats have chips for the next one (the seats sitting down counted): the session
 * deals no next hand and says so once, with TABLE_FINISHED (its tournament text when the game is a tournament).
 * A misdeal's redeal is the same table: never finished.
 */
export function tableFinished(ctx: SessionCore, c: CurrentHand, wall: number): boolean {
  if (c.snap.phase === 'misdeal') return false;
  const seats: Record<number, number> = {};
  for (const [seat, stack] of Object.entries(c.snap.stacks)) if (stack > 0) seats[Number(seat)] = stack;
  for (const [seat, stack] of Object.entries(ctx.pendingSeats ?? {})) {
    if (stack > 0) seats[Number(seat)] = stack;
    else delete seats[Number(seat)];
  }
  const left = Object.entries(seats);
  if (left.length >= 2) return false;
  if (!ctx.tableAlerts.some((a) => a.code === 'TABLE_FINISHED' && a.hand === c.handNo)) {
    const facts = {
      ...(left.length === 1 ? { seat: Number(left[0][0]), amount: left[0][1] } : {}),
      handNo: c.handNo,
      ...(ctx.game === 'tournament' ? { variant: 'tournament' } : {}),
    };
    const text = alertRule('TABLE_FINISHED', facts, c.config.ruleset);
    raiseTableAlert(ctx, { code: 'TABLE_FINISHED', ...text, facts, seat: facts.seat ?? null }, wall);
  }
  return true;
}

export function anythingDealt(snap: HandSnapshot): boolean {
  return snap.board.length > 0 || snap.burns.length > 0 || snap.seats.some((s) => s.cards.length > 0);
}

/**
 * The dealer shuffled before the hand was over: the cards are gathered and the hand cannot go on. Rather than read
 * the new deal into the old hand (every card a count error, for ever), the hand is void: every chip goes back to
 * the stacks of its start, and the next hand is dealt with the same button and blinds, as a misdeal's redeal is
 * (tda 35). The floor is told, with the hand's number, to check the stacks.
 */
export function voidUnfinishedHand(ctx: SessionCore, c: CurrentHand, wall: number): void {
  const facts = { handNo: c.handNo, phase: c.snap.phase };
  const text = alertRule('HAND_VOID', facts, c.config.ruleset);
  raiseTableAlert(ctx, { code: 'HAND_VOID', ...text, facts }, wall);
  const rec: HandRecord = { config: c.config, redeal: 'void' };
  ctx.log.append('hand', c.handNo + 1, rec, wall);
  applyHandRecord(ctx, c.handNo + 1, rec, wall);
}

export function levelDiffers(ctx: SessionCore, config: TableConfig): boolean {
  return (
    config.blinds[0] !== ctx.level.blinds[0] ||
    config.blinds[1] !== ctx.level.blinds[1] ||
    config.bbAnte !== ctx.level.bbAnte
  );
}

export function nextConfig(
  ctx: SessionCore,
  c: CurrentHand,
): { config: TableConfig; waits: { seat: number; stack: number }[] } | null {
  // A misdeal's redeal is an exact replay: same button, same blinds, no new player (tda 35).
  if (c.snap.phase === 'misdeal') return { config: c.config, waits: [] };
  const changes: { seats?: Record<number, number>; blinds?: [number, number]; bbAnte?: number } = {
    blinds: [...ctx.level.blinds],
    bbAnte: ctx.level.bbAnte,
  };
  if (ctx.pendingSeats) changes.seats = ctx.pendingSeats;
  try {
    const next = ctx.engine.nextHandConfig(c.config, c.snap, changes);
    ctx.pendingSeats = null;
    // the roster's share: seats sitting out leave the deal (stack parked), moves carry the stack (roster.ts)
    const { seats, ops } = ctx.roster.atShuffle(next.seats);
    for (const op of ops) {
      const rec: ConfigRecord = { roster: op };
      ctx.log.append('config', c.handNo + 1, rec, ctx.now());
      applyConfigRecord(ctx, rec);
    }
    const waits = newPlayersWaiting(ctx, c, { ...next, seats }, changes.seats ?? {});
    for (const w of waits) delete seats[w.seat];
    // who is absent at this deal is the session's to say (away, penalties), not the last hand's list
    return { config: { ...next, seats, absent: absentAtDeal(ctx, seats, c.handNo + 1, ctx.now()) }, waits };
  } catch (err) {
    reject(ctx, new SessionError('ENGINE_REJECTED', `no next hand: ${(err as Error).message}`, { cause: err }));
    return null;
  }
}

/**
 * Club 8-10: "Un nouveau joueur qu'on assoit à une place vacante le coup précédent et située à gauche du nouveau
 * donneur passe un coup. Le coup suivant il peut jouer mais la donne passe à sa gauche." A player sitting down on a
 * seat that was empty last hand, between the new button and the first blind (the dead button moves the big blind,
 * LOI 6 / club 8-6, so that seat posts no blind), sits this hand out; at the next hand the button, moving on to the
 * small blind's seat, passes to the left of the player, who is dealt in (and then, between the old button and the
 * new one, is the player of club 8-11: dealt in at once, the button going on to the left). A player who waited once
 * is not held again. The club's rule: the TDA rule texts say nothing of it (a new player is dealt in).
 */
export function newPlayersWaiting(
  ctx: SessionCore,
  c: CurrentHand,
  next: TableConfig,
  joining: Record<number, number>,
): { seat: number; stack: number }[] {
  if (next.ruleset !== 'club') return [];
  const occupied = Object.keys(next.seats)
    .map(Number)
    .sort((a, b) => a - b);
  if (occupied.length < 3) return [];
  const order = occupied.filter((x) => x !== next.button);
  // the seats clockwise from the button up to the first blind (excluded); by default the small blind is the first
  // seat left of the button, with no small blind (null) the big blind is the first
  const after = order.filter((x) => x > next.button).concat(order.filter((x) => x < next.button));
  const blind = next.sb === undefined ? after[0] : (next.sb ?? next.bb ?? after[0]);
  const between = after.slice(0, Math.max(0, after.indexOf(blind)));
  const out: { seat: number; stack: number }[] = [];
  for (const seat of between) {
    const stack = joining[seat] ?? 0;
    if (stack <= 0 || c.config.seats[seat] !== undefined || ctx.waited.has(seat)) continue;
    out.push({ seat, stack });
  }
  // two players at least are dealt
  return occupied.length - out.length >= 2 ? out : [];
}

/**
 * The seats absent at the deal of hand `handNo` dealt to `seats`: a seat serving a penalty (one hand of it counted
 * now, logged) or away from the table.
 */
export function absentAtDeal(ctx: SessionCore, seats: Record<number, number>, handNo: number, wall: number): number[] {
  const out: number[] = [];
  for (let seat = 1; seat <= 10; seat++) {
    if (seats[seat] === undefined) continue;
    const left = ctx.penalties.get(seat) ?? 0;
    if (left > 0) {
      out.push(seat);
      const rec: ConfigRecord = { penalty: { seat, hands: left - 1 } };
      ctx.log.append('config', handNo, rec, wall);
      applyConfigRecord(ctx, rec);
    } else if (ctx.away.has(seat)) out.push(seat);
  }
  return out;
}

/**
 * A new table from the next hand on, whatever the current hand's state: the simulator starting afresh, or the
 * operator re-seating the table. The hand under way (if any) stays in the log unfinished.
 */
export function restartTable(ctx: SessionCore, config: TableConfig, wall: number = ctx.now()): SessionState {
  assertOpen(ctx);
  const handNo = ctx.cur.started ? ctx.cur.handNo + 1 : ctx.cur.handNo;
  const rec: HandRecord = { config, restart: true };
  ctx.log.append('hand', handNo, rec, wall);
  applyHandRecord(ctx, handNo, rec, wall);
  return publish(ctx, wall);
}
