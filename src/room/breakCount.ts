// A live table's half of a break (issue 25; seed 003 regulation 5: the chips stay on the table through a break): the
// count and the colour-up, read from the chips. Each seat's whole stack, as the table's chip readers read it, is
// compared with the engine's stack (src/tournament/counts.ts countAtBreak): every difference is a table alert for the
// dealer and the floor naming the seat and the amount (a chip gone, a chip too many, a chip not in play, chips moved
// between two players). At a break with a colour-up (LOI 2, 3, 17), the race is computed from the chips read
// (src/tournament/colourUp.ts chipRace: one card per leftover chip, at most one new chip per player, nobody
// eliminated by it) and the dealer is told what to give whom; the new chips read back are checked (checkColourUp).
// Pure: the readings and the random source are given; the alerts are codes and their facts (src/session
// TableAlertInput), their texts rendered from the catalogue at the edge (src/i18n/alerts/room.ts).
import { alertRule } from '../engine/alerts/catalogue.js';
import type { AlertFactsByCode } from '../engine/alerts/facts.js';
import type { TableAlertInput } from '../session/types.js';
import { type ChipRace, checkColourUp, chipRace } from '../tournament/colourUp.js';
import { type CountDiscrepancy, countAtBreak } from '../tournament/counts.js';
import type { RandomSource } from '../tournament/random.js';

/** a BREAK_COUNT alert of these facts (its texts rendered from them at the edge) */
export function breakCountAlert(facts: AlertFactsByCode['BREAK_COUNT']): TableAlertInput {
  return {
    code: 'BREAK_COUNT',
    ...alertRule('BREAK_COUNT', facts, 'tda'),
    ...(facts.seat !== undefined ? { seat: facts.seat } : {}),
    ...(facts.zone !== undefined ? { zone: facts.zone } : {}),
    facts,
  };
}

/** the dealer's and the floor's alert for one difference of the count */
export function countAlert(d: CountDiscrepancy): TableAlertInput {
  const variant = d.kind === 'moved' ? (d.difference < 0 ? 'gone' : 'come') : d.kind === 'foreign' ? 'foreign' : d.kind;
  return breakCountAlert({
    variant,
    seat: d.seat,
    zone: `bet${d.seat}`,
    amount: Math.abs(d.difference),
    read: d.read,
    expected: d.expected,
    ...(d.kind === 'foreign' ? { chips: d.foreign ?? [] } : {}),
    ...(d.withSeat !== undefined ? { withSeat: d.withSeat } : {}),
  });
}

/** the dealer's instructions of a colour-up, one alert */
export function colourUpAlert(race: ChipRace, leaving: readonly number[]): TableAlertInput {
  const facts: AlertFactsByCode['COLOUR_UP'] = {
    chips: [...leaving],
    newChip: race.newChip,
    raceChips: race.raceChips,
    race: race.seats
      .filter((s) => s.leavingValue > 0)
      .map((s) => ({
        seat: s.seat,
        take: s.leavingValue,
        give: s.exchanged + (s.wonRace || s.granted ? 1 : 0),
        ...(s.wonRace ? { why: 'won' as const } : s.granted ? { why: 'granted' as const } : {}),
      })),
  };
  return { code: 'COLOUR_UP', ...alertRule('COLOUR_UP', facts, 'tda'), facts };
}

export interface BreakCountOptions {
  tableId: string;
  /** the engine's stacks at the break (seat -> chips) */
  stacks: Record<number, number>;
  /** the denominations in play during the break (before its colour-up; none: every one read) */
  inPlay: readonly number[];
  /** the denominations leaving at this break (none: no colour-up) */
  colourUp: readonly number[];
  /** the seats in race order: player 1 (left of the dealer) first */
  raceOrder: readonly number[];
  random: RandomSource;
}

/** the break at one live table: each seat's stack read, counted, then coloured up and read back */
export class TableBreakCount {
  private readonly readings = new Map<number, number[]>();
  private race: ChipRace | null = null;

  constructor(private readonly o: BreakCountOptions) {}

  /** the seat's whole stack as the chip readers read it (the last reading counts) */
  read(seat: number, chips: readonly number[]): void {
    this.readings.set(seat, [...chips]);
  }

  /** every seat of the engine's stacks has been read */
  complete(): boolean {
    return Object.keys(this.o.stacks).every((s) => this.readings.has(Number(s)));
  }

  /** the count: one alert per difference (none: every stack is as the hands say) */
  count(): TableAlertInput[] {
    const readings = Object.fromEntries(this.readings);
    return countAtBreak(this.o.tableId, readings, this.o.stacks, this.inPlay()).map(countAlert);
  }

  /** the chips in play; none given (a room without a structure): every denomination read counts */
  private inPlay(): readonly number[] {
    return this.o.inPlay.length > 0 ? this.o.inPlay : [...new Set([...this.readings.values()].flat())];
  }

  /** the colour-up's race from the chips read (null: no colour-up at this break) and the dealer's alert */
  colourUp(): { race: ChipRace; alert: TableAlertInput } | null {
    const leaving = [...this.o.colourUp];
    if (leaving.length === 0) return null;
    const inPlay = this.inPlay();
    const newChip = Math.min(...inPlay.filter((c) => !leaving.includes(c)));
    const seats = this.o.raceOrder
      .filter((s) => this.readings.has(s))
      .map((seat) => {
        const chips = this.readings.get(seat) ?? [];
        const out: Record<number, number> = {};
        for (const c of chips) if (leaving.includes(c)) out[c] = (out[c] ?? 0) + 1;
        const staying = chips.filter((c) => !leaving.includes(c) && inPlay.includes(c)).reduce((a, b) => a + b, 0);
        return { seat, leaving: out, staying };
      });
    this.race = chipRace({ leaving, newChip, seats }, this.o.random);
    return { race: this.race, alert: colourUpAlert(this.race, leaving) };
  }

  /** the new chips read back after the colour-up: a leaving chip still there or a wrong total, one alert each */
  checkAfter(readings: Record<number, readonly number[]>): TableAlertInput[] {
    if (!this.race) return [];
    return checkColourUp(this.race, this.o.colourUp, readings).map((c) => {
      const facts = { seat: c.seat, zone: `bet${c.seat}`, read: c.read, expected: c.expected, oldChips: c.oldChips };
      return {
        code: 'COLOUR_UP_CHECK',
        ...alertRule('COLOUR_UP_CHECK', facts, 'tda'),
        seat: c.seat,
        zone: facts.zone,
        facts,
      };
    });
  }
}
