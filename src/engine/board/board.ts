// Board and burns: one burn before each street, then the flop (3), turn (1), river (1); the dealer's errors with
// both rulesets' remedies (club 2-5..2-13, tda 39, tda 74), and watching the remedy being carried out.
import { raiseAlert, resolveAlert } from '../alerts/raise.js';
import { inferChecksToEnd } from '../betting/chipFlow.js';
import { startRound } from '../betting/round.js';
import { type Card, formatCard } from '../cards.js';
import { amendBoardDecision, recordDecision } from '../hand/decisions.js';
import { NEXT_STREET } from '../hand/flow.js';
import type { HandState } from '../hand/state.js';
import type { Street } from '../types.js';
import { handSeat } from '../zone.js';

const STREET_CARDS: Record<Street, number> = { preflop: 0, flop: 3, turn: 1, river: 1 };

/** A card goes to the burn: kept in the burns and recorded (a `burn` decision, seat 0). */
function burnCard(state: HandState, card: Card): void {
  state.burns.push(card);
  recordDecision(state, { kind: 'burn', seat: 0, amount: 0, to: 0, allIn: false, cards: [formatCard(card)] });
}

function bettingOpen(state: HandState): boolean {
  return state.phase === 'betting' && !state.round.complete;
}

/** The street the dealer is now dealing (starts it when the first burn or card comes). */
function dealingStreet(state: HandState): Street | null {
  const b = state.boardState;
  if (b.dealing) return b.dealing;
  if (state.phase !== 'board') return null;
  const next = NEXT_STREET[state.street];
  if (!next) return null;
  // the turn begins: the flop after two burns stands (club 2-6 can no longer be carried out)
  if (next !== 'flop') b.extraBurnRedeal = null;
  b.dealing = next;
  b.cardsThisStreet = 0;
  b.burnsThisStreet = b.burnWaived;
  b.burnWaived = 0;
  if (next === 'river' && b.riverNoBurn) {
    b.burnsThisStreet = Math.max(b.burnsThisStreet, 1);
    b.riverNoBurn = false;
  }
  if (b.nextStreetNoBurn) {
    b.burnsThisStreet = Math.max(b.burnsThisStreet, 1);
    b.nextStreetNoBurn = false;
  }
  return next;
}

export function onBurn(state: HandState, card: Card): void {
  const b = state.boardState;
  if (cardFromAHand(state, card)) return;
  // the exposed card of the deal becomes the first burn (club 2-4)
  const ex = state.deal.exposedReplacement;
  if (ex && ex.card === card && !ex.burned) {
    ex.burned = true;
    burnCard(state, card);
    b.burnWaived = Math.max(b.burnWaived, 1);
    if (ex.replaced) resolveAlert(state, ex.alertId);
    return;
  }
  // a card off the board moved to the burn: a remedy being carried out
  if (b.toBurn.includes(card)) {
    b.toBurn = b.toBurn.filter((c) => c !== card);
    burnCard(state, card);
    const a = findOpen(state, 'BURN_MISSED');
    if (a && b.toBurn.length === 0) resolveAlert(state, a);
    return;
  }
  if (b.fourFlop) {
    fourFlopBurn(state, card);
    return;
  }
  if (bettingOpen(state)) {
    // a burn for the next street: the seats still to act with nothing to call checked
    if (!inferChecksToEnd(state)) {
      // burned before the round is over: kept as the next street's burn (tda 74: "the burn stays")
      burnCard(state, card);
      b.burnWaived++;
      return;
    }
  }
  const street = dealingStreet(state);
  burnCard(state, card);
  if (!street) return;
  b.burnsThisStreet++;
  if (b.burnsThisStreet === 2 && b.cardsThisStreet === 0) {
    // the second burn lies face down: the alert names no card (the dealer turns over the second burn)
    const variant = street !== 'flop' ? 'later' : state.config.orderKnown ? 'default' : 'unknown';
    const a = raiseAlert(state, 'BURN_EXTRA', { street, variant });
    // club 2-6, order unknown: the flop that follows goes back to the stub with one burn (watched as it is lifted)
    if (variant === 'unknown') b.extraBurnRedeal = { alertId: a.id, cards: [], burnLifted: false };
  }
}

/**
 * A card that left a seat zone for the burn is not the dealer's burn: the sensors know where it came from. The small
 * blind's extra card taken back is the first burn (club 2-17); a dead hand's extra card does not replace the burn
 * (seed 002, substantial-action example B): it lies there, out of the hand, and the street is burned as usual.
 */
function cardFromAHand(state: HandState, card: Card): boolean {
  const from = state.lastLeft[card];
  const seat = handSeat(from);
  if (seat === null) return false;
  const s = state.seats[seat];
  if (!s?.cards.includes(card)) return false;
  s.cards = s.cards.filter((c) => c !== card);
  burnCard(state, card);
  const extra = state.alerts.find(
    (a) => a.code === 'DEAL_CARD_COUNT' && a.seat === seat && !a.resolved && a.facts?.variant === 'smallBlindExtra',
  );
  if (extra) {
    // club 2-17: it becomes the first burn, so the flop comes without another one
    state.boardState.burnWaived = Math.max(state.boardState.burnWaived, 1);
    resolveAlert(state, extra.id);
  }
  return true;
}

function findOpen(state: HandState, code: string): number {
  for (let i = state.alerts.length - 1; i >= 0; i--) {
    const a = state.alerts[i];
    if (a.code === code && !a.resolved) return a.id;
  }
  return 0;
}

export function onBoardCard(state: HandState, card: Card, fromBurn: boolean): void {
  const b = state.boardState;
  if (fromBurn) {
    // a burn turned as a flop card (club 2-6 remedy)
    const i = state.burns.indexOf(card);
    if (i >= 0) state.burns.splice(i, 1);
    const a = findOpen(state, 'BURN_EXTRA');
    if (a) resolveAlert(state, a);
    if (b.dealing) b.burnsThisStreet = Math.max(1, b.burnsThisStreet - 1);
  }
  if (state.phase === 'complete' || state.phase === 'showdown' || state.board.length >= 5) {
    // everyone folded before the board was out: no card of it is dealt (LOI 22), not a four-card flop (tda 39)
    const over = state.phase === 'complete' && state.board.length < 5;
    raiseAlert(state, 'BOARD_TOO_MANY', { cards: [formatCard(card)], ...(over ? { variant: 'handOver' } : {}) });
    return;
  }
  if (b.fourFlop) {
    b.fourFlop.cards.push(card);
    return;
  }
  if (bettingOpen(state)) {
    // four-card flop: a card right after the flop, no action and no burn in between (tda 39, club 2-7)
    if (state.street === 'flop' && !anyActed(state) && b.burnWaived === 0 && state.board.length === 3) {
      fourCardFlop(state, card);
      return;
    }
    if (!inferChecksToEnd(state)) {
      premature(state, card);
      return;
    }
  }
  if (
    b.premature &&
    !b.premature.removed &&
    b.premature.cards.length < STREET_CARDS[b.premature.street] &&
    bettingOpen(state)
  ) {
    b.premature.cards.push(card);
    return;
  }
  const street = dealingStreet(state);
  if (!street) {
    raiseAlert(state, 'BOARD_TOO_MANY', { cards: [formatCard(card)] });
    return;
  }
  const pre = b.premature;
  if (pre && !pre.removed && pre.cards.some((c) => state.cardZone[c] === 'board')) {
    // club 2-13: the premature card goes back whatever happened; it is still on the board
    raiseAlert(state, 'BOARD_PREMATURE', {
      cards: pre.cards.map(formatCard),
      street: pre.street,
      variant: 'stillThere',
    });
    pre.removed = true;
  }
  const sc = b.scramble;
  if (sc && sc.dealt < STREET_CARDS[street]) {
    // the rest of the flop dealt without a burn: it goes back with the first card
    sc.cards.push(card);
    sc.dealt++;
    return;
  }
  if (b.burnsThisStreet === 0) {
    burnMissed(state, card, street);
    return;
  }
  state.board.push(card);
  b.cardsThisStreet++;
  if (b.extraBurnRedeal && street === 'flop') b.extraBurnRedeal.cards.push(card);
  if (b.cardsThisStreet === STREET_CARDS[street]) {
    const cards = state.board.slice(-STREET_CARDS[street]).map(formatCard);
    // a street dealt again by a remedy (club 2-7, order unknown: the four scrambled, the flop redealt) keeps one record
    if (!amendBoardDecision(state, street, cards)) {
      recordDecision(state, { kind: 'dealBoard', street, seat: 0, amount: 0, to: 0, allIn: false, cards });
    }
    // the street is dealt: its betting round starts (or is skipped when no betting is possible)
    state.boardState.dealing = null;
    startRound(state, street);
  }
}

function anyActed(state: HandState): boolean {
  for (const seat of state.seatOrder) if (state.seats[seat]?.acted) return true;
  return false;
}

/** BURN_MISSED (club 2-5, 2-8): the card becomes the burn and the next card is the street. */
function burnMissed(state: HandState, card: Card, street: Street): void {
  const b = state.boardState;
  const unknown = street === 'flop' && !state.config.orderKnown;
  raiseAlert(state, 'BURN_MISSED', {
    cards: [formatCard(card)],
    street,
    variant: street === 'flop' ? (unknown ? 'flopUnknown' : 'flop') : 'later',
  });
  if (unknown) {
    // club 2-5, order unknown: the cards go back into the stub; a burn and a new flop follow
    // cards of an earlier scramble still on the board stay owed to the stub with this one
    const earlier = b.scramble?.cards ?? [];
    b.scramble = { cards: [...earlier, card], dealt: 1, alertId: state.alerts[state.alerts.length - 1].id };
    return;
  }
  b.toBurn.push(card);
  b.burnsThisStreet = 1;
}

function fourCardFlop(state: HandState, card: Card): void {
  const cards = state.board.concat([card]);
  const club = state.config.ruleset === 'club';
  const variant = club ? (state.config.orderKnown ? 'club' : 'clubUnknown') : 'tda';
  const a = raiseAlert(state, 'FLOP_FOUR_CARDS', { cards: cards.map(formatCard), burnCard: formatCard(card), variant });
  state.boardState.fourFlop = { cards, alertId: a.id };
}

/** A card of the four-card flop moved to the burn: it is the burn for the turn (tda 39, club 2-7). */
function fourFlopBurn(state: HandState, card: Card): void {
  const b = state.boardState;
  const ff = b.fourFlop;
  if (!ff) return;
  burnCard(state, card);
  if (!ff.cards.includes(card)) {
    // a card from the stub, not one of the four: the four still lie there, one of them must be burned (the stub's
    // card went face down to the burn: the alert names only the four the table saw)
    raiseAlert(state, 'FLOP_FOUR_CARDS', {
      cards: ff.cards.map(formatCard),
      ...(ff.cards[3] !== undefined ? { burnCard: formatCard(ff.cards[3]) } : {}),
      variant: state.config.ruleset === 'club' ? 'wrongCard' : 'tda',
    });
    return;
  }
  const club = state.config.ruleset === 'club' && state.config.orderKnown;
  if (club && ff.cards[3] !== undefined && card !== ff.cards[3]) {
    raiseAlert(state, 'FLOP_FOUR_CARDS', {
      cards: ff.cards.map(formatCard),
      burnCard: formatCard(ff.cards[3]),
      variant: 'wrongCard',
    });
  }
  const rest = ff.cards.filter((c) => c !== card);
  const flop = rest.slice(0, 3);
  // a card dealt while the four-card flop was held is no part of the flop: named, to be set aside
  if (rest.length > 3) raiseAlert(state, 'BOARD_TOO_MANY', { cards: rest.slice(3).map(formatCard) });
  state.board.length = 0;
  state.board.push(...flop);
  // the flop's record says the three cards the hand is played with, not the first three read
  amendBoardDecision(state, 'flop', flop.map(formatCard));
  b.fourFlop = null;
  b.nextStreetNoBurn = true;
  resolveAlert(state, ff.alertId);
}

/** BOARD_PREMATURE (tda 74, club 2-10..2-13): set aside, finish the round, then the ruleset's redeal. */
function premature(state: HandState, card: Card): void {
  const b = state.boardState;
  if (b.premature && !b.premature.removed) {
    b.premature.cards.push(card);
    return;
  }
  const street = NEXT_STREET[state.street] ?? 'river';
  const club = state.config.ruleset === 'club';
  const variant = street === 'turn' && club ? 'turnClub' : street;
  const a = raiseAlert(state, 'BOARD_PREMATURE', { cards: [formatCard(card)], street, variant });
  b.premature = { street, cards: [card], alertId: a.id, removed: false, tdaTurnBack: !(street === 'turn' && club) };
  if (street === 'turn' && club) {
    // club 2-11: a burn, the next card is the turn, the river then comes without a burn
    b.burnWaived = 0;
    b.riverNoBurn = true;
  } else {
    // the burn stays; the new card comes without a burn
    b.burnWaived = Math.max(b.burnWaived, 1);
  }
}

/** A card left the board zone: premature cards set aside, four-card flop scrambled, a missed burn moved. */
export function onBoardCardOff(state: HandState, card: Card): void {
  const b = state.boardState;
  const p = b.premature;
  if (p?.cards.includes(card)) {
    p.cards = p.cards.filter((c) => c !== card);
    if (p.cards.length === 0) {
      p.removed = true;
      resolveAlert(state, p.alertId);
      b.premature = null;
    }
    return;
  }
  const sc = b.scramble;
  if (sc?.cards.includes(card)) {
    sc.cards = sc.cards.filter((c) => c !== card);
    if (sc.cards.length === 0) {
      resolveAlert(state, sc.alertId);
      b.scramble = null;
    }
    return;
  }
  const xr = b.extraBurnRedeal;
  if (xr?.cards.includes(card)) {
    // club 2-6, order unknown: a card of the flop dealt after two burns is lifted back to the stub
    xr.cards = xr.cards.filter((c) => c !== card);
    const i = state.board.indexOf(card);
    if (i >= 0) state.board.splice(i, 1);
    if (b.dealing === 'flop') b.cardsThisStreet = Math.max(0, b.cardsThisStreet - 1);
    extraBurnRedealDone(state);
    return;
  }
  const ff = b.fourFlop;
  if (ff && !state.config.orderKnown && state.config.ruleset === 'club') {
    // club 2-7, order unknown: the four are scrambled and the flop redealt without a burn
    ff.cards = ff.cards.filter((c) => c !== card);
    const i = state.board.indexOf(card);
    if (i >= 0) state.board.splice(i, 1);
    if (ff.cards.length === 0) {
      b.fourFlop = null;
      resolveAlert(state, ff.alertId);
      state.phase = 'board';
      state.street = 'preflop';
      b.dealing = null;
      b.burnWaived = 1;
    }
  }
}

/** A burn card taken back: club 2-6 with the order unknown sends one of two burns back into the stub. */
export function onBurnCardOff(state: HandState, card: Card): void {
  const b = state.boardState;
  const xr = b.extraBurnRedeal;
  if (xr && !xr.burnLifted && state.burns.includes(card) && !state.alerts[xr.alertId - 1]?.resolved) {
    // club 2-6, order unknown: one of the two burns goes back into the stub with the flop
    state.burns.splice(state.burns.indexOf(card), 1);
    xr.burnLifted = true;
    extraBurnRedealDone(state);
    return;
  }
  if (state.config.orderKnown || b.dealing !== 'flop' || b.burnsThisStreet < 2 || b.cardsThisStreet > 0) return;
  const a = findOpen(state, 'BURN_EXTRA');
  if (!a) return;
  const i = state.burns.indexOf(card);
  if (i >= 0) state.burns.splice(i, 1);
  b.burnsThisStreet = 1;
  resolveAlert(state, a);
}

/**
 * club 2-6, order unknown: once one burn and every card of the flop dealt after the two burns left the table, the
 * flop is dealt again without a burn. Cards lifted off the board are off it (as for the four-card flop, club 2-7): the
 * new flop replaces them, and the flop's record says the new cards.
 */
function extraBurnRedealDone(state: HandState): void {
  const b = state.boardState;
  const xr = b.extraBurnRedeal;
  if (!xr?.burnLifted || xr.cards.length > 0) return;
  b.extraBurnRedeal = null;
  resolveAlert(state, xr.alertId);
  if (b.dealing === 'flop') {
    // lifted before the flop was complete: the one burn left is the flop's
    b.cardsThisStreet = 0;
    b.burnsThisStreet = 1;
    return;
  }
  // the flop's betting round had begun: it starts again once the new flop is dealt
  state.phase = 'board';
  state.street = 'preflop';
  state.round.toAct = 0;
  b.dealing = null;
  b.burnWaived = 1;
}
