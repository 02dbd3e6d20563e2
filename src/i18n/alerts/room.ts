// The room's alert texts that reach a table, English and French ICU messages (issue 22: the room's prose moves into
// the catalogue code by code): the break the room calls, the count at a break, the colour-up and its check.
import type { AlertMessages } from './shape.js';

export const ROOM_MESSAGES = {
  ROOM_TABLE_REPLACED: {
    message: {
      en: 'Table {table} now sends from another event log (a new data folder or SD card under the same table id): {count, plural, one {its # history is} other {its # histories are all}} kept in the archive.',
      fr: 'La table {table} envoie désormais depuis un autre journal (un nouveau dossier de données ou une nouvelle carte SD sous le même identifiant) : {count, plural, one {son historique est conservé} other {ses # historiques sont tous conservés}} dans l’archive.',
    },
    remedies: {
      default: {
        en: 'Check that only one table runs as {table}.',
        fr: 'Vérifiez qu’une seule table tourne sous l’identifiant {table}.',
      },
    },
  },
  ROOM_HAND_REFUSED: {
    message: {
      en: 'Table {table}: hand {handNo} was refused by the archive ({variant, select, handNo {its record says hand {amount}} export {the {format} export fails: {system}} other {the {format} export does not read back: {system}}}). It stays in the table’s log and the table’s later hands wait behind it.',
      fr: 'Table {table} : la main {handNo} est refusée par l’archive ({variant, select, handNo {son enregistrement indique la main {amount}} export {l’export {format} échoue : {system}} other {l’export {format} ne se relit pas : {system}}}). Elle reste dans le journal de la table et les mains suivantes attendent derrière elle.',
    },
    remedies: {
      default: {
        en: 'Check the table’s software and its player names.',
        fr: 'Vérifiez le logiciel de la table et les noms des joueurs.',
      },
    },
  },
  ROOM_BREAK: {
    message: {
      en: 'The room calls a {amount}-minute break: finish this hand, then deal no more until {time} UTC.',
      fr: 'La salle annonce une pause de {amount, plural, one {# minute} other {# minutes}} : terminez cette main, puis ne distribuez plus avant {time} UTC.',
    },
    remedies: { default: { en: 'Resume at {time} UTC.', fr: 'Reprenez à {time} UTC.' } },
  },
  COLOUR_UP_CHECK: {
    message: {
      en: '{variant, select, checked {Colour-up checked: every stack read is as the race gave it.} other {Colour-up checked: seat {seat} reads {read, number}, should have {expected, number}{oldChips, select, none {} other { (old chips still there: {oldChips})}}.}}',
      fr: '{variant, select, checked {Changement vérifié : chaque tapis lu est conforme à la course.} other {Changement vérifié : le siège {seat} a {read, number}, il devrait avoir {expected, number}{oldChips, select, none {} other { (anciens jetons encore là : {oldChips})}}.}}',
    },
    remedies: {
      default: {
        en: 'Give or take back the difference, then read the stack again.',
        fr: 'Donnez ou reprenez la différence, puis relisez le tapis.',
      },
      checked: { en: 'Nothing to do.', fr: 'Rien à faire.' },
    },
  },
  BREAK_COUNT: {
    message: {
      en: '{variant, select, start {Break: the count. Each player pushes their whole stack into their betting zone to be read, then takes it back ({amount, plural, one {# seat} other {# seats}}).} clean {Count at the break: every stack is as the hands say.} missing {Count at the break: seat {seat} is {amount, number} short (read {read, number}, the hands say {expected, number}).} extra {Count at the break: seat {seat} has {amount, number} too many (read {read, number}, the hands say {expected, number}).} foreign {Count at the break: seat {seat} holds chips not in play ({chipList}), not counted (LOI 16).} gone {Count at the break: {amount, number} gone from seat {seat} to seat {withSeat}.} other {Count at the break: {amount, number} come to seat {seat} from seat {withSeat}.}}',
      fr: '{variant, select, start {Pause : le comptage. Chaque joueur pousse tout son tapis dans sa zone de mise pour qu’il soit lu, puis le reprend ({amount, plural, one {# siège} other {# sièges}}).} clean {Comptage à la pause : chaque tapis est conforme aux mains.} missing {Comptage à la pause : au siège {seat}, il manque {amount, number} (lu {read, number}, les mains disent {expected, number}).} extra {Comptage à la pause : le siège {seat} a {amount, number} de trop (lu {read, number}, les mains disent {expected, number}).} foreign {Comptage à la pause : le siège {seat} a des jetons hors jeu ({chipList}), non comptés (LOI 16).} gone {Comptage à la pause : {amount, number} passés du siège {seat} au siège {withSeat}.} other {Comptage à la pause : {amount, number} arrivés au siège {seat} depuis le siège {withSeat}.}}',
    },
    remedies: {
      default: {
        en: 'Count the stack by hand before play resumes and tell the floor.',
        fr: 'Comptez le tapis à la main avant la reprise et prévenez l’arbitre.',
      },
      start: {
        en: 'Seat by seat; the table says when every stack is read.',
        fr: 'Siège par siège ; la table dit quand chaque tapis est lu.',
      },
      clean: { en: 'Nothing to do.', fr: 'Rien à faire.' },
    },
  },
  COLOUR_UP: {
    message: {
      en: 'Colour-up of the {chipList} chips, race for {raceChips} × {newChip, number}: {race}.',
      fr: 'Changement des jetons de {chipList}, course pour {raceChips} × {newChip, number} : {race}.',
    },
    remedies: {
      default: {
        en: 'Give the new chips, then let the table read every stack again.',
        fr: 'Donnez les nouveaux jetons, puis laissez la table relire chaque tapis.',
      },
    },
  },
} satisfies AlertMessages;
