// An alert record's four texts as the edge renders them (src/i18n/renderAlert.ts): a record stores none, so the tests
// that read what an alert says read it here.
import type { AlertFacts, RecordedTexts } from '../src/engine/types.js';
import { type AlertTexts, alertTexts } from '../src/i18n/renderAlert.js';
import type { SessionState } from '../src/session/index.js';

type Record = { code: string; facts?: AlertFacts; recorded?: RecordedTexts };

export function texts(a: Record): AlertTexts;
export function texts(a: Record | null | undefined): AlertTexts | undefined;
export function texts(a: Record | null | undefined): AlertTexts | undefined {
  return a ? alertTexts(a) : undefined;
}

/** what viewFor takes for a session's state at time 0, a one-minute delay, no equities */
export const live = (s: SessionState) => ({ session: s, at: 0, equity: null, broadcastDelayMs: 60_000 });

/** a text field of an alert in serialised JSON: a stored record must hold none */
export const TEXT_KEYS = /"(message|remedy|messageFr|remedyFr|recorded)"/;
