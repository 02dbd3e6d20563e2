// The dealer's table alerts of a tournament's seating orders (roomTournament.ts), English and French, and the room's
// console lines. A table's number is its room id ("table 2" / "table 2").
import type { Move } from '../tournament/balancing.js';

const why = (m: Move) =>
  m.reason === 'break'
    ? { en: `table ${m.from.table} breaks`, fr: `la table ${m.from.table} est cassée` }
    : { en: 'balancing', fr: 'équilibrage' };

/** to the table the player leaves */
export function leaveText(m: Move, name: string): { message: string; messageFr: string } {
  const w = why(m);
  return {
    message:
      `Move (${w.en}, ${m.rule}): ${name}, seat ${m.from.seat}, goes to table ${m.to.table}, seat ${m.to.seat}, ` +
      'with their chips once their hand here is over.',
    messageFr:
      `Déplacement (${w.fr}, ${m.rule}) : ${name}, siège ${m.from.seat}, va à la table ${m.to.table}, siège ` +
      `${m.to.seat}, avec ses jetons dès que sa main ici est finie.`,
  };
}

/** to the table the player comes to */
export function arriveText(m: Move, name: string, stack: number): { message: string; messageFr: string } {
  const w = why(m);
  return {
    message:
      `Move (${w.en}, ${m.rule}): ${name} comes from table ${m.from.table} to seat ${m.to.seat} with ${stack} ` +
      'chips, and plays from the next hand in the position of that seat (blinds included).',
    messageFr:
      `Déplacement (${w.fr}, ${m.rule}) : ${name} arrive de la table ${m.from.table} au siège ${m.to.seat} avec ` +
      `${stack} jetons, et joue dès la main suivante à la position de ce siège (blindes comprises).`,
  };
}

/** a player out: their seat is freed */
export function outText(
  name: string,
  seat: number,
  place: number,
  prize: number,
): { message: string; messageFr: string } {
  return {
    message: `${name} (seat ${seat}) is out in place ${place}${prize > 0 ? `, prize ${prize}` : ''}: the seat is free.`,
    messageFr: `${name} (siège ${seat}) est éliminé à la ${place}e place${prize > 0 ? `, gain ${prize}` : ''} : le siège est libre.`,
  };
}

export function moveLine(m: Move, name: string): string {
  return `tournament: move (${m.reason}): ${name} ${m.from.table}-${m.from.seat} → ${m.to.table}-${m.to.seat} (${m.rule})`;
}
