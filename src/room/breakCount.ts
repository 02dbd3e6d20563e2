// A live table's half of a break (issue 25; seed 003 regulation 5: the chips stay on the table through a break): the
// count and the colour-up, read from the chips. Each seat's whole stack, as the table's chip readers read it, is
// compared with the engine's stack (src/tournament/counts.ts countAtBreak): every difference is a table alert for the
// dealer and the floor naming the seat and the amount (a chip gone, a chip too many, a chip not in play, chips moved
// between two players). At a break with a colour-up (LOI 2, 3, 17), the race is computed from the chips read
// (src/tournament/colourUp.ts chipRace: one card per leftover chip, at most one new chip per player, nobody
// eliminated by it) and the dealer is told what to give whom; the new chips read back are checked (checkColourUp).
// Pure: the readings and the random source are given; the alerts are plain values (src/session TableAlertInput).
import { alertRule } from '../engine/alerts/catalogue.js';
import type { TableAlertInput } from '../session/types.js';
import { type ChipRace, checkColourUp, chipRace } from '../tournament/colourUp.js';
import { type CountDiscrepancy, countAtBreak } from '../tournament/counts.js';
import type { RandomSource } from '../tournament/random.js';
import { proseAlert } from './proseAlert.js';

const fmt = (n: number, lang: 'en' | 'fr'): string => n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB');

/** the dealer's and the floor's alert for one difference of the count (English and French) */
export function countAlert(d: CountDiscrepancy): TableAlertInput {
  const n = (l: 'en' | 'fr') => fmt(Math.abs(d.difference), l);
  const said = (l: 'en' | 'fr') =>
    l === 'en'
      ? `(read ${fmt(d.read, l)}, the hands say ${fmt(d.expected, l)})`
      : `(lu ${fmt(d.read, l)}, les mains disent ${fmt(d.expected, l)})`;
  let message: string;
  let messageFr: string;
  switch (d.kind) {
    case 'missing':
      message = `Count at the break: seat ${d.seat} is ${n('en')} short ${said('en')}.`;
      messageFr = `Comptage à la pause : au siège ${d.seat}, il manque ${n('fr')} ${said('fr')}.`;
      break;
    case 'extra':
      message = `Count at the break: seat ${d.seat} has ${n('en')} too many ${said('en')}.`;
      messageFr = `Comptage à la pause : le siège ${d.seat} a ${n('fr')} de trop ${said('fr')}.`;
      break;
    case 'foreign': {
      const list = (d.foreign ?? []).join(', ');
      message = `Count at the break: seat ${d.seat} holds chips not in play (${list}), not counted (LOI 16).`;
      messageFr = `Comptage à la pause : le siège ${d.seat} a des jetons hors jeu (${list}), non comptés (LOI 16).`;
      break;
    }
    case 'moved':
      message =
        d.difference < 0
          ? `Count at the break: ${n('en')} gone from seat ${d.seat} to seat ${d.withSeat}.`
          : `Count at the break: ${n('en')} come to seat ${d.seat} from seat ${d.withSeat}.`;
      messageFr =
        d.difference < 0
          ? `Comptage à la pause : ${n('fr')} passés du siège ${d.seat} au siège ${d.withSeat}.`
          : `Comptage à la pause : ${n('fr')} arrivés au siège ${d.seat} depuis le siège ${d.withSeat}.`;
      break;
  }
  return proseAlert({
    code: 'BREAK_COUNT',
    severity: 'warn',
    rule: 'seed 003',
    seat: d.seat,
    zone: `bet${d.seat}`,
    message,
    messageFr,
    remedy: 'Call the floor: the stack is counted by hand before play resumes.',
    remedyFr: 'Appelez l’arbitre : le tapis est compté à la main avant la reprise.',
  });
}

/** the dealer's instructions of a colour-up, one alert (English and French) */
export function colourUpAlert(race: ChipRace, leaving: readonly number[]): TableAlertInput {
  const lines = (l: 'en' | 'fr') =>
    race.seats
      .filter((s) => s.leavingValue > 0)
      .map((s) => {
        const give = s.exchanged + (s.wonRace || s.granted ? 1 : 0);
        const out =
          l === 'en'
            ? `seat ${s.seat}: take ${fmt(s.leavingValue, l)}`
            : `siège ${s.seat} : retirez ${fmt(s.leavingValue, l)}`;
        const inn =
          l === 'en'
            ? `give ${give} × ${fmt(race.newChip, l)}${s.wonRace ? ' (race won)' : s.granted ? ' (so as not to be out)' : ''}`
            : `donnez ${give} × ${fmt(race.newChip, l)}${s.wonRace ? ' (course gagnée)' : s.granted ? ' (pour ne pas être éliminé)' : ''}`;
        return `${out}, ${inn}`;
      })
      .join('; ');
  const chips = leaving.map((c) => fmt(c, 'en')).join(', ');
  return proseAlert({
    code: 'COLOUR_UP',
    severity: 'warn',
    rule: 'LOI 2',
    message: `Colour-up of the ${chips} chips, race for ${race.raceChips} × ${fmt(race.newChip, 'en')}: ${lines('en')}.`,
    messageFr: `Changement des jetons de ${leaving.map((c) => fmt(c, 'fr')).join(', ')}, course pour ${race.raceChips} × ${fmt(race.newChip, 'fr')} : ${lines('fr')}.`,
    remedy: 'Give the new chips, then let the table read every stack again.',
    remedyFr: 'Donnez les nouveaux jetons, puis laissez la table relire chaque tapis.',
  });
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
