// The room's seating and penalty orders as a table's dealer reads them, English and French ICU messages (issue 22):
// a move's two halves, a player out, a late registration, a player absent or back, a penalty given, served or
// following its player. The room renders the same texts into an order's `message` for a table that reads no facts
// (src/room/seatingOrders.ts); a table raises the code with the order's facts (src/room/tableSeating.ts).
import type { AlertMessages } from './shape.js';

const WAIT_EN =
  '{waits, select, yes { {player}, seat {seat}: the blinds have passed this seat; dealt no hand until the button has passed it (LOI 32).} other {}}';
const WAIT_FR =
  '{waits, select, yes { {player}, siège {seat} : les blindes ont passé ce siège ; pas de cartes avant que le bouton l’ait passé (LOI 32).} other {}}';
const WHY_EN = '{move, select, break {table {table} breaks} other {balancing}}';
const WHY_FR = '{move, select, break {la table {table} est cassée} other {équilibrage}}';
const NO_SHOW_EN = '{noShow, select, yes { Never came (seed 003 regulation 10): the chips leave play.} other {}}';
const NO_SHOW_FR = '{noShow, select, yes { Jamais venu (seed 003 règlement 10) : les jetons sortent du jeu.} other {}}';
const WHAT_EN =
  '{penalty, select, warning {a warning} hands {{count, plural, one {# hand} other {# hands}} away} rounds {{count, plural, one {# round} other {# rounds}} away ({handsLeft} hands)} minutes {{count} minutes away} levels {{count, plural, one {# level} other {# levels}} away} deadHand {the hand in play dead} elimination {elimination} other {disqualification}}';
const WHAT_FR =
  '{penalty, select, warning {un avertissement} hands {{count, plural, one {# main} other {# mains}} de pénalité} rounds {{count, plural, one {# tour} other {# tours}} de pénalité ({handsLeft} mains)} minutes {{count} minutes de pénalité} levels {{count, plural, one {# niveau} other {# niveaux}} de pénalité} deadHand {la main en cours morte} elimination {élimination} other {disqualification}}';
const THEN_EN =
  '{penalty, select, hands { From the end of this hand the seat is dealt in, its hand killed and its blinds posted.} rounds { From the end of this hand the seat is dealt in, its hand killed and its blinds posted.} minutes { From the end of this hand the seat is dealt in, its hand killed and its blinds posted.} levels { From the end of this hand the seat is dealt in, its hand killed and its blinds posted.} deadHand { Kill the seat’s hand.} other {}}';
const THEN_FR =
  '{penalty, select, hands { Dès la fin de cette main, le siège reçoit ses cartes, sa main est tuée et ses blindes prélevées.} rounds { Dès la fin de cette main, le siège reçoit ses cartes, sa main est tuée et ses blindes prélevées.} minutes { Dès la fin de cette main, le siège reçoit ses cartes, sa main est tuée et ses blindes prélevées.} levels { Dès la fin de cette main, le siège reçoit ses cartes, sa main est tuée et ses blindes prélevées.} deadHand { Tuez la main du siège.} other {}}';

const SEAT_PLAYER = {
  en: 'Seat the player with their chips.',
  fr: 'Installez le joueur avec ses jetons.',
};
const PLAYER_LEAVES = { en: 'The player leaves with their chips.', fr: 'Le joueur part avec ses jetons.' };

export const SEATING_MESSAGES = {
  ROOM_SEATING: {
    message: {
      en: `{variant, select, leave {Move (${WHY_EN}, {rules}): {player}, seat {seat}, goes to table {toTable}, seat {withSeat}, with their chips once their hand here is over.} arrive {Move (${WHY_EN}, {rules}): {player} comes from table {table} to seat {seat} with {amount} chips, and plays from the next hand in the position of that seat (blinds included).${WAIT_EN}} out {{player} (seat {seat}) is out in place {place}{prize, select, none {} other {, prize {prize}}}: the seat is free.${NO_SHOW_EN}} late {Late registration (club 3-1): {player} takes seat {seat} with {amount} chips.${WAIT_EN}} away {{player}, seat {seat}, is away from the seat: dealt in, the blinds owed taken into the pot (they give no right), the hand killed until they sit down (LOI 23).} absent {{player}, seat {seat}, is not here: dealt in, the blinds taken, the hand killed until they sit down (club 3-2).} back {{player}, seat {seat}, has arrived and plays from the next hand.} remove {The room takes {player} away from seat {seat} once their hand here is over.} other {The room seats {player} at seat {seat}.${WAIT_EN}}}`,
      fr: `{variant, select, leave {Déplacement (${WHY_FR}, {rules}) : {player}, siège {seat}, va à la table {toTable}, siège {withSeat}, avec ses jetons dès que sa main ici est finie.} arrive {Déplacement (${WHY_FR}, {rules}) : {player} arrive de la table {table} au siège {seat} avec {amount} jetons, et joue dès la main suivante à la position de ce siège (blindes comprises).${WAIT_FR}} out {{player} (siège {seat}) est éliminé à la {place}e place{prize, select, none {} other {, gain {prize}}} : le siège est libre.${NO_SHOW_FR}} late {Inscription tardive (club 3-1) : {player} prend le siège {seat} avec {amount} jetons.${WAIT_FR}} away {{player}, siège {seat}, a quitté sa place : ses cartes sont distribuées, les blindes dues versées au pot (elles ne donnent aucun droit), sa main tuée jusqu’à son retour (LOI 23).} absent {{player}, siège {seat}, est absent : ses cartes sont distribuées, ses blindes prélevées, sa main tuée jusqu’à son arrivée (club 3-2).} back {{player}, siège {seat}, est arrivé et joue dès la main suivante.} remove {La salle retire {player} du siège {seat} dès que sa main ici est finie.} other {La salle place {player} au siège {seat}.${WAIT_FR}}}`,
    },
    remedies: {
      default: SEAT_PLAYER,
      arrive: SEAT_PLAYER,
      late: SEAT_PLAYER,
      seat: SEAT_PLAYER,
      leave: PLAYER_LEAVES,
      out: PLAYER_LEAVES,
      remove: PLAYER_LEAVES,
      away: {
        en: 'The table deals the seat in and posts the blinds owed into the pot; its hand is killed until the player sits down.',
        fr: 'La table distribue au siège et verse au pot les blindes dues ; sa main est tuée tant que le joueur n’est pas assis.',
      },
      absent: {
        en: 'The table deals the seat in and posts its blinds; its hand is killed until the player sits down.',
        fr: 'La table distribue au siège et prélève ses blindes ; sa main est tuée tant que le joueur n’est pas assis.',
      },
      back: {
        en: 'Nothing to do: the seat plays from the next hand.',
        fr: 'Rien à faire : le siège joue dès la main suivante.',
      },
    },
  },
  ROOM_PENALTY: {
    message: {
      en: `{variant, select, served {Penalty served: {player}, seat {seat}, plays again from the next hand.} carried {Penalty (tda 71) follows {player} from table {table}: seat {seat} sits out {amount, plural, one {# more hand} other {# more hands}}; dealt in, the hand killed, the blinds posted.} hands {{amount, select, 0 {Penalty over or a warning: {player}, seat {seat}.} other {Penalty (tda 71): {player}, seat {seat}, sits out {amount, plural, one {# hand} other {# hands}}; dealt in, the hand killed, the blinds posted.}}} other {Penalty ({rules}): {player}, seat {seat}, ${WHAT_EN} for {words}.${THEN_EN}}}`,
      fr: `{variant, select, served {Pénalité purgée : {player}, siège {seat}, rejoue dès la main suivante.} carried {Pénalité (tda 71) qui suit {player} depuis la table {table} : le siège {seat} purge encore {amount, plural, one {# main} other {# mains}} ; cartes distribuées, main tuée, blindes prélevées.} hands {{amount, select, 0 {Pénalité finie ou avertissement : {player}, siège {seat}.} other {Pénalité (tda 71) : {player}, siège {seat}, purge {amount, plural, one {# main} other {# mains}} ; cartes distribuées, main tuée, blindes prélevées.}}} other {Pénalité ({rules}) : {player}, siège {seat}, ${WHAT_FR} pour : {words}.${THEN_FR}}}`,
    },
    remedies: {
      default: {
        en: '{penalty, select, elimination {The player leaves with their chips.} disqualification {The player leaves with their chips.} other {{amount, select, 0 {Tell the player.} other {The table deals the seat in, kills its hand and posts its blinds while the penalty runs.}}}}',
        fr: '{penalty, select, elimination {Le joueur part avec ses jetons.} disqualification {Le joueur part avec ses jetons.} other {{amount, select, 0 {Prévenez le joueur.} other {La table distribue au siège, tue sa main et prélève ses blindes tant que la pénalité court.}}}}',
      },
    },
  },
  EARLIER_ALERT: {
    message: {
      en: 'An alert {earlierCode} an earlier version logged, under a code this version does not know.',
      fr: 'Une alerte {earlierCode} notée par une version antérieure, sous un code que cette version ne connaît pas.',
    },
    remedies: {
      default: {
        en: 'Nothing to do: it is shown as it was logged.',
        fr: 'Rien à faire : elle est montrée telle qu’elle a été notée.',
      },
    },
  },
} satisfies AlertMessages;
