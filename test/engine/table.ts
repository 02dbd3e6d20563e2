// A small driver for engine tests: builds a TableConfig and feeds TableEvents as a table would, one second apart.
import { roundChips } from '../../src/engine/betting/chipFlow.js';
import { formatCard } from '../../src/engine/cards.js';
import { applyEvent, createHand, type HandState, snapshot } from '../../src/engine/index.js';
import type { Declaration, HandSnapshot, Ruleset, TableConfig, TableEvent, Zone } from '../../src/engine/types.js';
import { phhLines } from '../../src/phh/write.js';

export interface TableSpec {
  seats: Record<number, number>;
  button: number;
  blinds?: [number, number];
  bbAnte?: number;
  ruleset?: Ruleset;
  absent?: number[];
  chips?: number[];
  orderKnown?: boolean;
  sb?: number | null;
  bb?: number;
}

export function configOf(spec: TableSpec): TableConfig {
  const c: TableConfig = {
    ruleset: spec.ruleset ?? 'tda',
    seats: spec.seats,
    button: spec.button,
    blinds: spec.blinds ?? [50, 100],
    bbAnte: spec.bbAnte ?? 0,
    absent: spec.absent ?? [],
    chips: spec.chips ?? [25, 100, 500, 1000, 5000, 25000],
    motionMs: 700,
    orderKnown: spec.orderKnown ?? true,
  };
  if (spec.sb !== undefined) c.sb = spec.sb;
  if (spec.bb !== undefined) c.bb = spec.bb;
  return c;
}

// spare cards come from this order; tests name their own cards from the end of it (Ah, Kd, 7c, Qs, ...)
const DECK = '2d3d4d5d6d7d8d9dTdJd2h3h4h5h6h7h2c3c4c5c6c8c9cJcQcKcAcAdTh5s7sKhQhJhAh9h8hAsKsQsJsTs9s8s6s4s3s2sKdQd7cTc';

export class Table {
  readonly state: HandState;
  t = 0;
  private spare: string[];
  constructor(readonly spec: TableSpec) {
    this.state = createHand(configOf(spec));
    this.spare = DECK.match(/../g) as string[];
  }
  ev(e: EventInput): this {
    this.t = e.t ?? this.t + 1000;
    applyEvent(this.state, { ...e, t: this.t } as TableEvent);
    return this;
  }
  private use(card: string): string {
    this.spare = this.spare.filter((c) => c !== card);
    return card;
  }
  card(): string {
    const c = this.spare.shift();
    if (!c) throw new Error('deck empty');
    return c;
  }
  shuffle(): this {
    return this.ev({ kind: 'dealer', button: 'shuffle' });
  }
  chips(seat: number, chips: number[]): this {
    return this.ev({ kind: 'chips', seat, chips });
  }
  say(seat: number, say: Declaration, to?: number): this {
    return this.ev(to === undefined ? { kind: 'say', seat, say } : { kind: 'say', seat, say, to });
  }
  at(card: string, zone: string, face?: 'up' | 'down'): this {
    this.use(card);
    const f = face ?? (zone === 'board' ? 'up' : 'down');
    return this.ev({ kind: 'cardAt', card, zone: zone as Zone, face: f });
  }
  off(card: string, zone: string): this {
    return this.ev({ kind: 'cardOff', card, zone: zone as Zone });
  }
  /** Posts the blinds (and ante) as chips, as the rules commit them. */
  blinds(): this {
    for (const seat of this.state.seatOrder) {
      const s = this.state.seats[seat];
      if (s && s.committed + s.ante > 0) this.chips(seat, this.chipsFor(s.committed + s.ante));
    }
    return this;
  }
  chipsFor(amount: number): number[] {
    const den = [...this.state.config.chips].sort((a, b) => b - a);
    const out: number[] = [];
    let left = amount;
    for (const d of den)
      while (left >= d) {
        out.push(d);
        left -= d;
      }
    if (left > 0) out.push(left);
    return out;
  }
  /** Deals two cards to every occupied seat in deal order (`holes[seat]` or spare cards). */
  deal(holes: Record<number, [string, string]> = {}): this {
    const order = this.state.deal.order;
    const cards: Record<number, [string, string]> = {};
    for (const seat of order) {
      for (const c of holes[seat] ?? []) this.use(c);
    }
    for (const seat of order) cards[seat] = holes[seat] ?? [this.card(), this.card()];
    for (let r = 0; r < 2; r++) for (const seat of order) this.at(cards[seat][r], `seat${seat}`);
    return this;
  }
  start(holes: Record<number, [string, string]> = {}): this {
    return this.shuffle().blinds().deal(holes);
  }
  /** Puts the seat's round total in its zone (the whole content). */
  bet(seat: number, total: number): this {
    return this.chips(seat, this.chipsFor(total));
  }
  /** Adds chips to the zone so that it holds `total` for this round; `several`: a raise pushed silently. */
  push(seat: number, total: number, several = false): this {
    const st = this.state.seats[seat];
    const zone = st?.zone ?? [];
    // what lies there for this round (the big blind's ante is not part of its bet)
    const have = st ? roundChips(st, zone).reduce((a, b) => a + b, 0) : 0;
    // a raise pushed silently must not read as a call: not one chip alone (tda 44), and not chips all needed
    // for the call (tda 45): its smallest chip is a 25 that the raise does not need
    const amount = total - have;
    const added = several && amount > 25 ? this.chipsFor(amount - 25).concat([25]) : this.chipsFor(amount);
    return this.chips(seat, zone.concat(added));
  }
  fold(seat: number): this {
    for (const c of this.state.seats[seat]?.cards.map(fmt) ?? []) this.off(c, `seat${seat}`).at(c, 'muck');
    return this;
  }
  collect(): this {
    for (const seat of this.state.seatOrder) if ((this.state.seats[seat]?.zone.length ?? 0) > 0) this.chips(seat, []);
    return this;
  }
  burn(card?: string): this {
    return this.at(card ?? this.card(), 'burn');
  }
  board(...cards: string[]): this {
    for (const c of cards) this.at(c, 'board');
    return this;
  }
  street(n: number): this {
    this.collect().burn();
    for (let i = 0; i < n; i++) this.at(this.card(), 'board');
    return this;
  }
  show(seat: number): this {
    for (const c of this.state.seats[seat]?.cards.map(fmt) ?? []) this.at(c, `seat${seat}`, 'up');
    return this;
  }
  tick(ms = 1000): this {
    return this.ev({ kind: 'tick', t: this.t + ms });
  }
  snap(): HandSnapshot {
    return snapshot(this.state);
  }
  /** the hand so far as PHH action lines (the PHH writer's rendering of the decisions) */
  phh(): string[] {
    return phhLines(this.state.decisions, this.state.seatOrder);
  }
  codes(): string[] {
    return this.state.alerts.map((a) => a.code);
  }
}

/** A TableEvent without its time (distributed over the union). */
type EventInput = TableEvent extends infer E ? (E extends TableEvent ? Omit<E, 't'> & { t?: number } : never) : never;

const fmt = (c: number): string => formatCard(c);
