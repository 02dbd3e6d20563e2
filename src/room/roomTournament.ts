// A tournament run by the room against live tables (`feltwire room --sim-tournament N`): the floor
// (src/tournament/floor.ts) keeps the book; this module is its link to the tables. The draw seats the players (names
// and stacks sent on each table's `seating` topic), the room's tournament clock pushes each level through the room
// settings (each table takes it at its next shuffle, LOI 18), every finished hand the archive stored books the stacks
// and places the busted (two in one hand by their stacks at its start), and the moves the floor calls (balancing,
// LOI 25 / club 8-7, 8-8; a broken table) are carried out in two steps: the table the player leaves answers with the
// chips they leave with once their hand there is over, then the receiving table seats them with those chips. Both
// dealers get a table alert (EN/FR). Every input is appended to a journal in the room's data folder and the clock
// is saved there: a restarted room replays the journal (the same seed gives the same draws) and keeps its clock.
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MonotonicClock, monotonicNow, type WallClock, wallNow } from '../clock/index.js';
import type { Move } from '../tournament/balancing.js';
import type { ClockState } from '../tournament/clock.js';
import { TournamentFloor } from '../tournament/floor.js';
import { seededRandom } from '../tournament/random.js';
import type { Player } from '../tournament/registration.js';
import type { Seat } from '../tournament/seating.js';
import type { Structure } from '../tournament/structure.js';
import { type TdView, tdView } from '../tournament/tdView.js';
import { encodeMessage, type HandMessage, type SeatingOrder, type SeatingResult, topics } from './protocol.js';
import type { RoomAttachment, RoomContext } from './roomAttach.js';
import { registerTournamentRoutes } from './tournamentRoutes.js';
import { arriveText, leaveText, moveLine, outText } from './tournamentTexts.js';

export const JOURNAL_FILE = 'tournament-journal.jsonl';
export const CLOCK_FILE = 'tournament-clock.json';

export interface RoomTournamentOptions {
  /** the room's data folder: the journal and the clock are kept there */
  dataDir: string;
  structure: Structure;
  players: Player[];
  tableIds: string[];
  maxSeats: number;
  buyIn: number;
  seed: number;
  /** the tournament clock's monotonic time (default performance.now; tests run it faster) */
  mono?: MonotonicClock;
  /** the wall clock: only what is written down */
  now?: WallClock;
  say?: (line: string) => void;
}

type Journal =
  | {
      r: 'start';
      seed: number;
      tableIds: string[];
      maxSeats: number;
      buyIn: number;
      structure: Structure;
      players: Player[];
      wall: number;
    }
  | {
      r: 'hand';
      table: string;
      logId: string;
      handNo: number;
      start: Record<number, number>;
      end: Record<number, number>;
      button: number;
      sb: number | null;
      bb: number;
      wall: number;
    }
  | { r: 'answer'; table: string; result: SeatingResult; wall: number }
  | { r: 'clock'; op: string; wall: number };

interface Occupant {
  player: string;
  /** the first hand number they play at this seat (null: not yet answered) */
  from: number | null;
  /** the last hand they played at it (null: still there) */
  until: number | null;
}

interface Transit {
  move: Move;
  leaveOrder: number;
  arriveOrder: number | null;
  stack: number | null;
}

/** one step of a move as it happened at the tables (the TD's screen and the test read them) */
export interface MoveStep {
  player: string;
  kind: 'left' | 'seated';
  table: string;
  seat: number;
  stack: number;
  handNo: number;
  reason: Move['reason'];
}

export interface LiveTdView extends TdView {
  live: true;
  step: number;
  steps: number;
  /** moves under way: the player is between the two tables */
  inTransit: { player: string; from: string; to: string }[];
  steps_: MoveStep[];
  problems: string[];
}

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
  private readonly occupants = new Map<string, Occupant[]>();
  private readonly orders = new Map<string, SeatingOrder[]>();
  private readonly orderInfo = new Map<
    number,
    { table: string; kind: 'draw' | 'out' | 'leave' | 'arrive'; player: string }
  >();
  private readonly answered = new Set<number>();
  private readonly transits = new Map<string, Transit>();
  private readonly lastHand = new Map<string, { logId: string; handNo: number }>();
  private nextOrder = 1;
  private replaying = false;
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
    this.journalPath = join(o.dataDir, JOURNAL_FILE);
    this.clockPath = join(o.dataDir, CLOCK_FILE);
    this.players = start.players;
    this.tableIds = start.tableIds;
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
        this.occupants.set(`${t.id}/${seat}`, [{ player, from: 0, until: null }]);
        this.order(
          t.id,
          { op: 'seat', seat: Number(seat), player, stack: start.structure.startingStack, message: '', messageFr: '' },
          'draw',
        );
      }
  }

  /** the tournament of the room's data folder: the journal's when there is one (a restart), else a new draw */
  static open(o: RoomTournamentOptions): RoomTournament {
    const path = join(o.dataDir, JOURNAL_FILE);
    const lines = existsSync(path)
      ? readFileSync(path, 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as Journal)
      : [];
    const first = lines[0];
    if (first && first.r !== 'start') throw new Error(`${path}: the journal does not begin with the draw`);
    const start: Extract<Journal, { r: 'start' }> = first ?? {
      r: 'start',
      seed: o.seed,
      tableIds: o.tableIds,
      maxSeats: o.maxSeats,
      buyIn: o.buyIn,
      structure: o.structure,
      players: o.players,
      wall: (o.now ?? wallNow)(),
    };
    const clockPath = join(o.dataDir, CLOCK_FILE);
    const saved =
      first && existsSync(clockPath) ? (JSON.parse(readFileSync(clockPath, 'utf8')).clock as ClockState) : undefined;
    const t = new RoomTournament(o, start, saved);
    if (!first) t.write(start);
    t.replaying = true;
    for (const rec of lines.slice(1)) t.apply(rec);
    t.replaying = false;
    t.saveClock();
    if (lines.length > 1)
      t.say(`tournament: ${lines.length - 1} journal records replayed, ${t.floor.standings.left} players left`);
    return t;
  }

  /** what each table starts with: the draw's seats with the starting stack, the first button, the first blinds */
  tableSetup(): Record<string, { seats: Record<number, number>; button: number; blinds: [number, number] }> {
    const first = this.floor.clock.status().level;
    const out: ReturnType<RoomTournament['tableSetup']> = {};
    for (const t of this.floor.tables) {
      const seats: Record<number, number> = {};
      for (const seat of Object.keys(t.seats)) seats[Number(seat)] = this.floor.structure.startingStack;
      out[t.id] = { seats, button: t.button ?? Number(Object.keys(seats)[0]), blinds: [first.sb, first.bb] };
    }
    return out;
  }

  name(id: string): string {
    return this.players.find((p) => p.id === id)?.name ?? id;
  }

  isFinished(): boolean {
    return this.floor.log.some((e) => e.kind === 'winner');
  }

  view(): LiveTdView {
    return {
      ...tdView(this.floor, this.hands),
      live: true,
      step: this.hands,
      steps: 0,
      inTransit: [...this.transits.values()].map((t) => ({
        player: this.name(t.move.player),
        from: `${t.move.from.table}-${t.move.from.seat}`,
        to: `${t.move.to.table}-${t.move.to.seat}`,
      })),
      steps_: this.moveSteps.slice(-20),
      problems: this.problems.slice(-10),
    };
  }

  clockOp(op: 'pause' | 'resume' | { addMs: number }): void {
    if (op === 'pause') this.floor.clock.pause();
    else if (op === 'resume') this.floor.clock.resume();
    else this.floor.clock.addTime(op.addMs);
    this.write({ r: 'clock', op: typeof op === 'string' ? op : `add ${op.addMs}`, wall: this.now() });
    this.saveClock();
    this.pushLevel();
  }

  /** the room's side: its topics, the hands it stored, the TD's routes */
  attach = (ctx: RoomContext): RoomAttachment => {
    this.ctx = ctx;
    let ready = false;
    let readyTimer: NodeJS.Timeout | null = null;
    const tick = setInterval(() => {
      this.saveClock();
      if (ready) this.pushLevel();
    }, 250);
    tick.unref();
    return {
      topics: [topics.allTables('seated')],
      onMessage: (_topic, payload) => {
        try {
          const text = payload.toString('utf8');
          const msg = JSON.parse(text) as { kind?: string };
          if (msg.kind !== 'seated') return;
          const m = JSON.parse(encodeMessage('seated', msg as never)) as { tableId: string; results: SeatingResult[] };
          for (const r of m.results)
            if (!this.answered.has(r.id)) this.apply({ r: 'answer', table: m.tableId, result: r, wall: this.now() });
        } catch (err) {
          this.say(`tournament: seating answer refused: ${(err as Error).message}`);
        }
      },
      onHandStored: (msg) => this.onHand(msg),
      onConnect: () => {
        for (const id of this.orders.keys()) this.publishOrders(id);
        // the retained settings arrive first: the level is pushed once they had the time to
        if (readyTimer) clearTimeout(readyTimer);
        readyTimer = setTimeout(() => {
          ready = true;
          this.pushLevel();
        }, 500);
        readyTimer.unref();
      },
      routes: (app, staff) => registerTournamentRoutes(app, staff, this),
      close: async () => {
        clearInterval(tick);
        if (readyTimer) clearTimeout(readyTimer);
        this.saveClock();
        this.ctx = null;
      },
    };
  };

  // ---- inputs ------------------------------------------------------------------------------------------------

  private onHand(msg: HandMessage): void {
    if (!this.tableIds.includes(msg.tableId) || !msg.hand.complete) return;
    const h = msg.hand;
    const start: Record<number, number> = {};
    const end: Record<number, number> = {};
    for (const [k, v] of Object.entries(h.config.seats)) start[Number(k)] = v;
    for (const [k, v] of Object.entries(h.final.stacks)) if (start[Number(k)] !== undefined) end[Number(k)] = v;
    this.apply({
      r: 'hand',
      table: msg.tableId,
      logId: msg.logId,
      handNo: msg.handNo,
      start,
      end,
      button: h.final.button,
      sb: h.final.sb,
      bb: h.final.bb,
      wall: this.now(),
    });
  }

  private apply(rec: Journal): void {
    if (rec.r === 'hand') {
      const last = this.lastHand.get(rec.table);
      if (last && last.logId === rec.logId && rec.handNo <= last.handNo) return;
      if (this.isFinished()) return;
      this.write(rec);
      this.lastHand.set(rec.table, { logId: rec.logId, handNo: rec.handNo });
      this.bookHand(rec);
    } else if (rec.r === 'answer') {
      if (this.answered.has(rec.result.id)) return;
      this.answered.add(rec.result.id);
      this.write(rec);
      this.onAnswer(rec.table, rec.result);
    }
  }

  private occupant(table: string, seat: number, handNo: number): string | null {
    const list = this.occupants.get(`${table}/${seat}`) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const o = list[i] as Occupant;
      if (o.from !== null && o.from <= handNo && (o.until === null || handNo <= o.until)) return o.player;
    }
    return null;
  }

  private bookHand(rec: Extract<Journal, { r: 'hand' }>): void {
    const t = this.floor.table(rec.table);
    const hereStart: Record<number, number> = {};
    const hereEnd: Record<number, number> = {};
    const elsewhere: { player: string; start: number; end: number }[] = [];
    const seatOf = new Map<string, number>();
    for (const [k, end] of Object.entries(rec.end)) {
      const seat = Number(k);
      const player = this.occupant(rec.table, seat, rec.handNo);
      if (!player || this.floor.standings.isOut(player)) {
        this.problem(`table ${rec.table} hand ${rec.handNo}: nobody of the tournament at seat ${seat}`);
        continue;
      }
      seatOf.set(player, seat);
      const start = rec.start[seat] ?? 0;
      if (t.seats[seat] === player) {
        hereStart[seat] = start;
        hereEnd[seat] = end;
      } else elsewhere.push({ player, start, end });
    }
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
      const list = this.occupants.get(`${rec.table}/${seat}`) ?? [];
      const o = list.find((x) => x.player === f.player && x.until === null);
      if (o) o.until = rec.handNo;
      this.order(
        rec.table,
        { op: 'remove', seat, player: f.player, stack: 0, ...outText(this.name(f.player), seat, f.place, prize) },
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
      { op: 'remove', seat: m.from.seat, player: m.player, stack: 0, ...leaveText(m, this.name(m.player)) },
      'leave',
    );
    this.transits.set(m.player, { move: m, leaveOrder: id, arriveOrder: null, stack: null });
  }

  private onAnswer(table: string, r: SeatingResult): void {
    const info = this.orderInfo.get(r.id);
    if (!info) return;
    if (!r.ok) {
      this.problem(`table ${table} refused order ${r.id} (${info.kind} ${this.name(info.player)}): ${r.error}`);
      return;
    }
    const tr = this.transits.get(info.player);
    if (info.kind === 'leave' && tr && tr.leaveOrder === r.id) {
      const from: Seat = tr.move.from;
      const list = this.occupants.get(`${from.table}/${from.seat}`) ?? [];
      const o = list.find((x) => x.player === info.player && x.until === null);
      if (o) o.until = r.handNo;
      this.moveSteps.push({
        player: info.player,
        kind: 'left',
        table,
        seat: from.seat,
        stack: r.stack,
        handNo: r.handNo,
        reason: tr.move.reason,
      });
      if (r.stack === 0 || this.floor.standings.isOut(info.player)) {
        this.transits.delete(info.player);
        return;
      }
      const to = tr.move.to;
      tr.stack = r.stack;
      const key = `${to.table}/${to.seat}`;
      this.occupants.set(key, [...(this.occupants.get(key) ?? []), { player: info.player, from: null, until: null }]);
      tr.arriveOrder = this.order(
        to.table,
        {
          op: 'seat',
          seat: to.seat,
          player: info.player,
          stack: r.stack,
          ...arriveText(tr.move, this.name(info.player), r.stack),
        },
        'arrive',
      );
    } else if (info.kind === 'arrive' && tr && tr.arriveOrder === r.id) {
      const to = tr.move.to;
      const o = (this.occupants.get(`${to.table}/${to.seat}`) ?? []).find(
        (x) => x.player === info.player && x.from === null,
      );
      if (o) o.from = r.handNo + 1;
      this.moveSteps.push({
        player: info.player,
        kind: 'seated',
        table,
        seat: to.seat,
        stack: r.stack,
        handNo: r.handNo,
        reason: tr.move.reason,
      });
      this.transits.delete(info.player);
    }
  }

  // ---- outputs -----------------------------------------------------------------------------------------------

  private order(
    table: string,
    o: { op: 'seat' | 'remove'; seat: number; player: string; stack: number; message: string; messageFr: string },
    kind: 'draw' | 'out' | 'leave' | 'arrive',
  ): number {
    const id = this.nextOrder++;
    const p = this.players.find((x) => x.id === o.player);
    const list = this.orders.get(table) ?? [];
    list.push({
      id,
      op: o.op,
      seat: o.seat,
      name: p?.name ?? o.player,
      country: p?.country ?? '',
      stack: o.stack,
      message: o.message,
      messageFr: o.messageFr,
    });
    this.orders.set(table, list);
    this.orderInfo.set(id, { table, kind, player: o.player });
    this.publishOrders(table);
    return id;
  }

  private publishOrders(table: string): void {
    const ctx = this.ctx;
    if (this.replaying || !ctx) return;
    const payload = encodeMessage('seating', {
      v: 1,
      kind: 'seating',
      tableId: table,
      sent: this.now(),
      orders: this.orders.get(table) ?? [],
    });
    ctx
      .publish(topics.table(table, 'seating'), payload, true)
      .catch((err: Error) => this.say(`tournament: seating of ${table} not sent: ${err.message}`));
  }

  private breakSaid = -1;
  /** the clock's level (and a break) through the room settings, when they differ from what the tables have */
  private pushLevel(): void {
    const ctx = this.ctx;
    if (!ctx?.connected() || this.isFinished()) return;
    const st = this.floor.clock.status();
    const level = { blinds: [st.level.sb, st.level.bb] as [number, number], bbAnte: st.level.bbAnte };
    const cur = ctx.settings()?.level;
    const brk = st.current.kind === 'break' && this.breakSaid !== st.period;
    const same =
      cur && cur.blinds[0] === level.blinds[0] && cur.blinds[1] === level.blinds[1] && cur.bbAnte === level.bbAnte;
    if (same && !brk) return;
    if (brk) this.breakSaid = st.period;
    const breaks = brk && st.current.kind === 'break' ? [{ fromWall: this.now(), minutes: st.current.minutes }] : [];
    ctx.setSettings(level, breaks).then(
      (s) =>
        this.say(
          `tournament: level ${st.level.level} ${st.level.sb}/${st.level.bb} ante ${st.level.bbAnte} (settings ${s.version})`,
        ),
      (err: Error) => this.say(`tournament: level not pushed: ${err.message}`),
    );
  }

  private problem(line: string): void {
    this.problems.push(line);
    this.say(`tournament: ${line}`);
  }

  private write(rec: Journal): void {
    if (this.replaying) return;
    appendFileSync(this.journalPath, `${JSON.stringify(rec)}\n`);
  }

  private saveClock(): void {
    const tmp = `${this.clockPath}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ clock: this.floor.clock.save(), wall: this.now() })}\n`);
    renameSync(tmp, this.clockPath);
  }
}
