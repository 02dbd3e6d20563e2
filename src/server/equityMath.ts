// Exact equity by enumerating every completion of the board, on the project's evaluator. Runs inside the equity
// worker (equityWorker.ts), never on the service's event loop. Equity: a win counts 1, a k-way tie 1/k.
import { parseCard } from '../engine/cards.js';
import { evaluate7, evaluateCards } from '../engine/eval/index.js';

function parse(list: string[]): number[] {
  return list.map((c) => {
    const n = parseCard(c);
    if (n < 0) throw new RangeError(`not a card: ${c}`);
    return n;
  });
}

/** Equity in percent of each hand (two cards each) on `board` (0-5 cards), the `dead` cards out of the deck. */
export function exactEquity(handsText: string[][], boardText: string[], deadText: string[]): number[] {
  const hands = handsText.map(parse);
  const board = parse(boardText);
  const used = new Set([...hands.flat(), ...board, ...parse(deadText)]);
  const deck: number[] = [];
  for (let c = 0; c < 52; c++) if (!used.has(c)) deck.push(c);
  const need = 5 - board.length;
  const share = new Float64Array(hands.length);
  const vals = new Int32Array(hands.length);
  const b = [...board, 0, 0, 0, 0, 0];
  let boards = 0;
  const score = () => {
    let best = -1;
    let n = 0;
    for (let i = 0; i < hands.length; i++) {
      const h = hands[i];
      const v = evaluate7(h[0], h[1], b[0], b[1], b[2], b[3], b[4]);
      vals[i] = v;
      if (v > best) {
        best = v;
        n = 1;
      } else if (v === best) n++;
    }
    for (let i = 0; i < hands.length; i++) if (vals[i] === best) share[i] += 1 / n;
    boards++;
  };
  const rec = (from: number, k: number) => {
    if (k === need) {
      score();
      return;
    }
    for (let i = from; i <= deck.length - (need - k); i++) {
      b[board.length + k] = deck[i];
      rec(i + 1, k + 1);
    }
  };
  rec(0, 0);
  return Array.from(share, (s) => (boards ? (100 * s) / boards : 0));
}

/** For each hand: the next cards that would put it strictly ahead when it is not ahead now (flop and turn). */
export function outsFor(handsText: string[][], boardText: string[], deadText: string[]): string[][] {
  const hands = handsText.map(parse);
  const board = parse(boardText);
  if (board.length < 3 || board.length > 4) return hands.map(() => []);
  const used = new Set([...hands.flat(), ...board, ...parse(deadText)]);
  const now = hands.map((h) => evaluateCards([...h, ...board]));
  const bestNow = Math.max(...now);
  const out: string[][] = hands.map(() => []);
  for (let c = 0; c < 52; c++) {
    if (used.has(c)) continue;
    const after = hands.map((h) => evaluateCards([...h, ...board, c]));
    const best = Math.max(...after);
    const leaders = after.filter((v) => v === best).length;
    after.forEach((v, i) => {
      if (v === best && leaders === 1 && !(now[i] === bestNow)) out[i].push(boardCard(c));
    });
  }
  return out;
}

const boardCard = (c: number): string => '23456789TJQKA'[c >> 2] + 'shdc'[c & 3];
