// A table source (the reader bridge and dealer panel, or the simulator) and its wiring into the session: the table
// layer's events through the resume reading, the deal order and the resume hold, its alerts and health.
import type { TableConfig } from '../engine/types.js';
import type { TableEventInput, TableSession } from '../session/index.js';
import type { TableAlertInput } from '../session/types.js';
import type { TableIdentity } from '../store/tableIdentity.js';
import type { LiveTableEvent, ResyncDifferences, TableLayer } from '../table/index.js';
import { DealOrder } from './dealOrder.js';
import { ResumeHold, raiseResyncAlert, reconcileResume, resyncTable } from './resume.js';
import { ResumeReading } from './resumeReading.js';

/** Something that feeds the session (hardware, simulator); closed on shutdown. */
export interface TableSource {
  readonly name: string;
  /** the tablet's table events, in order with the sensors' (the table layer's ingestTablet) */
  tablet?(ev: TableEventInput): void;
  /** the floor's resync with the readers (resume.ts resyncTable): the differences replaced */
  resync?(by: string, wall: number): ResyncDifferences;
  close(): Promise<void>;
}

/** Starts a table source on the session. `table`, when given, is the table this source plays (the simulator's):
 * the session starts a new table with it instead of resuming the logged one. */
export interface TableSourceFactory {
  table?: TableConfig;
  /** `table`: what the service knows of the table (its identity: cash or tournament) */
  start(session: TableSession, say: (line: string) => void, table?: { identity: TableIdentity }): Promise<TableSource>;
}

/** Feeds the table layer's events, alerts and health into the session; returns the unwiring function, with the
 * floor's resync (`resync`: the layer reads the table again, the same path as a restart's first inventory). */
export function wireTableLayer(
  layer: TableLayer,
  session: TableSession,
  sourceName: string,
  onError: (err: unknown) => void,
): (() => void) & { resync(by: string, wall: number): ResyncDifferences } {
  // unwired (the source closing): the layer's last words (the link closed, the table emptied) are not the table's
  let wired = true;
  // hole cards read without their order (inventories) go to the engine in the deal's order (dealOrder.ts)
  // a hand stopped after a restart (a card the log placed gone from the table) gets no event until the floor decides
  const hold = new ResumeHold(session, (ev: LiveTableEvent) => {
    if (!wired) return;
    const { wall, orderKnown: _orderKnown, ...rest } = ev;
    try {
      session.ingest(rest, wall);
    } catch (err) {
      onError(err);
    }
  });
  const dealOrder = new DealOrder(session, (ev: LiveTableEvent) => hold.push(ev));
  // after a restart, what the readers' first inventory finds is read in betting order (resumeReading.ts)
  const reading = new ResumeReading(session, layer, (ev: LiveTableEvent) => dealOrder.push(ev));
  // after a restart, the readers' first inventory against the log: cards gone from the table are told, never kept;
  // the actions taken while down are read in turn, the floor told once what was read
  layer.on('resumed', (r) => {
    if (!wired) return;
    try {
      const plan = reading.release(r.wall);
      dealOrder.flush();
      reconcileResume(session, r.missing, r.wall, plan, r.resync ? 'resync' : 'restart');
      if (r.resync) raiseResyncAlert(session, r.resync, r.wall);
    } catch (err) {
      onError(err);
    }
  });
  layer.on('event', (ev) => {
    if (!wired) return;
    try {
      reading.push(ev);
    } catch (err) {
      onError(err);
    }
  });
  layer.on('alert', (a) => {
    if (!wired) return;
    try {
      const facts = (a as { facts?: TableAlertInput['facts'] }).facts;
      session.raiseTableAlert(
        {
          code: a.code,
          severity: a.severity,
          rule: a.rule,
          antenna: a.antenna ?? null,
          // the cards the alert names, as facts: the views mask them on the alert's own hand (views.ts)
          ...(facts ? { facts } : {}),
        },
        a.wall,
      );
    } catch (err) {
      onError(err);
    }
  });
  // health: on the layer's word, and once a second (link and reader states change without table events)
  let last = '';
  const refresh = () => {
    if (!wired) return;
    const h = { ...layer.sessionHealth(), source: sourceName };
    const text = JSON.stringify(h);
    if (text === last) return;
    last = text;
    try {
      session.setHealth(h);
    } catch (err) {
      onError(err);
    }
  };
  layer.on('health', refresh);
  const timer = setInterval(refresh, 1000);
  timer.unref();
  refresh();
  const unwire = () => {
    wired = false;
    reading.close();
    dealOrder.close();
    hold.close();
    clearInterval(timer);
  };
  // the floor's resync: what is held for the engine goes first (the engine's belief is the session's hand)
  const resync = (by: string, wall: number): ResyncDifferences => {
    layer.flush();
    dealOrder.flush();
    return resyncTable(layer, session, by, wall);
  };
  return Object.assign(unwire, { resync });
}
