// Every alert text, English and French, as ICU messages: one catalogue for the engine, the table layer, the links,
// the storage and the session, rendered by ../formatAlert.ts on the server (views, logs) and on the web pages.
import type { AlertCode } from '../../engine/types.js';
import { BETTING_MESSAGES } from './betting.js';
import { DEALING_MESSAGES } from './dealing.js';
import { FLOOR_MESSAGES, LIST_ITEMS } from './floor.js';
import { ROOM_MESSAGES } from './room.js';
import { SEATING_MESSAGES } from './seating.js';
import type { AlertMessageEntry } from './shape.js';
import { TABLE_MESSAGES } from './table.js';

export type { AlertMessageEntry, Msg } from './shape.js';
export { LIST_ITEMS };

/** Every code has its texts: the catalogue is complete by type (a new AlertCode without texts does not compile). */
export const ALERT_MESSAGES: Record<AlertCode, AlertMessageEntry> = {
  ...DEALING_MESSAGES,
  ...BETTING_MESSAGES,
  ...TABLE_MESSAGES,
  ...FLOOR_MESSAGES,
  ...ROOM_MESSAGES,
  ...SEATING_MESSAGES,
};
