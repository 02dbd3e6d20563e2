// The room view's rows: one per table (its status, its link, what the archive holds of it) and the room's own
// alerts about it (codes of the catalogue, rendered in English and French).
import { alertRule } from '../engine/alerts/catalogue.js';
import type { AlertFacts, AlertFactsByCode } from '../engine/alerts/facts.js';
import type { Severity } from '../engine/types.js';
import { alertTextsOf } from '../i18n/renderAlert.js';
import type { ExportProblem } from './archive.js';
import type { StatusMessage } from './protocol.js';

/** an alert of the room itself about a table (not the table's own: those are in its status): a code of the
 * catalogue and its facts; its texts rendered from them (the room view shows them as they are) */
export interface RoomFloorAlert {
  code: 'ROOM_TABLE_REPLACED' | 'ROOM_HAND_REFUSED';
  severity: Severity;
  facts: AlertFacts;
  /** message and remedy, English and French, from the catalogue */
  message: string;
  messageFr: string;
  /** wall ms when the room raised it */
  wall: number;
  /** ROOM_HAND_REFUSED: the hand refused */
  handNo?: number;
}

function floorAlert<C extends 'ROOM_TABLE_REPLACED' | 'ROOM_HAND_REFUSED'>(
  code: C,
  facts: AlertFactsByCode[C],
  wall: number,
): RoomFloorAlert {
  const { severity } = alertRule(code, facts, 'tda');
  const t = alertTextsOf(code, facts);
  return {
    code,
    severity,
    facts,
    message: `${t.message} ${t.remedy}`,
    messageFr: `${t.messageFr} ${t.remedyFr}`,
    wall,
  };
}

export interface RoomTableRow {
  tableId: string;
  /** the event log the table sends from now (its current history); '' before its first hand */
  logId: string;
  /** the histories (event logs) of this table id in the archive */
  logs: number;
  /** the room's own alerts about this table, for the floor */
  roomAlerts: RoomFloorAlert[];
  tableName: string;
  roomName: string;
  /** the table's last status (null until one arrived) */
  status: StatusMessage | null;
  /** wall ms the room received it */
  statusWall: number | null;
  /** the table's link to the broker (its last will says when it dropped) */
  online: boolean;
  linkWall: number | null;
  /** finished hands the table still has to send, as it last said */
  backlog: number;
  /** the table's clock when it said so (a last will published later was written at connect: older) */
  backlogSent: number;
  archived: number;
  lastArchivedHandNo: number;
  lastArchivedWall: number | null;
}

export function replacedAlert(tableId: string, logs: number, wall: number): RoomFloorAlert {
  return floorAlert('ROOM_TABLE_REPLACED', { table: tableId, count: logs }, wall);
}

export function refusedAlert(tableId: string, handNo: number, problem: ExportProblem, wall: number): RoomFloorAlert {
  const facts: AlertFactsByCode['ROOM_HAND_REFUSED'] =
    problem.variant === 'handNo'
      ? { table: tableId, handNo, variant: 'handNo', amount: problem.recordHandNo }
      : { table: tableId, handNo, variant: problem.variant, format: problem.format, system: problem.system };
  return { ...floorAlert('ROOM_HAND_REFUSED', facts, wall), handNo };
}

export function blankRow(tableId: string, last: number): RoomTableRow {
  return {
    tableId,
    logId: '',
    logs: 0,
    roomAlerts: [],
    backlogSent: 0,
    tableName: tableId,
    roomName: '',
    status: null,
    statusWall: null,
    online: false,
    linkWall: null,
    backlog: 0,
    archived: 0,
    lastArchivedHandNo: last,
    lastArchivedWall: null,
  };
}
