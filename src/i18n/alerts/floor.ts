// The table's and the floor's alert texts, English and French ICU messages: all-in, the showdown order, a tabled
// hand mucked, a hand voided, the table finished, chips read at resume, the floor called, the floor's rulings and
// resync. `{reads}` and `{differences}` are lists, each item rendered from LIST_ITEMS below and joined by locale.
import type { AlertMessages, Msg } from './shape.js';

const SEAT_EN = '{seat, select, none {a seat} other {seat {seat}}}';
const SEAT_FR = '{seat, select, none {un siège} other {le siège {seat}}}';
const AU_SIEGE = '{seat, select, none {à un siège} other {au siège {seat}}}';
const DU_SIEGE = "{seat, select, none {d'un siège} other {du siège {seat}}}";
const QUOTED_EN = '{words, select, none {} other {: “{words}”}}';
const QUOTED_FR = '{words, select, none {} other { : « {words} »}}';
const PHASE_EN =
  '{phase, select, waiting {before the deal} dealing {dealing} betting {betting} board {board} showdown {showdown} complete {complete} stopped {stopped} misdeal {misdeal} other {in play}}';
const PHASE_FR =
  "{phase, select, waiting {avant la donne} dealing {pendant la donne} betting {pendant les enchères} board {pendant le tableau} showdown {pendant l'abattage} complete {coup terminé} stopped {arrêté pour l'arbitre} misdeal {fausse donne} other {en cours}}";
const REASON_EN =
  '{variant, select, dispute {a player disputes} cards {a card problem} chips {a bet or chips problem} action {action out of turn or unclear} conduct {a player’s conduct} other {another reason}}';
const REASON_FR =
  "{variant, select, dispute {un joueur conteste} cards {un problème de cartes} chips {un problème de mise ou de jetons} action {une parole non respectée ou une annonce ambiguë} conduct {le comportement d'un joueur} other {une autre raison}}";
const POT_EN = '{pot, select, 0 {the main pot} none {the main pot} other {side pot {pot}}}';
const POT_FR = '{pot, select, 0 {le pot principal} none {le pot principal} other {le pot annexe {pot}}}';

/** one entry of a list fact, rendered then joined: `reads` (RESUME_CHIPS_CHANGED), `differences` (FLOOR_RESYNC) */
export const LIST_ITEMS = {
  read: {
    en: 'seat {seat} {action, select, check {checks} call {calls {amount, number, amount}} bet {bets {amount, number, amount}} raise {raises to {amount, number, amount}} fold {folds} other {is all-in for {amount, number, amount}}}',
    fr: 'le siège {seat} {action, select, check {parole} call {suit {amount, number, amount}} bet {mise {amount, number, amount}} raise {relance à {amount, number, amount}} fold {se couche} other {fait tapis pour {amount, number, amount}}}',
  },
  chipsDifference: {
    en: "seat {seat}'s betting zone: {was, number, amount} in the engine, {now, number, amount} read",
    fr: 'la zone de mise du siège {seat} : {was, number, amount} pour le moteur, {now, number, amount} lus',
  },
  cardsDifference: {
    en: '{from, select, none {{to, select, seat {seat {toSeat}} board {the board} burn {the burn} other {the muck}}: {count, plural, one {# card} other {# cards}}{named, select, none {} other { ({named})}} read that the engine did not have} other {{to, select, none {{from, select, seat {seat {fromSeat}} board {the board} burn {the burn} other {the muck}}: {count, plural, one {# card} other {# cards}}{named, select, none {} other { ({named})}} read by no antenna} other {{count, plural, one {# card} other {# cards}}{named, select, none {} other { ({named})}} from {from, select, seat {seat {fromSeat}} board {the board} burn {the burn} other {the muck}} read on {to, select, seat {seat {toSeat}} board {the board} burn {the burn} other {the muck}}}}}}',
    fr: "{from, select, none {{to, select, seat {le siège {toSeat}} board {le tableau} burn {les brûlées} other {le rebut}} : {count, plural, one {# carte lue} other {# cartes lues}}{named, select, none {} other { ({named})}} que le moteur n'avait pas} other {{to, select, none {{from, select, seat {le siège {fromSeat}} board {le tableau} burn {les brûlées} other {le rebut}} : {count, plural, one {# carte lue} other {# cartes lues}}{named, select, none {} other { ({named})}} par aucune antenne} other {{count, plural, one {# carte} other {# cartes}}{named, select, none {} other { ({named})}} {from, select, seat {du siège {fromSeat}} board {du tableau} burn {des brûlées} other {du rebut}} {count, plural, one {lue} other {lues}} sur {to, select, seat {le siège {toSeat}} board {le tableau} burn {les brûlées} other {le rebut}}}}}}",
  },
  /** one seat of a colour-up's race (COLOUR_UP `race`) */
  raceLine: {
    en: 'seat {seat}: take {take, number}, give {give} × {newChip, number}{why, select, won { (race won)} granted { (so as not to be out)} other {}}',
    fr: 'siège {seat} : retirez {take, number}, donnez {give} × {newChip, number}{why, select, won { (course gagnée)} granted { (pour ne pas être éliminé)} other {}}',
  },
} satisfies Record<string, Msg>;

export const FLOOR_MESSAGES = {
  TABLE_ALL_HANDS: {
    message: { en: 'All-in: no further betting is possible', fr: "Tapis : plus aucune enchère n'est possible" },
    remedies: {
      default: {
        en: 'Turn every hand still in face up, then deal the rest of the board.',
        fr: 'Retournez toutes les mains encore en jeu, puis sortez le reste du tableau.',
      },
    },
  },
  SHOWDOWN_ORDER: {
    message: {
      en: `Showdown: ${SEAT_EN} shows first`,
      fr: `Abattage : ${SEAT_FR} montre en premier`,
    },
    remedies: {
      default: {
        en: `Ask ${SEAT_EN} to show first ({order, select, lastAggressor {last aggressor on the river} other {first live seat left of the button}}); the others follow clockwise.`,
        fr: `Demandez ${AU_SIEGE} de montrer en premier ({order, select, lastAggressor {dernier à avoir misé ou relancé à la river} other {premier siège en jeu à gauche du bouton}}) ; les autres suivent dans le sens horaire.`,
      },
    },
  },
  TABLED_HAND_MUCKED: {
    message: {
      en: `The tabled hand of ${SEAT_EN} ({cards}) went to the muck`,
      fr: `La main abattue ${DU_SIEGE} ({cards}) est allée au rebut`,
    },
    remedies: {
      default: {
        en: 'A tabled hand cannot be killed: take {cards} back out of the muck, face up; the hand is read as tabled and keeps its share of the pot.',
        fr: 'Une main abattue ne peut pas être tuée : ressortez {cards} du rebut, face visible ; la main est lue comme abattue et garde sa part du pot.',
      },
    },
  },
  HAND_VOID: {
    message: {
      en: `Shuffle pressed before hand {handNo} was over (${PHASE_EN}): the hand is void`,
      fr: `Mélange demandé avant la fin du coup {handNo} (${PHASE_FR}) : le coup est annulé`,
    },
    remedies: {
      default: {
        en: 'Every chip goes back to the stacks as they were at its shuffle; deal the next hand with the same button and blinds. Floor: check the stacks and rule if the hand should have stood.',
        fr: "Tous les jetons reviennent aux tapis tels qu'ils étaient au mélange ; distribuez le coup suivant avec le même bouton et les mêmes blinds. Arbitre : vérifiez les tapis et tranchez si le coup devait être maintenu.",
      },
    },
  },
  TABLE_FINISHED: {
    message: {
      en: 'Table finished after hand {handNo}: {seat, select, none {no seat has chips} other {only seat {seat} has chips ({amount, number, amount})}}; no next hand is dealt',
      fr: "Table terminée après le coup {handNo} : {seat, select, none {aucun siège n'a de jetons} other {seul le siège {seat} a des jetons ({amount, number, amount})}} ; aucun coup suivant n'est distribué",
    },
    remedies: {
      default: {
        en: 'Do not deal: a hand needs two players with chips. The next hand is dealt once a second player sits down with chips (floor: seat the player).',
        fr: "Ne distribuez pas : un coup demande deux joueurs avec des jetons. Le coup suivant sera distribué quand un second joueur s'assoira avec des jetons (arbitre : placez le joueur).",
      },
      tournament: {
        en: 'Tournament over at this table{seat, select, none {} other {: seat {seat} has every chip}}. Do not deal; a busted player does not come back.',
        fr: 'Tournoi terminé à cette table{seat, select, none {} other { : le siège {seat} a tous les jetons}}. Ne distribuez pas ; un joueur éliminé ne revient pas.',
      },
    },
  },
  RESUME_CHIPS_CHANGED: {
    message: {
      en: "{variant, select, gone {After the restart, seat {seat}'s betting zone holds {amount, number, amount}; the log left {logged, number, amount} there: chips gone while the service was down} changed {After the restart, seat {seat}'s betting zone holds {amount, number, amount}; the log left {logged, number, amount} there: changed while the service was down} other {After the restart, read at resume in betting order (taken while the service was down): {reads}}}",
      fr: "{variant, select, gone {Après le redémarrage, la zone de mise du siège {seat} contient {amount, number, amount} ; le journal y laissait {logged, number, amount} : des jetons ont disparu pendant l'arrêt du service} changed {Après le redémarrage, la zone de mise du siège {seat} contient {amount, number, amount} ; le journal y laissait {logged, number, amount} : modifiée pendant l'arrêt du service} other {Après le redémarrage, lu à la reprise dans l'ordre des enchères (pendant l'arrêt du service) : {reads}}}",
    },
    remedies: {
      default: {
        en: 'Each zone was read as the action it was in its turn. Nothing to do if that is what the players did; if not, tell the floor (play goes on).',
        fr: "Chaque zone a été lue comme l'action faite à son tour. Rien à faire si c'est ce que les joueurs ont fait ; sinon, prévenez l'arbitre (le jeu continue).",
      },
      gone: {
        en: 'The zone is read as it lies now: ask where the chips went (collected, taken back) and let the floor rule on the bet.',
        fr: "La zone est lue telle qu'elle est : demandez où sont allés les jetons (ramassés, repris) et laissez l'arbitre trancher sur la mise.",
      },
      changed: {
        en: 'The zone is read as it lies now; check it matches what the player did; if not, tell the floor (play goes on).',
        fr: "La zone est lue telle qu'elle est ; vérifiez qu'elle correspond à ce que le joueur a fait ; sinon, prévenez l'arbitre (le jeu continue).",
      },
    },
  },
  RESUME_CARD_GONE: {
    message: {
      en: "{by, select, none {After the restart} other {At the floor's resync}}, {amount, plural, one {# card} other {# cards}} the {by, select, none {log} other {engine}} places on {zone, select, board {the board} burn {the burn} muck {the muck} other {seat {seat}}} {amount, plural, one {is} other {are}} read by no antenna{by, select, none {: moved while the service was down} other {}}.",
      fr: "{by, select, none {Après le redémarrage} other {Lors de la resynchronisation par l'arbitre}}, {amount, plural, one {# carte} other {# cartes}} {zone, select, board {du tableau} burn {des brûlées} muck {du rebut} other {du siège {seat}}} selon le {by, select, none {journal} other {moteur}} {amount, plural, one {n'est lue} other {ne sont lues}} par aucune antenne{by, select, none { : {amount, plural, one {déplacée} other {déplacées}} pendant l'arrêt du service} other {}}.",
    },
    remedies: {
      stop: {
        en: 'The hand is stopped: its outcome cannot be rebuilt exactly. Nothing is paid until the floor decides (go on once the cards are back in place, or void the hand with a shuffle: chips go back).',
        fr: "La main est arrêtée : son issue ne peut être reconstituée exactement. Rien n'est payé avant la décision de l'arbitre (reprendre une fois les cartes remises en place, ou annuler la main par un mélange : les jetons sont rendus).",
      },
      warn: {
        en: 'Check where the cards went; the hand goes on.',
        fr: 'Vérifiez où sont allées les cartes ; la main continue.',
      },
    },
  },
  FLOOR_CALLED: {
    message: {
      en: `The dealer calls the floor{seat, select, none {} other { to seat {seat}}}: ${REASON_EN}`,
      fr: `Le donneur appelle l'arbitre{seat, select, none {} other { au siège {seat}}} : ${REASON_FR}`,
    },
    remedies: {
      default: {
        en: 'Hold the hand until the floor comes to the table and rules; the floor records the decision here.',
        fr: "Arrêtez le coup jusqu'à ce que l'arbitre vienne à la table et tranche ; l'arbitre consigne sa décision ici.",
      },
    },
  },
  FLOOR_RULING: {
    message: {
      en: `{variant, select, award {The floor awards ${POT_EN} ({amount, number, amount}) to {seatCount, plural, =0 {no seat} one {seat {seatList}} other {seats {seatList}, split}}} void {The floor voids the hand${QUOTED_EN}} stands {The floor rules that the hand stands${QUOTED_EN}} other {The floor declares a misdeal${QUOTED_EN}}}`,
      fr: `{variant, select, award {L'arbitre attribue ${POT_FR} ({amount, number, amount}) {seatCount, plural, =0 {à aucun siège} one {au siège {seatList}} other {aux sièges {seatList}, partagé}}} void {L'arbitre annule le coup${QUOTED_FR}} stands {L'arbitre maintient le coup${QUOTED_FR}} other {L'arbitre déclare une fausse donne${QUOTED_FR}}}`,
    },
    remedies: {
      default: {
        en: 'Gather all the cards; every chip goes back to the stacks as they were at the shuffle. Redeal the same hand: same button, same blinds, no new player (an exact replay).',
        fr: "Ramassez toutes les cartes ; tous les jetons reviennent aux tapis tels qu'ils étaient au mélange. Redistribuez le même coup : même bouton, mêmes blinds, aucun nouveau joueur (une relecture exacte).",
      },
      void: {
        en: 'Every chip goes back to the stacks as they were at the shuffle, blinds and ante included; nothing is awarded. The next hand is dealt as usual.',
        fr: "Tous les jetons reviennent aux tapis tels qu'ils étaient au mélange, blinds et ante compris ; rien n'est attribué. Le coup suivant est distribué comme d'habitude.",
      },
      stands: {
        en: 'Play goes on as the cards and chips lie: no misdeal, no void. The stops the floor answered are closed; carry on from the seat to act.',
        fr: "Le jeu continue tel que les cartes et les jetons sont : ni fausse donne, ni annulation. Les arrêts tranchés par l'arbitre sont levés ; reprenez au siège qui doit parler.",
      },
      award: {
        en: '{seatCount, plural, one {Push the pot to this seat.} other {Split the pot between these seats, the odd chips clockwise from the button (LOI 3).}}',
        fr: '{seatCount, plural, one {Poussez le pot vers ce siège.} other {Partagez le pot entre ces sièges, les jetons indivisibles dans le sens des aiguilles à partir du bouton (LOI 3).}}',
      },
    },
  },
  FLOOR_RESYNC: {
    message: {
      en: 'Resync with the readers{by, select, none {} other { ({by})}}: {amount, plural, =0 {no difference, the engine and the readers agree} one {# difference: {differences}} other {# differences: {differences}}}',
      fr: 'Resynchronisation avec les lecteurs{by, select, none {} other { ({by})}} : {amount, plural, =0 {aucune différence, le moteur et les lecteurs concordent} one {# différence : {differences}} other {# différences : {differences}}}',
    },
    remedies: {
      default: {
        en: "The readers' reading replaces the engine's: check at the table that each difference is what happened. A card of a live hand or of the board read by no antenna stops the hand (its own alert).",
        fr: "La lecture des lecteurs remplace celle du moteur : vérifiez à la table que chaque différence correspond à ce qui s'est passé. Une carte d'une main en jeu ou du tableau lue par aucune antenne arrête la main (son alerte propre).",
      },
      none: { en: 'Nothing to do: play goes on.', fr: 'Rien à faire : le jeu continue.' },
    },
  },
} satisfies AlertMessages;
