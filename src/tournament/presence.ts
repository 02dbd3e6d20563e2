// Who is at their seat, as the tournament floor's book keeps it: registered players who never came (club 3-1, seed 003
// regulation 10: out once the first level is over), players who came but are away from their seat (LOI 23: dealt
// in, the blinds taken, the hand killed; never taken out as a no-show), and newcomers seated where the blinds have
// passed, who wait for the button (LOI 32, club 8-10). TournamentFloor (floor.ts) tells it what happens and asks it
// at each shuffle. Pure.
import { type FloorTable, waitsForButton } from './seating.js';

export class Presence {
  /** registered players not yet at their seat (club 3-1, seed 003 regulation 10) */
  private readonly notArrived = new Set<string>();
  /** players who have been at their seat (arrived, or booked in a hand while not marked absent) */
  private readonly came = new Set<string>();
  /** LOI 23: players who came but are away from their seat (a moved player dodging the blinds): dealt in, the
   * blinds taken, the hand killed; never taken out as a no-show */
  private readonly away = new Set<string>();
  /** LOI 32, club 8-10: players seated where the blinds have passed, dealt no hand until the button passes them */
  private readonly waitingForButton = new Set<string>();

  /** a player is not at their seat: one who never came is a no-show, one who has played is away (LOI 23) */
  absent(player: string): 'noShow' | 'away' {
    if (this.came.has(player) && !this.notArrived.has(player)) {
      this.away.add(player);
      return 'away';
    }
    this.notArrived.add(player);
    return 'noShow';
  }

  /** the absent player sits down */
  arrives(player: string): void {
    this.notArrived.delete(player);
    this.away.delete(player);
    this.came.add(player);
  }

  /** the player was booked in a finished hand: unless they never came, they have been at their seat */
  played(player: string): void {
    if (!this.notArrived.has(player)) this.came.add(player);
  }

  /** not at their seat (never came, or away): dealt a hand that is killed, their blinds taken */
  isAbsent(player: string): boolean {
    return this.notArrived.has(player) || this.away.has(player);
  }

  /** registered and never came */
  isNoShow(player: string): boolean {
    return this.notArrived.has(player);
  }

  /** anyone registered who never came */
  anyNoShow(): boolean {
    return this.notArrived.size > 0;
  }

  /** a no-show taken out of the tournament */
  noShowOut(player: string): void {
    this.notArrived.delete(player);
  }

  /** a player out of the tournament (busted, eliminated, disqualified): no longer away */
  out(player: string): void {
    this.away.delete(player);
  }

  /** players not at their seat: the registered who never came, then those away (LOI 23) */
  absentPlayers(): string[] {
    return [...this.notArrived, ...this.away];
  }

  /** registered players who never came */
  neverCame(): string[] {
    return [...this.notArrived];
  }

  /** a player newly seated at `seat` of `t` (late, moved): they wait for the button when the blinds have passed it */
  seated(t: FloorTable, seat: number, player: string): boolean {
    const waits = waitsForButton(t, seat);
    if (waits) this.waitingForButton.add(player);
    return waits;
  }

  /** the final table's seats drawn again (club 8-2): nobody there waits for the button */
  drawnAgain(players: Iterable<string>): void {
    for (const p of players) this.waitingForButton.delete(p);
  }

  /** at `t`'s shuffle, the seats of the players still waiting for the button (those it has reached wait no more) */
  waitingAt(t: FloorTable): { seat: number; player: string }[] {
    const waiting: { seat: number; player: string }[] = [];
    for (const [seat, player] of Object.entries(t.seats)) {
      if (!this.waitingForButton.has(player)) continue;
      if (waitsForButton(t, Number(seat))) waiting.push({ seat: Number(seat), player });
      else this.waitingForButton.delete(player);
    }
    return waiting;
  }
}
