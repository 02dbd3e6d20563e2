// The dealer's table alerts of a tournament's seating orders (roomTournament.ts), English and French, and the room's
// console lines. A table's number is its room id ("table 2" / "table 2").
import type { Move } from '../tournament/balancing.js';
import type { PenaltyKind } from '../tournament/penalties.js';

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

/** a penalty the floor gave, to the player's table (LOI 7, 33; tda 68, 71; seed 003 regulation 6) */
export function penaltyText(
  p: { kind: PenaltyKind; count?: number; reason: string; handsLeft?: number; rule: string },
  name: string,
  seat: number,
): { message: string; messageFr: string } {
  const n = p.count ?? 0;
  const what: Record<PenaltyKind, { en: string; fr: string }> = {
    warning: { en: 'a warning', fr: 'un avertissement' },
    hands: { en: `${n} hand${n > 1 ? 's' : ''} away`, fr: `${n} main${n > 1 ? 's' : ''} de pénalité` },
    rounds: {
      en: `${n} round${n > 1 ? 's' : ''} away (${p.handsLeft ?? 0} hands)`,
      fr: `${n} tour${n > 1 ? 's' : ''} de pénalité (${p.handsLeft ?? 0} mains)`,
    },
    minutes: { en: `${n} minutes away`, fr: `${n} minutes de pénalité` },
    levels: { en: `${n} level${n > 1 ? 's' : ''} away`, fr: `${n} niveau${n > 1 ? 'x' : ''} de pénalité` },
    deadHand: { en: 'the hand in play dead', fr: 'la main en cours morte' },
    elimination: { en: 'elimination', fr: 'élimination' },
    disqualification: { en: 'disqualification', fr: 'disqualification' },
  };
  const away = ['hands', 'rounds', 'minutes', 'levels'].includes(p.kind);
  return {
    message:
      `Penalty (${p.rule}): ${name}, seat ${seat}, ${what[p.kind].en} for ${p.reason}.` +
      (away ? ' From the end of this hand the seat is dealt in, its hand killed and its blinds posted.' : '') +
      (p.kind === 'deadHand' ? ' Kill the seat’s hand.' : ''),
    messageFr:
      `Pénalité (${p.rule}) : ${name}, siège ${seat}, ${what[p.kind].fr} pour : ${p.reason}.` +
      (away
        ? ' Dès la fin de cette main, le siège reçoit ses cartes, sa main est tuée et ses blindes prélevées.'
        : '') +
      (p.kind === 'deadHand' ? ' Tuez la main du siège.' : ''),
  };
}

/** LOI 32, club 8-10: a player seated where the blinds have passed waits for the button */
export function waitText(name: string, seat: number): { message: string; messageFr: string } {
  return {
    message: `${name}, seat ${seat}: the blinds have passed this seat; dealt no hand until the button has passed it (LOI 32).`,
    messageFr: `${name}, siège ${seat} : les blindes ont passé ce siège ; pas de cartes avant que le bouton l’ait passé (LOI 32).`,
  };
}
