// Open Hand History (OHH, standardized hand history JSON, spec 1.4) for one hand, checked against the schema we
// wrote from the published specification (schemas/ohh-1.4.schema.json).
//
// Choices where a live table differs from an online site: player ids are seat numbers; there is no hero (an
// observed hand: the spec lets hero_player_id be omitted) and the "Observed" flag is set; chips are not money, so
// the currency is OHH's play-money code XPM; site_name is the card room, game_number the hand id (unique across
// tables and days).
//
// The uncalled bet: OHH 1.4 has no action for chips given back, and a pot is "the total amount in the pot". The
// bets are written as made (a raise's amount is what it put in, as the spec says), the pots as the engine paid
// them, and the part nobody called as one more pot, after the others, won by its owner (a killed hand's refund
// the same way): every chip a player put in is in a pot, and each player's start - put in + won is the engine's
// final stack.
import { Ajv, type ErrorObject } from 'ajv';
import type { Street } from '../engine/types.js';
import { StoreError } from './errors.js';
import { type LedgerAction, readLedger } from './ledger.js';
import { type PlayedHand, playerName } from './playedHand.js';
import schema from './schemas/ohh-1.4.schema.json' with { type: 'json' };

export const OHH_SPEC_VERSION = '1.4.7';
const INTERNAL_VERSION = '0.1.0';

export interface OhhAction {
  action_number: number;
  player_id: number;
  action: string;
  amount?: number;
  is_allin?: boolean;
  cards?: string[];
}
export interface OhhRound {
  id: number;
  street: 'Preflop' | 'Flop' | 'Turn' | 'River' | 'Showdown';
  cards?: string[];
  actions: OhhAction[];
}
export interface OhhTournamentInfo {
  tournament_number: string;
  name: string;
  start_date_utc: string;
  currency: string;
  buyin_amount: number;
  fee_amount: number;
  bounty_fee_amount: number;
  initial_stack: number;
  type: 'STT' | 'MTT';
  flags: string[];
  speed: { type: string; round_time: number };
}
export interface OhhHand {
  ohh: {
    spec_version: string;
    site_name: string;
    network_name: string;
    internal_version: string;
    tournament: boolean;
    tournament_info?: OhhTournamentInfo;
    game_number: string;
    start_date_utc: string;
    table_name: string;
    game_type: 'Holdem';
    bet_limit: { bet_type: 'NL'; bet_cap: number };
    table_size: number;
    currency: string;
    dealer_seat: number;
    small_blind_amount: number;
    big_blind_amount: number;
    ante_amount: number;
    hero_player_id?: number | null;
    flags: string[];
    players: {
      id: number;
      seat: number;
      name: string;
      starting_stack: number;
      player_bounty: number;
      is_sitting_out?: boolean;
    }[];
    rounds: OhhRound[];
    pots: {
      number: number;
      amount: number;
      rake: number;
      jackpot: number;
      player_wins: { player_id: number; win_amount: number }[];
    }[];
  };
}

const STREET_NAME: Record<Street, OhhRound['street']> = {
  preflop: 'Preflop',
  flop: 'Flop',
  turn: 'Turn',
  river: 'River',
};
const ACTION_NAME: Record<LedgerAction['type'], string> = {
  postSb: 'Post SB',
  postBb: 'Post BB',
  postAnte: 'Post Ante',
  dealt: 'Dealt Cards',
  board: 'Dealt Cards',
  fold: 'Fold',
  check: 'Check',
  call: 'Call',
  bet: 'Bet',
  raise: 'Raise',
  show: 'Shows Cards',
  muck: 'Mucks Cards',
};

const known = (cards: string[]): string[] => cards.filter((c) => c !== '??');

const utc = (wall: number | null) => new Date(wall ?? 0).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function toOhh(hand: PlayedHand): OhhHand {
  const { config, final, identity } = hand;
  const ledger = readLedger(hand);
  const rounds: OhhRound[] = [{ id: 0, street: 'Preflop', actions: [] }];
  const showdown: OhhRound = { id: 0, street: 'Showdown', actions: [] };
  let n = 0;
  for (const a of ledger.actions) {
    if (a.type === 'board') {
      rounds.push({ id: rounds.length, street: STREET_NAME[a.street], cards: known(a.cards), actions: [] });
      continue;
    }
    // shows go to the Showdown round, last, even when they came before an all-in run-out (PHH's order)
    const round = a.type === 'show' || a.type === 'muck' ? showdown : rounds[rounds.length - 1];
    const out: OhhAction = { action_number: ++n, player_id: a.seat, action: ACTION_NAME[a.type] };
    if (['call', 'bet', 'raise', 'postSb', 'postBb', 'postAnte'].includes(a.type)) out.amount = a.amount;
    if (a.allIn) out.is_allin = true;
    const cards = known(a.cards);
    if ((a.type === 'dealt' || a.type === 'show') && cards.length > 0) out.cards = cards;
    round.actions.push(out);
  }
  const ordered = showdown.actions.length > 0 ? [...rounds, { ...showdown, id: rounds.length }] : rounds;
  n = 0;
  for (const r of ordered) for (const a of r.actions) a.action_number = ++n;

  const pots = final.pots.map((p, i) => ({
    number: i,
    amount: p.amount,
    rake: 0,
    jackpot: 0,
    player_wins: Object.entries(p.shares ?? {})
      .filter(([, amount]) => amount > 0)
      .map(([seat, amount]) => ({ player_id: Number(seat), win_amount: amount })),
  }));
  // chips given back: the uncalled bet, and what a killed hand got back of its bet
  const back: { seat: number; amount: number }[] = [];
  if (ledger.uncalled) back.push(ledger.uncalled);
  for (const a of ledger.actions)
    if (a.killed && a.killed.refund > 0) back.push({ seat: a.seat, amount: a.killed.refund });
  for (const b of back)
    pots.push({
      number: pots.length,
      amount: b.amount,
      rake: 0,
      jackpot: 0,
      player_wins: [{ player_id: b.seat, win_amount: b.amount }],
    });
  const tournament = identity.game === 'tournament';

  return {
    ohh: {
      spec_version: OHH_SPEC_VERSION,
      site_name: identity.room,
      network_name: 'feltwire live table',
      internal_version: INTERNAL_VERSION,
      tournament,
      ...(tournament
        ? {
            tournament_info: {
              tournament_number: identity.tournamentId,
              name: `${identity.room} tournament #${identity.tournamentId}`,
              start_date_utc: utc(hand.startWall),
              currency: 'XPM',
              buyin_amount: 0,
              fee_amount: 0,
              bounty_fee_amount: 0,
              initial_stack: Math.max(...Object.values(config.seats)),
              type: 'STT' as const,
              flags: [],
              speed: { type: 'Normal', round_time: 0 },
            },
          }
        : {}),
      game_number: hand.handId,
      start_date_utc: utc(hand.startWall),
      table_name: identity.table,
      game_type: 'Holdem',
      bet_limit: { bet_type: 'NL', bet_cap: 0 },
      table_size: hand.seatCount,
      currency: 'XPM',
      dealer_seat: final.button,
      small_blind_amount: final.blinds[0],
      big_blind_amount: final.blinds[1],
      ante_amount: final.bbAnte,
      flags: ['Observed'],
      players: ledger.order.map((seat) => ({
        id: seat,
        seat,
        name: playerName(hand, seat),
        starting_stack: config.seats[seat],
        player_bounty: 0,
        ...(config.absent.includes(seat) ? { is_sitting_out: true } : {}),
      })),
      rounds: ordered,
      pots,
    },
  };
}

let validator: ReturnType<Ajv['compile']> | null = null;

/** Validates against our OHH 1.4 schema; returns the problems (empty when valid). */
export function validateOhh(doc: unknown): string[] {
  if (!validator) validator = new Ajv({ allErrors: true }).compile(schema);
  if (validator(doc)) return [];
  return (validator.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}

/** toOhh, refusing to hand out a document that breaks the schema */
export function toValidOhh(hand: PlayedHand): OhhHand {
  const doc = toOhh(hand);
  const problems = validateOhh(doc);
  if (problems.length > 0) {
    throw new StoreError('EXPORT_UNSUPPORTED', `hand ${hand.handNo} makes invalid OHH: ${problems.join('; ')}`);
  }
  return doc;
}
