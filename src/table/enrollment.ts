// Guided enrollment on the enroll antenna: a deck card by card (progress 0-52, duplicates and missing cards
// reported), a chip set denomination by denomination, and the deck check (is every card of a deck there, and nothing
// else?). Each flow takes tag UIDs as the enroll antenna reads them; the registry changes only on finish().
import { TableError } from './errors.js';
import { ENROLL_ORDER, normaliseUid, type TagRegistry } from './registry.js';

export type EnrollStep =
  /** the tag was recorded as this card (or chip) */
  | { status: 'enrolled'; uid: string; card?: string; denomination?: number; progress: number }
  /** this tag was already recorded in this session */
  | { status: 'duplicate'; uid: string; card?: string; denomination?: number; progress: number }
  /** this tag belongs to another deck or chip set */
  | { status: 'conflict'; uid: string; owner: string; progress: number }
  /** all cards are recorded; further tags are ignored */
  | { status: 'complete'; uid: string; progress: number };

export interface DeckEnrollmentReport {
  deck: string;
  progress: number;
  missing: string[];
  duplicates: { uid: string; card: string }[];
  conflicts: { uid: string; owner: string }[];
}

/** Enrolls a deck: the operator passes each card over the enroll antenna in the order prompted (expected()). */
export class DeckEnrollment {
  readonly kind = 'deck' as const;
  private readonly cardsByUid = new Map<string, string>();
  private readonly recorded = new Set<string>();
  private readonly skipped = new Set<string>();
  private readonly dupes: { uid: string; card: string }[] = [];
  private readonly conflicts: { uid: string; owner: string }[] = [];
  private cursor = 0;

  constructor(
    private readonly registry: TagRegistry,
    readonly deckId: string,
    readonly name = deckId,
  ) {
    if (registry.hasDeck(deckId)) throw new TableError('DECK_EXISTS', `a deck "${deckId}" is already enrolled`);
  }

  /** The card the operator must present now, or null when every card is recorded or skipped. */
  expected(): string | null {
    while (this.cursor < ENROLL_ORDER.length) {
      const c = ENROLL_ORDER[this.cursor];
      if (!this.recorded.has(c) && !this.skipped.has(c)) return c;
      this.cursor++;
    }
    return null;
  }

  get progress(): number {
    return this.recorded.size;
  }

  /** A tag was read on the enroll antenna. */
  offer(rawUid: string): EnrollStep {
    const uid = normaliseUid(rawUid);
    const already = this.cardsByUid.get(uid);
    if (already !== undefined) {
      this.dupes.push({ uid, card: already });
      return { status: 'duplicate', uid, card: already, progress: this.progress };
    }
    const owner = this.registry.ownerOf(uid);
    if (owner) {
      const o = `${owner.kind === 'deck' ? 'deck' : 'chip set'} "${owner.id}"`;
      this.conflicts.push({ uid, owner: o });
      return { status: 'conflict', uid, owner: o, progress: this.progress };
    }
    const card = this.expected();
    if (card === null) return { status: 'complete', uid, progress: this.progress };
    this.cardsByUid.set(uid, card);
    this.recorded.add(card);
    this.cursor++;
    return { status: 'enrolled', uid, card, progress: this.progress };
  }

  /** The prompted card is not at hand (lost, damaged): move on; it will be reported missing. */
  skip(): string | null {
    const c = this.expected();
    if (c !== null) this.skipped.add(c);
    return c;
  }

  /** Comes back to the skipped cards (they are prompted again, in order). */
  revisitSkipped(): void {
    this.skipped.clear();
    this.cursor = 0;
  }

  report(): DeckEnrollmentReport {
    return {
      deck: this.deckId,
      progress: this.progress,
      missing: ENROLL_ORDER.filter((c) => !this.recorded.has(c)),
      duplicates: [...this.dupes],
      conflicts: [...this.conflicts],
    };
  }

  /** Commits the deck to the registry. An incomplete deck is refused unless `allowIncomplete`. */
  finish(opts: { allowIncomplete?: boolean } = {}): DeckEnrollmentReport {
    const r = this.report();
    if (r.missing.length && !opts.allowIncomplete)
      throw new TableError('ENROLLMENT_INCOMPLETE', `deck "${this.deckId}" has ${r.progress}/52 cards`, [
        `missing: ${r.missing.join(' ')}`,
      ]);
    this.registry.addDeck(this.deckId, this.name, this.cardsByUid);
    return r;
  }
}

export interface ChipEnrollmentReport {
  set: string;
  counts: Record<string, number>;
  total: number;
  duplicates: { uid: string; denomination: number }[];
  conflicts: { uid: string; owner: string }[];
}

/** Enrolls chips: the operator picks a denomination, then passes each chip of it over the enroll antenna. */
export class ChipEnrollment {
  readonly kind = 'chips' as const;
  private readonly chips = new Map<string, number>();
  private readonly dupes: { uid: string; denomination: number }[] = [];
  private readonly conflicts: { uid: string; owner: string }[] = [];
  private current: number | null = null;

  constructor(
    private readonly registry: TagRegistry,
    readonly setId: string,
    readonly name = setId,
  ) {}

  setDenomination(value: number): void {
    if (!Number.isInteger(value) || value < 1)
      throw new TableError('DENOMINATION_INVALID', `${value} is not a denomination (a positive whole number)`);
    this.current = value;
  }

  get denomination(): number | null {
    return this.current;
  }

  offer(rawUid: string): EnrollStep {
    const uid = normaliseUid(rawUid);
    if (this.current === null)
      throw new TableError('DENOMINATION_INVALID', 'choose a denomination before enrolling chips');
    const already = this.chips.get(uid);
    if (already !== undefined) {
      this.dupes.push({ uid, denomination: already });
      return { status: 'duplicate', uid, denomination: already, progress: this.chips.size };
    }
    const owner = this.registry.ownerOf(uid);
    if (owner && !(owner.kind === 'chips' && owner.id === this.setId)) {
      const o = `${owner.kind === 'deck' ? 'deck' : 'chip set'} "${owner.id}"`;
      this.conflicts.push({ uid, owner: o });
      return { status: 'conflict', uid, owner: o, progress: this.chips.size };
    }
    this.chips.set(uid, this.current);
    return { status: 'enrolled', uid, denomination: this.current, progress: this.chips.size };
  }

  report(): ChipEnrollmentReport {
    const counts: Record<string, number> = {};
    for (const v of this.chips.values()) counts[v] = (counts[v] ?? 0) + 1;
    return {
      set: this.setId,
      counts,
      total: this.chips.size,
      duplicates: [...this.dupes],
      conflicts: [...this.conflicts],
    };
  }

  finish(): ChipEnrollmentReport {
    this.registry.addChips(this.setId, this.name, this.chips);
    return this.report();
  }
}

export interface DeckCheckReport {
  deck: string;
  present: number;
  missing: string[];
  /** tags read that belong to another deck */
  foreign: { uid: string; card: string; deck: string }[];
  /** tags read that are enrolled nowhere (or are chips) */
  unknown: string[];
  ok: boolean;
}

/** Checks a deck: every card passed over the enroll antenna; reports missing, foreign and unknown tags. */
export class DeckCheck {
  readonly kind = 'check' as const;
  private readonly seen = new Set<string>();
  private readonly foreign = new Map<string, { uid: string; card: string; deck: string }>();
  private readonly unknown = new Set<string>();

  constructor(
    private readonly registry: TagRegistry,
    readonly deckId: string,
  ) {
    registry.deck(deckId);
  }

  offer(rawUid: string): EnrollStep {
    const uid = normaliseUid(rawUid);
    const id = this.registry.lookup(uid);
    if (id.type === 'card' && id.deck === this.deckId) {
      const dup = this.seen.has(id.card);
      this.seen.add(id.card);
      return { status: dup ? 'duplicate' : 'enrolled', uid, card: id.card, progress: this.seen.size };
    }
    if (id.type === 'card') {
      this.foreign.set(uid, { uid, card: id.card, deck: id.deck });
      return { status: 'conflict', uid, owner: `deck "${id.deck}"`, progress: this.seen.size };
    }
    this.unknown.add(uid);
    return {
      status: 'conflict',
      uid,
      owner: id.type === 'chip' ? `chip set "${id.set}"` : 'nothing (unknown tag)',
      progress: this.seen.size,
    };
  }

  report(): DeckCheckReport {
    const missing = ENROLL_ORDER.filter((c) => !this.seen.has(c));
    return {
      deck: this.deckId,
      present: this.seen.size,
      missing,
      foreign: [...this.foreign.values()],
      unknown: [...this.unknown],
      ok: missing.length === 0 && this.foreign.size === 0 && this.unknown.size === 0,
    };
  }
}

export type EnrollmentFlow = DeckEnrollment | ChipEnrollment | DeckCheck;
