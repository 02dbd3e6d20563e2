// The table's seats between hands: the blind level, seats joining and leaving, the roster (names, moves, sitting
// out), absences and penalties; each checked, logged as a config record, then applied (applyConfigRecord, also what
// a replay of the log does).
import { SessionError } from './errors.js';
import type { RosterOp } from './roster.js';
import { assertOpen, type SessionCore } from './sessionCore.js';
import { publish } from './sessionView.js';
import type { BlindLevel, ConfigRecord, SessionState } from './types.js';

/** A new blind level: applies from the next shuffle on (LOI 18, club 8-5). */
export function setLevel(ctx: SessionCore, level: BlindLevel, wall: number = ctx.now()): SessionState {
  assertOpen(ctx);
  const [sb, bb] = level.blinds;
  if (!(Number.isInteger(sb) && Number.isInteger(bb) && sb >= 0 && bb > 0 && sb <= bb && level.bbAnte >= 0)) {
    throw new SessionError('BAD_LEVEL', `not a blind level: ${JSON.stringify(level)}`);
  }
  const rec: ConfigRecord = { level: { blinds: [sb, bb], bbAnte: level.bbAnte } };
  ctx.log.append('config', ctx.cur.handNo, rec, wall);
  applyConfigRecord(ctx, rec);
  return publish(ctx, wall);
}

/** The seat changes waiting for the next shuffle (seat -> stack joining, 0 leaving), or null. */
export function pendingSeatChanges(ctx: SessionCore): Record<number, number> | null {
  return ctx.pendingSeats ? { ...ctx.pendingSeats } : null;
}

/** Seats joining (stack) or leaving (0) from the next hand on. */
export function changeSeats(ctx: SessionCore, seats: Record<number, number>, wall: number = ctx.now()): SessionState {
  assertOpen(ctx);
  for (const [seat, stack] of Object.entries(seats)) {
    const n = Number(seat);
    if (!(Number.isInteger(n) && n >= 1 && n <= 10 && Number.isInteger(stack) && stack >= 0)) {
      throw new SessionError('BAD_SEAT_CHANGE', `bad seat change ${seat}: ${stack}`);
    }
  }
  const rec: ConfigRecord = { seats };
  ctx.log.append('config', ctx.cur.handNo, rec, wall);
  applyConfigRecord(ctx, rec);
  return publish(ctx, wall);
}

/**
 * A roster change from the floor (seat a named player, move, remove, sit out): checked, logged as a config record,
 * then applied. A player sitting down on an empty seat joins the deal with `stack` from the next hand; a removed
 * player leaves at the next hand; sitting out and moves take effect at the next shuffle (see roster.ts).
 */
export function changeRoster(ctx: SessionCore, op: RosterOp, wall: number = ctx.now()): SessionState {
  assertOpen(ctx);
  if (op.op === 'park' || op.op === 'moved') throw new SessionError('BAD_SEAT_CHANGE', `${op.op} is the session's own`);
  const playing = new Set(Object.keys(ctx.cur.config.seats).map(Number));
  for (const [k, v] of Object.entries(ctx.pendingSeats ?? {})) {
    if (v > 0) playing.add(Number(k));
    else playing.delete(Number(k));
  }
  ctx.roster.check(op, playing);
  if (op.op === 'seat' && !playing.has(op.seat) && op.stack) {
    const rec: ConfigRecord = { seats: { [op.seat]: op.stack } };
    ctx.log.append('config', ctx.cur.handNo, rec, wall);
    applyConfigRecord(ctx, rec);
  }
  if (op.op === 'remove' && (playing.has(op.seat) || ctx.roster.get(op.seat)?.parked !== undefined)) {
    const rec: ConfigRecord = { seats: { [op.seat]: 0 } };
    ctx.log.append('config', ctx.cur.handNo, rec, wall);
    applyConfigRecord(ctx, rec);
  }
  const rec: ConfigRecord = { roster: op };
  ctx.log.append('config', ctx.cur.handNo, rec, wall);
  applyConfigRecord(ctx, rec);
  return publish(ctx, wall);
}

/**
 * A player away from the table (`absent` true) or back (false), from the next shuffle on: an absent player is dealt
 * in, the blinds and the ante are posted from the stack and the hand is killed unless the player is seated in time
 * (LOI 8; club 2-18, 3-2: "leurs cartes sont distribuées et les blinds leurs sont prélevés"). A player sitting down
 * during a hand (the `sits` event) is back from then on.
 */
export function setAbsent(ctx: SessionCore, seat: number, absent: boolean, wall: number = ctx.now()): SessionState {
  assertOpen(ctx);
  if (!(Number.isInteger(seat) && seat >= 1 && seat <= 10 && typeof absent === 'boolean'))
    throw new SessionError('BAD_SEAT_CHANGE', `bad absence: seat ${seat}: ${absent}`);
  const rec: ConfigRecord = { absent: { seat, absent } };
  ctx.log.append('config', ctx.cur.handNo, rec, wall);
  applyConfigRecord(ctx, rec);
  return publish(ctx, wall);
}

/**
 * A penalty of `hands` hands (tda 71; 0 lifts it) from the end of the hand under way on (tda 68: "la pénalité
 * commencera à la fin de la main"): the seat is dealt in and its hand killed, blinds and ante posted, as an absent
 * player's (tda 35: "les cartes sont distribuées aux joueurs pénalisés ou absents"); a misdeal's redeal counts as
 * the same hand (tda 35).
 */
export function penalise(ctx: SessionCore, seat: number, hands: number, wall: number = ctx.now()): SessionState {
  assertOpen(ctx);
  if (!(Number.isInteger(seat) && seat >= 1 && seat <= 10 && Number.isInteger(hands) && hands >= 0 && hands <= 1000))
    throw new SessionError('BAD_SEAT_CHANGE', `bad penalty: seat ${seat}: ${hands} hands`);
  const rec: ConfigRecord = { penalty: { seat, hands } };
  ctx.log.append('config', ctx.cur.handNo, rec, wall);
  applyConfigRecord(ctx, rec);
  return publish(ctx, wall);
}

export function applyConfigRecord(ctx: SessionCore, rec: ConfigRecord): void {
  if (rec.level) ctx.level = { blinds: [...rec.level.blinds], bbAnte: rec.level.bbAnte };
  if (rec.seats) ctx.pendingSeats = { ...ctx.pendingSeats, ...rec.seats };
  if (rec.roster) {
    ctx.roster.apply(rec.roster);
    // a player moving seat takes their absence and their penalty along (tda 71: the hands left follow the player)
    if (rec.roster.op === 'moved') moveSeatState(ctx, rec.roster.from, rec.roster.to);
  }
  if (rec.absent) {
    if (rec.absent.absent) ctx.away.add(rec.absent.seat);
    else ctx.away.delete(rec.absent.seat);
  }
  if (rec.penalty) ctx.penalties.set(rec.penalty.seat, rec.penalty.hands);
  if (rec.waits) {
    ctx.pendingSeats = { ...ctx.pendingSeats, [rec.waits.seat]: rec.waits.stack };
    ctx.waited.add(rec.waits.seat);
  }
}

export function moveSeatState(ctx: SessionCore, from: number, to: number): void {
  if (ctx.away.delete(from)) ctx.away.add(to);
  const left = ctx.penalties.get(from);
  if (left !== undefined) {
    ctx.penalties.delete(from);
    ctx.penalties.set(to, left);
  }
}
