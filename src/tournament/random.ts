// The floor's randomness and its cards: everything random arrives as an injected source (a seeded one in tests and
// simulations, a cryptographic one live), so a draw can be replayed and checked.

/** uniform in [0, 1) */
export type RandomSource = () => number;

/** Fisher-Yates on a copy. */
export function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const RANKS = '23456789TJQKA';
// LOI 3: between equal ranks the suit decides, spades, hearts, diamonds, clubs (highest first)
const SUITS = 'cdhs';

/** A card of a draw: rank 0 (deuce) .. 12 (ace) and suit 0 (clubs) .. 3 (spades); `value` orders them. */
export interface DrawCard {
  name: string;
  value: number;
}

export function drawCard(index: number): DrawCard {
  const rank = Math.floor(index / 4);
  const suit = index % 4;
  return { name: `${RANKS[rank]}${SUITS[suit]}`, value: rank * 4 + suit };
}

/** A freshly shuffled deck of 52 (no two players can hold the same card, so there are no ties). */
export function shuffledDeck(random: RandomSource): DrawCard[] {
  return shuffled(
    Array.from({ length: 52 }, (_, i) => drawCard(i)),
    random,
  );
}

/** a seeded source (mulberry32) for tests, simulations and replayable draws */
export function seededRandom(seed: number): RandomSource {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
