// The roster: who sits where (a name, optionally a country and a photo), who sits out the next hand. The floor
// changes it; every change is a 'config' record `{ roster: RosterOp }` in the session's log, written before it is
// acted on and replayed on recovery. Names are public (the table sees who sits where).
//
// What reaches the engine, and when (TableSession.nextConfig): a player seated on an empty seat joins with a stack
// from the next hand (as changeSeats); a removed player leaves at the next hand; a seat marked sitting out is left
// out of the next deal, its stack parked (logged as a 'park' op) until the player comes back; a move carries the
// seat's stack to the new seat at the next shuffle ('moved' op). The names follow the same timing: a move shows at
// the new seat once the next hand begins.
import { SessionError } from './errors.js';
import type { LogRecord } from './log.js';
import type { Player, RosterOp } from './recordShapes.js';

/** a seated player and a roster change are their log shapes' (recordShapes.ts) */
export type { Player, RosterOp } from './recordShapes.js';

export interface RosterSeat {
  seat: number;
  player: Player;
  /** sits out from the next shuffle (not dealt in) */
  sittingOut: boolean;
  /** a move waiting for the next shuffle */
  movingTo?: number;
  /** the stack kept for a seat sitting out (not in the engine's hand) */
  parked?: number;
}

export interface RosterRecord {
  roster: RosterOp;
}

export const isRosterRecord = (data: unknown): data is RosterRecord =>
  typeof data === 'object' && data !== null && 'roster' in data;

const bad = (message: string): SessionError => new SessionError('BAD_SEAT_CHANGE', message);

function checkSeat(n: unknown, what = 'seat'): number {
  if (!(typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 10)) throw bad(`${what} must be 1-10: ${n}`);
  return n;
}

/** A clean player record: name trimmed (1-40 characters), country upper case, photo an http(s) URL. */
export function checkPlayer(p: Player): Player {
  // a line break, tab or other control character is refused, never folded into a space: the hand histories write
  // names on one line each, and the room refuses such a name again
  if (typeof p?.name === 'string' && /[\p{Cc}\p{Zl}\p{Zp}]/u.test(p.name))
    throw bad('a name may not hold line breaks, tabs or other control characters');
  const name = typeof p?.name === 'string' ? p.name.trim().replace(/ +/g, ' ') : '';
  if (name.length < 1 || name.length > 40) throw bad('a player needs a name of 1 to 40 characters');
  if (/[<>\p{Cc}]/u.test(name)) throw bad('a name may not hold control characters or < >');
  const out: Player = { name };
  if (p.country !== undefined && p.country !== '') {
    const c = String(p.country).trim().toUpperCase();
    if (!/^[A-Z]{2,3}$/.test(c)) throw bad(`country must be an ISO 3166 code (2 or 3 letters): ${p.country}`);
    out.country = c;
  }
  if (p.photoUrl !== undefined && p.photoUrl !== '') {
    let u: URL;
    try {
      u = new URL(String(p.photoUrl));
    } catch {
      throw bad(`photo must be an http(s) URL: ${p.photoUrl}`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw bad(`photo must be an http(s) URL: ${p.photoUrl}`);
    out.photoUrl = u.href;
  }
  if (p.short !== undefined && p.short !== '') out.short = checkShort(p.short);
  return out;
}

export const SHORT_MAX = 12;

/** A short display name: trimmed, 1-12 characters, one line, no < >. */
export function checkShort(short: unknown): string {
  if (typeof short !== 'string') throw bad('a short name is text');
  if (/[\p{Cc}\p{Zl}\p{Zp}<>]/u.test(short)) throw bad('a short name may not hold control characters or < >');
  const s = short.trim().replace(/ +/g, ' ');
  if ([...s].length < 1 || [...s].length > SHORT_MAX)
    throw bad(`a short name has 1 to ${SHORT_MAX} characters: "${short}"`);
  return s;
}

export class Roster {
  private seats = new Map<number, RosterSeat>();

  list(): RosterSeat[] {
    return [...this.seats.values()].sort((a, b) => a.seat - b.seat).map((s) => ({ ...s, player: { ...s.player } }));
  }

  get(seat: number): RosterSeat | undefined {
    return this.seats.get(seat);
  }

  /**
   * Checks an op against the roster and the seats the engine plays (`playing`: seats in the current hand's config),
   * without changing anything; throws SessionError('BAD_SEAT_CHANGE') with the reason.
   */
  check(op: RosterOp, playing: ReadonlySet<number>): void {
    switch (op.op) {
      case 'seat': {
        checkSeat(op.seat);
        checkPlayer(op.player);
        if (this.seats.has(op.seat)) throw bad(`seat ${op.seat} already has a player: remove or move them first`);
        if (this.isTarget(op.seat)) throw bad(`seat ${op.seat} is taken by a player moving there`);
        if (!playing.has(op.seat)) {
          if (!(Number.isInteger(op.stack) && (op.stack as number) > 0))
            throw bad(`seat ${op.seat} is empty: a player sitting down needs a stack`);
        }
        return;
      }
      case 'move': {
        checkSeat(op.from, 'from');
        checkSeat(op.to, 'to');
        const s = this.seats.get(op.from);
        if (!s) throw bad(`no player at seat ${op.from}`);
        if (op.from === op.to) throw bad('a move needs two different seats');
        if (this.seats.has(op.to) || playing.has(op.to) || this.isTarget(op.to)) throw bad(`seat ${op.to} is not free`);
        return;
      }
      case 'remove':
      case 'sitOut':
        checkSeat(op.seat);
        if (!this.seats.has(op.seat)) throw bad(`no player at seat ${op.seat}`);
        return;
      case 'short':
        checkSeat(op.seat);
        if (!this.seats.has(op.seat)) throw bad(`no player at seat ${op.seat}: seat a named player first`);
        if (op.short !== '') checkShort(op.short);
        return;
      case 'park':
      case 'moved':
        return;
    }
  }

  apply(op: RosterOp): void {
    switch (op.op) {
      case 'seat':
        this.seats.set(op.seat, { seat: op.seat, player: checkPlayer(op.player), sittingOut: false });
        return;
      case 'move': {
        const s = this.seats.get(op.from);
        if (s) this.seats.set(op.from, { ...s, movingTo: op.to });
        return;
      }
      case 'remove':
        this.seats.delete(op.seat);
        return;
      case 'sitOut': {
        const s = this.seats.get(op.seat);
        if (s) this.seats.set(op.seat, { ...s, sittingOut: op.out });
        return;
      }
      case 'short': {
        const s = this.seats.get(op.seat);
        if (!s) return;
        const player = { ...s.player };
        if (op.short === '') delete player.short;
        else player.short = checkShort(op.short);
        this.seats.set(op.seat, { ...s, player });
        return;
      }
      case 'park':
        for (const [k, stack] of Object.entries(op.seats)) {
          const s = this.seats.get(Number(k));
          if (!s) continue;
          const next = { ...s };
          if (stack > 0) next.parked = stack;
          else delete next.parked;
          this.seats.set(s.seat, next);
        }
        return;
      case 'moved': {
        const s = this.seats.get(op.from);
        if (!s) return;
        this.seats.delete(op.from);
        const next: RosterSeat = { ...s, seat: op.to };
        delete next.movingTo;
        this.seats.set(op.to, next);
        return;
      }
    }
  }

  /**
   * The roster's share of the next hand's seats (called at a shuffle with the engine's next config seats): seats
   * sitting out leave the deal with their stack parked, players back get their parked stack, moves carry the
   * stack. Returns the new seats and the ops to log (park, moved) before the hand begins.
   */
  atShuffle(seats: Record<number, number>): { seats: Record<number, number>; ops: RosterOp[] } {
    const out = { ...seats };
    const park: Record<number, number> = {};
    const ops: RosterOp[] = [];
    for (const s of this.seats.values()) {
      if (s.sittingOut && out[s.seat] !== undefined) {
        park[s.seat] = out[s.seat];
        delete out[s.seat];
      } else if (!s.sittingOut && s.parked !== undefined) {
        out[s.seat] = s.parked;
        park[s.seat] = 0;
      }
    }
    if (Object.keys(park).length > 0) ops.push({ op: 'park', seats: park });
    for (const s of this.seats.values()) {
      if (s.movingTo === undefined) continue;
      const stack = out[s.seat];
      if (stack !== undefined) {
        out[s.movingTo] = stack;
        delete out[s.seat];
      }
      ops.push({ op: 'moved', from: s.seat, to: s.movingTo });
    }
    return { seats: out, ops };
  }

  private isTarget(seat: number): boolean {
    for (const s of this.seats.values()) if (s.movingTo === seat) return true;
    return false;
  }
}

/** seat -> player as of the start of hand `handNo` (exports: names of a hand), read from the log's records. */
export function rosterAt(records: Iterable<LogRecord>, handNo: number): Map<number, Player> {
  const r = new Roster();
  for (const rec of records) {
    if (rec.kind === 'hand' && rec.hand > handNo) break;
    if (rec.kind === 'config' && rec.data.roster) {
      // ops logged during hand N (after its shuffle) name seats from then on; they count for hand N too
      if (rec.hand > handNo) break;
      r.apply(rec.data.roster);
    }
  }
  return new Map(r.list().map((s) => [s.seat, s.player]));
}
