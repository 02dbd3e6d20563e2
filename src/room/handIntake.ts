// The room's intake of finished hands (the tables' 'hands' stream): one chain of stores in the archive per table, in
// the order the hands arrive (tables in parallel), none before the gate opens (roomService.ts opens it once the
// attached part has been given the hands it missed). Each store's outcome is acted on: a hand stored updates the
// table's row, is acknowledged and given to the attached part; a hand refused is not acknowledged (it stays in the
// table's log) and the floor is told which table; a duplicate is acknowledged again; a gap asks the table to resend,
// at most once a second per log.
import type { MonotonicClock, WallClock } from '../clock/index.js';
import { problemLine, type RoomArchive } from './archive.js';
import type { HandMessage } from './protocol.js';
import type { RoomAttachment } from './roomAttach.js';
import { type RoomTableRow, refusedAlert, replacedAlert } from './roomRows.js';

/** the room's counts the intake adds to */
export interface IntakeStats {
  stored: number;
  duplicates: number;
  gaps: number;
  refused: number;
}

export interface HandIntakeDeps {
  archive: RoomArchive;
  /** the table's row (made when new) */
  row: (tableId: string) => RoomTableRow;
  stats: IntakeStats;
  /** publishes the room's ack to the table (`resend`: the hands after `handNo` again) */
  ack: (tableId: string, logId: string, handNo: number, resend: boolean) => void;
  /** to the room page's sockets */
  broadcast: (msg: unknown) => void;
  /** the part of the room beside the archive, when there is one */
  attached: () => RoomAttachment | null;
  now: WallClock;
  mono: MonotonicClock;
  say: (line: string) => void;
}

export interface HandIntake {
  /** a hand received: stored after the table's earlier ones */
  take(msg: HandMessage): void;
  /** lets the stores begin */
  open(): void;
  /** monotonic ms this run received a hand it stored (the start of its export delay), if it did */
  receivedAt(h: { tableId: string; logId: string; handId: string }): number | undefined;
  /** resolves when every hand received so far is stored and acknowledged */
  idle(): Promise<void>;
}

export function handIntake(deps: HandIntakeDeps): HandIntake {
  const { archive, row, stats, ack, broadcast, attached, now, mono, say } = deps;
  /** monotonic ms of the last resend asked of each table */
  const lastResend = new Map<string, number>();
  /** monotonic ms each hand stored by this run was received (the start of its export delay) */
  const receivedAt = new Map<string, number>();
  const handKey = (tableId: string, logId: string, handId: string) => `${tableId}\u0000${logId}\u0000${handId}`;

  // one chain of stores per table: its hands are stored in the order they arrive, tables in parallel; none before
  // the gate opens
  const chains = new Map<string, Promise<void>>();
  let openGate!: () => void;
  const gate = new Promise<void>((r) => {
    openGate = r;
  });
  const take = (msg: HandMessage): void => {
    const prev = chains.get(msg.tableId) ?? gate;
    const next = prev.then(async () => {
      try {
        const received = mono();
        const out = await archive.store(msg, now());
        const r = row(msg.tableId);
        if (out.kind === 'stored') {
          receivedAt.set(handKey(msg.tableId, msg.logId, msg.handId), received);
          stats.stored++;
          r.archived++;
          r.logId = msg.logId;
          if (r.logs === 0) r.logs = 1;
          if (out.replaced) {
            r.logs++;
            r.roomAlerts = r.roomAlerts.filter((a) => a.code !== 'ROOM_TABLE_REPLACED');
            r.roomAlerts.push(replacedAlert(msg.tableId, r.logs, now()));
            say(
              `room: table ${msg.tableId} sends from another event log (${msg.logId}, was ${out.replaced.previousLogId || 'one without an id'}): both histories are kept`,
            );
          }
          r.lastArchivedHandNo = out.lastHandNo;
          r.lastArchivedWall = msg.endWall;
          r.tableName = msg.tableName;
          r.roomName = msg.roomName;
          ack(msg.tableId, msg.logId, out.lastHandNo, false);
          broadcast({ type: 'table', table: r });
          try {
            attached()?.onHandStored(msg);
          } catch (err) {
            say(`room: hand ${msg.handNo} of ${msg.tableId}: ${(err as Error).message}`);
          }
        } else if (out.kind === 'refused') {
          // nothing stored, nothing acknowledged: the hand stays in the table's log; the floor is told which table
          stats.refused++;
          const r2 = row(msg.tableId);
          const known = r2.roomAlerts.find((a) => a.code === 'ROOM_HAND_REFUSED');
          if (!known || known.handNo !== msg.handNo) {
            r2.roomAlerts = r2.roomAlerts.filter((a) => a.code !== 'ROOM_HAND_REFUSED');
            r2.roomAlerts.push(refusedAlert(msg.tableId, msg.handNo, out.problem, now()));
            broadcast({ type: 'table', table: r2 });
          }
          say(`room: hand ${msg.handNo} of table ${msg.tableId} refused: ${problemLine(out.problem)}`);
        } else if (out.kind === 'duplicate') {
          stats.duplicates++;
          ack(msg.tableId, msg.logId, out.lastHandNo, false);
        } else {
          stats.gaps++;
          const t = mono();
          const k = `${msg.tableId}/${msg.logId}`;
          const last = lastResend.get(k);
          if (last === undefined || t - last > 1000) {
            lastResend.set(k, t);
            ack(msg.tableId, msg.logId, out.lastHandNo, true);
          }
        }
      } catch (err) {
        stats.refused++;
        say(`room: hand ${msg.handId} of ${msg.tableId} not stored: ${(err as Error).message}`);
      }
    });
    chains.set(msg.tableId, next);
  };

  return {
    take,
    open: () => openGate(),
    receivedAt: (h) => receivedAt.get(handKey(h.tableId, h.logId, h.handId)),
    async idle() {
      for (;;) {
        const pending = [...chains.values()];
        await Promise.all(pending);
        if ([...chains.values()].every((p, i) => p === pending[i])) return;
      }
    },
  };
}
