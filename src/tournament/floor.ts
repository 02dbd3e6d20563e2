// The tournament floor: the room's book of a tournament (many tables; one table alone runs the same way). It draws
// the seats, gives each table its level at its shuffle, takes each finished hand (stacks, busts, places), says who
// moves where and which table breaks, and runs the count and the colour-up at the breaks. Pure: the random source and
// the monotonic clock are injected, every decision is appended to `log`.
import { balance, breakTable, haltsForBalance, type Move, type TableBreak, tableToBreak } from './balancing.js';
import { type ClockState, type MonotonicClock, TournamentClock } from './clock.js';
import { type ChipRace, type ColourUpCheck, checkColourUp, chipRace } from './colourUp.js';
import { type CountDiscrepancy, countAtBreak } from './counts.js';
import { drawOpening, finalTableDraw, firstButtonByHighCard, lateSeat } from './draw.js';
import { TournamentError } from './errors.js';
import type { FloorEvent, FloorOptions, HandEnd } from './floorShapes.js';
import {
  type Penalty,
  PenaltyBook,
  type PenaltyBookState,
  type PenaltyGiven,
  type PlayClock,
  playedMs,
} from './penalties.js';
import { Presence } from './presence.js';
import type { RandomSource } from './random.js';
import { type Player, validatePlayer } from './registration.js';
import { clockwise, countOf, type FloorTable, type Seat } from './seating.js';
import { type Finish, Standings } from './standings.js';
import { type Break, chipsInPlayAt, type Level, type Structure } from './structure.js';

export class TournamentFloor {
  readonly tables: FloorTable[];
  readonly stacks = new Map<string, number>();
  readonly standings: Standings;
  readonly clock: TournamentClock;
  readonly log: FloorEvent[] = [];
  /** the penalties, the player's wherever they sit (tda 71) */
  readonly penalties: PenaltyBook;
  /** chips put into play: the starting stacks, then every race's and grant's change (LOI 2) */
  private chipsIssued = 0;
  private readonly levelOf = new Map<string, number>();
  /** who is at their seat: no-shows, players away, newcomers waiting for the button (presence.ts) */
  private readonly presence = new Presence();

  private readonly finalTableDraw: boolean;

  constructor(
    readonly structure: Structure,
    readonly players: readonly Player[],
    opts: FloorOptions,
    private readonly random: RandomSource,
    now: MonotonicClock,
    savedClock?: ClockState,
    savedPenalties?: PenaltyBookState,
  ) {
    this.penalties = new PenaltyBook(savedPenalties);
    this.finalTableDraw = opts.finalTableDraw === true;
    this.tables = opts.tableIds.map((id) => ({ id, maxSeats: opts.maxSeats, seats: {} }));
    this.standings = new Standings(players, structure, opts.buyIn);
    this.clock = new TournamentClock(structure, now, savedClock);
  }

  /** LOI 13, seed 002: the opening draw; club 2-2: each table's first button by high card; the clock starts */
  start(): void {
    const draw = drawOpening(this.players, this.tables, this.random);
    this.log.push({ kind: 'draw', draw });
    for (const p of this.players) this.stacks.set(p.id, this.structure.startingStack);
    this.chipsIssued = this.players.length * this.structure.startingStack;
    for (const t of this.tables) {
      if (countOf(t) === 0) continue;
      const b = firstButtonByHighCard(t, this.random);
      t.button = b.button;
      this.log.push({ kind: 'button', table: t.id, button: b.button, cards: b.cards });
    }
    this.clock.start();
  }

  table(id: string): FloorTable {
    const t = this.tables.find((x) => x.id === id);
    if (!t) throw new TournamentError('PLAYER_UNKNOWN', `no table ${id}`);
    return t;
  }

  liveTables(): FloorTable[] {
    return this.tables.filter((t) => countOf(t) > 0);
  }

  /** the break the clock is on (tables stop at their next shuffle), or null */
  onBreak(): Break | null {
    const c = this.clock.status().current;
    return c.kind === 'break' ? c : null;
  }

  /**
   * A player is not at their seat. club 3-1, seed 003 regulation 10: one who never came (`noShow`), out once the first
   * level is over. LOI 23: one who has played (a player from a broken table avoiding the blinds at the new seat) is
   * `away`: dealt in all the same, the blinds and ante taken into the pot (they give no right: the hand is killed),
   * never taken out as a no-show.
   */
  absent(player: string): 'noShow' | 'away' {
    if (!this.stacks.has(player)) throw new TournamentError('PLAYER_UNKNOWN', `${player} is not in the tournament`);
    return this.presence.absent(player);
  }

  /** the absent player sits down (their stack is what the blinds left) */
  arrives(player: string): void {
    this.presence.arrives(player);
  }

  /**
   * club 3-1, 3-2, seed 003 regulation 10: a player registered after the start, until the end of the level the
   * structure names, is drawn onto a free seat of a table with the fewest players (lateSeat) with the starting stack;
   * a seat the blinds have passed waits for the button (LOI 32, club 8-10).
   */
  lateRegister(p: Player, opts: { replay?: boolean } = {}): { seat: Seat; waits: boolean } {
    const level = this.clock.status().level.level;
    // a journal replayed after a restart gives again what was accepted then, whatever the clock says now
    if (!opts.replay && level > this.structure.lateRegistrationLevels)
      throw new TournamentError(
        'REGISTRATION_CLOSED',
        `late registration closed at the end of level ${this.structure.lateRegistrationLevels} (level ${level} now)`,
      );
    const player = validatePlayer(p);
    if (this.standings.has(player.id))
      throw new TournamentError('PLAYER_DUPLICATE', `${player.id} is already registered`);
    const seat = lateSeat(this.liveTables(), this.random);
    const t = this.table(seat.table);
    t.seats[seat.seat] = player.id;
    this.standings.enter(player);
    this.stacks.set(player.id, this.structure.startingStack);
    this.chipsIssued += this.structure.startingStack;
    const waits = this.presence.seated(t, seat.seat, player.id);
    this.log.push({ kind: 'late', player: player.id, seat, waits });
    return { seat, waits };
  }

  /** seed 003 regulation 10: once the first level (or the late registration) is over, the players who never came
   * are out at every table; the finishes given */
  noShowsOut(hand: string): Finish[] {
    const before = this.log.length;
    for (const t of this.liveTables()) this.removeNoShows(t.id, hand);
    return this.log.slice(before).flatMap((e) => (e.kind === 'noShow' ? [e.finish] : []));
  }

  /** players not at their seat: the registered who never came, then those away (LOI 23) */
  absentPlayers(): string[] {
    return this.presence.absentPlayers();
  }

  /** registered players who never came (seed 003 regulation 10: out once the first level is over) */
  neverCame(): string[] {
    return this.presence.neverCame();
  }

  /**
   * A table is about to shuffle: the level its hand plays (LOI 18, club 8-4, 8-5), the chips in play and the seats
   * of absent players (the engine deals them a hand it kills and takes their blinds: club 3-1, 3-2, 2-18), or why it
   * waits (a break; seed 002: short of players, its big blind on an empty seat). Once the first level is over, a
   * player who never came is out (seed 003 regulation 10): placed, their chips taken out of play. `penalised`: the
   * seats of players serving a penalty, dealt in with their hand killed and their blinds taken like the absent (tda
   * 71); a hand penalty counts this hand as served. `waiting`: the seats of newcomers the blinds have passed (LOI 32,
   * club 8-10), dealt no hand at all this time (not in the hand: no cards, no blinds).
   */
  shuffle(
    tableId: string,
    hand: string,
  ):
    | { level: Level; chips: number[]; absent: number[]; penalised: number[]; waiting: number[] }
    | { wait: 'break' | 'balance' } {
    if (this.onBreak()) return { wait: 'break' };
    this.removeNoShows(tableId, hand);
    if (countOf(this.table(tableId)) < 2) return { wait: 'balance' };
    if (haltsForBalance(this.liveTables(), tableId)) {
      this.log.push({ kind: 'halt', table: tableId });
      return { wait: 'balance' };
    }
    const st = this.clock.status();
    if (this.levelOf.get(tableId) !== st.level.level) {
      this.levelOf.set(tableId, st.level.level);
      this.log.push({ kind: 'level', table: tableId, hand, level: st.level });
    }
    const t = this.table(tableId);
    const absent = Object.entries(t.seats)
      .filter(([, p]) => this.presence.isAbsent(p))
      .map(([seat]) => Number(seat));
    const play = this.playClock();
    const penalised: number[] = [];
    for (const [seat, p] of Object.entries(t.seats))
      if (this.penalties.sitsOut(p, play)) {
        penalised.push(Number(seat));
        this.penalties.handDealt(p);
      }
    const waiting = this.presence.waitingAt(t).map(({ seat, player }) => {
      this.log.push({ kind: 'waits', table: tableId, hand, seat, player });
      return seat;
    });
    return { level: st.level, chips: chipsInPlayAt(this.structure, st.period), absent, penalised, waiting };
  }

  /** the tournament's played time (levels only) and level, what time penalties run on */
  playClock(): PlayClock {
    const st = this.clock.status();
    return { playedMs: playedMs(this.structure.periods, st.period, st.remainingMs), level: st.level.level };
  }

  /**
   * LOI 7, LOI 33, tda 71, seed 003 regulation 6: the floor records a penalty. An elimination places the player where
   * they stand now (tda 71: the prize of that place); a disqualification gives no place and no prize. Either way their
   * chips leave play and the tables are balanced again.
   */
  penalise(g: PenaltyGiven): { penalty: Penalty; finish: Finish | null; moves: Move[]; broken: TableBreak | null } {
    const t = this.tables.find((x) => Object.values(x.seats).includes(g.player));
    if (!t || !this.stacks.has(g.player))
      throw new TournamentError('PLAYER_UNKNOWN', `${g.player} is not seated in the tournament`);
    const penalty = this.penalties.give(g, countOf(t), this.playClock());
    this.log.push({ kind: 'penalty', penalty });
    if (g.kind !== 'elimination' && g.kind !== 'disqualification')
      return { penalty, finish: null, moves: [], broken: null };
    const chips = this.stacks.get(g.player) ?? 0;
    let finish: Finish | null = null;
    if (g.kind === 'elimination') {
      finish = this.standings.bust(g.hand, [{ player: g.player, stackAtStart: chips }])[0] as Finish;
      this.log.push({ kind: 'eliminated', finish, chipsRemoved: chips });
    } else {
      this.standings.disqualify(g.player, g.hand, g.reason);
      this.log.push({ kind: 'disqualified', player: g.player, hand: g.hand, chipsRemoved: chips });
    }
    for (const [seat, p] of Object.entries(t.seats)) if (p === g.player) delete t.seats[Number(seat)];
    this.stacks.delete(g.player);
    this.presence.out(g.player);
    this.chipsIssued -= chips;
    if (this.standings.left === 1) {
      const [winner, stack] = [...this.stacks.entries()][0] as [string, number];
      const f = this.standings.crown(winner, g.hand, stack);
      this.log.push({ kind: 'winner', finish: f });
      return { penalty, finish, moves: [], broken: null };
    }
    return { penalty, finish, ...this.rebalance() };
  }

  private removeNoShows(tableId: string, hand: string): void {
    if (
      !this.presence.anyNoShow() ||
      this.clock.status().level.level <= Math.max(1, this.structure.lateRegistrationLevels)
    )
      return;
    const t = this.table(tableId);
    let removed = false;
    for (const [seatText, player] of Object.entries(t.seats)) {
      if (!this.presence.isNoShow(player) || this.standings.left <= 2) continue;
      const chips = this.stacks.get(player) ?? 0;
      const [finish] = this.standings.bust(hand, [{ player, stackAtStart: chips }]);
      delete t.seats[Number(seatText)];
      this.stacks.delete(player);
      this.presence.noShowOut(player);
      this.chipsIssued -= chips;
      this.log.push({ kind: 'noShow', finish: finish as Finish, chipsRemoved: chips });
      removed = true;
    }
    if (removed) this.rebalance();
  }

  /**
   * A finished hand: stacks booked, busts placed (club 8-18: they leave), then the moves and breaks it calls for.
   * `elsewhere`: players who played this hand at this table while the book already has them at their new seat (a
   * move called during their last hand here: they play it out, then go); their chips and busts count the same.
   */
  handEnded(
    tableId: string,
    h: HandEnd,
    elsewhere: readonly { player: string; start: number; end: number }[] = [],
  ): { finishes: Finish[]; moves: Move[]; broken: TableBreak | null } {
    const t = this.table(tableId);
    this.log.push({ kind: 'hand', table: tableId, hand: h.hand });
    const busted: { player: string; stackAtStart: number }[] = [];
    for (const [seatText, stack] of Object.entries(h.end)) {
      const seat = Number(seatText);
      const player = t.seats[seat];
      if (player === undefined) throw new TournamentError('PLAYER_UNKNOWN', `${h.hand}: nobody sits at seat ${seat}`);
      this.stacks.set(player, stack);
      this.presence.played(player);
      if (stack === 0) busted.push({ player, stackAtStart: h.start[seat] ?? 0 });
    }
    for (const e of elsewhere) {
      if (!this.stacks.has(e.player)) throw new TournamentError('PLAYER_UNKNOWN', `${h.hand}: ${e.player} is not in`);
      this.stacks.set(e.player, e.end);
      this.presence.played(e.player);
      if (e.end === 0) busted.push({ player: e.player, stackAtStart: e.start });
    }
    t.button = h.button;
    t.sb = h.sb;
    t.bb = h.bb;
    const finishes: Finish[] = [];
    if (busted.length > 0) {
      for (const f of this.standings.bust(h.hand, busted)) {
        finishes.push(f);
        this.log.push({ kind: 'bust', finish: f });
      }
      for (const table of this.tables)
        for (const [seat, player] of Object.entries(table.seats))
          if (this.standings.isOut(player)) delete table.seats[Number(seat)];
      for (const b of busted) {
        this.stacks.delete(b.player);
        this.presence.out(b.player);
      }
    }
    if (this.standings.left === 1) {
      const [winner, stack] = [...this.stacks.entries()][0] as [string, number];
      const f = this.standings.crown(winner, h.hand, stack);
      this.log.push({ kind: 'winner', finish: f });
      finishes.push(f);
      return { finishes, moves: [], broken: null };
    }
    return { finishes, ...this.rebalance() };
  }

  /** a table broken when the players fit at one fewer, then the balancing moves */
  private rebalance(): { moves: Move[]; broken: TableBreak | null } {
    const toBreak = tableToBreak(this.liveTables());
    let broken: TableBreak | null = null;
    if (toBreak) {
      broken = breakTable(this.tables, toBreak.id, this.random);
      this.log.push({ kind: 'tableBroken', broken });
      const left = this.liveTables();
      if (this.finalTableDraw && left.length === 1) {
        // club 8-2: the final table's seats are drawn again, the first button by high card, the blinds from it
        const final = left[0] as FloorTable;
        const { draw, button } = finalTableDraw(final, this.random);
        this.log.push({ kind: 'finalTable', table: final.id, draw, button: button.button, cards: button.cards });
        this.presence.drawnAgain(Object.values(final.seats));
      }
    }
    const moves = balance(this.tables);
    for (const move of moves) this.log.push({ kind: 'move', move });
    const all = (broken?.moves ?? []).concat(moves);
    // LOI 32, club 8-10: where the blinds have passed the new seat, the player waits for the button
    for (const m of all) this.presence.seated(this.table(m.to.table), m.to.seat, m.player);
    return { moves: all, broken };
  }

  /** the count at a break: each seat's chips as read against the book */
  count(tableId: string, readings: Record<number, readonly number[]>): CountDiscrepancy[] {
    const t = this.table(tableId);
    const book: Record<number, number> = {};
    for (const [seat, player] of Object.entries(t.seats)) book[Number(seat)] = this.stacks.get(player) ?? 0;
    const d = countAtBreak(tableId, readings, book, chipsInPlayAt(this.structure, this.clock.status().period - 1));
    this.log.push({ kind: 'count', table: tableId, discrepancies: d });
    return d;
  }

  /** seats in LOI 2's race order: player 1 is the first seat left of the button */
  raceOrder(tableId: string): number[] {
    const t = this.table(tableId);
    return clockwise(t, t.button ?? t.maxSeats).filter((s) => t.seats[s] !== undefined);
  }

  /**
   * LOI 2, LOI 3: the colour-up at a table from each seat's chips as read (`held`: the seat's chips before), then the
   * new chips read back (`readBack`, given the race's result) and checked.
   */
  colourUp(
    tableId: string,
    brk: Break,
    held: Record<number, readonly number[]>,
    readBack: (race: ChipRace) => Record<number, readonly number[]>,
  ): { race: ChipRace; check: ColourUpCheck[] } {
    const t = this.table(tableId);
    const after = chipsInPlayAt(this.structure, this.clock.status().period);
    const newChip = after[0] as number;
    const seats = this.raceOrder(tableId).map((seat) => {
      const chips = held[seat] ?? [];
      const leaving: Record<number, number> = {};
      let staying = 0;
      for (const c of chips)
        if (brk.colourUp.includes(c)) leaving[c] = (leaving[c] ?? 0) + 1;
        else staying += c;
      return { seat, leaving, staying };
    });
    const race = chipRace({ leaving: brk.colourUp, newChip, seats }, this.random);
    for (const s of race.seats) this.stacks.set(t.seats[s.seat] as string, s.after);
    this.chipsIssued += race.netChange;
    const check = checkColourUp(race, brk.colourUp, readBack(race));
    this.log.push({ kind: 'colourUp', table: tableId, race, check });
    return { race, check };
  }

  /** every chip accounted for: what the players hold against what was put into play */
  chipBook(): { issued: number; held: number } {
    return { issued: this.chipsIssued, held: [...this.stacks.values()].reduce((a, b) => a + b, 0) };
  }
}
