// The simulator's tags: deterministic UIDs for its decks and chips, so that a service started separately can build
// the same registry (`feltwire sim --write-registry FILE`, or simulatedRegistry() in-process).
import { ALL_CARDS, formatCard } from '../engine/cards.js';
import { TagRegistry } from '../table/registry.js';

const hex = (n: number, w: number) => n.toString(16).toUpperCase().padStart(w, '0');

/** deck d, card c (0..51): 4-byte UIDs (8 hex digits), so that a muck full of folded cards still fits one INV frame
 * (160 bytes: 15 tags of 8 digits, 8 of 16). */
export const cardUid = (deck: number, card: number): string => `DC${hex(deck, 2)}${hex(card, 2)}00`;
/** chip n of denomination index k: 4-byte UIDs (8 hex digits), as ISO 14443 chip inlays have. Short UIDs matter:
 * an INV frame (160 bytes at most) lists a whole stack, 15 chips of 8 digits but only 8 of 16. */
export const chipUid = (denomIndex: number, n: number): string => `C${hex(denomIndex, 1)}${hex(n, 6)}`;

export const SIM_DENOMINATIONS = [25, 100, 500, 1000, 5000, 25000] as const;

export interface SimTagOptions {
  /** decks enrolled; the first is in play, the others are "foreign" decks for injected errors (default 2) */
  decks?: number;
  /** chips enrolled per denomination (default 400) */
  chipsPerDenomination?: number;
  denominations?: readonly number[];
}

/** The registry the simulator's tags belong to. */
export function simulatedRegistry(opts: SimTagOptions = {}): TagRegistry {
  const reg = new TagRegistry();
  const decks = opts.decks ?? 2;
  for (let d = 0; d < decks; d++) {
    const cards: Record<string, string> = {};
    for (const c of ALL_CARDS) cards[cardUid(d, c)] = formatCard(c);
    reg.addDeck(`sim-${d + 1}`, d === 0 ? 'Simulator deck (in play)' : `Simulator spare deck ${d + 1}`, cards);
  }
  const per = opts.chipsPerDenomination ?? 400;
  const denoms = opts.denominations ?? SIM_DENOMINATIONS;
  const chips: Record<string, number> = {};
  denoms.forEach((v, k) => {
    for (let n = 0; n < per; n++) chips[chipUid(k, n)] = v;
  });
  reg.addChips('sim-chips', 'Simulator chip set', chips);
  reg.setDeckInPlay('sim-1');
  return reg;
}
