// Every alert the engine raises: its severity, the rule applied in each ruleset, and the message and remedy in
// English and French. Remedies are sentences a dealer can read aloud. Variants select the remedy the situation calls
// for (e.g. order known / unknown, flop / turn / river).
import type { AlertCode, Ruleset, Severity } from '../types.js';

export interface AlertFacts {
  seat?: number | null;
  cards?: string;
  amount?: number;
  street?: string;
  detail?: string;
}

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

const both = (r: string): Record<Ruleset, string> => ({ tda: r, club: r });
const seatEn = (f: AlertFacts): string => (f.seat ? `seat ${f.seat}` : 'a seat');
const seatFr = (f: AlertFacts): string => (f.seat ? `le siège ${f.seat}` : 'un siège');
const streetFr: Record<string, string> = { flop: 'le flop', turn: 'la turn', river: 'la river', preflop: 'le préflop' };
const sfr = (f: AlertFacts): string => streetFr[f.street ?? ''] ?? f.street ?? '';

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
      fr: (f) => `Carte distribuée hors de l'ordre à ${seatFr(f)}${f.detail ? ` (${f.detail})` : ''}`,
    },
    remedies: {
      default: redeal(both('tda 35')),
      later: {
        rule: { tda: 'tda 35', club: 'club 2-17' },
        severity: 'warn',
        en: () => 'Stop dealing and call the floor: the floor decides whether the deal goes on.',
        fr: () => "Arrêtez la donne et appelez l'arbitre : il décide si la donne continue.",
      },
      laterClub: redeal(both('club 2-17')),
    },
  },
  DEAL_NOT_ENTITLED: {
    severity: 'stop',
    message: {
      en: (f) => `Card dealt to ${seatEn(f)}, which is not in the hand`,
      fr: (f) => `Carte distribuée à ${seatFr(f)}, qui n'est pas dans le coup`,
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
      en: (f) => `Card exposed at ${seatEn(f)}: ${f.cards}`,
      fr: (f) => `Carte exposée chez ${seatFr(f)} : ${f.cards}`,
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
    message: { en: (f) => `Misdeal: ${f.detail ?? 'declared'}`, fr: (f) => `Fausse donne : ${f.detail ?? 'déclarée'}` },
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
      en: (f) => `No burn before the ${f.street}: ${f.cards}`,
      fr: (f) => `Pas de carte brûlée avant ${sfr(f)} : ${f.cards}`,
    },
    remedies: {
      flop: {
        rule: both('club 2-5'),
        en: (f) => `Move ${f.cards} to the burn: it is the burn. The next card completes the flop.`,
        fr: (f) => `Placez ${f.cards} à la brûlée : c'est la carte brûlée. La carte suivante complète le flop.`,
      },
      flopUnknown: {
        rule: both('club 2-5'),
        en: () => 'Scramble the flop cards into the stub, shuffle, burn a card and deal a new flop.',
        fr: () => 'Remettez les cartes du flop dans le talon, mélangez, brûlez une carte et sortez un nouveau flop.',
      },
      later: {
        rule: both('club 2-8'),
        en: (f) => `Move ${f.cards} to the burn: it is the burn. The next card is the ${f.street}.`,
        fr: (f) => `Placez ${f.cards} à la brûlée : c'est la carte brûlée. La carte suivante est ${sfr(f)}.`,
      },
      default: {
        rule: both('club 2-5'),
        en: (f) => `Move ${f.cards} to the burn and deal the next card.`,
        fr: (f) => `Placez ${f.cards} à la brûlée et sortez la carte suivante.`,
      },
    },
  },
  BURN_EXTRA: {
    severity: 'warn',
    message: {
      en: (f) => `Two burns before the flop: ${f.cards}`,
      fr: (f) => `Deux cartes brûlées avant le flop : ${f.cards}`,
    },
    remedies: {
      default: {
        rule: both('club 2-6'),
        en: (f) =>
          `Turn ${f.cards} over as the first flop card; the next card that would have been the flop's third is the turn's burn, and the turn comes without a new burn.`,
        fr: (f) =>
          `Retournez ${f.cards} comme première carte du flop ; la carte qui aurait été la troisième du flop devient la brûlée de la turn, qui sort sans nouvelle brûlée.`,
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
    message: { en: (f) => `Four cards on the flop: ${f.cards}`, fr: (f) => `Quatre cartes au flop : ${f.cards}` },
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
        en: (f) => `Burn the fourth card (${f.detail}); the turn then comes without a further burn.`,
        fr: (f) => `Brûlez la quatrième carte (${f.detail}) ; la turn sortira ensuite sans nouvelle brûlée.`,
      },
      clubUnknown: {
        rule: both('club 2-7'),
        en: () => 'Scramble the four cards into the stub, shuffle and deal the flop again without a burn.',
        fr: () => 'Remettez les quatre cartes dans le talon, mélangez et ressortez le flop sans brûler.',
      },
      wrongCard: {
        rule: both('club 2-7'),
        en: (f) => `The wrong card was burned: ${f.detail} must be burned, the other three are the flop.`,
        fr: (f) => `Mauvaise carte brûlée : ${f.detail} doit être brûlée, les trois autres forment le flop.`,
      },
    },
  },
  BOARD_PREMATURE: {
    severity: 'stop',
    message: {
      en: (f) => `The ${f.street} came before the betting was complete: ${f.cards}`,
      fr: (f) => `${sfr(f)} est sorti avant la fin des enchères : ${f.cards}`,
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
      en: (f) => `Board card not allowed now: ${f.cards}`,
      fr: (f) => `Carte de tableau non permise maintenant : ${f.cards}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 39', club: 'club 2-13' },
        en: (f) => `Take ${f.cards} off the board and set it aside; it is not part of the hand.`,
        fr: (f) => `Retirez ${f.cards} du tableau et mettez-la de côté ; elle ne fait pas partie du coup.`,
      },
    },
  },
  CARD_UNKNOWN: {
    severity: 'stop',
    message: { en: (f) => `Unknown card read: ${f.cards}`, fr: (f) => `Carte inconnue lue : ${f.cards}` },
    remedies: {
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
      en: (f) => `The same card is in two places: ${f.cards}`,
      fr: (f) => `La même carte est à deux endroits : ${f.cards}`,
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
      fr: (f) => `Blind ou ante incorrecte chez ${seatFr(f)} : ${f.detail}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 72', club: 'club 8-6' },
        en: (f) => `Correct the zone to ${f.amount}: the rules commit exactly that amount.`,
        fr: (f) => `Corrigez la zone à ${f.amount} : les règles engagent exactement ce montant.`,
      },
    },
  },
  RAISE_NOT_ALLOWED: {
    severity: 'warn',
    message: {
      en: (f) => `${seatEn(f)} may not raise: the betting was not reopened`,
      fr: (f) => `${seatFr(f)} ne peut pas relancer : les enchères ne sont pas rouvertes`,
    },
    remedies: {
      default: {
        rule: both('tda 47'),
        en: () => 'The seat is held to a call; give back the chips beyond the call.',
        fr: () => 'Le siège ne peut que suivre ; rendez les jetons au-delà du call.',
      },
    },
  },
  ACTION_OUT_OF_TURN: {
    severity: 'warn',
    message: { en: (f) => `${seatEn(f)} acted out of turn`, fr: (f) => `${seatFr(f)} a agi hors de son tour` },
    remedies: {
      default: {
        rule: both('tda 53'),
        en: () =>
          'Action goes back to the correct seat. The out-of-turn action binds if the action to that seat does not change.',
        fr: () =>
          "La parole revient au bon siège. L'action hors tour est engageante si l'action ne change pas d'ici là.",
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
          `Demandez à ${seatFr(f)} de montrer en premier${f.detail ? ` (${f.detail})` : ''} ; les autres suivent dans le sens horaire.`,
      },
    },
  },
  CLOCK_EXPIRED: {
    severity: 'warn',
    message: { en: (f) => `Clock expired for ${seatEn(f)}`, fr: (f) => `Temps écoulé pour ${seatFr(f)}` },
    remedies: {
      default: {
        rule: { tda: 'LOI 5', club: 'club 5-6' },
        en: () => 'The hand is dead: take its cards to the muck.',
        fr: () => 'La main est morte : mettez ses cartes au muck.',
      },
    },
  },
};

/** Alerts whose definition lives with the chip-reading rules (issue 6) fall back to this generic entry. */
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
