// The room's alerts still written as sentences (breaks, counts, colour-ups, seating and penalty orders): their four
// texts ride in the alert's `recorded` until their codes join the catalogue (issue 22). Every other alert the
// session holds is a code and its facts alone.
import type { RecordedTexts } from '../engine/types.js';
import type { TableAlertInput } from '../session/types.js';

export type ProseAlert = Omit<TableAlertInput, 'recorded'> & RecordedTexts;

export function proseAlert(a: ProseAlert): TableAlertInput {
  const { message, remedy, messageFr, remedyFr, ...rest } = a;
  return { ...rest, recorded: { message, remedy, messageFr, remedyFr } };
}
