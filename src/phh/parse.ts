// PHH hand histories (the PHH standard: TOML files) read into plain hands, with smol-toml.

import { parse, TomlError } from 'smol-toml';
import { FeltwireError, statusOf } from '../errors.js';

export type PhhErrorCode = 'BAD_TOML' | 'BAD_FIELD' | 'UNSUPPORTED' | 'BAD_ACTION';

export class PhhError extends FeltwireError<PhhErrorCode> {
  constructor(code: PhhErrorCode, message: string) {
    super(code, message);
    this.name = 'PhhError';
  }
  get status(): number {
    return statusOf(this.code, 400, { UNSUPPORTED: 422 });
  }
}

export interface PhhHand {
  file?: string;
  variant: string;
  antes: number[];
  blindsOrStraddles: number[];
  minBet: number;
  startingStacks: number[];
  actions: string[];
  players?: string[];
  /** may hold half chips (split pots recorded exactly) */
  finishingStacks?: number[];
  /** PHH `hand`: "hand name or number" (our exports write the 16-digit hand id as a string) */
  hand?: number | string;
  /** every optional and user-defined field of the file other than players and finishing_stacks (event, venue,
   * city, day, month, year, time, table, ...), as TOML read it: an export of the hand writes them back */
  meta: Record<string, unknown>;
}

/** the fields that build or drive the hand (not metadata) */
const STATE_FIELDS = new Set([
  'variant',
  'antes',
  'blinds_or_straddles',
  'bring_in',
  'small_bet',
  'big_bet',
  'min_bet',
  'starting_stacks',
  'actions',
  'players',
  'finishing_stacks',
]);

function numbers(v: unknown, name: string, file: string): number[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'number' || typeof x === 'bigint'))
    throw new PhhError('BAD_FIELD', `${file}: ${name} must be an array of numbers`);
  return v.map((x) => Number(x));
}

export function parsePhh(text: string, file = '<phh>'): PhhHand {
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (err) {
    throw new PhhError('BAD_TOML', `${file}: ${err instanceof TomlError ? err.message.split('\n')[0] : String(err)}`);
  }
  const variant = doc.variant;
  if (typeof variant !== 'string') throw new PhhError('BAD_FIELD', `${file}: variant missing`);
  if (variant !== 'NT')
    throw new PhhError('UNSUPPORTED', `${file}: variant ${variant} (only NT, No-Limit Texas Hold'em)`);
  const startingStacks = numbers(doc.starting_stacks, 'starting_stacks', file);
  const n = startingStacks.length;
  if (n < 2 || n > 10) throw new PhhError('BAD_FIELD', `${file}: ${n} players (2-10 supported)`);
  const antes = doc.antes === undefined ? new Array(n).fill(0) : numbers(doc.antes, 'antes', file);
  const blindsOrStraddles = numbers(doc.blinds_or_straddles, 'blinds_or_straddles', file);
  if (antes.length !== n || blindsOrStraddles.length !== n)
    throw new PhhError('BAD_FIELD', `${file}: antes and blinds need one entry per player`);
  const actions = doc.actions;
  if (!Array.isArray(actions) || !actions.every((a) => typeof a === 'string'))
    throw new PhhError('BAD_FIELD', `${file}: actions must be strings`);
  const hand: PhhHand = {
    file,
    variant,
    antes,
    blindsOrStraddles,
    minBet: doc.min_bet === undefined ? Math.max(...blindsOrStraddles) : Number(doc.min_bet),
    startingStacks,
    actions: actions as string[],
    meta: Object.fromEntries(Object.entries(doc).filter(([k]) => !STATE_FIELDS.has(k))),
  };
  if (doc.finishing_stacks !== undefined)
    hand.finishingStacks = numbers(doc.finishing_stacks, 'finishing_stacks', file);
  if (Array.isArray(doc.players)) hand.players = (doc.players as unknown[]).map(String);
  if (typeof doc.hand === 'number' || typeof doc.hand === 'bigint') hand.hand = Number(doc.hand);
  else if (typeof doc.hand === 'string') hand.hand = doc.hand;
  return hand;
}
