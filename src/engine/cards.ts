// Card identities shared by the whole engine: a card is an integer 0..51, rank * 4 + suit.
// rank 0..12 = 2..A, suit 0..3 = s h d c. Text form as in scenario.md: rank `23456789TJQKA` then suit `shdc`.

export type Card = number;

export const RANKS = '23456789TJQKA';
export const SUITS = 'shdc';

export const rankOf = (c: Card): number => c >> 2;
export const suitOf = (c: Card): number => c & 3;
export const makeCard = (rank: number, suit: number): Card => (rank << 2) | suit;

const TEXT: string[] = [];
for (let r = 0; r < 13; r++) for (let s = 0; s < 4; s++) TEXT[makeCard(r, s)] = RANKS[r] + SUITS[s];

// text -> card for the canonical spelling and case variants (the engine parses every card event)
const BY_TEXT = new Map<string, Card>();
for (let r = 0; r < 13; r++)
  for (let s = 0; s < 4; s++)
    for (const rr of new Set([RANKS[r], RANKS[r].toLowerCase()]))
      for (const ss of new Set([SUITS[s], SUITS[s].toUpperCase()])) BY_TEXT.set(rr + ss, makeCard(r, s));

/** Parses `Ah`, `Td`, `2c`; returns -1 for anything else (callers turn that into their own error). */
export function parseCard(text: string): Card {
  const known = BY_TEXT.get(text);
  if (known !== undefined) return known;
  if (typeof text !== 'string' || text.length !== 2) return -1;
  const r = RANKS.indexOf(text[0].toUpperCase());
  const s = SUITS.indexOf(text[1].toLowerCase());
  if (r < 0 || s < 0) return -1;
  return makeCard(r, s);
}

export function formatCard(c: Card): string {
  const t = TEXT[c];
  if (t === undefined) throw new RangeError(`not a card: ${c}`);
  return t;
}

/** Parses a run of cards such as `AhKd7c` (PHH board notation) or with spaces. */
export function parseCards(text: string): Card[] {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 2 !== 0) return [-1];
  const out: Card[] = [];
  for (let i = 0; i < compact.length; i += 2) out.push(parseCard(compact.slice(i, i + 2)));
  return out;
}

export const ALL_CARDS: readonly Card[] = Array.from({ length: 52 }, (_, i) => i);
