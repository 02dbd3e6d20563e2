// Colour-up and chip race (LOI 2): when denominations leave play, each player's chips of them are read and exchanged
// for the smallest chip that stays (as many whole ones as they make up); what is left over in each stack is raced:
// one card per leftover chip, dealt from player 1 (the first seat to the left of the dealer) round the table; the
// total left over, rounded up to a whole new chip ("le personnel arrondit au jeton supérieur"), is given one new
// chip at a time to the best cards, at most one per player (the next best card of another player takes the next
// chip). A player left with no chip after the race is not eliminated: they are given one new chip (LOI 2, TDA 2004).
// The new smallest chip is the odd chip from then on (LOI 3); the deck is changed with the level (LOI 17).
import { TournamentError } from './errors.js';
import { type DrawCard, type RandomSource, shuffledDeck } from './random.js';

export interface ColourUpSeat {
  seat: number;
  /** denomination -> count of the chips leaving play, as read */
  leaving: Record<number, number>;
  /** value of the seat's other chips (those staying) */
  staying: number;
}

export interface ColourUpInput {
  /** denominations leaving */
  leaving: number[];
  /** the smallest chip that stays */
  newChip: number;
  /** seats in race order: player 1 (left of the dealer) first */
  seats: ColourUpSeat[];
}

export interface SeatOutcome {
  seat: number;
  leavingValue: number;
  /** new chips given for whole multiples */
  exchanged: number;
  /** chips left over (raced), and their value */
  leftoverChips: number;
  leftoverValue: number;
  cards: string[];
  wonRace: boolean;
  /** LOI 2: given a chip so as not to be eliminated by the race */
  granted: boolean;
  before: number;
  after: number;
}

export interface ChipRace {
  newChip: number;
  /** new chips the race gives away */
  raceChips: number;
  seats: SeatOutcome[];
  /** the chips put into play (positive) or taken out (negative) by the race and grants */
  netChange: number;
  instructions: string[];
}

const sumValue = (chips: Record<number, number>): number =>
  Object.entries(chips).reduce((a, [d, n]) => a + Number(d) * n, 0);

/** the exchange of one stack's leaving chips: whole new chips, then the leftover as the fewest leaving chips */
function exchange(
  leaving: Record<number, number>,
  newChip: number,
): { exchanged: number; leftoverValue: number; leftoverChips: number } {
  const value = sumValue(leaving);
  const exchanged = Math.floor(value / newChip);
  const leftoverValue = value - exchanged * newChip;
  // the dealer leaves the leftover in the fewest leaving chips the player holds, largest first
  let rest = leftoverValue;
  let leftoverChips = 0;
  const dens = Object.keys(leaving)
    .map(Number)
    .sort((a, b) => b - a);
  for (const d of dens) {
    const n = Math.min(leaving[d] as number, Math.floor(rest / d));
    rest -= n * d;
    leftoverChips += n;
  }
  if (rest !== 0) leftoverChips += Math.ceil(rest / (dens.at(-1) as number));
  return { exchanged, leftoverValue, leftoverChips };
}

export function chipRace(input: ColourUpInput, random: RandomSource): ChipRace {
  const { newChip } = input;
  for (const s of input.seats)
    for (const [d, n] of Object.entries(s.leaving)) {
      if (!input.leaving.includes(Number(d)))
        throw new TournamentError(
          'COLOUR_UP_INVALID',
          `seat ${s.seat}: chip ${d} is not one leaving play (${input.leaving.join(', ')})`,
        );
      if (!Number.isInteger(n) || n < 0)
        throw new TournamentError('COLOUR_UP_INVALID', `seat ${s.seat}: ${n} chips of ${d}`);
    }
  if (input.leaving.some((d) => d >= newChip))
    throw new TournamentError('COLOUR_UP_INVALID', `the chips leaving must be smaller than the new chip ${newChip}`);
  const seats: SeatOutcome[] = input.seats.map((s) => {
    const ex = exchange(s.leaving, newChip);
    const leavingValue = sumValue(s.leaving);
    return {
      seat: s.seat,
      leavingValue,
      exchanged: ex.exchanged,
      leftoverChips: ex.leftoverChips,
      leftoverValue: ex.leftoverValue,
      cards: [],
      wonRace: false,
      granted: false,
      before: s.staying + leavingValue,
      after: s.staying + ex.exchanged * newChip,
    };
  });
  const cards = seats.reduce((a, s) => a + s.leftoverChips, 0);
  if (cards > 52)
    throw new TournamentError(
      'COLOUR_UP_INVALID',
      `${cards} leftover chips need more cards than a deck: colour up in two steps`,
    );
  const totalLeft = seats.reduce((a, s) => a + s.leftoverValue, 0);
  const raceChips = Math.ceil(totalLeft / newChip);
  // one card per leftover chip, dealt one at a time round the table from player 1
  const deck = shuffledDeck(random);
  const held: { seat: SeatOutcome; card: DrawCard }[] = [];
  const need = new Map(seats.map((s) => [s, s.leftoverChips]));
  for (let dealt = true; dealt; ) {
    dealt = false;
    for (const s of seats)
      if ((need.get(s) as number) > 0) {
        const card = deck.shift() as DrawCard;
        s.cards.push(card.name);
        held.push({ seat: s, card });
        need.set(s, (need.get(s) as number) - 1);
        dealt = true;
      }
  }
  held.sort((a, b) => b.card.value - a.card.value);
  let given = 0;
  for (const h of held) {
    if (given === raceChips) break;
    if (h.seat.wonRace) continue; // at most one new chip per player
    h.seat.wonRace = true;
    h.seat.after += newChip;
    given++;
  }
  for (const s of seats)
    if (s.after === 0 && s.before > 0) {
      s.granted = true;
      s.after = newChip;
    }
  const netChange = seats.reduce((a, s) => a + s.after - s.before, 0);
  return { newChip, raceChips, seats, netChange, instructions: raceInstructions(input, seats, raceChips, held) };
}

function raceInstructions(
  input: ColourUpInput,
  seats: SeatOutcome[],
  raceChips: number,
  held: { seat: SeatOutcome; card: DrawCard }[],
): string[] {
  const out: string[] = [];
  const n = input.newChip;
  out.push(
    `Colour-up: the ${input.leaving.join(', ')} chips leave play; the smallest chip is now ${n} (LOI 2, LOI 3).`,
  );
  for (const s of seats)
    if (s.exchanged > 0)
      out.push(`Seat ${s.seat}: take ${s.leavingValue - s.leftoverValue} in old chips, give ${s.exchanged} × ${n}.`);
  const racing = seats.filter((s) => s.leftoverChips > 0);
  if (racing.length === 0) out.push('No chip is left over: no race.');
  else {
    out.push(
      `Chip race: ${racing.reduce((a, s) => a + s.leftoverValue, 0)} left over in ${racing.reduce((a, s) => a + s.leftoverChips, 0)} chips, ` +
        `${raceChips} × ${n} to race. Deal one card per leftover chip from seat ${racing[0]?.seat}: ` +
        racing.map((s) => `seat ${s.seat} ${s.cards.join(' ')}`).join(', ') +
        '.',
    );
    const best = held.filter((h) => h.seat.wonRace && h.seat.cards[0] !== undefined);
    const winners = seats.filter((s) => s.wonRace);
    for (const w of winners) {
      const card = best.find((h) => h.seat === w)?.card.name ?? '';
      out.push(`Seat ${w.seat} (${card}) wins one ${n} chip.`);
    }
    out.push('Take every leftover chip off the table.');
  }
  for (const s of seats)
    if (s.granted)
      out.push(`Seat ${s.seat} lost the race with no chip left: give one ${n} chip, the player stays in (LOI 2).`);
  out.push('Change to a new deck before the next hand (LOI 17).');
  return out;
}

export interface ColourUpCheck {
  seat: number;
  expected: number;
  read: number;
  oldChips: number[];
}

/** the colour-up checked by reading each seat's chips after it: a leaving chip still there, or a wrong total */
export function checkColourUp(
  race: ChipRace,
  leaving: readonly number[],
  readings: Record<number, readonly number[]>,
): ColourUpCheck[] {
  const out: ColourUpCheck[] = [];
  for (const s of race.seats) {
    const chips = readings[s.seat] ?? [];
    const read = chips.reduce((a, b) => a + b, 0);
    const oldChips = chips.filter((c) => leaving.includes(c));
    if (read !== s.after || oldChips.length > 0) out.push({ seat: s.seat, expected: s.after, read, oldChips });
  }
  return out;
}
