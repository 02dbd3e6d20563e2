// An alert record's four texts as the edge renders them (src/i18n/renderAlert.ts): a record stores none, so the tests
// that read what an alert says read it here.
import type { AlertFacts, RecordedTexts } from '../src/engine/types.js';
import { type AlertTexts, alertTexts } from '../src/i18n/renderAlert.js';

type Record = { code: string; facts?: AlertFacts; recorded?: RecordedTexts };

export function texts(a: Record): AlertTexts;
export function texts(a: Record | null | undefined): AlertTexts | undefined;
export function texts(a: Record | null | undefined): AlertTexts | undefined {
  return a ? alertTexts(a) : undefined;
}
