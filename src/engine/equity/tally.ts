// Accumulates showdown outcomes: outright wins, ties (split pots) and the equity share of each player.

export interface EquityResult {
  /** percent of the pot each hand wins on average (ties split equally), in the order of the hands */
  equity: number[];
  /** boards won outright */
  win: number[];
  /** boards shared with at least one other hand */
  tie: number[];
  /** boards enumerated (all of them: the calculation is exact) */
  boards: number;
}

export class Tally {
  readonly win: Float64Array;
  readonly tie: Float64Array;
  readonly share: Float64Array;
  boards = 0;
  constructor(readonly players: number) {
    this.win = new Float64Array(players);
    this.tie = new Float64Array(players);
    this.share = new Float64Array(players);
  }

  /** One outcome, `weight` boards of it (negative to take an outcome back). */
  add(values: Int32Array, weight: number): void {
    const n = this.players;
    let best = -1;
    let count = 0;
    let who = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v > best) {
        best = v;
        count = 1;
        who = i;
      } else if (v === best) count++;
    }
    if (count === 1) {
      this.win[who] += weight;
      return;
    }
    const part = weight / count;
    for (let i = 0; i < n; i++) {
      if (values[i] === best) {
        this.tie[i] += weight;
        this.share[i] += part;
      }
    }
  }

  /** Adds another tally's counts `times` times (suit-isomorphic work done once). */
  merge(other: Tally, times: number): void {
    for (let i = 0; i < this.players; i++) {
      this.win[i] += other.win[i] * times;
      this.tie[i] += other.tie[i] * times;
      this.share[i] += other.share[i] * times;
    }
  }

  result(boards: number): EquityResult {
    const equity: number[] = [];
    for (let i = 0; i < this.players; i++) equity.push(boards > 0 ? ((this.win[i] + this.share[i]) / boards) * 100 : 0);
    return {
      equity,
      win: Array.from(this.win, Math.round),
      tie: Array.from(this.tie, Math.round),
      boards,
    };
  }
}
