// A PHH hand as the table would have seen it: the same TableEvents a scenario holds. Player pK sits in seat K; the
// last player has the button (heads-up: the small blind's seat). Bets and calls are a `say` with its total (so
// nothing is left to the chip-reading rules) and then the zone's whole content in the hand's denominations; folds
// are cards to the muck; a burn (a card no one holds) comes before each board deal; shows turn cards face up; the
// zones are collected between streets.

import { decompose } from '../engine/betting/zoneChips.js';
import { ALL_CARDS, type Card, formatCard, parseCard, parseCards } from '../engine/cards.js';
import type { TableConfig, TableEvent } from '../engine/types.js';
import { PhhError, type PhhHand } from './parse.js';

/** Denominations used to build the zones' content; 1 is the smallest so PHH amounts are exact. */
export const PHH_CHIPS = [1, 5, 25, 100, 500, 1000, 5000, 25000, 100000, 500000, 1000000];

export interface PhhLayout {
  n: number;
  button: number;
  sb: number;
  bb: number;
}

export function layoutOf(hand: PhhHand): PhhLayout {
  const n = hand.startingStacks.length;
  const blinds = hand.blindsOrStraddles;
  const posted = blinds.map((b, i) => ({ b, seat: i + 1 })).filter((x) => x.b > 0);
  if (posted.length !== 2)
    throw new PhhError(
      'UNSUPPORTED',
      `${hand.file}: ${posted.length} blinds or straddles (exactly two blinds supported)`,
    );
  const [lo, hi] = posted[0].b <= posted[1].b ? [posted[0], posted[1]] : [posted[1], posted[0]];
  const button = n === 2 ? lo.seat : n;
  return { n, button, sb: lo.seat, bb: hi.seat };
}

/**
 * The denominations to play a file's hand with: 1 and up (PHH amounts are exact), or, when the file says its table
 * splits pots in a bigger smallest chip (our user field `_feltwire_chip_unit`), that chip and up, so that an odd
 * chip is that chip as at the table.
 */
export function chipsOf(hand: PhhHand): number[] {
  const unit = hand.meta?._feltwire_chip_unit;
  if (typeof unit !== 'number' || !Number.isInteger(unit) || unit <= 1) return PHH_CHIPS;
  const amounts = [...hand.startingStacks, ...hand.antes, ...hand.blindsOrStraddles];
  if (amounts.some((a) => a % unit !== 0)) return PHH_CHIPS;
  return [unit, ...PHH_CHIPS.filter((c) => c > unit && c % unit === 0)];
}

export function phhConfig(hand: PhhHand): TableConfig {
  const { n, button, sb, bb } = layoutOf(hand);
  const seats: Record<number, number> = {};
  hand.startingStacks.forEach((s, i) => {
    seats[i + 1] = s;
  });
  let bbAnte = 0;
  for (let i = 0; i < n; i++) {
    const a = hand.antes[i];
    if (a === 0) continue;
    if (i + 1 !== bb) throw new PhhError('UNSUPPORTED', `${hand.file}: antes from players other than the big blind`);
    bbAnte = a;
  }
  const [small, big] = [hand.blindsOrStraddles[sb - 1], hand.blindsOrStraddles[bb - 1]];
  const config: TableConfig = {
    ruleset: 'tda',
    seats,
    button,
    blinds: [small, big],
    bbAnte,
    absent: [],
    chips: chipsOf(hand),
    motionMs: 700,
    orderKnown: true,
  };
  // default placement: small blind left of the button (heads-up: the button), big blind next
  const defaultSb = n === 2 ? button : 1;
  const defaultBb = n === 2 ? (button === 1 ? 2 : 1) : 2;
  if (sb !== defaultSb) config.sb = sb;
  if (bb !== defaultBb) config.bb = bb;
  return config;
}

const ACTION = /^(?:d (dh) p(\d+) (\S+)|d (db) (\S+)|p(\d+) (f|cc|cbr|sm|sd)(?: (\S+))?)(?:\s*#.*)?$/;

export interface ParsedAction {
  kind: 'dh' | 'db' | 'f' | 'cc' | 'cbr' | 'sm';
  player: number;
  cards: Card[] | null;
  amount: number;
}

export function parseAction(text: string, file?: string): ParsedAction {
  const m = ACTION.exec(text.trim());
  if (!m) throw new PhhError('BAD_ACTION', `${file ?? ''}: cannot read action '${text}'`);
  const cardsOf = (s: string): Card[] | null => {
    if (/^\?+$/.test(s)) return null;
    const cs = parseCards(s);
    if (cs.some((c) => c < 0)) throw new PhhError('BAD_ACTION', `${file ?? ''}: bad cards in '${text}'`);
    return cs;
  };
  if (m[1] === 'dh') return { kind: 'dh', player: Number(m[2]), cards: cardsOf(m[3]), amount: 0 };
  if (m[4] === 'db') return { kind: 'db', player: 0, cards: cardsOf(m[5]), amount: 0 };
  const verb = m[7];
  const player = Number(m[6]);
  if (verb === 'sd') throw new PhhError('UNSUPPORTED', `${file ?? ''}: '${text}' (draw games)`);
  if (verb === 'cbr') {
    const amount = Number(m[8]);
    if (!Number.isFinite(amount) || amount <= 0)
      throw new PhhError('BAD_ACTION', `${file ?? ''}: bad amount in '${text}'`);
    return { kind: 'cbr', player, cards: null, amount };
  }
  if (verb === 'sm') return { kind: 'sm', player, cards: m[8] ? cardsOf(m[8]) : null, amount: 0 };
  return { kind: verb as 'f' | 'cc', player, cards: null, amount: 0 };
}

const KILLED = /#\s*hand killed\b/;

export function phhToEvents(hand: PhhHand): { config: TableConfig; events: TableEvent[] } {
  const config = phhConfig(hand);
  const { n, sb, bb } = layoutOf(hand);
  const file = hand.file;
  const parsed = hand.actions.map((a) => parseAction(a, file));
  const events: TableEvent[] = [];
  let t = 0;
  const push = (ev: TableEvent): void => {
    events.push(ev);
  };
  const next = (): number => {
    t += 1000;
    return t;
  };
  // cards in the hand, to choose burns (and unknown hole cards) among the others
  const used = new Set<Card>();
  for (const a of parsed) for (const c of a.cards ?? []) used.add(c);
  const spare = ALL_CARDS.filter((c) => !used.has(c));
  const takeSpare = (): Card => {
    const c = spare.shift();
    if (c === undefined) throw new PhhError('BAD_ACTION', `${file}: no card left for a burn`);
    return c;
  };
  const stack = [0, ...hand.startingStacks];
  const committed = new Array(n + 1).fill(0);
  const anteChips: number[][] = Array.from({ length: n + 1 }, () => []);
  const zone = (seat: number): number[] => anteChips[seat].concat(decompose(committed[seat], config.chips));
  push({ kind: 'dealer', t: next(), button: 'shuffle' });
  // blinds (and the big-blind ante in the big blind's zone, blind first)
  let currentBet = 0;
  const post = (seat: number, amount: number): void => {
    const amt = Math.min(amount, stack[seat]);
    stack[seat] -= amt;
    committed[seat] = amt;
    currentBet = Math.max(currentBet, amt);
  };
  post(sb, config.blinds[0]);
  post(bb, config.blinds[1]);
  if (config.bbAnte > 0) {
    const ante = Math.min(config.bbAnte, stack[bb]);
    stack[bb] -= ante;
    anteChips[bb] = decompose(ante, config.chips);
  }
  for (const seat of [sb, bb]) push({ kind: 'chips', t: next(), seat, chips: zone(seat) });
  // the deal: one card at a time from the first seat left of the button, two rounds
  const holes: Card[][] = Array.from({ length: n + 1 }, () => []);
  for (const a of parsed) {
    if (a.kind !== 'dh') continue;
    if (a.player < 1 || a.player > n) throw new PhhError('BAD_ACTION', `${file}: no player p${a.player}`);
    holes[a.player] = a.cards ?? [takeSpare(), takeSpare()];
  }
  const order: number[] = [];
  for (let k = 1; k <= n; k++) order.push(((config.button + k - 1) % n) + 1);
  for (let round = 0; round < 2; round++) {
    for (const seat of order) {
      const c = holes[seat][round];
      if (c === undefined) continue;
      push({ kind: 'cardAt', t: next(), card: formatCard(c), zone: `seat${seat}`, face: 'down' });
    }
  }
  const collect = (): void => {
    for (let seat = 1; seat <= n; seat++) {
      if (committed[seat] > 0 || anteChips[seat].length > 0) push({ kind: 'chips', t: next(), seat, chips: [] });
      committed[seat] = 0;
      anteChips[seat] = [];
    }
    currentBet = 0;
  };
  parsed.forEach((a, i) => {
    const seat = a.player;
    if (a.kind !== 'dh' && a.kind !== 'db' && (seat < 1 || seat > n))
      throw new PhhError('BAD_ACTION', `${file}: no player p${seat}`);
    switch (a.kind) {
      case 'dh':
        break;
      case 'db': {
        collect();
        push({ kind: 'cardAt', t: next(), card: formatCard(takeSpare()), zone: 'burn', face: 'down' });
        for (const c of a.cards ?? [])
          push({ kind: 'cardAt', t: next(), card: formatCard(c), zone: 'board', face: 'up' });
        break;
      }
      case 'f':
        // our export writes a hand the engine killed (card count, clock, floor) as its fold with the commentary
        // "hand killed": PHH has no notation for a kill, which gives back the bet no one called (LOI 28)
        if (KILLED.test(hand.actions[i])) {
          push({ kind: 'floorKill', t: next(), seat });
          break;
        }
        for (const c of holes[seat]) {
          push({ kind: 'cardOff', t: next(), card: formatCard(c), zone: `seat${seat}` });
          push({ kind: 'cardAt', t: next(), card: formatCard(c), zone: 'muck', face: 'down' });
        }
        break;
      case 'cc': {
        if (committed[seat] >= currentBet) {
          push({ kind: 'say', t: next(), seat, say: 'check' });
          break;
        }
        const to = Math.min(currentBet, committed[seat] + stack[seat]);
        stack[seat] -= to - committed[seat];
        committed[seat] = to;
        push({ kind: 'say', t: next(), seat, say: 'call' });
        push({ kind: 'chips', t: next(), seat, chips: zone(seat) });
        break;
      }
      case 'cbr': {
        const to = a.amount;
        const add = to - committed[seat];
        if (add <= 0 || add > stack[seat]) throw new PhhError('BAD_ACTION', `${file}: p${seat} cannot put in ${to}`);
        push({ kind: 'say', t: next(), seat, say: currentBet === 0 ? 'bet' : 'raise', to });
        stack[seat] -= add;
        committed[seat] = to;
        currentBet = Math.max(currentBet, to);
        push({ kind: 'chips', t: next(), seat, chips: zone(seat) });
        break;
      }
      case 'sm':
        if (a.cards === null) {
          // shows nothing: the hand goes to the muck
          for (const c of holes[seat]) {
            push({ kind: 'cardOff', t: next(), card: formatCard(c), zone: `seat${seat}` });
            push({ kind: 'cardAt', t: next(), card: formatCard(c), zone: 'muck', face: 'down' });
          }
        } else {
          for (const c of a.cards) {
            if (!holes[seat].includes(c))
              throw new PhhError('BAD_ACTION', `${file}: p${seat} shows ${formatCard(c)}, not dealt to it`);
            push({ kind: 'cardAt', t: next(), card: formatCard(c), zone: `seat${seat}`, face: 'up' });
          }
        }
        break;
      default: {
        const never: never = a.kind;
        throw new PhhError('BAD_ACTION', `unknown action ${String(never)}`);
      }
    }
  });
  return { config, events };
}

export { parseCard };

/** What the file said of itself, to log with the hand's table (`{ config, source }`) so that its export gives it
 * back: the players' names and every optional field (event, venue, city, date, ...). */
export function phhSource(hand: PhhHand): { players?: string[]; fields: Record<string, unknown> } {
  return { ...(hand.players ? { players: [...hand.players] } : {}), fields: { ...hand.meta } };
}
