// The tournament floor: the room's book of a tournament (many tables; one table alone runs the same way). It draws
// the seats, gives each table its level at its shuffle, takes each finished hand (stacks, busts, places), says who
// moves where and which table breaks, and runs the count and the colour-up at the breaks. Pure: the random source and
// the monotonic clock are injected, every decision is appended to `log`.
import { balance, breakTable, haltsForBalance, type Move, type TableBreak, tableToBreak } from './balancing.js';
import { type ClockState, type MonotonicClock, TournamentClock } from './clock.js';
import { type ChipRace, type ColourUpCheck, checkColourUp, chipRace } from './colourUp.js';
import { type CountDiscrepancy, countAtBreak } from './counts.js';
import { type DoubleBlindDraw, drawOpening, firstButtonByHighCard } from './draw.js';
import { TournamentError } from './errors.js';
import type { RandomSource } from './random.js';
import type { Player } from './registration.js';
import { clockwise, countOf, type FloorTable } from './seating.js';
import { type Finish, Standings } from './standings.js';
import { type Break, chipsInPlayAt, type Level, type Structure } from './structure.js';

export type FloorEvent =
  | { kind: 'draw'; draw: DoubleBlindDraw }
  | { kind: 'button'; table: string; button: number; cards: { seat: number; card: string }[] }
  | { kind: 'level'; table: string; hand: string; level: Level }
  | { kind: 'halt'; table: string }
  /** a hand ended at the table (before the busts and moves it causes) */
  | { kind: 'hand'; table: string; hand: string }
  | { kind: 'move'; move: Move }
  | { kind: 'tableBroken'; broken: TableBreak }
  | { kind: 'bust'; finish: Finish }
  | { kind: 'winner'; finish: Finish }
  | { kind: 'count'; table: string; discrepancies: CountDiscrepancy[] }
  | { kind: 'colourUp'; table: string; race: ChipRace; check: ColourUpCheck[] };

export interface HandEnd {
  /** `table#handNo` */
  hand: string;
  button: number;
  sb: number | null;
  bb: number;
  /** seat -> stack at the start of the hand, and at its end (the engine's) */
  start: Record<number, number>;
  end: Record<number, number>;
}

export interface FloorOptions {
  tableIds: string[];
  maxSeats: number;
  /** one entry's price into the prize pool */
  buyIn: number;
}

export class TournamentFloor {
  readonly tables: FloorTable[];
  readonly stacks = new Map<string, number>();
  readonly standings: Standings;
  readonly clock: TournamentClock;
  readonly log: FloorEvent[] = [];
  /** chips put into play: the starting stacks, then every race's and grant's change (LOI 2) */
  private chipsIssued = 0;
  private readonly levelOf = new Map<string, number>();

  constructor(
    readonly structure: Structure,
    readonly players: readonly Player[],
    opts: FloorOptions,
    private readonly random: RandomSource,
    now: MonotonicClock,
    savedClock?: ClockState,
  ) {
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
   * A table is about to shuffle: the level its hand plays (LOI 18, club 8-4, 8-5) and the chips in play, or why it
   * waits (a break; seed 002: short of players, its big blind on an empty seat).
   */
  shuffle(tableId: string, hand: string): { level: Level; chips: number[] } | { wait: 'break' | 'balance' } {
    if (this.onBreak()) return { wait: 'break' };
    if (haltsForBalance(this.liveTables(), tableId)) {
      this.log.push({ kind: 'halt', table: tableId });
      return { wait: 'balance' };
    }
    const st = this.clock.status();
    if (this.levelOf.get(tableId) !== st.level.level) {
      this.levelOf.set(tableId, st.level.level);
      this.log.push({ kind: 'level', table: tableId, hand, level: st.level });
    }
    return { level: st.level, chips: chipsInPlayAt(this.structure, st.period) };
  }

  /** a finished hand: stacks booked, busts placed (club 8-18: they leave), then the moves and breaks it calls for */
  handEnded(tableId: string, h: HandEnd): { finishes: Finish[]; moves: Move[]; broken: TableBreak | null } {
    const t = this.table(tableId);
    this.log.push({ kind: 'hand', table: tableId, hand: h.hand });
    const busted: { player: string; stackAtStart: number }[] = [];
    for (const [seatText, stack] of Object.entries(h.end)) {
      const seat = Number(seatText);
      const player = t.seats[seat];
      if (player === undefined) throw new TournamentError('PLAYER_UNKNOWN', `${h.hand}: nobody sits at seat ${seat}`);
      this.stacks.set(player, stack);
      if (stack === 0) busted.push({ player, stackAtStart: h.start[seat] ?? 0 });
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
      for (const [seat, player] of Object.entries(t.seats))
        if (this.standings.isOut(player)) delete t.seats[Number(seat)];
      for (const b of busted) this.stacks.delete(b.player);
    }
    if (this.standings.left === 1) {
      const [winner, stack] = [...this.stacks.entries()][0] as [string, number];
      const f = this.standings.crown(winner, h.hand, stack);
      this.log.push({ kind: 'winner', finish: f });
      finishes.push(f);
      return { finishes, moves: [], broken: null };
    }
    const toBreak = tableToBreak(this.liveTables());
    if (toBreak) {
      const broken = breakTable(this.tables, toBreak.id, this.random);
      this.log.push({ kind: 'tableBroken', broken });
      return { finishes, moves: broken.moves.concat(this.balanceNow()), broken };
    }
    return { finishes, moves: this.balanceNow(), broken: null };
  }

  private balanceNow(): Move[] {
    const moves = balance(this.tables);
    for (const move of moves) this.log.push({ kind: 'move', move });
    return moves;
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
