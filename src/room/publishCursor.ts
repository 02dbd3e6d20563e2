// The table's publish cursor (DATA/room-cursor.json): the last hand the room acknowledged for this history of the
// table, the room's settings applied (version, level, breaks told); and the finished hands of the log, the ones the
// link sends after the cursor.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StartEpoch } from '../clock/index.js';
import type { EventLog } from '../session/log.js';

export const CURSOR_FILE = 'room-cursor.json';

export interface Cursor {
  tableId: string;
  /** the event log the acknowledgement counts in (a cursor of another log says nothing about this one) */
  logId: string;
  /** the last hand number the room acknowledged */
  acked: number;
  settingsVersion: number;
  /** the room level of that version: given to the session (and a simulated dealer) again after a restart */
  level?: { blinds: [number, number]; bbAnte: number };
  /** breaks already announced (fromWall) */
  breaks: number[];
}

export function readCursor(dir: string | null, tableId: string, logId: string): Cursor {
  const fresh: Cursor = { tableId, logId, acked: 0, settingsVersion: 0, breaks: [] };
  if (!dir) return fresh;
  const path = join(dir, CURSOR_FILE);
  if (!existsSync(path)) return fresh;
  try {
    const c = JSON.parse(readFileSync(path, 'utf8')) as Partial<Cursor>;
    // another table id in this folder: its cursor says nothing about this table's room
    if (c.tableId !== tableId) return fresh;
    // a cursor written before log ids counts in this folder's log; one of another log counts no hand of this one
    const sameLog = c.logId === undefined || c.logId === logId;
    return {
      tableId,
      logId,
      acked: sameLog && Number.isInteger(c.acked) ? (c.acked as number) : 0,
      settingsVersion: Number.isInteger(c.settingsVersion) ? (c.settingsVersion as number) : 0,
      breaks: Array.isArray(c.breaks) ? c.breaks.filter((b) => typeof b === 'number') : [],
      ...(validLevel(c.level) ? { level: c.level } : {}),
    };
  } catch {
    return fresh;
  }
}

function validLevel(l: unknown): l is { blinds: [number, number]; bbAnte: number } {
  const x = l as { blinds?: unknown; bbAnte?: unknown } | undefined;
  return (
    !!x &&
    Array.isArray(x.blinds) &&
    x.blinds.length === 2 &&
    x.blinds.every((b) => Number.isInteger(b) && b >= 0) &&
    Number.isInteger(x.bbAnte) &&
    (x.bbAnte as number) >= 0
  );
}

export function writeCursor(dir: string | null, c: Cursor): void {
  if (!dir) return;
  const path = join(dir, CURSOR_FILE);
  writeFileSync(`${path}.tmp`, `${JSON.stringify(c)}\n`);
  renameSync(`${path}.tmp`, path);
}

/** the finished hands of the log, in order */
/** a finished hand: when it ended on the wall clock (its record) and on the monotonic clock (its age) */
export interface Finished {
  handNo: number;
  wall: number;
  at: number;
}

export function finishedHands(log: EventLog, epoch: StartEpoch): Finished[] {
  const out: Finished[] = [];
  for (const r of log.records())
    if (r.kind === 'handEnd') out.push({ handNo: r.hand, wall: r.wall, at: epoch.monoOf(r.wall) });
  return out;
}
