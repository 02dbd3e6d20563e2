// The dealing's alert texts (cards to the wrong seat or out of turn, counts, exposed cards, misdeals, burns, the
// board, unknown and duplicated cards), English and French ICU messages. `{cards}` is written with rank and suit
// symbols (10♠ 7♣), `{street}` and `{seat}` are selects on the facts (see ../formatAlert.ts for every argument).
import type { AlertMessages } from './shape.js';

const REDEAL = {
  en: 'Misdeal: gather all the cards, reshuffle and deal again with the same button and blinds.',
  fr: 'Fausse donne : ramassez toutes les cartes, remélangez et redistribuez avec le même bouton et les mêmes blinds.',
};
const DEFECTIVE = {
  en: 'Defective deck: stop the hand, return all chips to the players and change the deck.',
  fr: 'Jeu défectueux : arrêtez le coup, rendez tous les jetons aux joueurs et changez de jeu.',
};
// "the flop" / "le flop", "la turn": French needs the street's article
const STREET_EN = '{street, select, flop {flop} turn {turn} river {river} preflop {preflop} other {flop}}';
const STREET_FR =
  '{street, select, flop {le flop} turn {la turn} river {la river} preflop {le préflop} other {le flop}}';
const SEAT_EN = '{seat, select, none {a seat} other {seat {seat}}}';
const SEAT_FR = '{seat, select, none {un siège} other {le siège {seat}}}';
const AU_SIEGE = '{seat, select, none {à un siège} other {au siège {seat}}}';

export const DEALING_MESSAGES = {
  DEAL_WRONG_SEAT: {
    message: {
      en: `Card dealt out of order to ${SEAT_EN} ({variant, select, default {first card, expected seat {expectedSeat}} other {expected seat {expectedSeat}}})`,
      fr: `Carte distribuée hors de l'ordre ${AU_SIEGE} ({variant, select, default {première carte, siège attendu : {expectedSeat}} other {siège attendu : {expectedSeat}}})`,
    },
    remedies: {
      default: REDEAL,
      later: {
        en: 'Finish the deal in order from here; the cards stay where they lie. It becomes a misdeal only if a seat entitled to cards gets none or a seat not entitled gets some.',
        fr: "Terminez la donne dans l'ordre à partir d'ici ; les cartes restent où elles sont. Il n'y a fausse donne que si un siège qui doit recevoir des cartes n'en reçoit pas, ou si un siège qui ne le doit pas en reçoit.",
      },
      laterClub: REDEAL,
    },
  },
  DEAL_NOT_ENTITLED: {
    message: {
      en: `Card dealt to ${SEAT_EN}, which is not in the hand`,
      fr: `Carte distribuée ${AU_SIEGE}, qui n'est pas dans le coup`,
    },
    remedies: { default: REDEAL },
  },
  DEAL_MISSED_SEAT: {
    message: {
      en: `${SEAT_EN} was dealt no cards`,
      fr: `${SEAT_FR} n'a reçu aucune carte`,
    },
    remedies: {
      default: REDEAL,
      absent: {
        en: 'Misdeal: an absent player is dealt in like everyone else, then the hand is killed. Gather all the cards, reshuffle and deal again with the same button and blinds, dealing the absent seat.',
        fr: 'Fausse donne : un joueur absent reçoit ses cartes comme les autres, puis sa main est annulée. Ramassez toutes les cartes, remélangez et redistribuez avec le même bouton et les mêmes blinds, en servant le siège absent.',
      },
    },
  },
  DEAL_CARD_COUNT: {
    message: {
      en: `${SEAT_EN} holds {amount, plural, one {# card} other {# cards}} instead of two`,
      fr: `${SEAT_FR} a {amount, plural, one {# carte} other {# cartes}} au lieu de deux`,
    },
    remedies: {
      default: {
        en: 'Misdeal before substantial action: gather all the cards, reshuffle and deal again.',
        fr: "Fausse donne avant l'action substantielle : ramassez toutes les cartes, remélangez et redistribuez.",
      },
      smallBlindExtra: {
        en: "Take the small blind's extra card back: it becomes the first burn. Play goes on.",
        fr: 'Reprenez la carte en trop de la petite blind : elle devient la première brûlée. Le jeu continue.',
      },
      deadHand: {
        en: 'Substantial action has occurred: this hand is dead; play goes on and burns are made normally.',
        fr: 'Il y a eu action substantielle : cette main est morte ; le jeu continue, les brûlées se font normalement.',
      },
      deadCardMixed: {
        en: 'A dead card was mixed into this hand: the hand is dead; the other players play on.',
        fr: 'Une carte morte a été mêlée à cette main : la main est morte ; les autres joueurs continuent le coup.',
      },
      buttonShort: {
        en: 'The button has not acted: give it the next card from the deck; play goes on.',
        fr: "Le bouton n'a pas encore parlé : donnez-lui la carte suivante du paquet ; le jeu continue.",
      },
    },
  },
  CARD_EXPOSED: {
    message: {
      en: `Card exposed at ${SEAT_EN}: {cards}`,
      fr: `Carte exposée chez ${SEAT_FR} : {cards}`,
    },
    remedies: {
      default: {
        en: 'The hand stays live; show the card to every player. The floor may rule a penalty.',
        fr: "La main reste vivante ; montrez la carte à tous les joueurs. L'arbitre peut décider d'une pénalité.",
      },
      replaceDuringDeal: {
        en: 'Finish the deal; the exposed card becomes the first burn and the player gets the card that would have been burned.',
        fr: 'Terminez la donne ; la carte exposée devient la première brûlée et le joueur reçoit la carte qui aurait été brûlée.',
      },
      selfDealer: {
        en: "The dealer's own exposed card stays in the hand: show it to every player and go on.",
        fr: 'La carte exposée du donneur reste dans sa main : montrez-la à tous et continuez.',
      },
      misdeal: REDEAL,
    },
  },
  MISDEAL: {
    message: {
      en: 'Misdeal: {cause, select, dealer {declared by the dealer} emptySeat {card dealt to empty seat {seat}} firstWrongSeat {first card dealt to the wrong seat} outOfOrder {deal out of order} cardCount {seat {seat} holds {amount, plural, one {# card} other {# cards}}} noCards {seat {seat} was dealt no cards} secondExposed {second card exposed during the deal} earlyExposed {first or second card of the deal exposed} other {declared}}',
      fr: "Fausse donne : {cause, select, dealer {annoncée par le donneur} emptySeat {carte distribuée au siège vide {seat}} firstWrongSeat {première carte distribuée au mauvais siège} outOfOrder {donne hors de l'ordre} cardCount {le siège {seat} a {amount, plural, one {# carte} other {# cartes}}} noCards {le siège {seat} n'a reçu aucune carte} secondExposed {deuxième carte exposée pendant la donne} earlyExposed {première ou deuxième carte de la donne exposée} other {déclarée}}",
    },
    remedies: {
      default: {
        en: 'Gather all the cards, shuffle and redeal: same button, same blinds, no new player.',
        fr: 'Ramassez toutes les cartes, mélangez et redistribuez : même bouton, mêmes blinds, aucun nouveau joueur.',
      },
    },
  },
  BURN_MISSED: {
    message: {
      en: `No burn before the ${STREET_EN}: {cards}`,
      fr: `Pas de carte brûlée avant ${STREET_FR} : {cards}`,
    },
    remedies: {
      flop: {
        en: 'Move {cards} to the burn: it is the burn. The next card completes the flop.',
        fr: "Placez {cards} à la brûlée : c'est la carte brûlée. La carte suivante complète le flop.",
      },
      flopUnknown: {
        en: 'Scramble the flop cards into the stub, shuffle, burn a card and deal a new flop.',
        fr: 'Remettez les cartes du flop dans le talon, mélangez, brûlez une carte et sortez un nouveau flop.',
      },
      later: {
        en: `Move {cards} to the burn: it is the burn. The next card is the ${STREET_EN}.`,
        fr: `Placez {cards} à la brûlée : c'est la carte brûlée. La carte suivante est ${STREET_FR}.`,
      },
      default: {
        en: 'Move {cards} to the burn and deal the next card.',
        fr: 'Placez {cards} à la brûlée et sortez la carte suivante.',
      },
    },
  },
  BURN_EXTRA: {
    message: {
      en: `Two burns before the ${STREET_EN}`,
      fr: `Deux cartes brûlées avant ${STREET_FR}`,
    },
    remedies: {
      later: {
        en: `Turn the second burn card over as the ${STREET_EN}: it is the card the ${STREET_EN} would have been. Burn and deal the next street as usual.`,
        fr: `Retournez la deuxième carte brûlée comme ${STREET_FR} : c'est la carte qu'aurait été ${STREET_FR}. Brûlez et sortez la rue suivante normalement.`,
      },
      default: {
        en: "Turn the second burn card over as the first flop card; the next card that would have been the flop's third is the turn's burn, and the turn comes without a new burn.",
        fr: 'Retournez la deuxième carte brûlée comme première carte du flop ; la carte qui aurait été la troisième du flop devient la brûlée de la turn, qui sort sans nouvelle brûlée.',
      },
      unknown: {
        en: 'Scramble the flop and one burn card into the stub, shuffle and deal the flop again without a burn.',
        fr: 'Remettez le flop et une carte brûlée dans le talon, mélangez et ressortez le flop sans brûler.',
      },
    },
  },
  FLOP_FOUR_CARDS: {
    message: { en: 'Four cards on the flop: {cards}', fr: 'Quatre cartes au flop : {cards}' },
    remedies: {
      tda: {
        en: 'Call the floor. Scramble the four cards face down; the floor picks one at random as the next burn; the other three are the flop.',
        fr: "Appelez l'arbitre. Mélangez les quatre cartes face cachée ; l'arbitre en tire une au hasard comme prochaine brûlée ; les trois autres forment le flop.",
      },
      club: {
        en: 'Burn the fourth card ({card}); the turn then comes without a further burn.',
        fr: 'Brûlez la quatrième carte ({card}) ; la turn sortira ensuite sans nouvelle brûlée.',
      },
      clubUnknown: {
        en: 'Scramble the four cards into the stub, shuffle and deal the flop again without a burn.',
        fr: 'Remettez les quatre cartes dans le talon, mélangez et ressortez le flop sans brûler.',
      },
      wrongCard: {
        en: 'The wrong card was burned: {card} must be burned, the other three are the flop.',
        fr: 'Mauvaise carte brûlée : {card} doit être brûlée, les trois autres forment le flop.',
      },
    },
  },
  BOARD_PREMATURE: {
    message: {
      en: `The ${STREET_EN} came before the betting was complete: {cards}`,
      fr: '{street, select, turn {La turn est sortie} river {La river est sortie} other {Le flop est sorti}} avant la fin des enchères : {cards}',
    },
    remedies: {
      flop: {
        en: 'Set the flop aside and finish the betting. The burn stays; the flop goes back into the stub, which is shuffled; a new flop comes without a burn.',
        fr: 'Mettez le flop de côté et terminez les enchères. La brûlée reste ; le flop retourne dans le talon, que l’on mélange ; un nouveau flop sort sans brûler.',
      },
      turn: {
        en: 'Set the turn aside and finish the betting. The turn goes back into the stub, which is shuffled; a new turn comes without a burn.',
        fr: 'Mettez la turn de côté et terminez les enchères. La turn retourne dans le talon, que l’on mélange ; une nouvelle turn sort sans brûler.',
      },
      turnClub: {
        en: 'Set the turn aside and finish the betting. Then burn, deal the next card as the turn, shuffle the set-aside card back into the stub and deal the river without a burn.',
        fr: 'Mettez la turn de côté et terminez les enchères. Puis brûlez, sortez la carte suivante comme turn, remélangez la carte mise de côté dans le talon et sortez la river sans brûler.',
      },
      river: {
        en: 'Set the river aside and finish the betting. The river goes back into the stub, which is shuffled; a new river comes without a burn.',
        fr: 'Mettez la river de côté et terminez les enchères. La river retourne dans le talon, que l’on mélange ; une nouvelle river sort sans brûler.',
      },
      stillThere: {
        en: 'The premature card must be taken off the board before the next street is dealt.',
        fr: 'La carte sortie trop tôt doit être retirée du tableau avant de sortir la rue suivante.',
      },
    },
  },
  BOARD_TOO_MANY: {
    message: {
      en: 'Board card not allowed now: {cards}',
      fr: 'Carte de tableau non permise maintenant : {cards}',
    },
    remedies: {
      default: {
        en: 'Take {cards} off the board and set it aside; it is not part of the hand.',
        fr: 'Retirez {cards} du tableau et mettez-la de côté ; elle ne fait pas partie du coup.',
      },
      handOver: {
        en: 'The hand is over: the cards that would have come are not dealt. Take {cards} off the board to the muck; it is not part of the hand.',
        fr: 'Le coup est terminé : les cartes qui seraient tombées ne sont pas distribuées. Retirez {cards} du tableau vers le rebut ; elle ne fait pas partie du coup.',
      },
    },
  },
  CARD_UNKNOWN: {
    message: {
      en: '{uid, select, none {Unknown card read: {cards}} other {Unknown card in {zone}: {deck, select, none {a tag that is not an enrolled card} other {a card of deck "{deck}", not the deck in play}} (tag {uid})}}',
      fr: '{uid, select, none {Carte inconnue lue : {cards}} other {Carte inconnue en {zone} : {deck, select, none {une puce qui n’est pas une carte enregistrée} other {une carte du jeu « {deck} », pas du jeu en cours}} (puce {uid})}}',
    },
    remedies: {
      tag: {
        en: 'Stop the deal and call the floor: the deck is defective, the hand is void and all chips go back. Check the deck before the next hand.',
        fr: 'Arrêtez la donne et appelez l’arbitre : le jeu est défectueux, le coup est annulé et tous les jetons sont rendus. Vérifiez le jeu avant le coup suivant.',
      },
      default: DEFECTIVE,
    },
  },
  CARD_DUPLICATE: {
    message: {
      en: 'The same card is in two places: {cards}',
      fr: 'La même carte est à deux endroits : {cards}',
    },
    remedies: { default: DEFECTIVE },
  },
} satisfies AlertMessages;
