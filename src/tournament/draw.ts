// The draw: seats are drawn at random (LOI 13, club 1-3), by the seed's two-step "double-blind" procedure (seed 002,
// the method for new seats): the seat cards are shown, shuffled face down into a pile; each player is dealt one card
// face up; the seat cards go to the players from the highest card down. The first button goes to the highest card
// (club 2-2, seed 003). Only the final table is drawn again (club 8-2).
import { TournamentError } from './errors.js';
import { type DrawCard, type RandomSource, shuffled, shuffledDeck } from './random.js';
import type { Player } from './registration.js';
import { countOf, type FloorTable, freeSeats, type Seat } from './seating.js';

export interface DrawLine {
  player: string;
  card: string;
  table: string;
  seat: number;
}

export interface DoubleBlindDraw {
  /** the seat cards as shown, then as piled face down (top first) */
  seatCards: Seat[];
  pile: Seat[];
  /** each player's face-up card, in the order dealt */
  dealt: { player: string; card: DrawCard }[];
  /** who sits where, from the highest card down */
  lines: DrawLine[];
}

/**
 * seed 002: the double-blind draw of `players` onto `seats`: the pile is the seat cards shuffled (the first blind
 * step), the cards dealt to the players the second; the highest card takes the top seat card.
 */
export function doubleBlindDraw(
  players: readonly string[],
  seats: readonly Seat[],
  random: RandomSource,
): DoubleBlindDraw {
  if (seats.length < players.length)
    throw new TournamentError('NO_FREE_SEAT', `${players.length} players to seat, only ${seats.length} seats`);
  const pile = shuffled(seats, random).slice(0, players.length);
  // more than 52 players: as many decks as needed, shuffled together; players holding the same card draw again
  // between themselves until their cards differ
  const decks = Math.ceil(players.length / 52);
  let deck = Array.from({ length: decks }, () => shuffledDeck(random)).flat();
  deck = shuffled(deck, random);
  const dealt = players.map((player, i) => ({ player, card: deck[i] as DrawCard, redraw: [] as DrawCard[] }));
  const key = (d: (typeof dealt)[number]): number[] => [d.card.value, ...d.redraw.map((c) => c.value)];
  for (;;) {
    const groups = new Map<string, typeof dealt>();
    for (const d of dealt) groups.set(key(d).join(','), [...(groups.get(key(d).join(',')) ?? []), d]);
    const tied = [...groups.values()].filter((g) => g.length > 1);
    if (tied.length === 0) break;
    for (const g of tied) {
      const fresh = shuffledDeck(random);
      for (const [i, d] of g.entries()) d.redraw.push(fresh[i] as DrawCard);
    }
  }
  const cmp = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      if ((a[i] ?? -1) !== (b[i] ?? -1)) return (b[i] ?? -1) - (a[i] ?? -1);
    return 0;
  };
  const ranked = dealt.slice().sort((a, b) => cmp(key(a), key(b)));
  const lines = ranked.map((d, i) => {
    const s = pile[i] as Seat;
    return { player: d.player, card: [d.card, ...d.redraw].map((c) => c.name).join('/'), table: s.table, seat: s.seat };
  });
  return { seatCards: seats.slice(), pile, dealt: dealt.map((d) => ({ player: d.player, card: d.card })), lines };
}

/** The printable sheet of a draw (the floor reads it out; the screens show the same lines). */
export function drawSheet(title: string, draw: DoubleBlindDraw, names: (id: string) => string): string {
  const out = [
    title,
    '',
    `1. Show the ${draw.seatCards.length} seat cards: ${draw.seatCards.map((s) => `${s.table}-${s.seat}`).join(', ')}.`,
    '2. Shuffle them face down and form a pile (seed 002, double blind).',
    `3. Deal one card face up to each of the ${draw.dealt.length} players.`,
    '4. Give the seat cards from the top of the pile, starting with the highest card (ace of spades high; suits',
    '   spades, hearts, diamonds, clubs; with more than one deck, players holding the same card draw again).',
    '',
    'card  player                          table  seat',
  ];
  for (const l of draw.lines) out.push(`${l.card.padEnd(6)}${names(l.player).padEnd(32)}${l.table.padEnd(7)}${l.seat}`);
  return `${out.join('\n')}\n`;
}

/**
 * LOI 13, club 1-3: the opening draw. The seats offered are spread so that no table has two players more than
 * another (club 8-1): the first `n` seats of a round-robin over the tables, each table's seats in a random order.
 */
export function openingSeats(tables: readonly FloorTable[], n: number, random: RandomSource): Seat[] {
  const capacity = tables.reduce((a, t) => a + freeSeats(t).length, 0);
  if (n > capacity)
    throw new TournamentError('NO_FREE_SEAT', `${n} players, ${capacity} seats at ${tables.length} tables`);
  const queues = tables.map((t) => shuffled(freeSeats(t), random).map((seat) => ({ table: t.id, seat })));
  const out: Seat[] = [];
  for (let round = 0; out.length < n; round++)
    for (const q of queues) {
      const s = q[round];
      if (s && out.length < n) out.push(s);
    }
  return out;
}

/** Draws every player onto the tables and seats them; returns the draw for the sheet. */
export function drawOpening(players: readonly Player[], tables: FloorTable[], random: RandomSource): DoubleBlindDraw {
  const draw = doubleBlindDraw(
    players.map((p) => p.id),
    openingSeats(tables, players.length, random),
    random,
  );
  for (const l of draw.lines) {
    const t = tables.find((x) => x.id === l.table) as FloorTable;
    t.seats[l.seat] = l.player;
  }
  return draw;
}

export interface HighCardDraw {
  cards: { seat: number; card: string }[];
  button: number;
}

/** club 2-2, seed 003: one card to each seat; the highest card (rank, then suit) takes the first button. */
export function firstButtonByHighCard(table: FloorTable, random: RandomSource): HighCardDraw {
  const seats = Object.keys(table.seats)
    .map(Number)
    .sort((a, b) => a - b);
  if (seats.length === 0)
    throw new TournamentError('NO_FREE_SEAT', `table ${table.id} has no player for the button draw`);
  const deck = shuffledDeck(random);
  const cards = seats.map((seat, i) => ({ seat, card: deck[i] as DrawCard }));
  const best = cards.reduce((a, b) => (b.card.value > a.card.value ? b : a));
  return { cards: cards.map((c) => ({ seat: c.seat, card: c.card.name })), button: best.seat };
}

/**
 * club 3-1, seed 003 regulation 10, LOI 13: a late registration (allowed until the end of the level the structure
 * names) is drawn at random onto a free seat of a table with the fewest players, so the tables stay balanced.
 * Where the seat falls, the player is dealt in by LOI 32 and club 8-9..8-12 (`waitsForButton`).
 */
export function lateSeat(tables: readonly FloorTable[], random: RandomSource): Seat {
  const open = tables.filter((t) => freeSeats(t).length > 0);
  if (open.length === 0) throw new TournamentError('NO_FREE_SEAT', 'every seat of every table is taken');
  const fewest = Math.min(...open.map(countOf));
  const candidates = open.filter((t) => countOf(t) === fewest);
  const seats = candidates.flatMap((t) => freeSeats(t).map((seat) => ({ table: t.id, seat })));
  return seats[Math.floor(random() * seats.length)] as Seat;
}

/**
 * club 8-2: seats are drawn again only for the final table. Every player left draws a seat of the final table by the
 * double-blind procedure (seed 002), the seats of the whole table offered; the first button then goes to the high
 * card (club 2-2) and the blinds start from it. Balancing and breaking tables before then keep the players who stay
 * where they sit (balancing.ts).
 */
export function finalTableDraw(
  table: FloorTable,
  random: RandomSource,
): { draw: DoubleBlindDraw; button: HighCardDraw } {
  const here = Object.entries(table.seats)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, player]) => player);
  const seats = Array.from({ length: table.maxSeats }, (_, i) => ({ table: table.id, seat: i + 1 }));
  const draw = doubleBlindDraw(here, seats, random);
  table.seats = {};
  for (const l of draw.lines) table.seats[l.seat] = l.player;
  delete table.sb;
  delete table.bb;
  const button = firstButtonByHighCard(table, random);
  table.button = button.button;
  return { draw, button };
}
