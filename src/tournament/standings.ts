// Eliminations, places and prizes. A player out of chips leaves the table and is given the next place from the
// bottom (club 8-18: only players still in sit at a table); two or more out in the same hand are placed by their
// stacks at its start, the bigger stack finishing higher, equal stacks sharing the places and their prizes. A player
// eliminated otherwise (a disqualification: tda 71, seed 004) takes the place they held when eliminated. Rebuys and
// add-ons only where the structure has them (club 7-1..7-5, LOI 19; a freezeout has neither: seed 003 regulation 3).
import { TournamentError } from './errors.js';
import type { Player } from './registration.js';
import type { Structure } from './structure.js';

export interface Finish {
  player: string;
  place: number;
  /** places shared with others out in the same hand with the same stack */
  tiedWith: string[];
  /** the hand that put the player out (`table#hand`) */
  hand: string;
  stackAtStart: number;
}

export interface PrizeLine {
  place: number;
  prize: number;
}

/** club 8-18: the prize per place; the whole pool is paid, the cents left by rounding to the first place */
export function payoutTable(pool: number, percents: readonly number[], unit = 1): PrizeLine[] {
  if (!Number.isInteger(pool) || pool < 0) throw new TournamentError('PAYOUT_INVALID', `prize pool ${pool}`);
  const lines = percents.map((p, i) => ({ place: i + 1, prize: Math.floor((pool * p) / 100 / unit) * unit }));
  const rest = pool - lines.reduce((a, l) => a + l.prize, 0);
  if (lines[0]) lines[0].prize += rest;
  return lines;
}

export class Standings {
  private readonly finishes: Finish[] = [];
  private readonly out = new Set<string>();
  private rebuys = new Map<string, number>();
  private addOns = new Set<string>();
  private readonly dq: { player: string; hand: string; reason: string; place: number }[] = [];

  private readonly entrants: Player[];

  constructor(
    entrants: readonly Player[],
    private readonly structure: Structure,
    /** one entry's price into the pool (a rebuy and an add-on cost the same) */
    readonly buyIn: number,
  ) {
    this.entrants = [...entrants];
  }

  /** club 3-1, 3-2: a player registered late is one more entrant (their buy-in in the pool) */
  enter(p: Player): void {
    if (this.entrants.some((e) => e.id === p.id))
      throw new TournamentError('PLAYER_DUPLICATE', `${p.id} is already registered`);
    this.entrants.push(p);
  }

  has(id: string): boolean {
    return this.entrants.some((e) => e.id === id);
  }

  get left(): number {
    return this.entrants.length - this.out.size;
  }

  isOut(id: string): boolean {
    return this.out.has(id);
  }

  /** the players out in one hand, with their stacks at its start */
  bust(hand: string, busted: readonly { player: string; stackAtStart: number }[]): Finish[] {
    for (const b of busted) {
      if (!this.entrants.some((p) => p.id === b.player))
        throw new TournamentError('PLAYER_UNKNOWN', `no entrant ${b.player}`);
      if (this.out.has(b.player)) throw new TournamentError('ELIMINATION_INVALID', `${b.player} is already out`);
    }
    if (busted.length >= this.left)
      throw new TournamentError('ELIMINATION_INVALID', `hand ${hand}: nobody would be left in`);
    // the bigger stack at the start of the hand finishes higher: place the smallest first
    const order = busted.slice().sort((a, b) => a.stackAtStart - b.stackAtStart);
    const made: Finish[] = [];
    let i = 0;
    while (i < order.length) {
      const group = order.filter((b) => b.stackAtStart === (order[i] as { stackAtStart: number }).stackAtStart);
      const best = this.left - group.length + 1;
      for (const g of group) {
        const f: Finish = {
          player: g.player,
          place: best,
          tiedWith: group.filter((x) => x !== g).map((x) => x.player),
          hand,
          stackAtStart: g.stackAtStart,
        };
        made.push(f);
      }
      for (const g of group) this.out.add(g.player);
      i += group.length;
    }
    this.finishes.push(...made);
    return made;
  }

  /**
   * LOI 33, tda 71: a disqualified player is out with no place and no prize; their chips leave play (the floor's to
   * take). The place they held stays vacant (the players out before keep theirs, the next one out takes the place
   * below); the buy-in stays in the pool, and a vacant place's prize goes to the first place, as the rounding does.
   */
  disqualify(player: string, hand: string, reason: string): void {
    if (!this.entrants.some((p) => p.id === player))
      throw new TournamentError('PLAYER_UNKNOWN', `no entrant ${player}`);
    if (this.out.has(player)) throw new TournamentError('ELIMINATION_INVALID', `${player} is already out`);
    if (this.left <= 1) throw new TournamentError('ELIMINATION_INVALID', `${player} is the last player in`);
    this.dq.push({ player, hand, reason, place: this.left });
    this.out.add(player);
  }

  disqualified(): DisqualifiedRow[] {
    return this.dq.map((d) => {
      const p = this.entrants.find((e) => e.id === d.player) as Player;
      return {
        id: p.id,
        name: p.name,
        country: p.country,
        vacant: d.place,
        hand: d.hand,
        reason: d.reason,
        rebuys: this.rebuys.get(p.id) ?? 0,
      };
    });
  }

  /** the last player in */
  crown(player: string, hand: string, stack: number): Finish {
    if (this.left !== 1 || this.out.has(player))
      throw new TournamentError('ELIMINATION_INVALID', `${player} is not the last player in`);
    const f: Finish = { player, place: 1, tiedWith: [], hand, stackAtStart: stack };
    this.finishes.push(f);
    this.out.add(player);
    return f;
  }

  /**
   * club 7-2, 7-3, LOI 19: a rebuy during the rebuy levels, one at a time, when the stack is gone or below the big
   * blind, up to the structure's maximum; announced before the first card it is owed (and the chips count at once).
   */
  rebuy(player: string, level: number, stack: number, bigBlind: number): number {
    const r = this.structure.rebuy;
    if (!r) throw new TournamentError('REBUY_REFUSED', 'a freezeout: no rebuy (club 7-1, seed 003 regulation 3)');
    if (level > r.untilLevel)
      throw new TournamentError('REBUY_REFUSED', `rebuys end with level ${r.untilLevel} (club 7-2)`);
    if (stack >= bigBlind && stack > 0)
      throw new TournamentError(
        'REBUY_REFUSED',
        `${player} has ${stack}, not below the big blind ${bigBlind} (club 7-2)`,
      );
    const n = this.rebuys.get(player) ?? 0;
    if (n >= r.max) throw new TournamentError('REBUY_REFUSED', `${player} has had ${n} rebuys, the most allowed`);
    this.rebuys.set(player, n + 1);
    return r.chips;
  }

  /** club 7-4, 7-5: the add-on, once, at the end of the rebuy period, whatever the stack */
  addOn(player: string, level: number): number {
    const a = this.structure.addOn;
    const r = this.structure.rebuy;
    if (!a || !r) throw new TournamentError('REBUY_REFUSED', 'this structure has no add-on (club 7-1, 7-4)');
    if (level !== r.untilLevel + 1 && level !== r.untilLevel)
      throw new TournamentError('REBUY_REFUSED', `the add-on is taken at the end of level ${r.untilLevel} (club 7-4)`);
    if (this.addOns.has(player)) throw new TournamentError('REBUY_REFUSED', `${player} has had the add-on`);
    this.addOns.add(player);
    return a.chips;
  }

  get prizePool(): number {
    const rebuys = [...this.rebuys.values()].reduce((a, b) => a + b, 0);
    return (this.entrants.length + rebuys + this.addOns.size) * this.buyIn;
  }

  prizes(): PrizeLine[] {
    return payoutTable(this.prizePool, this.structure.payouts);
  }

  /** the prize of a place; tied players share the prizes of the places they cover; the first place takes the prizes
   * of places left vacant by a disqualification */
  prizeOf(f: Finish): number {
    const table = this.prizes();
    const prize = (place: number) => table.find((l) => l.place === place)?.prize ?? 0;
    const span = f.tiedWith.length + 1;
    let sum = 0;
    for (let p = f.place; p < f.place + span; p++) sum += prize(p);
    if (f.place === 1) for (const d of this.dq) sum += prize(d.place);
    return Math.floor(sum / span);
  }

  results(): StandingRow[] {
    return this.finishes
      .slice()
      .sort((a, b) => a.place - b.place)
      .map((f) => {
        const p = this.entrants.find((e) => e.id === f.player) as Player;
        return {
          place: f.place,
          id: p.id,
          name: p.name,
          country: p.country,
          prize: this.prizeOf(f),
          hand: f.hand,
          rebuys: this.rebuys.get(p.id) ?? 0,
        };
      });
  }
}

/** LOI 33, tda 71: out with no place and no prize */
export interface DisqualifiedRow {
  id: string;
  name: string;
  country: string;
  /** the place they held, left vacant */
  vacant: number;
  hand: string;
  reason: string;
  rebuys: number;
}

export interface StandingRow {
  place: number;
  id: string;
  name: string;
  country: string;
  prize: number;
  hand: string;
  rebuys: number;
}

// a text cell a spreadsheet would take for a formula is given a leading apostrophe (CSV injection)
const csvCell = (v: string | number): string => {
  const s = typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** the standings, one line per place, then the disqualified (place `DQ`, no prize) */
export function standingsCsv(rows: readonly StandingRow[], dq: readonly DisqualifiedRow[] = []): string {
  const head = 'place,id,name,country,prize,hand,rebuys';
  const lines = [
    ...rows.map((r) => [r.place, r.id, r.name, r.country, r.prize, r.hand, r.rebuys]),
    ...dq.map((r) => ['DQ', r.id, r.name, r.country, 0, r.hand, r.rebuys]),
  ];
  return `${[head, ...lines.map((l) => l.map(csvCell).join(','))].join('\n')}\n`;
}

export function standingsJson(
  name: string,
  pool: number,
  rows: readonly StandingRow[],
  dq: readonly DisqualifiedRow[] = [],
): string {
  return `${JSON.stringify({ v: 1, tournament: name, prizePool: pool, standings: rows, disqualified: dq }, null, 2)}\n`;
}
