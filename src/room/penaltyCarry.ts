// tda 71: a penalty of hands (or rounds) is the player's, not the seat's. The room counts it down from the hands the
// archive stores: a hand booked at the table serving it, after the hand the table took the order on, is one hand
// served (the table's session counts the same hands: tda 68, from the end of the hand under way). When the player is
// moved, what is left goes to the new table with them (a `penalty` order after their `seat` order) and the seat they
// left is cleared (a `penalty` order of 0 hands); hands the old table played before the move are still counted when
// they are booked late. Journal replay gives the same orders: the state is rebuilt from the same answers and hands.
import type { TournamentFloor } from '../tournament/floor.js';
import type { OrderInput } from './tournamentFloorOps.js';
import { carriedAlert } from './tournamentTexts.js';

/** one table's stretch of a player's hands penalty: hands numbered in (after, until] count */
interface Stretch {
  table: string;
  after: number;
  until: number | null;
}

export class PenaltyCarry {
  /** penalty orders of hands sent, not yet answered: order id -> the player */
  private readonly sent = new Map<number, string>();
  /** player -> the tables serving their hands penalty, the latest last */
  private readonly stretches = new Map<string, Stretch[]>();

  constructor(private readonly floor: () => TournamentFloor) {}

  /** the hands still to serve (the longest running hands penalty), 0 without one */
  handsLeft(player: string): number {
    const running = this.floor().penalties.running(player, this.floor().playClock());
    return Math.max(0, ...running.map((p) => p.handsLeft ?? 0));
  }

  /** a penalty order of `hands` (a hands penalty, not a suspension) went to a table */
  orderSent(id: number, player: string): void {
    this.sent.set(id, player);
  }

  /** the table took a penalty order on at `handNo`: its next hands count */
  answered(table: string, id: number, handNo: number): void {
    const player = this.sent.get(id);
    if (player === undefined) return;
    this.sent.delete(id);
    const list = this.stretches.get(player) ?? [];
    for (const s of list) if (s.until === null) s.until = s.table === table ? handNo : s.after;
    list.push({ table, after: handNo, until: null });
    this.stretches.set(player, list);
  }

  /** a hand the archive stored, with the players in it: one hand served by each serving a penalty there */
  handBooked(table: string, handNo: number, players: Iterable<string>): void {
    for (const p of players) {
      const list = this.stretches.get(p);
      if (!list?.some((s) => s.table === table && handNo > s.after && (s.until === null || handNo <= s.until)))
        continue;
      if (this.handsLeft(p) > 0) this.floor().penalties.handDealt(p);
    }
  }

  /**
   * The player left `table` after its hand `handNo`: the stretch there closes. The hands to send to the new table:
   * what is left less the hands the old table played in the stretch and the archive has not booked yet.
   */
  left(player: string, table: string, handNo: number, lastBooked: number): number {
    let pending = 0;
    for (const s of this.stretches.get(player) ?? [])
      if (s.table === table && s.until === null) {
        s.until = handNo;
        pending = Math.max(0, handNo - Math.max(s.after, lastBooked));
      }
    return Math.max(0, this.handsLeft(player) - pending);
  }
}

/** the two orders of a penalty that follows its player (tda 71): the seat left cleared, the new seat penalised */
export function carriedOrders(
  player: string,
  name: string,
  from: { table: string; seat: number },
  to: { table: string; seat: number },
  hands: number,
): { table: string; order: OrderInput }[] {
  const base = { op: 'penalty' as const, player, stack: 0 };
  return [
    {
      table: from.table,
      order: { ...base, seat: from.seat, hands: 0 },
    },
    {
      table: to.table,
      order: {
        ...base,
        seat: to.seat,
        hands,
        alert: carriedAlert(name, from.table, to.seat, hands),
      },
    },
  ];
}
