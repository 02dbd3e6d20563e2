// Storage faults of the event log made visible: a stop alert for the dealer and the floor (the table holds: the
// records wait in memory), a banner on every view (RoleView.storage), /api/health not ok; an info alert when every
// held record is on disk again. A log salvaged at start (a damaged file: rows kept and lost) is a stop alert too.
import { count } from '../engine/alerts/plural.js';
import type { TableSession } from '../session/TableSession.js';
import type { SqliteEventLog } from '../store/sqliteLog.js';
import type { LogFault, LogStartup } from '../store/sqliteLogShapes.js';
import type { LiveHub } from '../views/hub.js';
import type { StorageView } from '../views/liveState.js';

const KIND_EN: Record<LogFault['kind'], string> = {
  full: 'the disk is full',
  io: 'the disk reports an I/O error',
  readonly: 'the disk is read-only',
};
const KIND_FR: Record<LogFault['kind'], string> = {
  full: 'le disque est plein',
  io: "le disque signale une erreur d'entrée-sortie",
  readonly: 'le disque est en lecture seule',
};

export function storageView(f: LogFault): StorageView {
  return {
    state: 'fault',
    kind: f.kind,
    code: f.code,
    pending: f.pending,
    refused: f.refused,
    since: f.since,
    message:
      `The event log cannot be written: ${KIND_EN[f.kind]} (${f.code}). ${count('en', f.pending, { one: '# record waits', other: '# records wait' })} in memory` +
      `${f.refused > 0 ? `, ${f.refused} refused` : ''}. Hold the table until the disk is fixed.`,
    messageFr:
      `Le journal ne peut plus être écrit : ${KIND_FR[f.kind]} (${f.code}). ${count('fr', f.pending, { one: '# enregistrement attend', other: '# enregistrements attendent' })} en mémoire` +
      `${f.refused > 0 ? `, ${count('fr', f.refused, { one: '# refusé', other: '# refusés' })}` : ''}. Suspendez la table jusqu'à ce que le disque soit réparé.`,
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
        const v = storageView(f);
        session.raiseTableAlert({
          code: 'LOG_STORAGE_FAULT',
          severity: 'stop',
          rule: '',
          message: v.message,
          remedy:
            'Stop dealing. Free space on the disk (or replace it); every record held in memory is written as soon as it can be. Call the floor.',
          messageFr: v.messageFr,
          remedyFr:
            "Arrêtez de distribuer. Libérez de la place sur le disque (ou remplacez-le) ; chaque enregistrement en mémoire sera écrit dès que possible. Appelez l'arbitre.",
          antenna: null,
        });
      });
    } else if (!f && inFault) {
      inFault = false;
      later(() =>
        session.raiseTableAlert({
          code: 'LOG_STORAGE_RESTORED',
          severity: 'info',
          rule: '',
          message: 'The event log is written again: every record held in memory is on disk.',
          remedy: 'The table may go on once the floor has decided the storage alert.',
          messageFr: 'Le journal est de nouveau écrit : tous les enregistrements en mémoire sont sur le disque.',
          remedyFr: "La table peut reprendre une fois que l'arbitre a tranché l'alerte de stockage.",
          antenna: null,
        }),
      );
    }
  });
  const salvage = log.startup?.salvage;
  const aside = log.startup?.setAside;
  if (aside) {
    const kept = salvage ? salvage.kept : 0;
    const lost = salvage ? salvage.lost : 0;
    const where = salvage?.lostSeqs.length
      ? ` (records ${salvage.lostSeqs
          .slice(0, 5)
          .map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`))
          .join(', ')})`
      : '';
    session.raiseTableAlert({
      code: 'LOG_SALVAGED',
      severity: 'stop',
      rule: '',
      message: `The event log was ${aside.kind} at start (${aside.reason}): ${kept} records kept, ${lost} lost${where}${salvage?.note ? `; ${salvage.note}` : ''}. The damaged file is kept as ${aside.keptAs[0]}.`,
      remedy:
        'Floor: check the hand under way and the hands listed against the table before play goes on; a hand that cannot be rebuilt exactly is decided by the floor.',
      messageFr: `Le journal était ${aside.kind === 'truncated' ? 'tronqué' : aside.kind === 'foreign' ? 'étranger' : 'corrompu'} au démarrage (${aside.reason}) : ${kept} enregistrements gardés, ${lost} perdus${where}. Le fichier endommagé est conservé sous ${aside.keptAs[0]}.`,
      remedyFr:
        "Arbitre : vérifiez la main en cours et les mains listées avant de reprendre ; une main qui ne peut être reconstruite exactement est tranchée par l'arbitre.",
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
