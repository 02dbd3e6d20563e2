// Who sat where, hand by hand, in a room's tournament (roomTournament.ts): each seat's occupants with the first and
// last hand they played there, so that a finished hand's stacks are booked to the players who played it, even while
// a move is under way (the player leaves after their hand there; plays at the new seat from the hand after the table
// seated them).
import type { TournamentFloor } from '../tournament/floor.js';
import type { Journal, Occupant } from './tournamentJournal.js';

/** a finished hand's stacks by player: those the floor has at this table, those it has at another (moving) */
export interface HandSplit {
  hereStart: Record<number, number>;
  hereEnd: Record<number, number>;
  elsewhere: { player: string; start: number; end: number }[];
  /** the seat each player of the hand played */
  seatOf: Map<string, number>;
  /** seats with stacks and nobody of the tournament at them */
  nobody: number[];
}

export class SeatHistory {
  /** `table/seat` -> its occupants in order (tournamentFloorOps.ts reads and extends it too) */
  readonly map = new Map<string, Occupant[]>();

  /** the draw: the player plays the seat from the first hand */
  drawn(table: string, seat: number, player: string): void {
    this.map.set(`${table}/${seat}`, [{ player, from: 0, until: null }]);
  }

  /** who played the seat in that hand */
  at(table: string, seat: number, handNo: number): string | null {
    const list = this.map.get(`${table}/${seat}`) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const o = list[i] as Occupant;
      if (o.from !== null && o.from <= handNo && (o.until === null || handNo <= o.until)) return o.player;
    }
    return null;
  }

  /** the player's last hand at the seat (out, or left for another table) */
  left(table: string, seat: number, player: string, handNo: number): void {
    const o = (this.map.get(`${table}/${seat}`) ?? []).find((x) => x.player === player && x.until === null);
    if (o) o.until = handNo;
  }

  /** the player is on their way to the seat (not playing it until the table seats them) */
  coming(table: string, seat: number, player: string): void {
    const key = `${table}/${seat}`;
    this.map.set(key, [...(this.map.get(key) ?? []), { player, from: null, until: null }]);
  }

  /** the table seated the player after its hand `handNo`: they play there from the next one; the seat */
  seated(table: string, player: string, handNo: number): number {
    let seat = 0;
    for (const [key, list] of this.map) {
      const o = key.startsWith(`${table}/`) ? list.find((x) => x.player === player && x.from === null) : null;
      if (!o) continue;
      o.from = handNo + 1;
      seat = Number(key.slice(table.length + 1));
    }
    return seat;
  }

  /** a finished hand's stacks split by who played each seat and where the floor has them */
  split(floor: TournamentFloor, rec: Extract<Journal, { r: 'hand' }>): HandSplit {
    const t = floor.table(rec.table);
    const out: HandSplit = { hereStart: {}, hereEnd: {}, elsewhere: [], seatOf: new Map(), nobody: [] };
    for (const [k, end] of Object.entries(rec.end)) {
      const seat = Number(k);
      const player = this.at(rec.table, seat, rec.handNo);
      if (!player || floor.standings.isOut(player)) {
        out.nobody.push(seat);
        continue;
      }
      out.seatOf.set(player, seat);
      const start = rec.start[seat] ?? 0;
      if (t.seats[seat] === player) {
        out.hereStart[seat] = start;
        out.hereEnd[seat] = end;
      } else out.elsewhere.push({ player, start, end });
    }
    return out;
  }
}
