// One simulated hand played on the real engine (its pure API: the same TableEvents a live table sends): the shuffle,
// the blinds and ante pushed as chips, the cards dealt one at a time, each action said and pushed, the board burnt and
// dealt, the hands tabled. The players play a simple push-or-fold game (all-in or fold, call an all-in or fold;
// check when nothing is owed), chosen by the injected random source. A stop alert is a mistake of this dealer, never
// of a player: it ends the simulation with the alert named.
import {
  applyEvent,
  createHand,
  type HandSnapshot,
  snapshot,
  type TableConfig,
  type TableEvent,
} from '../engine/index.js';
import type { Declaration, Zone } from '../engine/types.js';
import { FeltwireError } from '../errors.js';
import { alertTexts } from '../i18n/renderAlert.js';
import { type RandomSource, shuffled } from './random.js';

const RANKS = '23456789TJQKA';
const DECK = Array.from({ length: 52 }, (_, i) => `${RANKS[i >> 2]}${'cdhs'[i & 3]}`);

/** why a simulated hand could not go on: the stack cannot be made of the chips, the dealer raised a stop, the hand
 * stuck (a fault of the simulation, never of the caller's input: 500) */
export type SimulationErrorCode = 'SIM_CHIPS' | 'SIM_STOPPED' | 'SIM_STUCK';
export class SimulationError extends FeltwireError<SimulationErrorCode> {
  get status(): number {
    return 500;
  }
}

/** a TableEvent without its time (distributed over the union) */
type EventInput = TableEvent extends infer E ? (E extends TableEvent ? Omit<E, 't'> : never) : never;

/** the fewest chips making `amount`, largest first */
export function chipsFor(amount: number, denominations: readonly number[]): number[] {
  const out: number[] = [];
  let left = amount;
  for (const d of [...denominations].sort((a, b) => b - a))
    while (left >= d) {
      out.push(d);
      left -= d;
    }
  if (left !== 0)
    throw new SimulationError('SIM_CHIPS', `${amount} cannot be made with chips ${denominations.join(', ')}`);
  return out;
}

export interface PushFoldStyle {
  /** chance to move all in when first in (deep, and short: under 10 big blinds) */
  shove: number;
  shoveShort: number;
  /** chance to call an all-in (deep, short) */
  call: number;
  callShort: number;
}

export const DEFAULT_STYLE: PushFoldStyle = { shove: 0.04, shoveShort: 0.45, call: 0.25, callShort: 0.55 };

export function playSimHand(
  config: TableConfig,
  random: RandomSource,
  style: PushFoldStyle = DEFAULT_STYLE,
): HandSnapshot {
  const st = createHand(config);
  let t = 0;
  const ev = (e: EventInput): void => {
    t += 1000;
    applyEvent(st, { ...e, t } as TableEvent);
  };
  const deck = shuffled(DECK, random);
  const card = (): string => deck.shift() as string;
  const say = (seat: number, word: Declaration): void => ev({ kind: 'say', seat, say: word });
  const push = (seat: number, zone: readonly number[], add: number): void =>
    ev({ kind: 'chips', seat, chips: zone.concat(chipsFor(add, config.chips)) });

  ev({ kind: 'dealer', button: 'shuffle' });
  for (const seat of st.seatOrder) {
    const s = st.seats[seat];
    if (s && s.committed + s.ante > 0) push(seat, [], s.committed + s.ante);
  }
  const order = st.deal.order.slice();
  for (let round = 0; round < 2; round++)
    for (const seat of order) ev({ kind: 'cardAt', card: card(), zone: `seat${seat}` as Zone, face: 'down' });

  let shownAll = false;
  const showAll = (snap: HandSnapshot): void => {
    for (const s of snap.seats)
      if (!s.folded && !s.dead)
        for (const c of s.cards)
          if (!s.shown.includes(c)) ev({ kind: 'cardAt', card: c, zone: `seat${s.seat}` as Zone, face: 'up' });
    shownAll = true;
  };
  for (let steps = 0; steps < 400; steps++) {
    const snap = snapshot(st);
    const stop = snap.alerts.find((a) => a.severity === 'stop' && !a.resolved);
    if (stop)
      throw new SimulationError(
        'SIM_STOPPED',
        `the simulated dealer raised ${stop.code} (${alertTexts(stop).message})`,
      );
    if (snap.phase === 'complete') return snap;
    if (snap.phase === 'betting' && snap.next) {
      const n = snap.next;
      const s = snap.seats.find((x) => x.seat === n.toAct);
      if (!s) throw new SimulationError('SIM_STUCK', `seat ${n.toAct} to act is not at the table`);
      const bb = snap.blinds[1];
      const short = s.stack + s.committed < 10 * bb;
      if (n.toCall === 0) {
        if (
          snap.street === 'preflop' &&
          n.legal.includes('allin') &&
          random() < (short ? style.shoveShort : style.shove)
        ) {
          say(s.seat, 'allin');
          push(s.seat, s.zone, s.stack);
        } else say(s.seat, 'check');
        continue;
      }
      const facingAllIn = snap.seats.some((x) => x.allIn);
      const go = facingAllIn
        ? random() < (short ? style.callShort : style.call)
        : random() < (short ? style.shoveShort : style.shove);
      if (!go) {
        for (const c of s.cards) {
          ev({ kind: 'cardOff', card: c, zone: `seat${s.seat}` as Zone });
          ev({ kind: 'cardAt', card: c, zone: 'muck', face: 'down' });
        }
      } else if (facingAllIn && n.toCall < s.stack) {
        say(s.seat, 'call');
        push(s.seat, s.zone, n.toCall);
      } else {
        say(s.seat, 'allin');
        push(s.seat, s.zone, s.stack);
      }
      continue;
    }
    if (snap.phase === 'showdown') {
      if (shownAll) throw new SimulationError('SIM_STUCK', 'the showdown did not end once every hand was tabled');
      showAll(snap);
      continue;
    }
    if (snap.phase === 'board' || (snap.phase === 'betting' && !snap.next)) {
      if (!shownAll && snap.alerts.some((a) => a.code === 'TABLE_ALL_HANDS')) showAll(snap);
      for (const s of snap.seats) if (s.zone.length > 0) ev({ kind: 'chips', seat: s.seat, chips: [] });
      ev({ kind: 'cardAt', card: card(), zone: 'burn', face: 'down' });
      const n = snap.board.length === 0 ? 3 : 1;
      for (let i = 0; i < n; i++) ev({ kind: 'cardAt', card: card(), zone: 'board', face: 'up' });
      continue;
    }
    throw new SimulationError(
      'SIM_STUCK',
      `the simulated hand is stuck in phase ${snap.phase} (street ${snap.street})`,
    );
  }
  throw new SimulationError('SIM_STUCK', 'the simulated hand did not end in 400 steps');
}
