// The dealing's alerts (cards to the wrong seat or out of turn, counts, exposed cards, misdeals, burns, the board,
// unknown and duplicated cards): severity, rule per ruleset, message and remedy in English and French.
import type { AlertCode } from '../types.js';
import {
  type AlertDefinition,
  auSiegeFr,
  both,
  cardsOf,
  detailFr,
  inParensFr,
  redeal,
  seatEn,
  seatFr,
  sfr,
} from './alertText.js';
import { cardsEn, cartesFr } from './plural.js';

/** a dead card mixed into a hand: club 2-16; the TDA's hand holding too many cards (tda 38), see deadCardMixed */
export const TDA_DEAD_CARD_MIXED = { tda: 'tda 38', club: 'club 2-16' } as const;

export const DEALING_ALERTS: Partial<Record<AlertCode, AlertDefinition>> = {
  DEAL_WRONG_SEAT: {
    severity: 'stop',
    message: {
      en: (f) => `Card dealt out of order to ${seatEn(f)}${f.detail ? ` (${f.detail})` : ''}`,
      fr: (f) => `Carte distribuée hors de l'ordre ${auSiegeFr(f)}${inParensFr(f.detail)}`,
    },
    remedies: {
      // the first card to the wrong seat: a misdeal in both (tda 35; club 2-17: "mauvais ordre de donne")
      default: redeal({ tda: 'tda 35', club: 'club 2-17' }),
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
      en: (f) => `${seatEn(f)} holds ${cardsEn(f.amount)} instead of two`,
      fr: (f) => `${seatFr(f)} a ${cartesFr(f.amount)} au lieu de deux`,
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
      // club 2-16. The TDA texts have no article for a dead card mixed into a hand: the hand then holds a card it was
      // not dealt, too many cards, and tda 38 kills a hand with too many cards while the others play on
      deadCardMixed: {
        rule: TDA_DEAD_CARD_MIXED,
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
    // The TDA texts have no article for a street dealt without a burn, nor for two burns: tda 38 gives the principle
    // ("brûler des cartes sert à protéger le jeu, et non à préserver l'ordre des cartes"; seed 002 substantial action
    // example A: never a second burn "pour revenir à l'ordre initial"), which the club's remedies (2-5, 2-6, 2-8)
    // follow: the card seen becomes the burn or the street's card, the order is not restored. A tda table cites tda 38.
    remedies: {
      flop: {
        rule: { tda: 'tda 38', club: 'club 2-5' },
        en: (f) => `Move ${cardsOf(f)} to the burn: it is the burn. The next card completes the flop.`,
        fr: (f) => `Placez ${cardsOf(f)} à la brûlée : c'est la carte brûlée. La carte suivante complète le flop.`,
      },
      flopUnknown: {
        rule: { tda: 'tda 38', club: 'club 2-5' },
        en: () => 'Scramble the flop cards into the stub, shuffle, burn a card and deal a new flop.',
        fr: () => 'Remettez les cartes du flop dans le talon, mélangez, brûlez une carte et sortez un nouveau flop.',
      },
      later: {
        rule: { tda: 'tda 38', club: 'club 2-8' },
        en: (f) => `Move ${cardsOf(f)} to the burn: it is the burn. The next card is the ${f.street}.`,
        fr: (f) => `Placez ${cardsOf(f)} à la brûlée : c'est la carte brûlée. La carte suivante est ${sfr(f)}.`,
      },
      default: {
        rule: { tda: 'tda 38', club: 'club 2-5' },
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
        rule: { tda: 'tda 38', club: 'club 2-6' },
        en: (f) =>
          `Turn the second burn card over as the ${f.street}: it is the card the ${f.street} would have been. Burn and deal the next street as usual.`,
        fr: (f) =>
          `Retournez la deuxième carte brûlée comme ${sfr(f)} : c'est la carte qu'aurait été ${sfr(f)}. Brûlez et sortez la rue suivante normalement.`,
      },
      default: {
        rule: { tda: 'tda 38', club: 'club 2-6' },
        en: () =>
          "Turn the second burn card over as the first flop card; the next card that would have been the flop's third is the turn's burn, and the turn comes without a new burn.",
        fr: () =>
          'Retournez la deuxième carte brûlée comme première carte du flop ; la carte qui aurait été la troisième du flop devient la brûlée de la turn, qui sort sans nouvelle brûlée.',
      },
      unknown: {
        rule: { tda: 'tda 38', club: 'club 2-6' },
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
      // the deck is not sound. tda 35: "si le jeu est incorrect : la main s'arrêtera et tous les jetons seront rendus".
      // The club changes the cards "en cas de détérioration" (club 2-19) and, silent on the hand in play, takes the
      // TDA's common rule (its preamble): the hand stops, the chips go back
      tag: {
        rule: { tda: 'tda 35', club: 'club 2-19' },
        en: () =>
          'Stop the deal and call the floor: the deck is defective, the hand is void and all chips go back. Check the deck before the next hand.',
        fr: () =>
          'Arrêtez la donne et appelez l’arbitre : le jeu est défectueux, le coup est annulé et tous les jetons sont rendus. Vérifiez le jeu avant le coup suivant.',
      },
      default: {
        rule: { tda: 'tda 35', club: 'club 2-19' },
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
        rule: { tda: 'tda 35', club: 'club 2-19' },
        en: () => 'Defective deck: stop the hand, return all chips to the players and change the deck.',
        fr: () => 'Jeu défectueux : arrêtez le coup, rendez tous les jetons aux joueurs et changez de jeu.',
      },
    },
  },
};
