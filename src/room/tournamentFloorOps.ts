// A room tournament's floor operations beyond the draw and the moves (roomTournament.ts holds the book, the orders and
// the journal): penalties the floor records (LOI 7, 33; tda 68, 71; seed 003 regulation 6), sent to the player's
// table as `penalty` orders, suspensions lifted once served; late registration (club 3-1, 3-2, seed 003 regulation 10)
// seated at a live table; players not at their seat sent as `absent`, and taken out once the first level is over.
// Each is journaled by the tournament and replayed to the same orders after a restart.
import type { Move } from '../tournament/balancing.js';
import type { TournamentFloor } from '../tournament/floor.js';
import type { Penalty, PenaltyGiven } from '../tournament/penalties.js';
import type { Player } from '../tournament/registration.js';
import type { OrderKind } from './seatingOrders.js';
import type { SeatingAlert } from './seatingWire.js';
import type { Journal, Occupant } from './tournamentJournal.js';
import { absentAlert, lateAlert, outAlert, penaltyAlert, servedAlert } from './tournamentTexts.js';

/** an order as roomTournament.ts takes it */
export interface OrderInput {
  op: 'seat' | 'remove' | 'penalty' | 'absent';
  seat: number;
  player: string;
  stack: number;
  /** the dealer's table alert (none: the opening draw, a penalty's seat cleared when it follows its player) */
  alert?: SeatingAlert;
  hands?: number;
  waitForButton?: boolean;
  absent?: boolean;
}

/** what the tournament lends its floor operations */
export interface FloorOpsHost {
  floor(): TournamentFloor;
  players(): Player[];
  replaying(): boolean;
  name(id: string): string;
  say(line: string): void;
  order(table: string, o: OrderInput, kind: OrderKind): number;
  occupants(): Map<string, Occupant[]>;
  lastHandNo(table: string): number;
  startMove(m: Move): void;
  write(rec: Journal): void;
  saveClock(): void;
  /** the winner known: the tournament is over */
  settle(): void;
  now(): number;
}

type Replayed = Extract<Journal, { r: 'penalty' | 'lift' | 'register' | 'absent' | 'noShows' }>;

export class FloorOps {
  constructor(private readonly h: FloorOpsHost) {}

  /** a journal record of these, replayed after a restart */
  replay(rec: Replayed): void {
    if (rec.r === 'penalty') this.applyPenalty(rec.given);
    else if (rec.r === 'lift') this.lift(rec.penalty);
    else if (rec.r === 'register') this.applyRegister(rec.player);
    else if (rec.r === 'absent') this.applyAbsent(rec.player, rec.absent);
    else this.applyNoShows();
  }

  /** the floor records a penalty (the TD's route): booked, journaled, and sent to the player's table */
  penalise(g: Omit<PenaltyGiven, 'hand'>): Penalty {
    const t = this.h.floor().tables.find((x) => Object.values(x.seats).includes(g.player));
    const given: PenaltyGiven = {
      ...g,
      hand: `${t?.id ?? '-'}#${(t ? this.h.lastHandNo(t.id) : 0) + 1}`,
    };
    const p = this.applyPenalty(given);
    this.h.write({ r: 'penalty', given, wall: this.h.now() });
    this.h.saveClock();
    return p;
  }

  private applyPenalty(g: PenaltyGiven): Penalty {
    const t = this.h.floor().tables.find((x) => Object.values(x.seats).includes(g.player));
    const seat = Number(Object.entries(t?.seats ?? {}).find(([, p]) => p === g.player)?.[0] ?? 0);
    const res = this.h.floor().penalise(g);
    if (!t) return res.penalty;
    if (g.kind === 'elimination' || g.kind === 'disqualification') {
      const o = (this.h.occupants().get(`${t.id}/${seat}`) ?? []).find(
        (x) => x.player === g.player && x.until === null,
      );
      if (o) o.until = this.h.lastHandNo(t.id);
      const alert = penaltyAlert(res.penalty, this.h.name(g.player), seat, 0);
      this.h.order(t.id, { op: 'remove', seat, player: g.player, stack: 0, alert }, 'out');
    } else {
      // hands and rounds: that many hands at the table; minutes and levels: until served (lifted then)
      const away = g.kind === 'hands' || g.kind === 'rounds';
      const timed = g.kind === 'minutes' || g.kind === 'levels';
      const hands = away ? (res.penalty.handsLeft ?? 0) : timed ? 1000 : 0;
      const alert = penaltyAlert(res.penalty, this.h.name(g.player), seat, hands);
      this.h.order(t.id, { op: 'penalty', seat, player: g.player, stack: 0, hands, alert }, 'penalty');
      if (timed) this.timed.set(res.penalty.id, { player: g.player, table: t.id, seat });
    }
    for (const m of res.moves) this.h.startMove(m);
    this.h.settle();
    return res.penalty;
  }

  /** the link's tick: a suspension of minutes or levels served lets the player play again (journaled) */
  liftServed(): void {
    for (const [id, x] of this.timed) {
      if (
        this.h
          .floor()
          .penalties.running(x.player, this.h.floor().playClock())
          .some((p) => p.id === id)
      )
        continue;
      this.lift(id);
      this.h.write({ r: 'lift', penalty: id, wall: this.h.now() });
    }
  }

  private lift(id: number): void {
    const x = this.timed.get(id);
    if (!x) return;
    this.timed.delete(id);
    const name = this.h.name(x.player);
    this.h.order(
      x.table,
      {
        op: 'penalty',
        seat: x.seat,
        player: x.player,
        stack: 0,
        hands: 0,
        alert: servedAlert(name, x.seat),
      },
      'penalty',
    );
  }

  /** suspensions of minutes or levels sent to a table, not yet lifted: penalty id -> where */
  private readonly timed = new Map<number, { player: string; table: string; seat: number }>();

  /** a player registered late (the TD's route): drawn onto a free seat, seated at that table with the starting stack */
  register(p: Player): { table: string; seat: number; waits: boolean } {
    const r = this.applyRegister(p);
    this.h.write({ r: 'register', player: p, wall: this.h.now() });
    return r;
  }

  private applyRegister(p: Player): { table: string; seat: number; waits: boolean } {
    const { seat, waits } = this.h.floor().lateRegister(p, { replay: this.h.replaying() });
    this.h.players().push(p);
    const key = `${seat.table}/${seat.seat}`;
    // plays from the table's next hand: the hand it answers with
    this.h.occupants().set(key, [...(this.h.occupants().get(key) ?? []), { player: p.id, from: null, until: null }]);
    const stack = this.h.floor().structure.startingStack;
    this.h.order(
      seat.table,
      {
        op: 'seat',
        seat: seat.seat,
        player: p.id,
        stack,
        alert: lateAlert(p.name, seat.seat, stack, waits),
        ...(waits ? { waitForButton: true } : {}),
      },
      'arrive',
    );
    this.h.say(
      `tournament: ${p.name} registered late, ${seat.table}-${seat.seat}${waits ? ' (waits for the button)' : ''}`,
    );
    return { table: seat.table, seat: seat.seat, waits };
  }

  /** a registered player not at their seat (or arrived): the table deals them in and takes their blinds meanwhile */
  absent(player: string, absent: boolean): void {
    this.applyAbsent(player, absent);
    this.h.write({ r: 'absent', player, absent, wall: this.h.now() });
  }

  private applyAbsent(player: string, absent: boolean): void {
    const kind = absent ? this.h.floor().absent(player) : null;
    if (!absent) this.h.floor().arrives(player);
    const t = this.h.floor().tables.find((x) => Object.values(x.seats).includes(player));
    if (!t) return;
    const seat = Number(Object.entries(t.seats).find(([, p]) => p === player)?.[0]);
    const name = this.h.name(player);
    this.h.order(
      t.id,
      {
        op: 'absent',
        seat,
        player,
        stack: 0,
        absent,
        alert: absentAlert(name, seat, kind),
      },
      'absent',
    );
  }

  /** the link's tick: once the first level (or the late registration) is over, the players who never came are out */
  noShowsDue(): void {
    if (this.h.floor().neverCame().length === 0) return;
    if (this.h.floor().clock.status().level.level <= Math.max(1, this.h.floor().structure.lateRegistrationLevels))
      return;
    this.applyNoShows();
    this.h.write({ r: 'noShows', wall: this.h.now() });
  }

  private applyNoShows(): void {
    const seatOf = new Map<string, { table: string; seat: number }>();
    for (const t of this.h.floor().tables)
      for (const [seat, p] of Object.entries(t.seats)) seatOf.set(p, { table: t.id, seat: Number(seat) });
    const moves0 = this.h.floor().log.length;
    const finishes = this.h.floor().noShowsOut('room#no-shows');
    for (const f of finishes) {
      const at = seatOf.get(f.player);
      this.h.say(`tournament: ${this.h.name(f.player)} never came: out in place ${f.place} (seed 003 regulation 10)`);
      if (!at) continue;
      const o = (this.h.occupants().get(`${at.table}/${at.seat}`) ?? []).find((x) => x.player === f.player && !x.until);
      if (o) o.until = this.h.lastHandNo(at.table);
      const prize = this.h.floor().standings.prizeOf(f);
      this.h.order(
        at.table,
        {
          op: 'remove',
          seat: at.seat,
          player: f.player,
          stack: 0,
          alert: outAlert(this.h.name(f.player), at.seat, f.place, prize, true),
        },
        'out',
      );
    }
    for (const e of this.h.floor().log.slice(moves0)) {
      if (e.kind === 'tableBroken') for (const m of e.broken.moves) this.h.startMove(m);
      if (e.kind === 'move') this.h.startMove(e.move);
    }
    this.h.settle();
  }
}
