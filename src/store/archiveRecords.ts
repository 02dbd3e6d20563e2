// A logged hand's records as the archive reads them: its table and events, its table alerts as notes, where an
// imported hand came from, and when it began.
import type { Decision } from '../engine/hand/decisions.js';
import type { TableConfig, TableEvent } from '../engine/types.js';
import { alertTexts } from '../i18n/renderAlert.js';
import type { LogRecord, LogRecordOf } from '../session/log.js';
import { tableAlertFromLog } from '../session/types.js';
import type { HandNote, PlayedHand } from './playedHand.js';

type EventRec = LogRecordOf<'event'>;
type TableAlertRec = LogRecordOf<'tableAlert'>;
const isEvent = (r: LogRecord): r is EventRec => r.kind === 'event';
const isTableAlert = (r: LogRecord): r is TableAlertRec => r.kind === 'tableAlert';

/** The hand's table is its last 'hand' record (a level change before the shuffle re-logs it); events follow it. */
export function splitHand(recs: LogRecord[]): {
  config: TableConfig | null;
  events: EventRec[];
  tableAlerts: TableAlertRec[];
} {
  let start = -1;
  let config: TableConfig | null = null;
  for (let i = 0; i < recs.length; i++) {
    const r = recs[i];
    if (r.kind !== 'hand') continue;
    start = i;
    config = r.data.config;
  }
  if (start < 0) return { config: null, events: [], tableAlerts: [] };
  const rest = recs.slice(start + 1);
  return { config, events: rest.filter(isEvent), tableAlerts: rest.filter(isTableAlert) };
}

/** an imported hand's table: the seats its file says it had, else as many as its players */
export function seatCountOf(source: NonNullable<PlayedHand['source']>, config: TableConfig): number {
  const n = source.fields.seat_count;
  const players = Object.keys(config.seats).length;
  return typeof n === 'number' && Number.isInteger(n) && n >= players ? n : Math.max(2, players);
}

/** what an imported hand's source file said of itself (PHH optional fields), logged with its table */
export function sourceOf(recs: LogRecord[]): PlayedHand['source'] | undefined {
  let source: PlayedHand['source'] | undefined;
  for (const r of recs) if (r.kind === 'hand') source = r.data.source;
  return source;
}

export function startWallOf(recs: LogRecord[]): number | null {
  const events = recs.filter(isEvent);
  const shuffle = events.find((r) => r.data.kind === 'dealer' && r.data.button === 'shuffle');
  const first = shuffle ?? events[0];
  if (!first) return null;
  return first.wall - first.data.t;
}

export function tableAlertNote(rec: TableAlertRec, afterAction: number): HandNote {
  const data = rec.data;
  switch (data.op) {
    case 'raise':
      return {
        afterAction,
        kind: 'tableAlert',
        text: `${data.alert.code}: ${alertTexts(tableAlertFromLog(data.alert)).message}`,
      };
    case 'decision':
      return { afterAction, kind: 'decision', text: `table alert ${data.id}: ${data.decision} (by ${data.by})` };
    // a close of an earlier hand's alert is noted as before: by its id and who gave it
    case 'ack':
    case 'close':
      return { afterAction, kind: 'tableAlert', text: `table alert ${data.id} acknowledged by ${data.by}` };
    default: {
      const never: never = data;
      return never;
    }
  }
}

export function describeEvent(ev: TableEvent): string {
  const { t: _t, ...rest } = ev;
  return JSON.stringify(rest);
}

/**
 * The burns and the unshown mucks among `decisions[from..]`, an event's new decisions (the engine's `burn` and
 * `muck` decisions), as the exporters place them: after the event's decisions, a burn as a note (PHH has no burn: a
 * comment), a muck as `pN sm`. Read off the decisions, never inferred from the snapshots.
 */
export function placeProcedure(
  decisions: readonly Decision[],
  from: number,
  notes: HandNote[],
  mucks: PlayedHand['mucks'],
): void {
  for (let i = from; i < decisions.length; i++) {
    const d = decisions[i];
    if (d.kind === 'burn') notes.push({ afterAction: decisions.length, kind: 'burn', text: d.cards.join(' ') });
    else if (d.kind === 'muck') mucks.push({ seat: d.seat, afterAction: decisions.length });
  }
}
