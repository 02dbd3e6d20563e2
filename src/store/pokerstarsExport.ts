// PokerStars-style hand-history text, in two dialects of the same layout:
// - 'pokerstars': the PokerStars text that tracking tools import (header "PokerStars Hand #..", "raises X to Y"
//   with X the raise over the bet faced, "Uncalled bet (X) returned to", "collected X from pot", a summary).
// - 'ignition': the Bovada/Ignition variant of that layout (players named by position, "Raises X to Y" with X the
//   chips put in), which is the one a maintained npm parser (@poker-apprentice/hand-history-parser) reads; it has
//   positions for nine players at most.
import { parseCard } from '../engine/cards.js';
import { categoryOf, evaluateCards } from '../engine/eval/index.js';
import { StoreError } from './errors.js';
import { type Ledger, type LedgerAction, readLedger } from './ledger.js';
import { type PlayedHand, playerName } from './playedHand.js';

export type TextDialect = 'pokerstars' | 'ignition';

const STREET_TITLE = { flop: 'FLOP', turn: 'TURN', river: 'RIVER' } as const;
const IGNITION_STRENGTH = [
  'High Card',
  'One pair',
  'Two pair',
  'Three of a kind',
  'Straight',
  'Flush',
  'Full House',
  'Four of a kind',
  'Straight Flush',
] as const;

export function toPokerStars(hand: PlayedHand, dialect: TextDialect = 'pokerstars'): string {
  const ledger = readLedger(hand);
  return dialect === 'ignition' ? ignitionText(hand, ledger) : starsText(hand, ledger);
}

/** a text line stays one line whatever a name holds: a line break or other control character becomes a space, so
 * no name can start a line of its own (a forged `PokerStars Hand #` header inside another hand) */
export function oneLine(line: string): string {
  return line.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ');
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function stamp(wall: number | null, sep: string): string {
  const d = new Date(wall ?? 0);
  return `${d.getUTCFullYear()}${sep}${pad2(d.getUTCMonth() + 1)}${sep}${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}

/** every card the hand shows for a seat: shown at showdown, else as dealt (the table reads every card; the summary
 * names a mucked hand's cards as PokerStars does when it knows them -- the other formats name them too) */
function holeCards(ledger: Ledger, seat: number): string[] {
  const shown = ledger.actions.filter((a) => a.seat === seat && a.type === 'show' && a.cards.length > 0);
  if (shown.length > 0) return shown[shown.length - 1].cards;
  const dealt = ledger.actions.find((a) => a.seat === seat && a.type === 'dealt');
  return dealt ? dealt.cards.filter((c) => c !== '??') : [];
}

function winnings(hand: PlayedHand): { seat: number; amount: number; pot: number }[] {
  const out: { seat: number; amount: number; pot: number }[] = [];
  hand.final.pots.forEach((p, i) => {
    for (const [seat, amount] of Object.entries(p.shares ?? {}))
      if (amount > 0) out.push({ seat: Number(seat), amount, pot: i });
  });
  return out;
}

// ---- PokerStars ---------------------------------------------------------------------------------------------------

function starsText(hand: PlayedHand, ledger: Ledger): string {
  const { config, final, identity } = hand;
  const name = (seat: number) => playerName(hand, seat);
  const lines: string[] = [];
  const blinds = `${final.blinds[0]}/${final.blinds[1]}`;
  if (identity.game === 'tournament') {
    // a tournament played for chips: PokerStars writes a freeroll ("Freeroll" buy-in, stacks and blinds in chips,
    // the ante in the posts), the level in Roman numerals; its tables are named "<tournament> <table number>"
    lines.push(
      `PokerStars Hand #${hand.handId}: Tournament #${identity.tournamentId}, Freeroll  Hold'em No Limit - Level ${roman(hand.level)} (${blinds}) - ${starsTime(hand.startWall)}`,
    );
    lines.push(
      `Table '${identity.tournamentId} ${tableNumber(identity.table)}' ${hand.seatCount}-max Seat #${final.button} is the button`,
    );
  } else {
    // a cash table playing for chips: PokerStars' play-money header (blinds with no currency)
    lines.push(`PokerStars Hand #${hand.handId}:  Hold'em No Limit (${blinds}) - ${starsTime(hand.startWall)}`);
    lines.push(`Table '${identity.table}' ${hand.seatCount}-max Seat #${final.button} is the button`);
  }
  for (const seat of [...ledger.order].sort((a, b) => a - b)) {
    const out = config.absent.includes(seat) ? ' is sitting out' : '';
    lines.push(`Seat ${seat}: ${name(seat)} (${config.seats[seat]} in chips)${out}`);
  }
  let holeDone = false;
  // hands tabled before an all-in's board is run out are written where PokerStars writes them with their names:
  // under "*** SHOW DOWN ***", once the board is complete
  const showdown: string[] = [];
  const board: string[] = [];
  // PokerStars returns the uncalled bet as the betting ends, before the board is run out or hands are shown
  const lastBet = ledger.actions.reduce((at, a, i) => (BETTING.has(a.type) ? i : at), -1);
  const uncalled = ledger.uncalled
    ? `Uncalled bet (${ledger.uncalled.amount}) returned to ${name(ledger.uncalled.seat)}`
    : null;
  ledger.actions.forEach((a, i) => {
    if (!holeDone && a.type !== 'postSb' && a.type !== 'postBb' && a.type !== 'postAnte') {
      lines.push('*** HOLE CARDS ***');
      holeDone = true;
    }
    const allIn = a.allIn ? ' and is all-in' : '';
    switch (a.type) {
      case 'postSb':
        lines.push(`${name(a.seat)}: posts small blind ${a.amount}${allIn}`);
        break;
      case 'postBb':
        lines.push(`${name(a.seat)}: posts big blind ${a.amount}${allIn}`);
        break;
      case 'postAnte':
        lines.push(`${name(a.seat)}: posts the ante ${a.amount}${allIn}`);
        break;
      case 'dealt':
        // an observed hand: no "Dealt to" (that line names the hero); cards seen are written where shown
        break;
      case 'fold':
        lines.push(`${name(a.seat)}: folds`);
        // a hand the engine killed gets back the part of its bet no one called (LOI 28, tda 65A)
        if (a.killed && a.killed.refund > 0)
          lines.push(`Uncalled bet (${a.killed.refund}) returned to ${name(a.seat)}`);
        break;
      case 'check':
        lines.push(`${name(a.seat)}: checks`);
        break;
      case 'call':
        lines.push(`${name(a.seat)}: calls ${a.amount}${allIn}`);
        break;
      case 'bet':
        lines.push(`${name(a.seat)}: bets ${a.amount}${allIn}`);
        break;
      case 'raise':
        lines.push(`${name(a.seat)}: raises ${a.raiseBy} to ${a.to}${allIn}`);
        break;
      case 'board': {
        const title = STREET_TITLE[a.street as keyof typeof STREET_TITLE];
        const before = board.length > 0 ? `[${board.join(' ')}] ` : '';
        lines.push(`*** ${title} *** ${before}[${a.cards.join(' ')}]`);
        board.push(...a.cards);
        break;
      }
      case 'show':
        showdown.push(`${name(a.seat)}: shows [${a.cards.join(' ')}]${handNameOf(hand, a.seat)}`);
        break;
      case 'muck':
        showdown.push(`${name(a.seat)}: mucks hand`);
        break;
      default: {
        const never: never = a.type;
        throw new StoreError('EXPORT_UNSUPPORTED', `unknown ledger action ${String(never)}`);
      }
    }
    if (i === lastBet && uncalled) lines.push(uncalled);
  });
  if (!holeDone) lines.push('*** HOLE CARDS ***');
  if (lastBet < 0 && uncalled) lines.push(uncalled);
  if (showdown.length > 0) lines.push('*** SHOW DOWN ***', ...showdown);
  const wins = winnings(hand);
  const sidePots = final.pots.length > 1;
  // one side pot is "side pot"; several are "side pot-1", "side pot-2", ...
  const sideName = (k: number) => (final.pots.length === 2 ? 'side pot' : `side pot-${k}`);
  for (const w of wins) {
    const pot = !sidePots ? 'pot' : w.pot === 0 ? 'main pot' : sideName(w.pot);
    lines.push(`${name(w.seat)} collected ${w.amount} from ${pot}`);
  }
  lines.push('*** SUMMARY ***');
  const total = final.pots.reduce((n, p) => n + p.amount, 0);
  const split = sidePots
    ? ` Main pot ${final.pots[0].amount}.${final.pots
        .slice(1)
        .map((p, i) => ` ${sideName(i + 1).replace('s', 'S')} ${p.amount}.`)
        .join('')}`
    : '';
  lines.push(`Total pot ${total}${split} | Rake 0`);
  if (board.length > 0) lines.push(`Board [${board.join(' ')}]`);
  for (const seat of [...ledger.order].sort((a, b) => a - b)) {
    const role =
      seat === final.button
        ? ' (button)'
        : seat === final.sb
          ? ' (small blind)'
          : seat === final.bb
            ? ' (big blind)'
            : '';
    lines.push(`Seat ${seat}: ${name(seat)}${role} ${summaryOf(hand, ledger, seat, wins)}`);
  }
  return `${lines.map(oneLine).join('\n')}\n`;
}

/** the table's number: the digits its name ends with ("Table 3" is 3), else 1 */
export function tableNumber(table: string): number {
  const m = /(\d{1,6})\s*$/.exec(table);
  return m ? Number(m[1]) : 1;
}

/** PokerStars writes tournament levels in Roman numerals: Level I, II, ... XIV */
export function roman(n: number): string {
  const marks: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  let left = Math.max(1, Math.floor(n));
  for (const [v, m] of marks)
    while (left >= v) {
      out += m;
      left -= v;
    }
  return out;
}

const BETTING = new Set<LedgerAction['type']>(['fold', 'check', 'call', 'bet', 'raise']);

const ET = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** PokerStars' time: the local zone (here UTC), then Eastern time in brackets, hours unpadded:
 * "2026/11/30 20:00:00 UTC [2026/11/30 15:00:00 ET]" */
function starsTime(wall: number | null): string {
  const d = new Date(wall ?? 0);
  const utc = `${d.getUTCFullYear()}/${pad2(d.getUTCMonth() + 1)}/${pad2(d.getUTCDate())} ${d.getUTCHours()}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
  const part = Object.fromEntries(ET.formatToParts(d).map((p) => [p.type, p.value]));
  const et = `${part.year}/${part.month}/${part.day} ${Number(part.hour)}:${part.minute}:${part.second}`;
  return `${utc} UTC [${et} ET]`;
}

function handNameOf(hand: PlayedHand, seat: number): string {
  const view = hand.final.seats.find((s) => s.seat === seat);
  return view?.handName ? ` (${view.handName})` : '';
}

function summaryOf(hand: PlayedHand, ledger: Ledger, seat: number, wins: { seat: number; amount: number }[]): string {
  const won = wins.filter((w) => w.seat === seat).reduce((n, w) => n + w.amount, 0);
  const foldAt = ledger.actions.find((a) => a.seat === seat && a.type === 'fold');
  if (foldAt) {
    const street =
      foldAt.street === 'preflop' ? 'before Flop' : `on the ${foldAt.street[0].toUpperCase()}${foldAt.street.slice(1)}`;
    // a blind that folds did bet; a seat that put in only the ante did not
    const put = ledger.actions.some(
      (a) => a.seat === seat && ['call', 'bet', 'raise', 'postSb', 'postBb'].includes(a.type),
    );
    return `folded ${street}${put || foldAt.street !== 'preflop' ? '' : " (didn't bet)"}`;
  }
  const shown = ledger.actions.some((a) => a.seat === seat && a.type === 'show');
  const cards = holeCards(ledger, seat);
  const with_ = handNameOf(hand, seat).replace(/^ \((.*)\)$/, ' with $1');
  if (shown)
    return won > 0
      ? `showed [${cards.join(' ')}] and won (${won})${with_}`
      : `showed [${cards.join(' ')}] and lost${with_}`;
  if (won > 0) return `collected (${won})`;
  return cards.length === 2 ? `mucked [${cards.join(' ')}]` : 'mucked';
}

// ---- Ignition / Bovada --------------------------------------------------------------------------------------------

const IGNITION_SEATS = ['UTG', 'UTG+1', 'UTG+2', 'UTG+3', 'UTG+4', 'UTG+5'];

/** positions named as the Ignition grammar knows them: Small Blind, Big Blind, UTG.., Dealer */
function ignitionPositions(hand: PlayedHand, ledger: Ledger): Map<number, string> {
  const { final } = hand;
  const pos = new Map<number, string>();
  if (ledger.order.length > 2 + 1 + IGNITION_SEATS.length) {
    throw new StoreError(
      'EXPORT_UNSUPPORTED',
      `the Ignition dialect names at most 9 players; hand ${hand.handNo} has ${ledger.order.length}`,
    );
  }
  pos.set(final.button, 'Dealer');
  if (final.sb !== null && final.sb !== final.button) pos.set(final.sb, 'Small Blind');
  pos.set(final.bb, 'Big Blind');
  let k = 0;
  const bbAt = ledger.order.indexOf(final.bb);
  for (let i = 1; i <= ledger.order.length; i++) {
    const seat = ledger.order[(bbAt + i) % ledger.order.length];
    if (!pos.has(seat)) pos.set(seat, IGNITION_SEATS[k++]);
  }
  return pos;
}

function ignitionText(hand: PlayedHand, ledger: Ledger): string {
  const { config, final } = hand;
  const pos = ignitionPositions(hand, ledger);
  const p = (seat: number) => pos.get(seat) as string;
  const lines: string[] = [];
  const { identity } = hand;
  // the Ignition header has no time zone in its layout (the parser reads the time as UTC): the time is UTC
  const when = stamp(hand.startWall, '-');
  const tbl = tableNumber(identity.table);
  if (identity.game === 'tournament')
    lines.push(
      `Ignition Hand #${hand.handId}: HOLDEM Tournament #${identity.tournamentId} TBL#${tbl}, Normal- Level ${hand.level} (${final.blinds[0]}/${final.blinds[1]}) - ${when}`,
    );
  else lines.push(`Ignition Hand #${hand.handId} TBL#${tbl} HOLDEM No Limit - ${when}`);
  for (const seat of [...ledger.order].sort((a, b) => a - b))
    lines.push(`Seat ${seat}: ${p(seat)} (${config.seats[seat]} in chips)`);
  lines.push(`Dealer : Set dealer [${final.button}]`);
  let holeDone = false;
  const board: string[] = [];
  for (const a of ledger.actions) {
    if (!holeDone && a.type !== 'postSb' && a.type !== 'postBb' && a.type !== 'postAnte') {
      lines.push('*** HOLE CARDS ***');
      holeDone = true;
    }
    const who = `${p(a.seat)} :`;
    switch (a.type) {
      case 'postSb':
        lines.push(`${who} Small Blind ${a.amount}`);
        break;
      case 'postBb':
        lines.push(`${who} Big blind ${a.amount}`);
        break;
      case 'postAnte':
        lines.push(`${who} Ante chip ${a.amount}`);
        break;
      case 'dealt': {
        const known = a.cards.filter((c) => c !== '??');
        if (known.length > 0) lines.push(`${who} Card dealt to a spot [${known.join(' ')}]`);
        break;
      }
      case 'fold':
        lines.push(`${who} Folds`);
        if (a.killed && a.killed.refund > 0) lines.push(`${who} Return uncalled portion of bet ${a.killed.refund}`);
        break;
      case 'check':
        lines.push(`${who} Checks`);
        break;
      case 'call':
        lines.push(a.allIn ? `${who} All-in ${a.amount}` : `${who} Calls ${a.amount}`);
        break;
      case 'bet':
        lines.push(a.allIn ? `${who} All-in ${a.amount}` : `${who} Bets ${a.amount}`);
        break;
      case 'raise':
        lines.push(a.allIn ? `${who} All-in(raise) ${a.amount} to ${a.to}` : `${who} Raises ${a.amount} to ${a.to}`);
        break;
      case 'board': {
        const title = STREET_TITLE[a.street as keyof typeof STREET_TITLE];
        const before = board.length > 0 ? `[${board.join(' ')}] ` : '';
        lines.push(`*** ${title} *** ${before}[${a.cards.join(' ')}]`);
        board.push(...a.cards);
        break;
      }
      case 'show':
        if (a.cards.length > 0) lines.push(`${who} Showdown [${a.cards.join(' ')}] (${strengthOf(a.cards, hand)})`);
        break;
      case 'muck':
        break; // the Ignition layout names a mucked hand's cards and strength, which nobody saw

      default: {
        const never: never = a.type;
        throw new StoreError('EXPORT_UNSUPPORTED', `unknown ledger action ${String(never)}`);
      }
    }
  }
  if (!holeDone) lines.push('*** HOLE CARDS ***');
  if (ledger.uncalled)
    lines.push(`${p(ledger.uncalled.seat)} : Return uncalled portion of bet ${ledger.uncalled.amount}`);
  for (const w of winnings(hand)) {
    lines.push(`${p(w.seat)} : Hand result${w.pot > 0 ? '-Side pot' : ''} ${w.amount}`);
  }
  lines.push('*** SUMMARY ***');
  lines.push(`Total Pot(${final.pots.reduce((n, x) => n + x.amount, 0)})`);
  if (board.length > 0) lines.push(`Board [${board.join(' ')}]`);
  // the Ignition grammar takes no newline after the last line
  return lines.map(oneLine).join('\n');
}

function strengthOf(hole: string[], hand: PlayedHand): string {
  const cards = [...hole, ...hand.final.board].map(parseCard).filter((c) => c >= 0);
  // a hand the engine left irregular (a sixth board card, a third hole card) has no 7-card value: name none
  if (cards.length < 5 || cards.length > 7) return IGNITION_STRENGTH[0];
  return IGNITION_STRENGTH[categoryOf(evaluateCards(cards))];
}

export type { LedgerAction };
