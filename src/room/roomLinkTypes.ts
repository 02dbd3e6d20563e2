// What a table's link to the card room (publisher.ts) is given and what it answers: the broker and the table's
// names, the session, its log and archive, the clocks; its counts.
import type { MonotonicClock, StartEpoch, WallClock } from '../clock/index.js';
import type { EventLog } from '../session/log.js';
import type { TableSession } from '../session/TableSession.js';
import type { HandArchive } from '../store/archive.js';
import type { RoomClock } from './protocol.js';

export interface RoomLinkOptions {
  /** the broker, mqtt://host:port (credentials in the URL or below) */
  url: string;
  tableId: string;
  username?: string;
  password?: string;
  tableName?: string;
  roomName?: string;
  /** the archive key of a hand when the table's archive gives none (default `<tableId>-<handNo>`) */
  handId?: (handNo: number) => string;
  /** where the publish cursor is kept (the table's data folder); null: in memory only */
  dataDir: string | null;
  /** hands published ahead of the room's acknowledgement */
  window?: number;
  /** resend the unacknowledged hands when the room has said nothing for this long (ms) */
  resendAfterMs?: number;
  /** the broker reconnect period (ms) */
  reconnectMs?: number;
  /** how a room level reaches the table (default: `apply()` now; the session takes it at the next shuffle). A
   * simulated table's dealer must post the new blinds too: it calls `apply` when its next hand takes the level. */
  applyLevel?: (level: { blinds: [number, number]; bbAnte: number }, apply: () => void) => void;
}

export interface RoomLinkDeps {
  session: TableSession;
  log: EventLog;
  /** the table's own archive: the room gets exactly what the table exports */
  archive: HandArchive;
  /** the table's broadcast delay (a function: the floor may lengthen it while the table runs). Hands go to the
   * room no sooner than this after they ended, so that before the delay hole cards travel on the commentators'
   * topic only; the overlay stream is held as long. */
  broadcastDelayMs: number | (() => number);
  /** the wall clock, for what is written down (messages' `sent`) */
  now?: WallClock;
  /** the clock of every age (sealing, resends): monotonic */
  mono?: MonotonicClock;
  /** the service's start (the ages of hands logged before it; src/clock) */
  epoch?: StartEpoch;
  say?: (line: string) => void;
  /** the room's tournament clock as it arrived (none: null), for the table's own views (hub.setTournamentClock) */
  onClock?: (fact: RoomClock | null) => void;
}

export interface RoomLinkStats {
  connected: boolean;
  /** the last hand the room said it stored */
  acked: number;
  /** finished hands not yet acknowledged */
  backlog: number;
  handsSent: number;
  statusSent: number;
  settingsVersion: number;
  refused: number;
}

export interface RoomLink {
  stats(): RoomLinkStats;
  close(): Promise<void>;
}
