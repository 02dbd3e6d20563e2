// Every alert the engine raises: its severity, the rule applied in each ruleset, and the message and remedy in
// English and French. Remedies are sentences a dealer can read aloud. Variants select the remedy the situation calls
// for (e.g. order known / unknown, flop / turn / river).
import { BETTING_ALERTS, isBettingAlertCode } from '../betting/bettingAlerts.js';
import type { AlertCode, AlertFacts, Ruleset, Severity } from '../types.js';

export type { AlertFacts };

type Text = (f: AlertFacts) => string;
interface Remedy {
  rule: Record<Ruleset, string>;
  en: Text;
  fr: Text;
  severity?: Severity;
}

export interface AlertDefinition {
  severity: Severity;
  message: { en: Text; fr: Text };
  /** remedy variants; `default` always exists */
  remedies: Record<string, Remedy>;
}

const cardsOf = (f: AlertFacts): string => (f.cards ?? []).join(' ');
const both = (r: string): Record<Ruleset, string> => ({ tda: r, club: r });
const seatEn = (f: AlertFacts): string => (f.seat ? `seat ${f.seat}` : 'a seat');
const seatFr = (f: AlertFacts): string => (f.seat ? `le siège ${f.seat}` : 'un siège');
/** "à" + the seat, with French's contraction (à le siège -> au siège) */
const auSiegeFr = (f: AlertFacts): string => (f.seat ? `au siège ${f.seat}` : 'à un siège');
/** "de" + the seat (de le siège -> du siège) */
const duSiegeFr = (f: AlertFacts): string => (f.seat ? `du siège ${f.seat}` : "d'un siège");
const phaseFr: Record<string, string> = {
  waiting: 'avant la donne',
  dealing: 'pendant la donne',
  betting: 'pendant les enchères',
  board: 'pendant le tableau',
  showdown: "pendant l'abattage",
  complete: 'coup terminé',
  stopped: "arrêté pour l'arbitre",
  misdeal: 'fausse donne',
};
/** The English details the engine, the table layer and the links write, in French (never English in a French text). */
const DETAILS_FR: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^last aggressor on the river$/, () => 'dernier à avoir misé ou relancé à la river'],
  [/^first live seat left of the button$/, () => 'premier siège en jeu à gauche du bouton'],
  [/^first card, expected seat (\d+)$/, (m) => `première carte, siège attendu : ${m[1]}`],
  [/^expected seat (\d+)$/, (m) => `siège attendu : ${m[1]}`],
  [/^declared by the dealer$/, () => 'annoncée par le donneur'],
  [/^card dealt to empty seat (\d+)$/, (m) => `carte distribuée au siège vide ${m[1]}`],
  [/^first card dealt to the wrong seat$/, () => 'première carte distribuée au mauvais siège'],
  [/^deal out of order$/, () => "donne hors de l'ordre"],
  [/^seat (\d+) holds (\d+) cards$/, (m) => `le siège ${m[1]} a ${m[2]} cartes`],
  [/^seat (\d+) was dealt no cards$/, (m) => `le siège ${m[1]} n'a reçu aucune carte`],
  [/^zone holds (\d+), the rules commit (\d+)$/, (m) => `la zone contient ${m[1]}, les règles engagent ${m[2]}`],
  [/^port closed$/, () => 'port fermé'],
  [/^no heartbeat$/, () => 'plus de battement de cœur'],
  [/^write on a closed port$/, () => 'écriture sur un port fermé'],
  [/^port error: (.*)$/, () => 'erreur du port'],
  [/^write error: (.*)$/, () => "erreur d'écriture"],
  [/^cannot open (\S+): .*$/, (m) => `impossible d'ouvrir ${m[1]}`],
  [/^(\w+)$/, (m) => phaseFr[m[1] ?? ''] ?? ''],
];
/** The detail in French, or nothing when it has no French reading (the French text then goes without it). */
const detailFr = (detail: string | undefined): string => {
  if (!detail) return '';
  for (const [re, fr] of DETAILS_FR) {
    const m = detail.match(re);
    if (m) return fr(m);
  }
  return '';
};
const inParensFr = (detail: string | undefined): string => {
  const d = detailFr(detail);
  return d ? ` (${d})` : '';
};
const streetFr: Record<string, string> = { flop: 'le flop', turn: 'la turn', river: 'la river', preflop: 'le préflop' };
const sfr = (f: AlertFacts): string => streetFr[f.street ?? ''] ?? f.street ?? '';

/** the floor's own words, quoted (a free text: shown as the floor gave it, in both languages) */
const quoted = (d: string | undefined): string => (d ? `: “${d}”` : '');
const quotedFr = (d: string | undefined): string => (d ? ` : « ${d} »` : '');
const potEn = (f: AlertFacts): string => (f.detail === '0' || !f.detail ? 'the main pot' : `side pot ${f.detail}`);
const potFr = (f: AlertFacts): string =>
  f.detail === '0' || !f.detail ? 'le pot principal' : `le pot annexe ${f.detail}`;
const seatsEn = (seats: number[] | undefined): string =>
  !seats || seats.length === 0
    ? 'no seat'
    : seats.length === 1
      ? `seat ${seats[0]}`
      : `seats ${seats.join(', ')}, split`;
const seatsFr = (seats: number[] | undefined): string =>
  !seats || seats.length === 0
    ? 'à aucun siège'
    : seats.length === 1
      ? `au siège ${seats[0]}`
      : `aux sièges ${seats.join(', ')}, partagé`;

/** The misdeal remedy (tda 35: an exact replay with the same button and blinds). */
const redeal = (rule: Record<Ruleset, string>, severity?: Severity): Remedy => ({
  rule,
  ...(severity ? { severity } : {}),
  en: () => 'Misdeal: gather all the cards, reshuffle and deal again with the same button and blinds.',
  fr: () =>
    'Fausse donne : ramassez toutes les cartes, remélangez et redistribuez avec le même bouton et les mêmes blinds.',
});

export const ALERTS: Partial<Record<AlertCode, AlertDefinition>> = {
  DEAL_WRONG_SEAT: {
    severity: 'stop',
    message: {
      en: (f) => `Card dealt out of order to ${seatEn(f)}${f.detail ? ` (${f.detail})` : ''}`,
      fr: (f) => `Carte distribuée hors de l'ordre ${auSiegeFr(f)}${inParensFr(f.detail)}`,
    },
    remedies: {
      default: redeal(both('tda 35')),
      later: {
        rule: { tda: 'tda 35', club: 'club 2-17' },
        severity: 'warn',
        // a warning: the deal goes on (a stop would hold it for the floor); the counts are judged when it ends
        en: () =>
          'Finish the deal in order from here; the cards stay where they lie. It becomes a misdeal only if a seat entitled to cards gets none or a seat not entitled gets some.',
        fr: () =>
          "Terminez la donne dans l'ordre à partir d'ici ; les cartes restent où elles sont. Il n'y a fausse donne que si un siège qui doit recevoir des cartes n'en reçoit pas, ou si un siège qui ne le doit pas en reçoit.",
      },
      laterClub: redeal(both('club 2-17')),
    },
  },
  DEAL_NOT_ENTITLED: {
    severity: 'stop',
    message: {
      en: (f) => `Card dealt to ${seatEn(f)}, which is not in the hand`,
      fr: (f) => `Carte distribuée ${auSiegeFr(f)}, qui n'est pas dans le coup`,
    },
    remedies: {
      default: redeal({ tda: 'tda 35', club: 'club 2-17' }),
    },
  },
  DEAL_MISSED_SEAT: {
    severity: 'stop',
    message: { en: (f) => `${seatEn(f)} was dealt no cards`, fr: (f) => `${seatFr(f)} n'a reçu aucune carte` },
    remedies: {
      default: redeal({ tda: 'tda 35', club: 'club 2-17' }),
      // tda 35, LOI 8, club 2-18: an absent player is dealt in, then the hand is killed; a deal skipping it is a misdeal
      absent: {
        rule: { tda: 'tda 35', club: 'club 2-18' },
        en: () =>
          'Misdeal: an absent player is dealt in like everyone else, then the hand is killed. Gather all the cards, reshuffle and deal again with the same button and blinds, dealing the absent seat.',
        fr: () =>
          'Fausse donne : un joueur absent reçoit ses cartes comme les autres, puis sa main est annulée. Ramassez toutes les cartes, remélangez et redistribuez avec le même bouton et les mêmes blinds, en servant le siège absent.',
      },
    },
  },
  DEAL_CARD_COUNT: {
    severity: 'stop',
    message: {
      en: (f) => `${seatEn(f)} holds ${f.amount} cards instead of two`,
      fr: (f) => `${seatFr(f)} a ${f.amount} cartes au lieu de deux`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 35', club: 'club 2-17' },
        en: () => 'Misdeal before substantial action: gather all the cards, reshuffle and deal again.',
        fr: () => "Fausse donne avant l'action substantielle : ramassez toutes les cartes, remélangez et redistribuez.",
      },
      smallBlindExtra: {
        rule: both('club 2-17'),
        severity: 'warn',
        en: () => "Take the small blind's extra card back: it becomes the first burn. Play goes on.",
        fr: () => 'Reprenez la carte en trop de la petite blind : elle devient la première brûlée. Le jeu continue.',
      },
      deadHand: {
        rule: { tda: 'tda 38', club: 'club 2-20' },
        severity: 'warn',
        en: () => 'Substantial action has occurred: this hand is dead; play goes on and burns are made normally.',
        fr: () =>
          'Il y a eu action substantielle : cette main est morte ; le jeu continue, les brûlées se font normalement.',
      },
      deadCardMixed: {
        rule: both('club 2-16'),
        severity: 'warn',
        en: () => 'A dead card was mixed into this hand: the hand is dead; the other players play on.',
        fr: () =>
          'Une carte morte a été mêlée à cette main : la main est morte ; les autres joueurs continuent le coup.',
      },
      buttonShort: {
        rule: both('tda 37'),
        severity: 'warn',
        en: () => 'The button has not acted: give it the next card from the deck; play goes on.',
        fr: () => "Le bouton n'a pas encore parlé : donnez-lui la carte suivante du paquet ; le jeu continue.",
      },
    },
  },
  CARD_EXPOSED: {
    severity: 'warn',
    message: {
      en: (f) => `Card exposed at ${seatEn(f)}: ${cardsOf(f)}`,
      fr: (f) => `Carte exposée chez ${seatFr(f)} : ${cardsOf(f)}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 68', club: 'club 6-1' },
        en: () => 'The hand stays live; show the card to every player. The floor may rule a penalty.',
        fr: () => "La main reste vivante ; montrez la carte à tous les joueurs. L'arbitre peut décider d'une pénalité.",
      },
      replaceDuringDeal: {
        rule: { tda: 'tda 35', club: 'club 2-4' },
        en: () =>
          'Finish the deal; the exposed card becomes the first burn and the player gets the card that would have been burned.',
        fr: () =>
          'Terminez la donne ; la carte exposée devient la première brûlée et le joueur reçoit la carte qui aurait été brûlée.',
      },
      selfDealer: {
        rule: both('club 2-4'),
        en: () => "The dealer's own exposed card stays in the hand: show it to every player and go on.",
        fr: () => 'La carte exposée du donneur reste dans sa main : montrez-la à tous et continuez.',
      },
      misdeal: redeal({ tda: 'tda 35', club: 'club 2-17' }, 'stop'),
    },
  },
  MISDEAL: {
    severity: 'stop',
    message: {
      en: (f) => `Misdeal: ${f.detail ?? 'declared'}`,
      fr: (f) => `Fausse donne : ${detailFr(f.detail) || 'déclarée'}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 35', club: 'club 2-17' },
        en: () => 'Gather all the cards, shuffle and redeal: same button, same blinds, no new player.',
        fr: () =>
          'Ramassez toutes les cartes, mélangez et redistribuez : même bouton, mêmes blinds, aucun nouveau joueur.',
      },
    },
  },
  BURN_MISSED: {
    severity: 'warn',
    message: {
      en: (f) => `No burn before the ${f.street}: ${cardsOf(f)}`,
      fr: (f) => `Pas de carte brûlée avant ${sfr(f)} : ${cardsOf(f)}`,
    },
    remedies: {
      flop: {
        rule: both('club 2-5'),
        en: (f) => `Move ${cardsOf(f)} to the burn: it is the burn. The next card completes the flop.`,
        fr: (f) => `Placez ${cardsOf(f)} à la brûlée : c'est la carte brûlée. La carte suivante complète le flop.`,
      },
      flopUnknown: {
        rule: both('club 2-5'),
        en: () => 'Scramble the flop cards into the stub, shuffle, burn a card and deal a new flop.',
        fr: () => 'Remettez les cartes du flop dans le talon, mélangez, brûlez une carte et sortez un nouveau flop.',
      },
      later: {
        rule: both('club 2-8'),
        en: (f) => `Move ${cardsOf(f)} to the burn: it is the burn. The next card is the ${f.street}.`,
        fr: (f) => `Placez ${cardsOf(f)} à la brûlée : c'est la carte brûlée. La carte suivante est ${sfr(f)}.`,
      },
      default: {
        rule: both('club 2-5'),
        en: (f) => `Move ${cardsOf(f)} to the burn and deal the next card.`,
        fr: (f) => `Placez ${cardsOf(f)} à la brûlée et sortez la carte suivante.`,
      },
    },
  },
  BURN_EXTRA: {
    // the second burn lies face down: no text names it (only where it lies: the second card of the burn)
    severity: 'warn',
    message: {
      en: (f) => `Two burns before the ${f.street ?? 'flop'}`,
      fr: (f) => `Deux cartes brûlées avant ${f.street ? sfr(f) : 'le flop'}`,
    },
    remedies: {
      later: {
        // club 2-6 read for a later street (the seeds name only the flop): the second burn is the street's card
        rule: both('club 2-6'),
        en: (f) =>
          `Turn the second burn card over as the ${f.street}: it is the card the ${f.street} would have been. Burn and deal the next street as usual.`,
        fr: (f) =>
          `Retournez la deuxième carte brûlée comme ${sfr(f)} : c'est la carte qu'aurait été ${sfr(f)}. Brûlez et sortez la rue suivante normalement.`,
      },
      default: {
        rule: both('club 2-6'),
        en: () =>
          "Turn the second burn card over as the first flop card; the next card that would have been the flop's third is the turn's burn, and the turn comes without a new burn.",
        fr: () =>
          'Retournez la deuxième carte brûlée comme première carte du flop ; la carte qui aurait été la troisième du flop devient la brûlée de la turn, qui sort sans nouvelle brûlée.',
      },
      unknown: {
        rule: both('club 2-6'),
        en: () => 'Scramble the flop and one burn card into the stub, shuffle and deal the flop again without a burn.',
        fr: () => 'Remettez le flop et une carte brûlée dans le talon, mélangez et ressortez le flop sans brûler.',
      },
    },
  },
  FLOP_FOUR_CARDS: {
    severity: 'stop',
    message: { en: (f) => `Four cards on the flop: ${cardsOf(f)}`, fr: (f) => `Quatre cartes au flop : ${cardsOf(f)}` },
    remedies: {
      tda: {
        rule: both('tda 39'),
        en: () =>
          'Call the floor. Scramble the four cards face down; the floor picks one at random as the next burn; the other three are the flop.',
        fr: () =>
          "Appelez l'arbitre. Mélangez les quatre cartes face cachée ; l'arbitre en tire une au hasard comme prochaine brûlée ; les trois autres forment le flop.",
      },
      club: {
        rule: both('club 2-7'),
        en: (f) => `Burn the fourth card (${f.burnCard ?? ''}); the turn then comes without a further burn.`,
        fr: (f) => `Brûlez la quatrième carte (${f.burnCard ?? ''}) ; la turn sortira ensuite sans nouvelle brûlée.`,
      },
      clubUnknown: {
        rule: both('club 2-7'),
        en: () => 'Scramble the four cards into the stub, shuffle and deal the flop again without a burn.',
        fr: () => 'Remettez les quatre cartes dans le talon, mélangez et ressortez le flop sans brûler.',
      },
      wrongCard: {
        rule: both('club 2-7'),
        en: (f) => `The wrong card was burned: ${f.burnCard ?? ''} must be burned, the other three are the flop.`,
        fr: (f) => `Mauvaise carte brûlée : ${f.burnCard ?? ''} doit être brûlée, les trois autres forment le flop.`,
      },
    },
  },
  BOARD_PREMATURE: {
    severity: 'stop',
    message: {
      en: (f) => `The ${f.street} came before the betting was complete: ${cardsOf(f)}`,
      fr: (f) => `${sfr(f)} est sorti avant la fin des enchères : ${cardsOf(f)}`,
    },
    remedies: {
      flop: {
        rule: { tda: 'tda 74', club: 'club 2-10' },
        en: () =>
          'Set the flop aside and finish the betting. The burn stays; the flop goes back into the stub, which is shuffled; a new flop comes without a burn.',
        fr: () =>
          'Mettez le flop de côté et terminez les enchères. La brûlée reste ; le flop retourne dans le talon, que l’on mélange ; un nouveau flop sort sans brûler.',
      },
      turn: {
        rule: both('tda 74'),
        en: () =>
          'Set the turn aside and finish the betting. The turn goes back into the stub, which is shuffled; a new turn comes without a burn.',
        fr: () =>
          'Mettez la turn de côté et terminez les enchères. La turn retourne dans le talon, que l’on mélange ; une nouvelle turn sort sans brûler.',
      },
      turnClub: {
        rule: both('club 2-11'),
        en: () =>
          'Set the turn aside and finish the betting. Then burn, deal the next card as the turn, shuffle the set-aside card back into the stub and deal the river without a burn.',
        fr: () =>
          'Mettez la turn de côté et terminez les enchères. Puis brûlez, sortez la carte suivante comme turn, remélangez la carte mise de côté dans le talon et sortez la river sans brûler.',
      },
      river: {
        rule: { tda: 'tda 74', club: 'club 2-12' },
        en: () =>
          'Set the river aside and finish the betting. The river goes back into the stub, which is shuffled; a new river comes without a burn.',
        fr: () =>
          'Mettez la river de côté et terminez les enchères. La river retourne dans le talon, que l’on mélange ; une nouvelle river sort sans brûler.',
      },
      stillThere: {
        rule: { tda: 'tda 74', club: 'club 2-13' },
        en: () => 'The premature card must be taken off the board before the next street is dealt.',
        fr: () => 'La carte sortie trop tôt doit être retirée du tableau avant de sortir la rue suivante.',
      },
    },
  },
  BOARD_TOO_MANY: {
    severity: 'warn',
    message: {
      en: (f) => `Board card not allowed now: ${cardsOf(f)}`,
      fr: (f) => `Carte de tableau non permise maintenant : ${cardsOf(f)}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 39', club: 'club 2-13' },
        en: (f) => `Take ${cardsOf(f)} off the board and set it aside; it is not part of the hand.`,
        fr: (f) => `Retirez ${cardsOf(f)} du tableau et mettez-la de côté ; elle ne fait pas partie du coup.`,
      },
      // the hand is over (everyone folded): the cards that would have come are not shown (LOI 22, no rabbit hunting)
      handOver: {
        rule: both('LOI 22'),
        en: (f) =>
          `The hand is over: the cards that would have come are not dealt. Take ${cardsOf(f)} off the board to the muck; it is not part of the hand.`,
        fr: (f) =>
          `Le coup est terminé : les cartes qui seraient tombées ne sont pas distribuées. Retirez ${cardsOf(f)} du tableau vers le rebut ; elle ne fait pas partie du coup.`,
      },
    },
  },
  CARD_UNKNOWN: {
    severity: 'stop',
    message: {
      en: (f) =>
        f.uid === undefined
          ? `Unknown card read: ${cardsOf(f)}`
          : `Unknown card in ${f.zone ?? '?'}: ${f.deck ? `a card of deck "${f.deck}", not the deck in play` : 'a tag that is not an enrolled card'} (tag ${f.uid})`,
      fr: (f) =>
        f.uid === undefined
          ? `Carte inconnue lue : ${cardsOf(f)}`
          : `Carte inconnue en ${f.zone ?? '?'} : ${f.deck ? `une carte du jeu « ${f.deck} », pas du jeu en cours` : 'une puce qui n’est pas une carte enregistrée'} (puce ${f.uid})`,
    },
    remedies: {
      tag: {
        rule: both('tda 35'),
        en: () =>
          'Stop the deal and call the floor: the deck is defective, the hand is void and all chips go back. Check the deck before the next hand.',
        fr: () =>
          'Arrêtez la donne et appelez l’arbitre : le jeu est défectueux, le coup est annulé et tous les jetons sont rendus. Vérifiez le jeu avant le coup suivant.',
      },
      default: {
        rule: { tda: 'tda 35', club: 'club 2-16' },
        en: () => 'Defective deck: stop the hand, return all chips to the players and change the deck.',
        fr: () => 'Jeu défectueux : arrêtez le coup, rendez tous les jetons aux joueurs et changez de jeu.',
      },
    },
  },
  CARD_DUPLICATE: {
    severity: 'stop',
    message: {
      en: (f) => `The same card is in two places: ${cardsOf(f)}`,
      fr: (f) => `La même carte est à deux endroits : ${cardsOf(f)}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 35', club: 'club 2-16' },
        en: () => 'Defective deck: stop the hand, return all chips to the players and change the deck.',
        fr: () => 'Jeu défectueux : arrêtez le coup, rendez tous les jetons aux joueurs et changez de jeu.',
      },
    },
  },
  BLIND_INCORRECT: {
    severity: 'warn',
    message: {
      en: (f) => `Blind or ante incorrect at ${seatEn(f)}: ${f.detail}`,
      fr: (f) => `Blind ou ante incorrecte ${auSiegeFr(f)}${inParensFr(f.detail)}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 72', club: 'club 8-6' },
        en: (f) => `Correct the zone to ${f.amount}: the rules commit exactly that amount.`,
        fr: (f) => `Corrigez la zone à ${f.amount} : les règles engagent exactement ce montant.`,
      },
    },
  },
  TABLE_ALL_HANDS: {
    severity: 'info',
    message: {
      en: () => 'All-in: no further betting is possible',
      fr: () => "Tapis : plus aucune enchère n'est possible",
    },
    remedies: {
      default: {
        rule: { tda: 'tda 16', club: 'LOI 9' },
        en: () => 'Turn every hand still in face up, then deal the rest of the board.',
        fr: () => 'Retournez toutes les mains encore en jeu, puis sortez le reste du tableau.',
      },
    },
  },
  SHOWDOWN_ORDER: {
    severity: 'info',
    message: {
      en: (f) => `Showdown: ${seatEn(f)} shows first`,
      fr: (f) => `Abattage : ${seatFr(f)} montre en premier`,
    },
    remedies: {
      default: {
        rule: both('seed 003'),
        en: (f) => `Ask ${seatEn(f)} to show first${f.detail ? ` (${f.detail})` : ''}; the others follow clockwise.`,
        fr: (f) =>
          `Demandez ${auSiegeFr(f)} de montrer en premier${inParensFr(f.detail)} ; les autres suivent dans le sens horaire.`,
      },
    },
  },
  TABLED_HAND_MUCKED: {
    severity: 'warn',
    message: {
      en: (f) => `The tabled hand of ${seatEn(f)} (${cardsOf(f)}) went to the muck`,
      fr: (f) => `La main abattue ${duSiegeFr(f)} (${cardsOf(f)}) est allée au rebut`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 65B', club: 'LOI 29' },
        en: (f) =>
          `A tabled hand cannot be killed: take ${cardsOf(f)} back out of the muck, face up; the hand is read as tabled and keeps its share of the pot.`,
        fr: (f) =>
          `Une main abattue ne peut pas être tuée : ressortez ${cardsOf(f)} du rebut, face visible ; la main est lue comme abattue et garde sa part du pot.`,
      },
    },
  },
  CHIPS_OUT_OF_ROUND: {
    severity: 'warn',
    message: {
      en: (f) =>
        f.variant === 'change'
          ? `${seatEn(f)} paid its declared ${f.to ?? 0} with ${f.amount ?? 0} too much: change`
          : f.variant === 'surplus'
            ? `${seatEn(f)} put ${f.amount ?? 0} more in its betting zone than its action of ${f.to ?? 0} holds`
            : `${seatEn(f)} put ${f.amount ?? 0} in its betting zone when no betting round is open`,
      fr: (f) =>
        f.variant === 'change'
          ? `${seatFr(f)} a payé son annonce de ${f.to ?? 0} avec ${f.amount ?? 0} de trop : de la monnaie`
          : f.variant === 'surplus'
            ? `${seatFr(f)} a mis ${f.amount ?? 0} de plus dans sa zone de mise que son action de ${f.to ?? 0}`
            : `${seatFr(f)} a mis ${f.amount ?? 0} dans sa zone de mise alors qu'aucun tour d'enchères n'est ouvert`,
    },
    remedies: {
      default: {
        rule: both('tda 53'),
        en: (f) => `These chips are not in the pot: give the ${f.amount ?? 0} back to the player.`,
        fr: (f) => `Ces jetons ne sont pas dans le pot : rendez les ${f.amount ?? 0} au joueur.`,
      },
      // chips paying a declared action, more than it holds: plain change (LOI 36: after "call" said, the extra chips
      // come back; tda 40A: the first action stands)
      change: {
        rule: both('LOI 36'),
        severity: 'info',
        en: (f) => `The declared ${f.to ?? 0} stands: give the ${f.amount ?? 0} back to the player as change.`,
        fr: (f) => `L'annonce de ${f.to ?? 0} reste valable : rendez les ${f.amount ?? 0} au joueur comme monnaie.`,
      },
    },
  },
  // raised by the session: a shuffle while the hand was unfinished
  HAND_VOID: {
    severity: 'warn',
    message: {
      en: (f) => `Shuffle pressed before hand ${f.amount ?? '?'} was over (${f.detail ?? 'in play'}): the hand is void`,
      fr: (f) =>
        `Mélange demandé avant la fin du coup ${f.amount ?? '?'} (${detailFr(f.detail) || 'en cours'}) : le coup est annulé`,
    },
    remedies: {
      default: {
        rule: both('tda 35'),
        en: () =>
          'Every chip goes back to the stacks as they were at its shuffle; deal the next hand with the same button and blinds. Floor: check the stacks and rule if the hand should have stood.',
        fr: () =>
          "Tous les jetons reviennent aux tapis tels qu'ils étaient au mélange ; distribuez le coup suivant avec le même bouton et les mêmes blinds. Arbitre : vérifiez les tapis et tranchez si le coup devait être maintenu.",
      },
    },
  },
  // raised by the session: a hand ended and fewer than two seats have chips (facts.seat, facts.amount: the last one)
  TABLE_FINISHED: {
    severity: 'warn',
    message: {
      en: (f) =>
        f.seat
          ? `Table finished after hand ${f.detail ?? '?'}: only seat ${f.seat} has chips (${f.amount ?? 0}); no next hand is dealt`
          : `Table finished after hand ${f.detail ?? '?'}: no seat has chips; no next hand is dealt`,
      fr: (f) =>
        f.seat
          ? `Table terminée après le coup ${f.detail ?? '?'} : seul le siège ${f.seat} a des jetons (${f.amount ?? 0}) ; aucun coup suivant n'est distribué`
          : `Table terminée après le coup ${f.detail ?? '?'} : aucun siège n'a de jetons ; aucun coup suivant n'est distribué`,
    },
    remedies: {
      default: {
        rule: both('table'),
        en: () =>
          'Do not deal: a hand needs two players with chips. The next hand is dealt once a second player sits down with chips (floor: seat the player).',
        fr: () =>
          "Ne distribuez pas : un coup demande deux joueurs avec des jetons. Le coup suivant sera distribué quand un second joueur s'assoira avec des jetons (arbitre : placez le joueur).",
      },
      tournament: {
        rule: both('table'),
        severity: 'info',
        en: (f) =>
          f.seat
            ? `Tournament over at this table: seat ${f.seat} has every chip. Do not deal; a busted player does not come back.`
            : 'Tournament over at this table. Do not deal; a busted player does not come back.',
        fr: (f) =>
          f.seat
            ? `Tournoi terminé à cette table : le siège ${f.seat} a tous les jetons. Ne distribuez pas ; un joueur éliminé ne revient pas.`
            : 'Tournoi terminé à cette table. Ne distribuez pas ; un joueur éliminé ne revient pas.',
      },
    },
  },
  // raised by the session after a restart (src/service/resume.ts). info: what was read at resume, one entry per
  // action in `detail` ("seat 2 calls 100; seat 3 raises to 300; seat 4 folds"); warn: a betting zone no in-turn
  // reading explains (variant `gone`: chips gone from it; `changed`: chips the engine could not read), `detail`
  // "log N" (what the log left there), `amount` what lies there now
  RESUME_CHIPS_CHANGED: {
    severity: 'info',
    message: {
      en: (f) =>
        f.variant === 'gone' || f.variant === 'changed'
          ? `After the restart, seat ${f.seat ?? '?'}'s betting zone holds ${f.amount ?? 0}; the ${logLeft(f)}: ${f.variant === 'gone' ? 'chips gone' : 'changed'} while the service was down`
          : `After the restart, read at resume in betting order (taken while the service was down): ${readEn(f.detail)}`,
      fr: (f) =>
        f.variant === 'gone' || f.variant === 'changed'
          ? `Après le redémarrage, la zone de mise ${duSiegeFr(f)} contient ${f.amount ?? 0} ; le ${logLeftFr(f)} : ${f.variant === 'gone' ? 'des jetons ont disparu' : 'modifiée'} pendant l'arrêt du service`
          : `Après le redémarrage, lu à la reprise dans l'ordre des enchères (pendant l'arrêt du service) : ${readFr(f.detail)}`,
    },
    remedies: {
      default: {
        rule: both('tda 53'),
        en: () =>
          'Each zone was read as the action it was in its turn. Nothing to do if that is what the players did; if not, tell the floor (play goes on).',
        fr: () =>
          "Chaque zone a été lue comme l'action faite à son tour. Rien à faire si c'est ce que les joueurs ont fait ; sinon, prévenez l'arbitre (le jeu continue).",
      },
      gone: {
        rule: both('tda 1'),
        severity: 'warn',
        en: () =>
          'The zone is read as it lies now: ask where the chips went (collected, taken back) and let the floor rule on the bet.',
        fr: () =>
          "La zone est lue telle qu'elle est : demandez où sont allés les jetons (ramassés, repris) et laissez l'arbitre trancher sur la mise.",
      },
      changed: {
        rule: both('tda 1'),
        severity: 'warn',
        en: () =>
          'The zone is read as it lies now; check it matches what the player did; if not, tell the floor (play goes on).',
        fr: () =>
          "La zone est lue telle qu'elle est ; vérifiez qu'elle correspond à ce que le joueur a fait ; sinon, prévenez l'arbitre (le jeu continue).",
      },
    },
  },
  // raised by the session when the dealer taps "Call the floor" (facts.seat: the seat, if any; facts.variant: the
  // reason the dealer picked, one of FLOOR_REASONS)
  FLOOR_CALLED: {
    severity: 'stop',
    message: {
      en: (f) => `The dealer calls the floor${f.seat ? ` to seat ${f.seat}` : ''}: ${floorReason(f)[0]}`,
      fr: (f) => `Le donneur appelle l'arbitre${f.seat ? ` ${auSiegeFr(f)}` : ''} : ${floorReason(f)[1]}`,
    },
    remedies: {
      default: {
        rule: { tda: 'LOI 1', club: 'table' },
        en: () => 'Hold the hand until the floor comes to the table and rules; the floor records the decision here.',
        fr: () =>
          "Arrêtez le coup jusqu'à ce que l'arbitre vienne à la table et tranche ; l'arbitre consigne sa décision ici.",
      },
    },
  },
  // the floor's own rulings, recorded for the floor's history: a misdeal (raised by the session, which redeals), the
  // hand voided and a pot awarded (raised by the engine). `detail`: the floor's reason in its own words (misdeal,
  // void), quoted as given in both languages; the pot's index (award)
  FLOOR_RULING: {
    severity: 'info',
    message: {
      en: (f) =>
        f.variant === 'award'
          ? `The floor awards ${potEn(f)} (${f.amount ?? 0}) to ${seatsEn(f.seats)}`
          : f.variant === 'void'
            ? `The floor voids the hand${quoted(f.detail)}`
            : `The floor declares a misdeal${quoted(f.detail)}`,
      fr: (f) =>
        f.variant === 'award'
          ? `L'arbitre attribue ${potFr(f)} (${f.amount ?? 0}) ${seatsFr(f.seats)}`
          : f.variant === 'void'
            ? `L'arbitre annule le coup${quotedFr(f.detail)}`
            : `L'arbitre déclare une fausse donne${quotedFr(f.detail)}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 35', club: 'club 2-17' },
        en: () =>
          'Gather all the cards; every chip goes back to the stacks as they were at the shuffle. Redeal the same hand: same button, same blinds, no new player (an exact replay).',
        fr: () =>
          "Ramassez toutes les cartes ; tous les jetons reviennent aux tapis tels qu'ils étaient au mélange. Redistribuez le même coup : même bouton, mêmes blinds, aucun nouveau joueur (une relecture exacte).",
      },
      void: {
        rule: { tda: 'LOI 1', club: 'table' },
        en: () =>
          'Every chip goes back to the stacks as they were at the shuffle, blinds and ante included; nothing is awarded. The next hand is dealt as usual.',
        fr: () =>
          "Tous les jetons reviennent aux tapis tels qu'ils étaient au mélange, blinds et ante compris ; rien n'est attribué. Le coup suivant est distribué comme d'habitude.",
      },
      award: {
        rule: { tda: 'LOI 1', club: 'table' },
        en: (f) =>
          (f.seats?.length ?? 0) > 1
            ? 'Split the pot between these seats, the odd chips clockwise from the button (LOI 3).'
            : 'Push the pot to this seat.',
        fr: (f) =>
          (f.seats?.length ?? 0) > 1
            ? 'Partagez le pot entre ces sièges, les jetons indivisibles dans le sens des aiguilles à partir du bouton (LOI 3).'
            : 'Poussez le pot vers ce siège.',
      },
    },
  },
  // raised by the table layer (src/table/alerts.ts), rendered here like the engine's own
  CHIP_UNKNOWN: {
    severity: 'warn',
    message: {
      en: (f) => `A tag that is not an enrolled chip in ${f.zone ?? 'a betting zone'} (tag ${f.uid ?? '?'})`,
      fr: (f) => `Une puce qui n’est pas un jeton enregistré en ${f.zone ?? 'zone de mise'} (puce ${f.uid ?? '?'})`,
    },
    remedies: {
      default: {
        rule: both('reader'),
        en: () =>
          'It is not counted in the bet: take it out of the zone and give it to the floor; the deck is not in question and play goes on.',
        fr: () =>
          'Elle n’est pas comptée dans la mise : retirez-la de la zone et remettez-la à l’arbitre ; le jeu de cartes n’est pas en cause et le jeu continue.',
      },
    },
  },
  CARD_CROSSTALK: {
    severity: 'warn',
    message: {
      en: (f) =>
        `${itemEn(f)} read on two antennas at once (${(f.zone ?? '').split(',').join(' and ')}): a reader fault, not a player's`,
      fr: (f) =>
        `${itemFr(f)} lu(e) par deux antennes à la fois (${(f.zone ?? '').split(',').join(' et ')}) : un défaut du lecteur, pas une faute du joueur`,
    },
    remedies: {
      default: {
        rule: both('reader'),
        en: (f) =>
          `Move the item fully inside one zone; if it persists, call maintenance (antennas ${f.detail ?? ''}). Play goes on from the dealer's view of the table.`,
        fr: (f) =>
          `Placez l’objet entièrement dans une seule zone ; si cela persiste, appelez la maintenance (antennes ${f.detail ?? ''}). Le jeu continue selon ce que voit le croupier.`,
      },
    },
  },
  READER_FAULT: {
    severity: 'warn',
    message: {
      en: (f) => `Reader fault on ${whereEn(f)}: ${faultOf(f)[0]}`,
      fr: (f) => `Défaut de lecture sur ${whereFr(f)} : ${faultOf(f)[1]}`,
    },
    remedies: {
      default: {
        rule: both('reader'),
        en: () =>
          'Keep dealing and confirm what this zone holds by eye; tell the floor. If it repeats, call maintenance.',
        fr: () =>
          'Continuez à donner et vérifiez à l’œil le contenu de cette zone ; prévenez l’arbitre. Si cela se répète, appelez la maintenance.',
      },
    },
  },
  LINK_LOST: {
    severity: 'stop',
    message: {
      en: (f) => `Connection to the reader bridge lost${f.detail ? ` (${f.detail})` : ''}: the table is not being read`,
      fr: (f) => `Connexion au pont lecteur perdue${inParensFr(f.detail)} : la table n’est plus lue`,
    },
    remedies: {
      default: {
        rule: both('reader'),
        en: () =>
          'Hold the deal; check the bridge’s USB cable. Reconnection is automatic; the table is re-read when it comes back.',
        fr: () =>
          'Suspendez la donne ; vérifiez le câble USB du pont. La reconnexion est automatique ; la table est relue à son retour.',
      },
    },
  },
  LINK_RESTORED: {
    severity: 'info',
    message: {
      en: () => 'Connection to the reader bridge restored; the table was re-read',
      fr: () => 'Connexion au pont lecteur rétablie ; la table a été relue',
    },
    remedies: {
      default: {
        rule: both('reader'),
        en: () => 'Check that the screen matches the table, then resume the deal.',
        fr: () => 'Vérifiez que l’écran correspond à la table, puis reprenez la donne.',
      },
    },
  },
};

/** "log 100" -> "log left 100 there" */
const logLeft = (f: AlertFacts): string => `log left ${/^log (\d+)$/.exec(f.detail ?? '')?.[1] ?? '?'} there`;
const logLeftFr = (f: AlertFacts): string => `journal y laissait ${/^log (\d+)$/.exec(f.detail ?? '')?.[1] ?? '?'}`;
/** one action read at resume, as resume.ts writes it: "seat 2 calls 100", "seat 3 raises to 300", "seat 4 folds" */
const READ_ENTRY = /^seat (\d+) (checks|calls|bets|raises to|folds|is all-in for)(?: (\d+))?$/;
const readEn = (detail: string | undefined): string => detail || 'nothing';
const readFr = (detail: string | undefined): string => {
  if (!detail) return 'rien';
  const fr: Record<string, (n: string) => string> = {
    checks: () => 'parole',
    calls: (n) => `suit ${n}`,
    bets: (n) => `mise ${n}`,
    'raises to': (n) => `relance à ${n}`,
    folds: () => 'se couche',
    'is all-in for': (n) => `fait tapis pour ${n}`,
  };
  return detail
    .split('; ')
    .map((e) => {
      const m = READ_ENTRY.exec(e);
      return m ? `le siège ${m[1]} ${fr[m[2]]?.(m[3] ?? '') ?? ''}`.trimEnd() : '';
    })
    .filter(Boolean)
    .join(' ; ');
};
const itemEn = (f: AlertFacts): string =>
  f.cards?.length ? `Card ${cardsOf(f)}` : f.chips?.length ? `A ${f.chips[0]} chip` : 'A tag';
const itemFr = (f: AlertFacts): string =>
  f.cards?.length ? `La carte ${cardsOf(f)}` : f.chips?.length ? `Un jeton de ${f.chips[0]}` : 'Une puce';
const FAULTS: Record<string, [string, string]> = {
  ANT_TIMEOUT: ['the antenna does not answer', 'l’antenne ne répond pas'],
  ANT_SHORT: ['the antenna is short-circuited', 'l’antenne est en court-circuit'],
  COLLISION: ['too many tags answered at once', 'trop de puces ont répondu à la fois'],
  OVERRUN: ['the scan cycle overran', 'le cycle de lecture a débordé'],
  BUF_FULL: ['the bridge dropped unacknowledged frames', 'le pont a perdu des trames non acquittées'],
  FOREIGN_TAG: [
    'a tag the bridge cannot report lies on it (not one of our cards or chips)',
    'une puce que le pont ne sait pas transmettre y est posée (ni une de nos cartes ni un de nos jetons)',
  ],
  UNMAPPED: ['an antenna that the hardware file does not map', 'une antenne absente du fichier matériel'],
};
const faultOf = (f: AlertFacts): [string, string] =>
  FAULTS[f.detail ?? ''] ?? [`fault ${f.detail ?? ''}`, `défaut ${f.detail ?? ''}`];
const whereEn = (f: AlertFacts): string =>
  f.antenna == null ? 'the reader bridge' : `antenna ${f.antenna}${f.zone ? ` (${f.zone})` : ''}`;
const whereFr = (f: AlertFacts): string =>
  f.antenna == null ? 'le pont lecteur' : `antenne ${f.antenna}${f.zone ? ` (${f.zone})` : ''}`;

/** The reasons a dealer may give for calling the floor (the tablet's choice list), in English and French. */
export const FLOOR_REASONS: Record<string, [string, string]> = {
  dispute: ['a player disputes', 'un joueur conteste'],
  cards: ['a card problem', 'un problème de cartes'],
  chips: ['a bet or chips problem', 'un problème de mise ou de jetons'],
  action: ['action out of turn or unclear', 'une parole non respectée ou une annonce ambiguë'],
  conduct: ["a player's conduct", "le comportement d'un joueur"],
  other: ['another reason', 'une autre raison'],
};
const floorReason = (f: AlertFacts): [string, string] => FLOOR_REASONS[f.variant ?? ''] ?? FLOOR_REASONS.other;

/** A code with no entry here or in the betting catalogue (none today; kept so a new code still renders). */
export const GENERIC_ALERT: AlertDefinition = {
  severity: 'info',
  message: { en: (f) => f.detail ?? 'Betting interpretation', fr: (f) => f.detail ?? 'Interprétation de la mise' },
  remedies: {
    default: {
      rule: both('tda 40'),
      en: (f) => f.detail ?? 'Apply the reading announced.',
      fr: (f) => f.detail ?? 'Appliquez la lecture annoncée.',
    },
  },
};

/** What an alert says, rendered from its code and facts: the one place English and French texts are made. */
export interface RenderedAlert {
  severity: Severity;
  rule: string;
  message: string;
  remedy: string;
  messageFr: string;
  remedyFr: string;
}

/**
 * Renders an alert's texts from its facts. The betting codes' texts live with the chip rules (bettingAlerts.ts), the
 * others above; `facts.variant` picks the remedy; `rule` and `severity` override the entry's (a reading's own rule).
 */
export function renderAlert(
  code: AlertCode,
  facts: AlertFacts,
  ruleset: Ruleset,
  override: { rule?: string; severity?: Severity } = {},
): RenderedAlert {
  if (isBettingAlertCode(code)) {
    const entry = BETTING_ALERTS[code];
    return {
      severity: override.severity ?? entry.severityOf?.(facts) ?? entry.severity,
      rule: override.rule ?? entry.rule[ruleset],
      ...entry.texts(facts),
    };
  }
  const def = ALERTS[code] ?? GENERIC_ALERT;
  const remedies = def.remedies;
  const remedy =
    (facts.variant !== undefined ? remedies[facts.variant] : undefined) ??
    remedies.default ??
    Object.values(remedies)[0];
  return {
    severity: override.severity ?? remedy.severity ?? def.severity,
    rule: override.rule ?? remedy.rule[ruleset],
    message: def.message.en(facts),
    remedy: remedy.en(facts),
    messageFr: def.message.fr(facts),
    remedyFr: remedy.fr(facts),
  };
}
