// What the table app's route modules (src/server/routes) are given: the session and its log, the hub of views, the
// archive and its index, the clocks, and where the tablet's events go. buildApp (app.ts) makes it once.
import type { MonotonicClock, WallClock } from '../clock/index.js';
import type { TokenStore } from '../service/tokens.js';
import type { EventLog } from '../session/log.js';
import type { TableSession } from '../session/TableSession.js';
import type { TableEventInput } from '../session/types.js';
import type { ArchiveIndex } from '../store/archiveIndex.js';
import type { HandArchive } from '../store/index.js';
import type { LogFault } from '../store/sqliteLogShapes.js';
import type { LiveHub } from '../views/hub.js';
import type { Resync } from './resync.js';
import type { TapGuard } from './taps.js';

export interface TableContext {
  session: TableSession;
  log: EventLog;
  tokens: TokenStore;
  hub: LiveHub;
  archive: HandArchive;
  index: ArchiveIndex;
  /** the wall clock: what is written down */
  now: WallClock;
  /** the clock of every age */
  mono: MonotonicClock;
  /** when (monotonic ms) a hand ended */
  endedAt: (handNo: number, endWall: number) => number;
  /** where the tablet's and the floor's table events go */
  tablet: (ev: TableEventInput) => void;
  resync: Resync | undefined;
  taps: TapGuard;
  /** the delay the command line named: the floor's changes are logged under it */
  commandLineDelayMs: number;
  /** the event log's storage fault, if any */
  logFault: () => LogFault | null;
}
