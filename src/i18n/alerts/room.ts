// The room's alert texts that reach a table, English and French ICU messages (issue 22: the room's prose moves into
// the catalogue code by code): the break the room calls, the colour-up's check.
import type { AlertMessages } from './shape.js';

export const ROOM_MESSAGES = {
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
} satisfies AlertMessages;
