// The PHH action lines of a hand, rendered from the engine's typed decisions: the only place PHH text is written
// (the exports, the strict replay's comparison and the scenario outputs call these); nothing reads a line back.
import type { Decision } from '../engine/hand/decisions.js';

/**
 * The PHH line of a decision (players numbered from the small blind: `order[0]` is p1); null for a post, which PHH
 * writes in its `blinds_or_straddles` and `antes` fields instead, and for an uncalled bet's return (PHH leaves it to the
 * reader's accounting), a burn, the bets' collection and a pot's award (PHH has no notation for them: a reader's
 * state machine does them), and a hand mucked unshown: the strict replay compares no muck (the files' `pN sm` are
 * left out there too), and the export writes `pN sm` where the hand's mucks lie (PlayedHand.mucks, read off these
 * decisions by the archive).
 */
export function phhLine(d: Decision, order: readonly number[]): string | null {
  const p = `p${order.indexOf(d.seat) + 1}`;
  switch (d.kind) {
    case 'postSb':
    case 'postBb':
    case 'postAnte':
    case 'uncalled':
    case 'burn':
    case 'collect':
    case 'award':
    case 'muck':
      return null;
    case 'dealHole':
      return `d dh ${p} ${d.cards.length === 2 ? d.cards.join('') : '????'}`;
    case 'dealBoard':
      return `d db ${d.cards.join('')}`;
    case 'fold':
      return `${p} f`;
    case 'check':
    case 'call':
      return `${p} cc`;
    case 'bet':
    case 'raise':
      return `${p} cbr ${d.to}`;
    case 'show':
      return `${p} sm ${d.cards.join('')}`;
    default: {
      const never: never = d.kind;
      return never;
    }
  }
}

/** Occupied seats clockwise from the one left of the button: PHH's p1, p2, ... (p1 = small blind ... button). */
export function phhOrder(seats: readonly number[], button: number): number[] {
  const sorted = [...seats].sort((a, b) => a - b);
  return [...sorted.filter((s) => s > button), ...sorted.filter((s) => s <= button)];
}

/** The PHH action lines of decisions, in order (the posts have none). */
export function phhLines(decisions: readonly Decision[], order: readonly number[]): string[] {
  const out: string[] = [];
  for (const d of decisions) {
    const line = phhLine(d, order);
    if (line !== null) out.push(line);
  }
  return out;
}

/** A hand's PHH action lines from the decisions and the seats of a snapshot. */
export function phhActions(hand: {
  decisions: readonly Decision[];
  seats: readonly { seat: number }[];
  button: number;
}): string[] {
  return phhLines(
    hand.decisions,
    phhOrder(
      hand.seats.map((s) => s.seat),
      hand.button,
    ),
  );
}
