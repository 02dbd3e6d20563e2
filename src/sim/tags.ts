// The simulator's tags: deterministic UIDs for its decks and chips, so that a service started separately can build
// the same registry (`feltwire sim --write-registry FILE`, or simulatedRegistry() in-process).
import { ALL_CARDS, formatCard } from '../engine/cards.js';
import { TagRegistry } from '../table/registry.js';

const hex = (n: number, w: number) => n.toString(16).toUpperCase().padStart(w, '0');

/** ISO 15693-style UIDs (E004...): deck d, card c (0..51). */
export const cardUid = (deck: number, card: number): string => `E00401${hex(deck, 2)}C0${hex(card, 2)}0000`;
/** chip n of denomination index k */
export const chipUid = (denomIndex: number, n: number): string => `E00402${hex(denomIndex, 2)}${hex(n, 6)}00`;

export const SIM_DENOMINATIONS = [25, 100, 500, 1000, 5000] as const;

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
