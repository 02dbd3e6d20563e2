// The dealing's alerts (cards to the wrong seat or out of turn, counts, exposed cards, misdeals, burns, the board,
// unknown and duplicated cards): severity and rule per ruleset for each remedy (texts: src/i18n/alerts/dealing.ts).
import { club, loi, tda } from '../rules/ruleRef.js';
import type { AlertCode } from '../types.js';
import { type AlertRules, both, redeal } from './alertRules.js';

/** a dead card mixed into a hand: club 2-16; the TDA's hand holding too many cards (tda 38), see deadCardMixed */
export const TDA_DEAD_CARD_MIXED = { tda: tda('38'), club: club('2-16') } as const;

const DEFECTIVE = { rule: { tda: tda('35'), club: club('2-19') } };

export const DEALING_ALERTS: Partial<Record<AlertCode, AlertRules>> = {
  DEAL_WRONG_SEAT: {
    severity: 'stop',
    remedies: {
      // the first card to the wrong seat: a misdeal in both (tda 35; club 2-17: "mauvais ordre de donne")
      default: redeal({ tda: tda('35'), club: club('2-17') }),
      // a warning: the deal goes on (a stop would hold it for the floor); the counts are judged when it ends
      later: { rule: { tda: tda('35'), club: club('2-17') }, severity: 'warn' },
      laterClub: redeal(both(club('2-17'))),
    },
  },
  DEAL_NOT_ENTITLED: { severity: 'stop', remedies: { default: redeal({ tda: tda('35'), club: club('2-17') }) } },
  DEAL_MISSED_SEAT: {
    severity: 'stop',
    remedies: {
      default: redeal({ tda: tda('35'), club: club('2-17') }),
      // tda 35, LOI 8, club 2-18: an absent player is dealt in, then the hand is killed; a deal skipping it is a misdeal
      absent: { rule: { tda: tda('35'), club: club('2-18') } },
    },
  },
  DEAL_CARD_COUNT: {
    severity: 'stop',
    remedies: {
      default: { rule: { tda: tda('35'), club: club('2-17') } },
      smallBlindExtra: { rule: both(club('2-17')), severity: 'warn' },
      deadHand: { rule: { tda: tda('38'), club: club('2-20') }, severity: 'warn' },
      // club 2-16. The TDA texts have no article for a dead card mixed into a hand: the hand then holds a card it was
      // not dealt, too many cards, and tda 38 kills a hand with too many cards while the others play on
      deadCardMixed: { rule: TDA_DEAD_CARD_MIXED, severity: 'warn' },
      buttonShort: { rule: both(tda('37')), severity: 'warn' },
    },
  },
  CARD_EXPOSED: {
    severity: 'warn',
    remedies: {
      default: { rule: { tda: tda('68'), club: club('6-1') } },
      replaceDuringDeal: { rule: { tda: tda('35'), club: club('2-4') } },
      selfDealer: { rule: both(club('2-4')) },
      misdeal: redeal({ tda: tda('35'), club: club('2-17') }, 'stop'),
    },
  },
  MISDEAL: { severity: 'stop', remedies: { default: { rule: { tda: tda('35'), club: club('2-17') } } } },
  // The TDA texts have no article for a street dealt without a burn, nor for two burns: tda 38 gives the principle
  // ("brûler des cartes sert à protéger le jeu, et non à préserver l'ordre des cartes"; seed 002 substantial action
  // example A: never a second burn "pour revenir à l'ordre initial"), which the club's remedies (2-5, 2-6, 2-8)
  // follow: the card seen becomes the burn or the street's card, the order is not restored. A tda table cites tda 38.
  BURN_MISSED: {
    severity: 'warn',
    remedies: {
      flop: { rule: { tda: tda('38'), club: club('2-5') } },
      flopUnknown: { rule: { tda: tda('38'), club: club('2-5') } },
      later: { rule: { tda: tda('38'), club: club('2-8') } },
      default: { rule: { tda: tda('38'), club: club('2-5') } },
    },
  },
  BURN_EXTRA: {
    // the second burn lies face down: no text names it (only where it lies: the second card of the burn)
    severity: 'warn',
    remedies: {
      // club 2-6 read for a later street (the seeds name only the flop): the second burn is the street's card
      later: { rule: { tda: tda('38'), club: club('2-6') } },
      default: { rule: { tda: tda('38'), club: club('2-6') } },
      unknown: { rule: { tda: tda('38'), club: club('2-6') } },
    },
  },
  FLOP_FOUR_CARDS: {
    severity: 'stop',
    remedies: {
      tda: { rule: both(tda('39')) },
      club: { rule: both(club('2-7')) },
      clubUnknown: { rule: both(club('2-7')) },
      wrongCard: { rule: both(club('2-7')) },
    },
  },
  BOARD_PREMATURE: {
    severity: 'stop',
    remedies: {
      flop: { rule: { tda: tda('74'), club: club('2-10') } },
      turn: { rule: both(tda('74')) },
      turnClub: { rule: both(club('2-11')) },
      river: { rule: { tda: tda('74'), club: club('2-12') } },
      stillThere: { rule: { tda: tda('74'), club: club('2-13') } },
    },
  },
  BOARD_TOO_MANY: {
    severity: 'warn',
    remedies: {
      default: { rule: { tda: tda('39'), club: club('2-13') } },
      // the hand is over (everyone folded): the cards that would have come are not shown (LOI 22, no rabbit hunting)
      handOver: { rule: both(loi('22')) },
    },
  },
  CARD_UNKNOWN: {
    severity: 'stop',
    remedies: {
      // the deck is not sound. tda 35: "si le jeu est incorrect : la main s'arrêtera et tous les jetons seront rendus".
      // The club changes the cards "en cas de détérioration" (club 2-19) and, silent on the hand in play, takes the
      // TDA's common rule (its preamble): the hand stops, the chips go back
      tag: DEFECTIVE,
      default: DEFECTIVE,
    },
  },
  CARD_DUPLICATE: { severity: 'stop', remedies: { default: DEFECTIVE } },
};
