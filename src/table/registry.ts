// The tags the table knows: enrolled decks (tag UID -> card) and chip sets (tag UID -> denomination). Several decks
// may be enrolled; one is in play. The registry stays on the table's own computer (a JSON file in the data folder).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Ajv } from 'ajv';
import { ALL_CARDS, formatCard, parseCard } from '../engine/cards.js';
import type { FromSchema } from '../schema/fromSchema.js';
import { TableError } from './errors.js';
import { describeAjvErrors } from './hardwareFile.js';

export const UID_PATTERN = /^(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{16})$/;

/** Uppercases a UID and checks its length (8, 14 or 16 hex digits, docs/protocol.md). */
export function normaliseUid(uid: string): string {
  const u = uid.trim().toUpperCase();
  if (!UID_PATTERN.test(u)) throw new TableError('UID_INVALID', `not a tag UID: "${uid}" (8, 14 or 16 hex digits)`);
  return u;
}

export interface Deck {
  id: string;
  name: string;
  /** uid -> card text (`Ah`) */
  cards: Map<string, string>;
}

export interface ChipSet {
  id: string;
  name: string;
  /** uid -> denomination */
  chips: Map<string, number>;
}

export type TagIdentity =
  | { type: 'card'; card: string; deck: string; inPlay: boolean }
  | { type: 'chip'; value: number; set: string }
  | { type: 'unknown' };

const registrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['deckInPlay', 'decks', 'chipSets'],
  properties: {
    deckInPlay: { type: ['string', 'null'] },
    decks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'cards'],
        properties: {
          id: { type: 'string', minLength: 1 },
          name: { type: 'string' },
          cards: { type: 'object', additionalProperties: { type: 'string', pattern: '^[2-9TJQKA][shdc]$' } },
        },
      },
    },
    chipSets: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'chips'],
        properties: {
          id: { type: 'string', minLength: 1 },
          name: { type: 'string' },
          chips: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } },
        },
      },
    },
  },
} as const;
/** the registry file, as its schema accepts it */
export type RegistryJson = FromSchema<typeof registrySchema>;
const validateRegistry = new Ajv({ allErrors: true, verbose: true }).compile<RegistryJson>(registrySchema);

export class TagRegistry {
  private readonly decks = new Map<string, Deck>();
  private readonly chipSets = new Map<string, ChipSet>();
  /** uid -> where it is enrolled (one place only) */
  private readonly owner = new Map<string, { kind: 'deck' | 'chips'; id: string }>();
  private inPlay: string | null = null;

  get deckInPlay(): string | null {
    return this.inPlay;
  }

  setDeckInPlay(id: string | null): void {
    if (id !== null && !this.decks.has(id)) throw new TableError('DECK_UNKNOWN', `no enrolled deck "${id}"`);
    this.inPlay = id;
  }

  listDecks(): { id: string; name: string; cards: number }[] {
    return [...this.decks.values()].map((d) => ({ id: d.id, name: d.name, cards: d.cards.size }));
  }

  listChipSets(): { id: string; name: string; chips: number; byDenomination: Record<string, number> }[] {
    return [...this.chipSets.values()].map((s) => {
      const by: Record<string, number> = {};
      for (const v of s.chips.values()) by[v] = (by[v] ?? 0) + 1;
      return { id: s.id, name: s.name, chips: s.chips.size, byDenomination: by };
    });
  }

  deck(id: string): Deck {
    const d = this.decks.get(id);
    if (!d) throw new TableError('DECK_UNKNOWN', `no enrolled deck "${id}"`);
    return d;
  }

  hasDeck(id: string): boolean {
    return this.decks.has(id);
  }

  hasChipSet(id: string): boolean {
    return this.chipSets.has(id);
  }

  /** Every enrolled tag's UID: the decks' in order, then the chip sets'. */
  uids(): string[] {
    return [...this.owner.keys()];
  }

  /** Where a tag is enrolled, if anywhere (used by enrollment to refuse a tag already in use). */
  ownerOf(uid: string): { kind: 'deck' | 'chips'; id: string } | undefined {
    return this.owner.get(uid.toUpperCase());
  }

  /** Adds a deck. Every card at most once, every tag enrolled nowhere else. The first deck goes into play. */
  addDeck(id: string, name: string, cards: Map<string, string> | Record<string, string>): Deck {
    if (this.decks.has(id)) throw new TableError('DECK_EXISTS', `a deck "${id}" is already enrolled`);
    const entries = cards instanceof Map ? [...cards] : Object.entries(cards);
    const map = new Map<string, string>();
    const seenCards = new Map<string, string>();
    const problems: string[] = [];
    for (const [rawUid, card] of entries) {
      const uid = normaliseUid(rawUid);
      const c = parseCard(card);
      if (c < 0) {
        problems.push(`${uid}: "${card}" is not a card`);
        continue;
      }
      const text = formatCard(c);
      const other = seenCards.get(text);
      if (other) problems.push(`${text} is on two tags: ${other} and ${uid}`);
      const owner = this.owner.get(uid);
      if (owner)
        problems.push(`${uid} is already enrolled in ${owner.kind === 'deck' ? 'deck' : 'chip set'} "${owner.id}"`);
      seenCards.set(text, uid);
      map.set(uid, text);
    }
    if (problems.length) throw new TableError('TAG_CONFLICT', `deck "${id}" cannot be enrolled`, problems);
    const deck: Deck = { id, name, cards: map };
    this.decks.set(id, deck);
    for (const uid of map.keys()) this.owner.set(uid, { kind: 'deck', id });
    if (this.inPlay === null) this.inPlay = id;
    return deck;
  }

  removeDeck(id: string): void {
    const d = this.deck(id);
    for (const uid of d.cards.keys()) this.owner.delete(uid);
    this.decks.delete(id);
    if (this.inPlay === id) this.inPlay = null;
  }

  /** Adds a chip set, or adds chips to an existing one (a set grows as chips are bought). */
  addChips(id: string, name: string, chips: Map<string, number> | Record<string, number>): ChipSet {
    const set = this.chipSets.get(id) ?? { id, name, chips: new Map<string, number>() };
    const problems: string[] = [];
    const entries = chips instanceof Map ? [...chips] : Object.entries(chips);
    for (const [rawUid, value] of entries) {
      const uid = normaliseUid(rawUid);
      if (!Number.isInteger(value) || value < 1) problems.push(`${uid}: ${value} is not a denomination`);
      const owner = this.owner.get(uid);
      if (owner && !(owner.kind === 'chips' && owner.id === id))
        problems.push(`${uid} is already enrolled in ${owner.kind === 'deck' ? 'deck' : 'chip set'} "${owner.id}"`);
    }
    if (problems.length) throw new TableError('TAG_CONFLICT', `chips cannot be added to set "${id}"`, problems);
    for (const [rawUid, value] of entries) {
      const uid = normaliseUid(rawUid);
      set.chips.set(uid, value);
      this.owner.set(uid, { kind: 'chips', id });
    }
    this.chipSets.set(id, set);
    return set;
  }

  /** What a tag is: a card (of the deck in play or not), a chip, or unknown. */
  lookup(uid: string): TagIdentity {
    const u = uid.toUpperCase();
    const owner = this.owner.get(u);
    if (!owner) return { type: 'unknown' };
    if (owner.kind === 'deck') {
      const card = this.decks.get(owner.id)?.cards.get(u);
      if (card === undefined) return { type: 'unknown' };
      return { type: 'card', card, deck: owner.id, inPlay: owner.id === this.inPlay };
    }
    const value = this.chipSets.get(owner.id)?.chips.get(u);
    if (value === undefined) return { type: 'unknown' };
    return { type: 'chip', value, set: owner.id };
  }

  /** The tag of a card in a deck (the simulator and tests deal by card). */
  uidOfCard(deckId: string, card: string): string {
    const c = formatCard(parseCard(card));
    for (const [uid, text] of this.deck(deckId).cards) if (text === c) return uid;
    throw new TableError('DECK_UNKNOWN', `deck "${deckId}" has no tag for ${card}`);
  }

  /** The denominations in play, smallest first. */
  denominations(): number[] {
    const s = new Set<number>();
    for (const set of this.chipSets.values()) for (const v of set.chips.values()) s.add(v);
    return [...s].sort((a, b) => a - b);
  }

  toJSON(): RegistryJson {
    return {
      deckInPlay: this.inPlay,
      decks: [...this.decks.values()].map((d) => ({ id: d.id, name: d.name, cards: Object.fromEntries(d.cards) })),
      chipSets: [...this.chipSets.values()].map((s) => ({
        id: s.id,
        name: s.name,
        chips: Object.fromEntries(s.chips),
      })),
    };
  }

  static fromJSON(json: unknown, source = 'registry'): TagRegistry {
    if (!validateRegistry(json))
      throw new TableError('REGISTRY_INVALID', `${source} is invalid`, describeAjvErrors(validateRegistry.errors));
    const reg = new TagRegistry();
    for (const d of json.decks) reg.addDeck(d.id, d.name, d.cards);
    for (const s of json.chipSets) reg.addChips(s.id, s.name, s.chips);
    reg.setDeckInPlay(json.deckInPlay);
    return reg;
  }

  /** Loads the registry file; a missing file is an empty registry. */
  static load(path: string): TagRegistry {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new TagRegistry();
      throw new TableError('REGISTRY_UNREADABLE', `cannot read ${path}: ${(err as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new TableError('REGISTRY_INVALID', `${path} is not JSON: ${(err as Error).message}`);
    }
    return TagRegistry.fromJSON(json, path);
  }

  /** Writes atomically (temp file then rename) so a crash never leaves half a registry. */
  save(path: string): void {
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.toJSON(), null, 2)}\n`);
    renameSync(tmp, path);
  }
}

/** All 52 cards in enrollment order (2s 2h 2d 2c 3s ... Ac). */
export const ENROLL_ORDER: readonly string[] = ALL_CARDS.map(formatCard);
