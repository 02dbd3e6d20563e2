// A hand's chip movements as the hand-history writers need them: every decision the engine recorded (its typed
// values: the posts, blinds then the big blind's ante; seat, chips added, total, raise, all-in), the mucks, the
// uncalled bet going back and the pots paid. It reads the engine's decisions (snapshot.decisions), never the PHH
// text; the engine decides the hand, this only lays out what it decided. The unshown mucks come from `hand.mucks`
// (the archive reads them off the engine's muck decisions; a room's hand from an earlier version's table brings
// them). A hand from a version 1 table (no posts among its decisions) has its posts re-made here as the rules made
// them and its uncalled bet recomputed.
import { isPost } from '../engine/hand/decisions.js';
import type { RuleRef } from '../engine/rules/ruleRef.js';
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
  /** a hand the engine killed (folded for it: card count, clock, floor), with the rule */
  killed?: { rule: RuleRef | null; refund: number };
}

export interface Ledger {
  /** seat of p1, p2, ... */
  order: number[];
  actions: LedgerAction[];
  boards: { street: Street; cards: string[] }[];
  /** seat -> chips put in over the hand (blinds and antes included), after refunds of killed hands */
  contributed: Record<number, number>;
  /** seat -> the big blind's ante (dead money: it is never "called") */
  antes: Record<number, number>;
  /** the part of the last bet nobody called, given back when the betting ended */
  uncalled: { seat: number; amount: number } | null;
  /** what the pots hold after the uncalled bet went back */
  totalPot: number;
  /** seats that folded */
  folded: Set<number>;
}

const STREET_SLICE: Record<Street, [number, number]> = { preflop: [0, 0], flop: [0, 3], turn: [3, 4], river: [4, 5] };

/**
 * A street's cards as the board finally holds them. A remedy can change a street after its deal was recorded (a
 * four-card flop: one of the four goes to the burn, TDA 40 / club), so the board the engine ends with is the one
 * written; the decision's own cards when the board does not reach that street.
 */
export function streetCards(board: readonly string[], street: Street, dealt: readonly string[]): string[] {
  const [from, to] = STREET_SLICE[street];
  return board.length >= to && to > from ? board.slice(from, to) : dealt.slice();
}

export function readLedger(hand: PlayedHand): Ledger {
  const { config, final } = hand;
  const order = phhSeatOrder(config);
  const stack: Record<number, number> = {};
  const contributed: Record<number, number> = {};
  const antes: Record<number, number> = {};
  for (const s of order) {
    stack[s] = config.seats[s];
    contributed[s] = 0;
    antes[s] = 0;
  }
  const folded = new Set<number>();
  const actions: LedgerAction[] = [];
  const boards: Ledger['boards'] = [];
  let street: Street = 'preflop';

  const put = (seat: number, amount: number): number => {
    const paid = Math.max(0, Math.min(amount, stack[seat] ?? 0));
    stack[seat] -= paid;
    contributed[seat] += paid;
    return paid;
  };
  const post = (seat: number, type: LedgerActionType, amount: number): void => {
    const paid = put(seat, amount);
    if (type === 'postAnte') antes[seat] += paid;
    actions.push({
      street,
      seat,
      type,
      amount: paid,
      to: paid,
      raiseBy: 0,
      allIn: stack[seat] === 0,
      cards: [],
    });
  };

  const decisions = final.decisions ?? [];
  // The posts are the engine's decisions (blinds, then the big blind's ante). A hand recorded before the engine
  // decided them (a room's hand from a version 1 table) has none: its posts are laid out as the rules made them.
  if (!decisions.some(isPost)) {
    if (final.sb !== null && config.seats[final.sb] !== undefined && final.blinds[0] > 0) {
      post(final.sb, 'postSb', final.blinds[0]);
    }
    if (config.seats[final.bb] !== undefined) {
      post(final.bb, 'postBb', final.blinds[1]);
      if (final.bbAnte > 0 && stack[final.bb] > 0) post(final.bb, 'postAnte', final.bbAnte);
    }
  }

  let returned: Ledger['uncalled'] = null;
  const mucksAt = (k: number) => hand.mucks.filter((m) => m.afterAction === k);
  const muck = (k: number) => {
    for (const m of mucksAt(k)) {
      folded.add(m.seat);
      actions.push({ street, seat: m.seat, type: 'muck', amount: 0, to: 0, raiseBy: 0, allIn: false, cards: [] });
    }
  };
  decisions.forEach((d, k) => {
    muck(k);
    const base = { street: d.street, seat: d.seat, amount: 0, to: d.to, raiseBy: 0, allIn: false, cards: [] };
    switch (d.kind) {
      case 'postSb':
      case 'postBb':
      case 'postAnte': {
        const paid = put(d.seat, d.amount);
        if (d.kind === 'postAnte') antes[d.seat] += paid;
        actions.push({ ...base, type: d.kind, amount: paid, to: paid, allIn: d.allIn });
        break;
      }
      case 'dealHole':
        actions.push({ ...base, type: 'dealt', cards: d.cards.slice() });
        break;
      case 'dealBoard': {
        street = d.street;
        const cards = streetCards(final.board, d.street, d.cards);
        boards.push({ street: d.street, cards });
        actions.push({ ...base, seat: 0, type: 'board', cards });
        break;
      }
      case 'fold': {
        folded.add(d.seat);
        const action: LedgerAction = { ...base, type: 'fold' };
        // a hand the engine killed (card count, clock, floor: a fold it recorded itself) gets back the part of its
        // bet no one called (LOI 28, tda 65A)
        if (d.source === 'table') {
          const refund = Math.min(d.refund ?? 0, contributed[d.seat]);
          contributed[d.seat] -= refund;
          stack[d.seat] += refund;
          action.killed = { rule: d.rule, refund };
        }
        actions.push(action);
        break;
      }
      case 'check':
        actions.push({ ...base, type: 'check' });
        break;
      case 'call':
      case 'bet':
      case 'raise': {
        const paid = put(d.seat, d.amount);
        if (paid !== d.amount)
          throw new StoreError(
            'EXPORT_UNSUPPORTED',
            `hand ${hand.handNo}: seat ${d.seat} ${d.kind}s ${d.amount} with ${paid + (stack[d.seat] ?? 0)} behind`,
          );
        actions.push({ ...base, type: d.kind, amount: paid, raiseBy: d.raiseBy, allIn: d.allIn });
        break;
      }
      case 'show':
        actions.push({ ...base, type: 'show', cards: d.cards.slice() });
        break;
      case 'muck':
        // laid out from hand.mucks (read off these decisions by the archive; brought by an earlier version's table)
        break;
      case 'burn':
      case 'collect':
      case 'award':
        // the dealer's procedure: no chips of a seat's (the pots are what the contributions left)
        break;
      case 'uncalled':
        // the engine gave it back (the chips stay counted in `contributed`: the pots are what remains)
        returned =
          returned && returned.seat === d.seat
            ? { seat: d.seat, amount: returned.amount + d.amount }
            : { seat: d.seat, amount: d.amount };
        break;
      default: {
        const never: never = d.kind;
        throw new StoreError('EXPORT_UNSUPPORTED', `unknown decision ${String(never)}`);
      }
    }
  });
  muck(decisions.length);
  for (const m of hand.mucks.filter((x) => x.afterAction > decisions.length)) {
    folded.add(m.seat);
    actions.push({ street, seat: m.seat, type: 'muck', amount: 0, to: 0, raiseBy: 0, allIn: false, cards: [] });
  }

  // The uncalled bet is the engine's decision. A hand from a version 1 table (no posts among its decisions) has
  // none: the uncalled part of the biggest contribution goes back to its owner. The big blind's ante is dead money:
  // no one calls it, so it is left out of the comparison (a river bet of 225,000 raised to 700,000 and folded gives
  // back 475,000 whatever the raiser anted).
  let uncalled: Ledger['uncalled'] = returned;
  if (!decisions.some(isPost)) {
    const live = order.map((s) => ({ s, c: contributed[s] - antes[s] })).sort((a, b) => b.c - a.c);
    if (live.length > 1 && live[0].c > live[1].c) uncalled = { seat: live[0].s, amount: live[0].c - live[1].c };
    else if (live.length === 1 && live[0].c > 0) uncalled = { seat: live[0].s, amount: live[0].c };
  }
  const total = order.reduce((n, s) => n + contributed[s], 0) - (uncalled?.amount ?? 0);
  return { order, actions, boards, contributed, antes, uncalled, totalPot: total, folded };
}
