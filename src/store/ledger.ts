// Reads a hand's PHH action list back into chip movements: who put in what on which street, as OHH and the
// PokerStars text need them (posts, "raises 200 to 300", calls capped at the stack, the uncalled bet returned).
// The engine decides the hand; this only re-reads what it wrote, with the blinds from its snapshot.
import type { Street } from '../engine/types.js';
import { StoreError } from './errors.js';
import { type PlayedHand, phhSeatOrder } from './playedHand.js';

export type LedgerActionType =
  | 'postSb'
  | 'postBb'
  | 'postAnte'
  | 'dealt'
  | 'fold'
  | 'check'
  | 'call'
  | 'bet'
  | 'raise'
  | 'show'
  /** a hand thrown away unshown at showdown */
  | 'muck'
  /** board cards dealt (seat 0): opens the street */
  | 'board';

export interface LedgerAction {
  street: Street;
  seat: number;
  type: LedgerActionType;
  /** chips this action put in */
  amount: number;
  /** bet/raise: the seat's total for the street after it */
  to: number;
  /** raise: by how much it raised the bet to face */
  raiseBy: number;
  allIn: boolean;
  cards: string[];
}

export interface Ledger {
  /** seat of p1, p2, ... */
  order: number[];
  actions: LedgerAction[];
  boards: { street: Street; cards: string[] }[];
  /** seat -> chips put in over the hand (blinds and antes included) */
  contributed: Record<number, number>;
  /** the part of the last bet nobody called, given back */
  uncalled: { seat: number; amount: number } | null;
  /** what the pots hold after the uncalled bet went back */
  totalPot: number;
  /** seats that folded */
  folded: Set<number>;
}

const STREETS: Street[] = ['preflop', 'flop', 'turn', 'river'];

export function readLedger(hand: PlayedHand): Ledger {
  const { config, final } = hand;
  const order = phhSeatOrder(config);
  const stack: Record<number, number> = {};
  const street: Record<number, number> = {};
  const contributed: Record<number, number> = {};
  for (const s of order) {
    stack[s] = config.seats[s];
    street[s] = 0;
    contributed[s] = 0;
  }
  const folded = new Set<number>();
  const actions: LedgerAction[] = [];
  const boards: Ledger['boards'] = [];
  let streetIdx = 0;
  let toFace = 0;

  const put = (seat: number, amount: number): number => {
    const paid = Math.min(amount, stack[seat]);
    stack[seat] -= paid;
    street[seat] += paid;
    contributed[seat] += paid;
    return paid;
  };
  const push = (seat: number, type: LedgerActionType, amount = 0, extra: Partial<LedgerAction> = {}): void => {
    actions.push({
      street: STREETS[streetIdx],
      seat,
      type,
      amount,
      to: street[seat] ?? 0,
      raiseBy: 0,
      allIn: seat > 0 && amount > 0 && stack[seat] === 0,
      cards: [],
      ...extra,
    });
  };

  // Blinds first, then the big blind's ante (scenario.md: the big blind's zone holds blind and ante, blind first).
  if (final.sb !== null && config.seats[final.sb] !== undefined && final.blinds[0] > 0) {
    push(final.sb, 'postSb', put(final.sb, final.blinds[0]));
  }
  if (config.seats[final.bb] !== undefined) {
    push(final.bb, 'postBb', put(final.bb, final.blinds[1]));
    if (final.bbAnte > 0) {
      const paid = Math.min(final.bbAnte, stack[final.bb]);
      stack[final.bb] -= paid;
      contributed[final.bb] += paid;
      push(final.bb, 'postAnte', paid);
    }
  }
  toFace = Math.max(0, ...order.map((s) => street[s]));

  const texts: string[] = [];
  for (let k = 0; k <= final.actions.length; k++) {
    for (const m of hand.mucks.filter((x) => x.afterAction === k)) texts.push(`p${order.indexOf(m.seat) + 1} sm`);
    if (k < final.actions.length) texts.push(final.actions[k]);
  }
  for (const text of texts) {
    const parts = text.trim().split(/\s+/);
    if (parts[0] === 'd') {
      if (parts[1] === 'dh') {
        push(seatOf(order, parts[2], text), 'dealt', 0, { cards: splitCards(parts[3] ?? '') });
      } else if (parts[1] === 'db') {
        streetIdx = Math.min(streetIdx + 1, 3);
        for (const s of order) street[s] = 0;
        toFace = 0;
        boards.push({ street: STREETS[streetIdx], cards: splitCards(parts[2] ?? '') });
        push(0, 'board', 0, { cards: splitCards(parts[2] ?? '') });
      }
      continue;
    }
    const seat = seatOf(order, parts[0], text);
    switch (parts[1]) {
      case 'f':
        folded.add(seat);
        push(seat, 'fold');
        break;
      case 'cc': {
        const owed = toFace - street[seat];
        if (owed <= 0) push(seat, 'check');
        else push(seat, 'call', put(seat, owed));
        break;
      }
      case 'cbr': {
        const total = Number(parts[2]);
        if (!Number.isFinite(total)) throw new StoreError('EXPORT_UNSUPPORTED', `bad amount in '${text}'`);
        const before = toFace;
        const paid = put(seat, total - street[seat]);
        const facing = before > 0;
        if (street[seat] > toFace) toFace = street[seat];
        push(seat, facing ? 'raise' : 'bet', paid, { raiseBy: Math.max(0, street[seat] - before) });
        break;
      }
      case 'sm':
        if (parts[2] && parts[2] !== '-') push(seat, 'show', 0, { cards: splitCards(parts[2]) });
        else push(seat, 'muck');
        break;
      default:
        throw new StoreError('EXPORT_UNSUPPORTED', `unknown PHH action '${text}'`);
    }
  }

  // The uncalled part of the biggest contribution goes back to its owner.
  const byAmount = order.map((s) => ({ s, c: contributed[s] })).sort((a, b) => b.c - a.c);
  let uncalled: Ledger['uncalled'] = null;
  if (byAmount.length > 1 && byAmount[0].c > byAmount[1].c) {
    uncalled = { seat: byAmount[0].s, amount: byAmount[0].c - byAmount[1].c };
  }
  const total = order.reduce((n, s) => n + contributed[s], 0) - (uncalled?.amount ?? 0);
  return { order, actions, boards, contributed, uncalled, totalPot: total, folded };
}

function seatOf(order: number[], player: string | undefined, text: string): number {
  const m = /^p(\d+)$/.exec(player ?? '');
  const seat = m ? order[Number(m[1]) - 1] : undefined;
  if (seat === undefined) throw new StoreError('EXPORT_UNSUPPORTED', `no such player in '${text}'`);
  return seat;
}

function splitCards(run: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < run.length; i += 2) out.push(run.slice(i, i + 2));
  return out;
}
