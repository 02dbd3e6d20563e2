// The room view's rows: one per table (its status, its link, what the archive holds of it) and the room's own
// alerts about it, in English and French.
import type { StatusMessage } from './protocol.js';

/** an alert of the room itself about a table (not the table's own: those are in its status) */
export interface RoomFloorAlert {
  code: 'ROOM_TABLE_REPLACED' | 'ROOM_HAND_REFUSED';
  severity: 'warn' | 'stop';
  message: string;
  messageFr: string;
  /** wall ms when the room raised it */
  wall: number;
  /** ROOM_HAND_REFUSED: the hand refused */
  handNo?: number;
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
  return {
    code: 'ROOM_TABLE_REPLACED',
    severity: 'warn',
    message:
      `Table ${tableId} now sends from another event log (a new data folder or SD card under the same table id): ` +
      `its ${logs} histories are all kept in the archive. Check that only one table runs as ${tableId}.`,
    messageFr:
      `La table ${tableId} envoie désormais depuis un autre journal (un nouveau dossier de données ou une nouvelle ` +
      `carte SD sous le même identifiant) : ses ${logs} historiques sont tous conservés dans l’archive. Vérifiez ` +
      `qu’une seule table tourne sous l’identifiant ${tableId}.`,
    wall,
  };
}

export function refusedAlert(tableId: string, handNo: number, reason: string, wall: number): RoomFloorAlert {
  return {
    code: 'ROOM_HAND_REFUSED',
    severity: 'stop',
    handNo,
    message:
      `Table ${tableId}: hand ${handNo} was refused by the archive (${reason}). It stays in the table's log and ` +
      `the table's later hands wait behind it: check the table's software and its player names.`,
    messageFr:
      `Table ${tableId} : la main ${handNo} est refusée par l’archive (${reason}). Elle reste dans le journal de ` +
      `la table et les mains suivantes attendent derrière elle : vérifiez le logiciel de la table et les noms des joueurs.`,
    wall,
  };
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
