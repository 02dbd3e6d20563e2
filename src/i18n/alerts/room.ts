// The room's alert texts that reach a table, English and French ICU messages (issue 22: the room's prose moves into
// the catalogue code by code): the break the room calls.
import type { AlertMessages } from './shape.js';

export const ROOM_MESSAGES = {
  ROOM_BREAK: {
    message: {
      en: 'The room calls a {amount}-minute break: finish this hand, then deal no more until {time} UTC.',
      fr: 'La salle annonce une pause de {amount, plural, one {# minute} other {# minutes}} : terminez cette main, puis ne distribuez plus avant {time} UTC.',
    },
    remedies: { default: { en: 'Resume at {time} UTC.', fr: 'Reprenez à {time} UTC.' } },
  },
} satisfies AlertMessages;
