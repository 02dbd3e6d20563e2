// Storage faults of the event log made visible: a stop alert for the dealer and the floor (the table holds: the
// records wait in memory), a banner on every view (RoleView.storage), /api/health not ok; an info alert when every
// held record is on disk again. A log salvaged at start (a damaged file: rows kept and lost) is a stop alert too.
import { alertRule } from '../engine/alerts/catalogue.js';
import { formatAlert } from '../i18n/formatAlert.js';
import type { TableSession } from '../session/TableSession.js';
import type { SqliteEventLog } from '../store/sqliteLog.js';
import type { LogFault, LogStartup } from '../store/sqliteLogShapes.js';
import type { LiveHub } from '../views/hub.js';
import type { StorageView } from '../views/liveState.js';

export function storageView(f: LogFault): StorageView {
  const facts = { kind: f.kind, errno: f.code, pending: f.pending, refused: f.refused };
  return {
    state: 'fault',
    kind: f.kind,
    code: f.code,
    pending: f.pending,
    refused: f.refused,
    since: f.since,
    message: formatAlert('LOG_STORAGE_FAULT', facts, 'en').message,
    messageFr: formatAlert('LOG_STORAGE_FAULT', facts, 'fr').message,
  };
}

/** Wires the log's faults to the session's alerts and the hub's views; returns the unwiring function. */
export function watchStorage(
  log: Pick<SqliteEventLog, 'onFault' | 'fault'> & { startup?: LogStartup },
  session: TableSession,
  hub: LiveHub,
  onError: (err: unknown) => void = () => {},
): () => void {
  let inFault = false;
  let closed = false;
  // raised outside the log's own call (the fault is seen inside an append, in the middle of a session input)
  const later = (fn: () => void) =>
    setImmediate(() => {
      if (closed) return;
      try {
        fn();
      } catch (err) {
        onError(err);
      }
    });
  const off = log.onFault((f) => {
    hub.setStorage(f ? storageView(f) : null, !inFault || f === null);
    if (f && !inFault) {
      inFault = true;
      later(() => {
        const facts = { kind: f.kind, errno: f.code, pending: f.pending, refused: f.refused };
        session.raiseTableAlert({
          code: 'LOG_STORAGE_FAULT',
          ...alertRule('LOG_STORAGE_FAULT', facts, 'tda'),
          facts,
          antenna: null,
        });
      });
    } else if (!f && inFault) {
      inFault = false;
      later(() =>
        session.raiseTableAlert({
          code: 'LOG_STORAGE_RESTORED',
          ...alertRule('LOG_STORAGE_RESTORED', {}, 'tda'),
          facts: {},
          antenna: null,
        }),
      );
    }
  });
  const salvage = log.startup?.salvage;
  const aside = log.startup?.setAside;
  if (aside) {
    const facts = {
      kind: aside.kind,
      system: aside.reason,
      kept: salvage ? salvage.kept : 0,
      lost: salvage ? salvage.lost : 0,
      ...(salvage?.lostSeqs.length ? { ranges: salvage.lostSeqs.slice(0, 5) } : {}),
      ...(salvage?.note ? { note: salvage.note } : {}),
      path: aside.keptAs[0] ?? '',
    };
    session.raiseTableAlert({
      code: 'LOG_SALVAGED',
      ...alertRule('LOG_SALVAGED', facts, 'tda'),
      facts,
      antenna: null,
    });
  }
  const now = log.fault();
  if (now) hub.setStorage(storageView(now), true);
  return () => {
    closed = true;
    off();
  };
}
