// Registration (club 1-1, seed 003 regulation 1): a player is a name, a country and an id. The id is unique, and so
// is the name within a country: a second registration of either is refused, naming the player already registered.
import { TournamentError } from './errors.js';

export interface Player {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const COUNTRY = /^[A-Z]{2}$/;

export function validatePlayer(p: Player): Player {
  const name = p.name.trim();
  if (!ID.test(p.id)) throw new TournamentError('PLAYER_INVALID', `player id "${p.id}": letters, digits, _ . - only`);
  if (name.length === 0 || name.length > 80 || /[\r\n\t]/.test(name))
    throw new TournamentError('PLAYER_INVALID', `player ${p.id}: name must be one line of 1 to 80 characters`);
  if (!COUNTRY.test(p.country))
    throw new TournamentError(
      'PLAYER_INVALID',
      `player ${p.id}: country "${p.country}" is not a two-letter code (FR, BE)`,
    );
  return { id: p.id, name, country: p.country };
}

export class Registry {
  private readonly byId = new Map<string, Player>();

  register(input: Player): Player {
    const p = validatePlayer(input);
    const same = this.byId.get(p.id);
    if (same)
      throw new TournamentError('PLAYER_DUPLICATE', `id ${p.id} is already registered (${same.name}, ${same.country})`);
    for (const q of this.byId.values())
      if (q.country === p.country && q.name.toLowerCase() === p.name.toLowerCase())
        throw new TournamentError(
          'PLAYER_DUPLICATE',
          `${q.name} (${q.country}) is already registered under id ${q.id}`,
        );
    this.byId.set(p.id, p);
    return p;
  }

  get(id: string): Player {
    const p = this.byId.get(id);
    if (!p) throw new TournamentError('PLAYER_UNKNOWN', `no player with id ${id}`);
    return p;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  all(): Player[] {
    return [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }
}
