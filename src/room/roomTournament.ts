// A tournament run by the room against live tables (`feltwire room --sim-tournament N`): the floor
// (src/tournament/floor.ts) keeps the book; this module is its link to the tables. The draw seats the players (names
// and stacks sent on each table's `seating` topic), the room's tournament clock pushes each level through the room
// settings (each table takes it at its next shuffle, LOI 18), every finished hand the archive stored books the stacks
// and places the busted (two in one hand by their stacks at its start), and the moves the floor calls (balancing,
// LOI 25 / club 8-7, 8-8; a broken table) are carried out in two steps: the table the player leaves answers with the
// chips they leave with once their hand there is over, then the receiving table seats them with those chips. Both
// dealers get a table alert (EN/FR). Every input is appended to a journal in the room's data folder and the clock
// is saved there: a restarted room replays the journal (the same seed gives the same draws) and keeps its clock.
import { join } from 'node:path';
import { monotonicNow, type WallClock, wallNow } from '../clock/index.js';
import type { Move } from '../tournament/balancing.js';
import type { ClockState } from '../tournament/clock.js';
import { TournamentFloor } from '../tournament/floor.js';
import type { Penalty, PenaltyGiven } from '../tournament/penalties.js';
import { seededRandom } from '../tournament/random.js';
import type { Player } from '../tournament/registration.js';
import { type Seat, waitsForButton } from '../tournament/seating.js';
import { carriedOrders, PenaltyCarry } from './penaltyCarry.js';
import type { HandMessage, SeatingResult } from './protocol.js';
import type { RoomAttachment, RoomContext } from './roomAttach.js';
import { SeatHistory } from './seatHistory.js';
import { OrderBook, type OrderKind } from './seatingOrders.js';
import { liveTdView } from './tdRoster.js';
import { FloorOps, type OrderInput } from './tournamentFloorOps.js';
import {
  appendJournal,
  CLOCK_FILE,
  handRecord,
  JOURNAL_FILE,
  type Journal,
  journalStart,
  type LiveTdView,
  type MoveStep,
  type RoomTournamentOptions,
  type Transit,
  writeClock,
} from './tournamentJournal.js';
import { tournamentAttachment } from './tournamentLink.js';
import { arriveAlert, leaveAlert, moveLine, outAlert } from './tournamentTexts.js';

export type { LiveTdView, MoveStep, RoomTournamentOptions } from './tournamentJournal.js';
export { CLOCK_FILE, JOURNAL_FILE } from './tournamentJournal.js';

export class RoomTournament {
  readonly floor: TournamentFloor;
  readonly players: Player[];
  readonly tableIds: string[];
  readonly moveSteps: MoveStep[] = [];
  readonly problems: string[] = [];
  /** finished hands booked, per table */
  readonly handsBooked = new Map<string, number>();
  private readonly journalPath: string;
  private readonly clockPath: string;
  private readonly now: WallClock;
  private readonly say: (line: string) => void;
  private readonly seats = new SeatHistory();
  private readonly book: OrderBook;
  private readonly answered = new Set<number>();
  private readonly transits = new Map<string, Transit>();
  private readonly lastHand = new Map<string, { logId: string; handNo: number }>();
  /** every hand booked, by its id (table, log, number): a hand is booked once, whoever gives it again */
  private readonly booked = new Set<string>();
  /** the wall time of the draw: the archive's hands of the tables stored since belong to the tournament */
  readonly startWall: number;
  /** each table's last archived hand (table_seq) at the first attach: the hands after it are the tournament's */
  archiveMarks: Record<string, number> | null = null;
  private readonly beforeJournal: ((rec: Journal) => void) | undefined;
  private replaying = false;
  /** tda 71: hands penalties counted down from the archived hands, carried to a new table */
  private readonly carry = new PenaltyCarry(() => this.floor);
  private ctx: RoomContext | null = null;
  private hands = 0;
  private finishedResolve!: () => void;
  readonly finished: Promise<void>;

  private constructor(
    o: RoomTournamentOptions,
    start: Extract<Journal, { r: 'start' }>,
    saved: ClockState | undefined,
  ) {
    this.now = o.now ?? wallNow;
    this.say = o.say ?? (() => {});
    this.book = new OrderBook(this.now, this.say);
    this.journalPath = join(o.dataDir, JOURNAL_FILE);
    this.clockPath = join(o.dataDir, CLOCK_FILE);
    this.players = [...start.players];
    this.tableIds = start.tableIds;
    this.startWall = start.wall;
    this.beforeJournal = o.beforeJournal;
    this.finished = new Promise((r) => {
      this.finishedResolve = r;
    });
    this.floor = new TournamentFloor(
      start.structure,
      start.players,
      { tableIds: start.tableIds, maxSeats: start.maxSeats, buyIn: start.buyIn },
      seededRandom(start.seed),
      o.mono ?? monotonicNow,
      saved,
    );
    this.floor.start();
    if (saved && !saved.running) this.floor.clock.pause();
    for (const t of this.floor.tables)
      for (const [seat, player] of Object.entries(t.seats)) {
        this.seats.drawn(t.id, Number(seat), player);
        this.order(t.id, { op: 'seat', seat: Number(seat), player, stack: start.structure.startingStack }, 'draw');
      }
  }

  /** the tournament of the room's data folder: the journal's when there is one (a restart), else a new draw */
  static open(o: RoomTournamentOptions): RoomTournament {
    const { lines, start, saved } = journalStart(o);
    const t = new RoomTournament(o, start, saved);
    if (lines.length === 0) t.write(start);
    t.replaying = true;
    for (const rec of lines.slice(1)) t.apply(rec);
    t.replaying = false;
    t.saveClock();
    if (lines.length > 1)
      t.say(`tournament: ${lines.length - 1} journal records replayed, ${t.floor.standings.left} players left`);
    return t;
  }

  /** the wall clock (what is written down) */
  wall(): number {
    return this.now();
  }

  name(id: string): string {
    return this.players.find((p) => p.id === id)?.name ?? id;
  }

  isFinished(): boolean {
    return this.floor.log.some((e) => e.kind === 'winner');
  }

  view(): LiveTdView {
    return liveTdView(this.floor, this.players, this.hands, this.transits.values(), this.moveSteps, this.problems);
  }

  clockOp(op: 'pause' | 'resume' | { addMs: number }): void {
    if (op === 'pause') this.floor.clock.pause();
    else if (op === 'resume') this.floor.clock.resume();
    else this.floor.clock.addTime(op.addMs);
    this.write({ r: 'clock', op: typeof op === 'string' ? op : `add ${op.addMs}`, wall: this.now() });
    this.saveClock();
    this.onClockChange?.();
  }

  /** the link's: a TD's change of the clock goes to the tables at once */
  onClockChange: (() => void) | null = null;

  /** the room's side: its topics, the hands it stored, the TD's routes (tournamentLink.ts) */
  attach = (ctx: RoomContext): RoomAttachment => tournamentAttachment(this, ctx);

  /** the room's connection, while attached */
  setContext(ctx: RoomContext | null): void {
    this.ctx = ctx;
  }

  /** the room's: the archive's sequence of each table now (journaled once; a restart reconciles from it) */
  markArchive(after: Record<string, number>): void {
    if (this.archiveMarks) return;
    this.write({ r: 'archiveMarks', after, wall: this.now() });
    this.archiveMarks = after;
  }

  /** the tables' answers (a `seated` message): each order's once */
  takeAnswers(table: string, results: readonly SeatingResult[]): void {
    for (const r of results)
      if (!this.answered.has(r.id)) this.apply({ r: 'answer', table, result: r, wall: this.now() });
  }

  /** every table's orders again (retained: a table applies each once) */
  publishAllOrders(): void {
    for (const id of this.book.tables()) this.book.publish(id, this.ctx);
  }

  // ---- inputs ------------------------------------------------------------------------------------------------

  /** a finished hand the archive stored (again after a restart: each is booked once, by its id) */
  onHand(msg: HandMessage): boolean {
    if (!this.tableIds.includes(msg.tableId) || !msg.hand.complete) return false;
    const before = this.hands;
    this.apply(handRecord(msg, this.now()));
    return this.hands > before;
  }

  private apply(rec: Journal): void {
    if (rec.r === 'hand') {
      const id = `${rec.table}\u0000${rec.logId}\u0000${rec.handNo}`;
      if (this.booked.has(id)) return;
      const last = this.lastHand.get(rec.table);
      if (last && last.logId === rec.logId && rec.handNo <= last.handNo) return;
      if (this.isFinished()) return;
      this.write(rec);
      this.booked.add(id);
      this.lastHand.set(rec.table, { logId: rec.logId, handNo: rec.handNo });
      this.bookHand(rec);
    } else if (rec.r === 'penalty') this.ops.replay(rec);
    else if (rec.r === 'lift' || rec.r === 'register' || rec.r === 'absent' || rec.r === 'noShows')
      this.ops.replay(rec);
    else if (rec.r === 'archiveMarks') this.archiveMarks ??= rec.after;
    else if (rec.r === 'answer') {
      if (this.answered.has(rec.result.id)) return;
      this.answered.add(rec.result.id);
      this.write(rec);
      this.onAnswer(rec.table, rec.result);
    }
  }

  private bookHand(rec: Extract<Journal, { r: 'hand' }>): void {
    const { hereStart, hereEnd, elsewhere, seatOf, nobody } = this.seats.split(this.floor, rec);
    for (const seat of nobody)
      this.problem(`table ${rec.table} hand ${rec.handNo}: nobody of the tournament at seat ${seat}`);
    this.hands++;
    this.handsBooked.set(rec.table, (this.handsBooked.get(rec.table) ?? 0) + 1);
    const res = this.floor.handEnded(
      rec.table,
      {
        hand: `${rec.table}#${rec.handNo}`,
        button: rec.button,
        sb: rec.sb,
        bb: rec.bb,
        start: hereStart,
        end: hereEnd,
      },
      elsewhere,
    );
    this.carry.handBooked(rec.table, rec.handNo, seatOf.keys());
    for (const f of res.finishes) {
      const seat = seatOf.get(f.player);
      const prize = this.floor.standings.prizeOf(f);
      if (f.place === 1) {
        this.say(`tournament: ${this.name(f.player)} wins, prize ${prize}`);
        continue;
      }
      this.say(
        `tournament: ${this.name(f.player)} out in place ${f.place}, prize ${prize} (${rec.table}#${rec.handNo})`,
      );
      if (seat === undefined) continue;
      this.seats.left(rec.table, seat, f.player, rec.handNo);
      this.order(
        rec.table,
        { op: 'remove', seat, player: f.player, stack: 0, alert: outAlert(this.name(f.player), seat, f.place, prize) },
        'out',
      );
    }
    for (const m of res.moves) this.startMove(m);
    if (this.isFinished()) {
      this.saveClock();
      this.finishedResolve();
    }
  }

  private startMove(m: Move): void {
    this.say(moveLine(m, this.name(m.player)));
    const tr = this.transits.get(m.player);
    if (tr && tr.arriveOrder === null) {
      // not seated anywhere yet: the move goes on to the new seat
      tr.move = { ...m, from: tr.move.from };
      return;
    }
    if (tr) this.transits.delete(m.player);
    const id = this.order(
      m.from.table,
      { op: 'remove', seat: m.from.seat, player: m.player, stack: 0, alert: leaveAlert(m, this.name(m.player)) },
      'leave',
    );
    this.transits.set(m.player, { move: m, leaveOrder: id, arriveOrder: null, stack: null });
  }

  private onAnswer(table: string, r: SeatingResult): void {
    const info = this.book.info(r.id);
    if (!info) return;
    if (!r.ok) {
      this.problem(`table ${table} refused order ${r.id} (${info.kind} ${this.name(info.player)}): ${r.error}`);
      return;
    }
    if (info.kind === 'penalty') this.carry.answered(table, r.id, r.handNo);
    const tr = this.transits.get(info.player);
    if (info.kind === 'leave' && tr && tr.leaveOrder === r.id) {
      const from: Seat = tr.move.from;
      this.seats.left(from.table, from.seat, info.player, r.handNo);
      this.step({ player: info.player, kind: 'left', table, seat: from.seat, reason: tr.move.reason }, r);
      if (r.stack === 0 || this.floor.standings.isOut(info.player)) {
        this.transits.delete(info.player);
        return;
      }
      const to = tr.move.to;
      tr.stack = r.stack;
      this.seats.coming(to.table, to.seat, info.player);
      // LOI 32, club 8-10: a seat the blinds have passed waits for the button (the table deals it no hand till then)
      const waits = waitsForButton(this.floor.table(to.table), to.seat);
      tr.arriveOrder = this.order(
        to.table,
        {
          op: 'seat',
          seat: to.seat,
          player: info.player,
          stack: r.stack,
          alert: arriveAlert(tr.move, this.name(info.player), r.stack, waits),
          ...(waits ? { waitForButton: true } : {}),
        },
        'arrive',
      );
      const left = this.carry.left(info.player, from.table, r.handNo, this.lastHand.get(from.table)?.handNo ?? 0);
      if (left > 0)
        for (const c of carriedOrders(info.player, this.name(info.player), from, to, left))
          this.order(c.table, c.order, 'penalty');
    } else if (info.kind === 'arrive') {
      // seated: they play there from the next hand (even when a later move already calls them on)
      const seat = this.seats.seated(table, info.player, r.handNo);
      this.step({ player: info.player, kind: 'seated', table, seat, reason: tr?.move.reason ?? 'balance' }, r);
      if (tr && tr.arriveOrder === r.id) this.transits.delete(info.player);
    }
  }

  /** a move's step carried out at a table (the TD's view lists them) */
  private step(s: Omit<MoveStep, 'stack' | 'handNo'>, r: SeatingResult): void {
    this.moveSteps.push({ ...s, stack: r.stack, handNo: r.handNo });
  }

  // ---- penalties, late registration, no-shows (tournamentFloorOps.ts) -----------------------------------------

  /** the floor records a penalty (the TD's route): booked, journaled, and sent to the player's table */
  penalise(g: Omit<PenaltyGiven, 'hand'>): Penalty {
    return this.ops.penalise(g);
  }

  /** the link's tick: a suspension of minutes or levels served lets the player play again (journaled) */
  liftServed(): void {
    this.ops.liftServed();
  }

  /** a player registered late (the TD's route): drawn onto a free seat, seated at that table */
  register(p: Player): { table: string; seat: number; waits: boolean } {
    return this.ops.register(p);
  }

  /** a registered player not at their seat (or arrived) */
  absent(player: string, absent: boolean): void {
    this.ops.absent(player, absent);
  }

  /** the link's tick: once the first level (or the late registration) is over, the players who never came are out */
  noShowsDue(): void {
    this.ops.noShowsDue();
  }

  private readonly ops: FloorOps = new FloorOps({
    floor: () => this.floor,
    players: () => this.players,
    replaying: () => this.replaying,
    name: (id) => this.name(id),
    say: (line) => this.say(line),
    order: (table, o, kind) => this.order(table, o, kind),
    occupants: () => this.seats.map,
    lastHandNo: (table) => this.lastHand.get(table)?.handNo ?? 0,
    startMove: (m) => this.startMove(m),
    write: (rec) => this.write(rec),
    saveClock: () => this.saveClock(),
    now: () => this.now(),
    settle: () => {
      if (this.isFinished()) this.finishedResolve();
    },
  });

  // ---- outputs -----------------------------------------------------------------------------------------------

  private order(table: string, o: OrderInput, kind: OrderKind): number {
    const p = this.players.find((x) => x.id === o.player);
    const id = this.book.add(table, { ...o, name: p?.name ?? o.player, country: p?.country ?? '' }, kind);
    if (kind === 'penalty' && (o.hands ?? 0) > 0 && this.carry.handsLeft(o.player) > 0)
      this.carry.orderSent(id, o.player);
    if (!this.replaying) this.book.publish(table, this.ctx);
    return id;
  }

  private problem(line: string): void {
    this.problems.push(line);
    this.say(`tournament: ${line}`);
  }

  private write(rec: Journal): void {
    if (this.replaying) return;
    this.beforeJournal?.(rec);
    appendJournal(this.journalPath, rec);
  }

  saveClock(): void {
    writeClock(this.clockPath, this.floor.clock.save(), this.now());
  }
}
