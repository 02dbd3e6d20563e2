// The betting alerts' texts, English and French ICU messages: one line saying what happened and the remedy as a
// sentence the dealer can read aloud. Amounts are `{x, number, amount}` (12,500 / 12 500); `{variant}` picks the ruling's
// wording where one code has several.
import type { AlertMessages } from './shape.js';

const WHO = '{seat, select, none {The player} other {Seat {seat}}}';
const QUI = '{seat, select, none {Le joueur} other {Siège {seat}}}';
const ACTION_EN =
  '{action, select, raise {a raise to {to, number, amount}} bet {a bet of {to, number, amount}} check {a check} fold {a fold} other {a call of {to, number, amount}}}';
const ACTION_FR =
  '{action, select, raise {une relance à {to, number, amount}} bet {une mise de {to, number, amount}} check {parole} fold {un abandon} other {suivre {to, number, amount}}}';
const ANNOUNCE_EN =
  '{action, select, raise {raise to {to, number, amount}} bet {bet {to, number, amount}} check {check} other {call, {to, number, amount}}}';
const ANNOUNCE_FR =
  '{action, select, raise {relance à {to, number, amount}} bet {mise de {to, number, amount}} check {parole} other {suivre, {to, number, amount}}}';
// " and give 200 back to the player." / "; the player adds 200." / "."
const SETTLE_EN =
  '{settle, select, giveBack { and give {giveBack, number, amount} back to the player.} owed {; the player adds {owed, number, amount}.} other {.}}';
const SETTLE_FR =
  '{settle, select, giveBack { et rendez {giveBack, number, amount} au joueur.} owed { ; le joueur ajoute {owed, number, amount}.} other {.}}';
const SEATS_BOUND_EN = '{seatCount, plural, =0 {the seats past it} one {seat {seats}} other {seats {seats}}}';
const SEATS_BOUND_FR =
  '{seatCount, plural, =0 {des sièges suivants} one {du siège {seats}} other {des sièges {seats}}}';

export const BETTING_MESSAGES = {
  OVERSIZED_CHIP: {
    message: {
      en: `${WHO}: a single chip pushed with no declaration is a call of {to, number, amount}.`,
      fr: `${QUI} : un seul jeton poussé sans annonce vaut « suivre » pour {to, number, amount}.`,
    },
    remedies: {
      default: {
        en: `Announce "call, {to, number, amount}"${SETTLE_EN}`,
        fr: `Annoncez « suivre, {to, number, amount} »${SETTLE_FR}`,
      },
    },
  },
  MULTI_CHIP: {
    message: {
      en: `${WHO}: {zoneTotal, number, amount} in several chips with no declaration is ${ACTION_EN}.`,
      fr: `${QUI} : {zoneTotal, number, amount} en plusieurs jetons sans annonce est ${ACTION_FR}.`,
    },
    remedies: {
      default: { en: `Announce "${ANNOUNCE_EN}"${SETTLE_EN}`, fr: `Annoncez « ${ANNOUNCE_FR} »${SETTLE_FR}` },
    },
  },
  BET_UNDER_MINIMUM: {
    message: {
      en: `${WHO}: a bet of {declared, number, amount} is under the minimum bet of {to, number, amount}.`,
      fr: `${QUI} : une mise de {declared, number, amount} est inférieure à la mise minimum de {to, number, amount}.`,
    },
    remedies: {
      default: {
        en: 'Announce "bet {to, number, amount}"; the player adds {owed, number, amount} to make the minimum bet.',
        fr: 'Annoncez « mise de {to, number, amount} » ; le joueur ajoute {owed, number, amount} pour faire la mise minimum.',
      },
    },
  },
  RAISE_UNDER_MINIMUM: {
    message: {
      en: `${WHO}: a declared raise to {declared, number, amount} is under the minimum raise to {to, number, amount}.`,
      fr: `${QUI} : la relance annoncée à {declared, number, amount} est inférieure à la relance minimum à {to, number, amount}.`,
    },
    remedies: {
      default: {
        en: 'Announce "raise to {to, number, amount}"; the player adds {owed, number, amount} to make the minimum raise.',
        fr: 'Annoncez « relance à {to, number, amount} » ; le joueur ajoute {owed, number, amount} pour faire la relance minimum.',
      },
    },
  },
  UNDERCALL: {
    message: {
      en: `${WHO} put in {zoneTotal, number, amount}, {variant, select, confusing {the chips showing for a bet declared at {declared, number, amount}: words and chips conflict.} floor {short of the {call, number, amount} to call, facing a raise.} other {short of the {call, number, amount} to call.}}`,
      fr: `${QUI} a mis {zoneTotal, number, amount}, {variant, select, confusing {les jetons posés pour une mise annoncée à {declared, number, amount} : la parole et les jetons se contredisent.} floor {moins que les {call, number, amount} à payer, face à une relance.} other {moins que les {call, number, amount} à payer.}}`,
    },
    remedies: {
      default: {
        en: 'Tell the player the bet is {call, number, amount}: they must add {owed, number, amount} to complete the call.',
        fr: 'Annoncez que la mise est de {call, number, amount} : le joueur doit ajouter {owed, number, amount} pour suivre.',
      },
      floor: {
        en: 'Stop and call the floor: the floor decides whether the player adds {owed, number, amount} to call {call, number, amount}, or folds and leaves {forfeit, number, amount} in the pot.',
        fr: "Arrêtez et appelez l'arbitre : il décide si le joueur ajoute {owed, number, amount} pour payer {call, number, amount}, ou se couche et laisse {forfeit, number, amount} au pot.",
      },
      confusing: {
        en: 'Stop and call the floor: in a confusing situation the floor decides which bet stands (the {declared, number, amount} said or the {zoneTotal, number, amount} shown).',
        fr: "Arrêtez et appelez l'arbitre : dans une situation confuse, l'arbitre décide de la mise valide (les {declared, number, amount} annoncés ou les {zoneTotal, number, amount} posés).",
      },
    },
  },
  STRING_BET: {
    message: {
      en: `${WHO} added chips in a second motion without a declaration.`,
      fr: `${QUI} a ajouté des jetons en un second geste sans annonce.`,
    },
    remedies: {
      default: {
        en: `Only the first motion counts: it is ${ACTION_EN}; give the {giveBack, number, amount} of the second motion back to the player.`,
        fr: `Seul le premier geste compte : c'est ${ACTION_FR} ; rendez au joueur les {giveBack, number, amount} du second geste.`,
      },
    },
  },
  CHIPS_WITHDRAWN: {
    message: {
      en: `${WHO} took {owed, number, amount} back from the betting zone{variant, select, facingRaise { while facing a raise} other {}}.`,
      fr: `${QUI} a repris {owed, number, amount} de sa zone de mise{variant, select, facingRaise { alors qu'il fait face à une relance} other {}}.`,
    },
    remedies: {
      default: {
        en: 'Have the player put the {owed, number, amount} back: the {to, number, amount} in the zone stands.',
        fr: 'Faites remettre les {owed, number, amount} : les {to, number, amount} dans la zone restent engagés.',
      },
      facingRaise: {
        en: 'Have the player put the {owed, number, amount} back: facing a raise they must at least call {call, number, amount} and may not take chips back and fold.',
        fr: 'Faites remettre les {owed, number, amount} : face à une relance, le joueur doit au moins payer {call, number, amount} et ne peut pas reprendre ses jetons pour se coucher.',
      },
    },
  },
  ACTION_OUT_OF_TURN: {
    message: {
      en: `{variant, select, binds {The action to seat {seat} did not change: its out-of-turn {action, select, none {action} other {{action}}} stands.} void {The action to seat {seat} changed: its out-of-turn {action, select, check {check does not bind} none {action is void} other {{action} is void}}.} callOrFold {Seat {seat} checked out of turn and now faces a bet.} foldBinds {Seat {seat} folded out of turn.} substantial {Substantial action out of turn past seat {onTurn}, who did not speak up: the out-of-turn actions of ${SEATS_BOUND_EN} are binding.} other {Seat {seat} acted out of turn; the action is on seat {onTurn}.}}`,
      fr: `{variant, select, binds {L'action pour le siège {seat} n'a pas changé : son action hors tour reste valable.} void {L'action pour le siège {seat} a changé : {action, select, check {sa parole hors tour ne l'engage pas} other {son action hors tour est annulée}}.} callOrFold {Le siège {seat} a dit « parole » hors tour et fait maintenant face à une mise.} foldBinds {Le siège {seat} s'est couché hors tour.} substantial {Action substantielle hors tour après le siège {onTurn}, qui ne s'est pas manifesté : les actions hors tour ${SEATS_BOUND_FR} sont contraignantes.} other {Le siège {seat} a agi hors tour ; la parole est au siège {onTurn}.}}`,
    },
    remedies: {
      default: {
        en: "Bring the action back to seat {onTurn}; seat {seat}'s action will bind if the action to it does not change.",
        fr: "Rendez la parole au siège {onTurn} ; l'action du siège {seat} sera contraignante si l'action jusqu'à lui ne change pas.",
      },
      binds: {
        en: "Seat {seat}'s out-of-turn action is binding: apply it now.",
        fr: "L'action hors tour du siège {seat} est contraignante : appliquez-la maintenant.",
      },
      void: {
        en: '{action, select, check {Seat {seat} now faces a bet and has every option: fold, call or raise.} other {Give seat {seat} its chips back; it now has every option: fold, call or raise.}}',
        fr: '{action, select, check {Le siège {seat} fait maintenant face à une mise et a toutes les options : passer, payer ou relancer.} other {Rendez ses jetons au siège {seat} ; il a maintenant toutes les options : passer, payer ou relancer.}}',
      },
      callOrFold: {
        en: 'House rule: seat {seat} may only call or fold; it may not raise.',
        fr: 'Règle de la maison : le siège {seat} peut seulement payer ou se coucher ; il ne peut pas relancer.',
      },
      foldBinds: {
        en: "The fold stands: take seat {seat}'s cards to the muck; the action is on seat {onTurn}.",
        fr: "L'abandon reste valable : mettez les cartes du siège {seat} au rebut ; la parole est au siège {onTurn}.",
      },
      substantial: {
        en: `Stop and call the floor to rule on seat {onTurn}'s hand (let it act, or kill it); the actions of ${SEATS_BOUND_EN} stand.`,
        fr: `Arrêtez et appelez l'arbitre pour décider de la main du siège {onTurn} (le laisser jouer, ou déclarer sa main morte) ; les actions ${SEATS_BOUND_FR} restent valables.`,
      },
    },
  },
  RAISE_NOT_ALLOWED: {
    message: {
      en: `{variant, select, checked {${WHO} checked facing a bet: the player may only call or fold.} other {${WHO} may not raise: no full raise since their last action.}}`,
      fr: `{variant, select, checked {${QUI} a dit « parole » face à une mise : le joueur peut seulement payer ou se coucher.} other {${QUI} ne peut pas relancer : pas de relance complète depuis sa dernière action.}}`,
    },
    remedies: {
      default: {
        en: '{settle, select, giveBack {Hold the player to a call of {to, number, amount} and give {giveBack, number, amount} back.} other {The player may only call {to, number, amount} or fold.}}',
        fr: '{settle, select, giveBack {Le joueur est limité à suivre {to, number, amount} ; rendez-lui {giveBack, number, amount}.} other {Le joueur peut seulement payer {to, number, amount} ou se coucher.}}',
      },
    },
  },
  CLOCK_EXPIRED: {
    message: {
      en: 'The clock on {seat, select, none {the player} other {seat {seat}}} ran out.',
      fr: 'Le temps {seat, select, none {du joueur} other {du siège {seat}}} est écoulé.',
    },
    remedies: {
      default: {
        en: '{settle, select, giveBack {The hand is dead: take the cards to the muck and give back the {giveBack, number, amount} no one has called.} other {The hand is dead: take the cards to the muck.}}',
        fr: "{settle, select, giveBack {La main est morte : mettez les cartes au rebut et rendez les {giveBack, number, amount} que personne n'a payés.} other {La main est morte : mettez les cartes au rebut.}}",
      },
    },
  },
  CHIPS_OUT_OF_ROUND: {
    message: {
      en: '{variant, select, change {{seat, select, none {a seat} other {seat {seat}}} paid its declared {to, number, amount} with {amount, number, amount} too much: change} surplus {{seat, select, none {a seat} other {seat {seat}}} put {amount, number, amount} more in its betting zone than its action of {to, number, amount} holds} other {{seat, select, none {a seat} other {seat {seat}}} put {amount, number, amount} in its betting zone when no betting round is open}}',
      fr: "{variant, select, change {{seat, select, none {un siège} other {le siège {seat}}} a payé son annonce de {to, number, amount} avec {amount, number, amount} de trop : de la monnaie} surplus {{seat, select, none {un siège} other {le siège {seat}}} a mis {amount, number, amount} de plus dans sa zone de mise que son action de {to, number, amount}} other {{seat, select, none {un siège} other {le siège {seat}}} a mis {amount, number, amount} dans sa zone de mise alors qu'aucun tour d'enchères n'est ouvert}}",
    },
    remedies: {
      default: {
        en: 'These chips are not in the pot: give the {amount, number, amount} back to the player.',
        fr: 'Ces jetons ne sont pas dans le pot : rendez les {amount, number, amount} au joueur.',
      },
      change: {
        en: 'The declared {to, number, amount} stands: give the {amount, number, amount} back to the player as change.',
        fr: "L'annonce de {to, number, amount} reste valable : rendez les {amount, number, amount} au joueur comme monnaie.",
      },
    },
  },
  BLIND_INCORRECT: {
    message: {
      en: 'Blind or ante incorrect at {seat, select, none {a seat} other {seat {seat}}}: zone holds {zoneTotal, number, amount}, the rules commit {amount, number, amount}',
      fr: 'Blind ou ante incorrecte {seat, select, none {à un siège} other {au siège {seat}}} (la zone contient {zoneTotal, number, amount}, les règles engagent {amount, number, amount})',
    },
    remedies: {
      default: {
        en: 'Correct the zone to {amount, number, amount}: the rules commit exactly that amount.',
        fr: 'Corrigez la zone à {amount, number, amount} : les règles engagent exactement ce montant.',
      },
    },
  },
} satisfies AlertMessages;
