// Card identities shared by the whole engine: a card is an integer 0..51, rank * 4 + suit.
// rank 0..12 = 2..A, suit 0..3 = s h d c. Text form as in docs/scenario-format.md: rank `23456789TJQKA` then suit `shdc`.

export type Card = number;

export const RANKS = '23456789TJQKA';
export const SUITS = 'shdc';

export const rankOf = (c: Card): number => c >> 2;
export const suitOf = (c: Card): number => c & 3;
export const makeCard = (rank: number, suit: number): Card => (rank << 2) | suit;

const TEXT: string[] = [];
for (let r = 0; r < 13; r++) for (let s = 0; s < 4; s++) TEXT[makeCard(r, s)] = RANKS[r] + SUITS[s];

// character code -> rank / suit, either case (the engine parses every card event: no string work on the hot path)
const RANK_OF_CODE = new Int8Array(128).fill(-1);
const SUIT_OF_CODE = new Int8Array(128).fill(-1);
for (let r = 0; r < 13; r++) {
  RANK_OF_CODE[RANKS.charCodeAt(r)] = r;
  RANK_OF_CODE[RANKS[r].toLowerCase().charCodeAt(0)] = r;
}
for (let s = 0; s < 4; s++) {
  SUIT_OF_CODE[SUITS.charCodeAt(s)] = s;
  SUIT_OF_CODE[SUITS[s].toUpperCase().charCodeAt(0)] = s;
}

/** Parses `Ah`, `Td`, `2c`; returns -1 for anything else (callers turn that into their own error). */
export function parseCard(text: string): Card {
  if (typeof text !== 'string' || text.length !== 2) return -1;
  const a = text.charCodeAt(0);
  const b = text.charCodeAt(1);
  if (a > 127 || b > 127) return -1;
  const r = RANK_OF_CODE[a];
  const s = SUIT_OF_CODE[b];
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
