// The websocket hub: every client gets its role's full view on connect, then a new view on every change.
// Views come from viewFor only. The overlay is fed from a buffer of states released no sooner than the broadcast
// delay. A slow client is skipped (and dropped when far behind); it never slows the table.
import { type MonotonicClock, monotonicNow, type WallClock, wallNow } from '../clock/index.js';
import { FeltwireError, statusOf } from '../errors.js';
import { type HeldClock, holdClock } from '../room/clockFact.js';
import type { RoomClock } from '../room/protocol.js';
import type { SessionState } from '../session/types.js';
import { type EquityTrack, type HandCards, type LiveState, ROLES, type Role, type StorageView } from './liveState.js';
import { handCards, type RoleView, viewFor } from './views.js';

/** earlier hands whose cards are kept to mask their alerts (older ones show no card at all) */
const PAST_HANDS_KEPT = 256;

/** What the hub needs of a socket (ws.WebSocket fits). */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

const OPEN = 1;

export class DelayError extends FeltwireError<'DELAY_SHORTENING_REFUSED' | 'DELAY_INVALID'> {
  constructor(code: 'DELAY_SHORTENING_REFUSED' | 'DELAY_INVALID', message: string) {
    super(code, message);
    this.name = 'DelayError';
  }
  get status(): number {
    return statusOf(this.code, 409, { DELAY_INVALID: 400 });
  }
}

export interface HubOptions {
  broadcastDelayMs: number;
  /** the clock of every age here (the delay): monotonic (src/clock) */
  mono?: MonotonicClock;
  /** the wall clock, for the time a view shows */
  wall?: WallClock;
  /** overlay buffer granularity and release period, ms (default 500: the broadcast moves twice a second) */
  overlayStepMs?: number;
  /** skip a message to a client with more than this many bytes unsent (default 256 KiB) */
  skipBufferedBytes?: number;
  /** drop a client with more than this many bytes unsent (default 4 MiB) */
  dropBufferedBytes?: number;
}

export interface HubStats {
  clients: Record<Role, number>;
  sent: number;
  skipped: number;
  dropped: number;
  overlayBuffered: number;
}

export type OutboundMessage =
  | { type: 'view'; view: RoleView | null; delayMs?: number }
  | { type: 'error'; code: string; message: string; ref?: string | number }
  /** a message taken; `outcome`: what the engine did with a tap (the app's answer, src/server/outcomes.ts) */
  | { type: 'ok'; ref?: string | number; outcome?: object }
  | { type: 'hello'; role: Role; delayMs: number };

export class LiveHub {
  private live: LiveState | null = null;
  private readonly clients = new Map<HubSocket, Role>();
  /** states waiting for the delay; all but the last kept as JSON text (15 minutes of states is a lot of objects) */
  private readonly overlayBuffer: Array<LiveState | string> = [];
  private overlayReleased: LiveState | null = null;
  /** monotonic ms of the first state in the buffer's last step */
  private bucketStart = Number.NEGATIVE_INFINITY;
  private overlayTimer: NodeJS.Timeout | null = null;
  private readonly now: MonotonicClock;
  private readonly wall: WallClock;
  private readonly step: number;
  private readonly skipBytes: number;
  private readonly dropBytes: number;
  private delay: number;
  private readonly counts = { sent: 0, skipped: 0, dropped: 0 };
  private readonly pastHands = new Map<number, HandCards>();
  private storage: StorageView | null = null;
  private tourney: HeldClock | null = null;
  /** stopped: the service is going away; a socket that reconnects meanwhile is told so at once */
  private stopped = false;

  constructor(opts: HubOptions) {
    if (!(Number.isFinite(opts.broadcastDelayMs) && opts.broadcastDelayMs >= 0)) {
      throw new DelayError('DELAY_INVALID', `broadcast delay must be a number of ms >= 0: ${opts.broadcastDelayMs}`);
    }
    this.delay = opts.broadcastDelayMs;
    this.now = opts.mono ?? monotonicNow;
    this.wall = opts.wall ?? wallNow;
    this.step = opts.overlayStepMs ?? 500;
    this.skipBytes = opts.skipBufferedBytes ?? 256 * 1024;
    this.dropBytes = opts.dropBufferedBytes ?? 4 * 1024 * 1024;
  }

  get broadcastDelayMs(): number {
    return this.delay;
  }

  /** The delay may grow at any time; it cannot be shortened while the session streams. */
  setBroadcastDelay(ms: number): void {
    this.checkBroadcastDelay(ms);
    this.delay = ms;
    if (this.live) this.live = { ...this.live, broadcastDelayMs: ms };
  }

  /** Throws the DelayError that setBroadcastDelay(ms) would throw. */
  checkBroadcastDelay(ms: number): void {
    if (!(Number.isFinite(ms) && ms >= 0)) throw new DelayError('DELAY_INVALID', `not a delay: ${ms}`);
    if (ms < this.delay) {
      throw new DelayError(
        'DELAY_SHORTENING_REFUSED',
        `the broadcast delay cannot be shortened while the table streams (${this.delay} ms now); a restart with ` +
          'another --delay changes it',
      );
    }
  }

  start(): void {
    if (this.overlayTimer) return;
    this.overlayTimer = setInterval(() => this.releaseOverlay(), this.step);
    this.overlayTimer.unref();
  }

  /** The service is going away: every socket is closed with 1001 (going away), so that each view says
   * "disconnected" now, and any socket opened from now on gets the same. The first step of a shutdown. */
  stop(): void {
    this.stopped = true;
    if (this.overlayTimer) clearInterval(this.overlayTimer);
    this.overlayTimer = null;
    for (const ws of this.clients.keys()) ws.close(1001, 'server shutting down');
    this.clients.clear();
  }

  current(): LiveState | null {
    return this.live;
  }

  /** A new session state (that happened at `at`, monotonic ms): every live role gets its view now, the overlay
   * later. */
  update(session: SessionState, at: number = this.now()): void {
    const prev = this.live?.session;
    if (prev && prev.handNo !== session.handNo) {
      // the hand that just ended, as it ended: its alerts are masked on its own cards from now on
      this.pastHands.delete(prev.handNo);
      this.pastHands.set(prev.handNo, handCards(prev.hand));
      while (this.pastHands.size > PAST_HANDS_KEPT) this.pastHands.delete(this.pastHands.keys().next().value as number);
    }
    const equity = this.live?.equity && this.live.equity.handNo === session.handNo ? this.live.equity : null;
    this.setLive({
      session,
      at,
      equity,
      broadcastDelayMs: this.delay,
      pastHands: this.pastHands,
      storage: this.storage,
      tourney: this.tourney,
    });
  }

  /** The room's tournament clock fact (src/room/clockFact.ts), held from now on this hub's monotonic clock: every
   * role gets its view now (the overlay's buffered states carry it too: a clock is no secret of the hand). */
  setTournamentClock(fact: RoomClock | null, at: number = this.now()): void {
    this.tourney = fact ? holdClock(fact, at) : null;
    if (this.live) this.setLive({ ...this.live, tourney: this.tourney });
    // the air shows the clock as it is now, not as it was a broadcast delay ago
    if (!this.overlayReleased) return;
    this.overlayReleased = { ...this.overlayReleased, tourney: this.tourney };
    const view = viewFor('overlay', this.overlayReleased, this.now());
    const msg = JSON.stringify({ type: 'view', view, delayMs: this.delay } satisfies OutboundMessage);
    for (const [ws, role] of this.clients) if (role === 'overlay') this.deliver(ws, msg);
  }

  tournamentClock(): HeldClock | null {
    return this.tourney;
  }

  /** The log's storage fault (null: over); `broadcast` sends every role its view now. */
  setStorage(storage: StorageView | null, broadcast: boolean): void {
    this.storage = storage;
    if (!this.live) return;
    const next = { ...this.live, storage };
    if (broadcast) this.setLive(next);
    else this.live = next;
  }

  setEquity(track: EquityTrack): void {
    if (!this.live || this.live.session.handNo !== track.handNo) return;
    // only the commentators see equities live (the overlay gets them through its buffer)
    this.setLive(
      { ...this.live, equity: track, at: this.now(), session: { ...this.live.session, wall: this.wall() } },
      'commentator',
    );
  }

  private setLive(next: LiveState, only?: Role): void {
    this.live = next;
    this.bufferForOverlay(next);
    const now = this.now();
    const cache = new Map<Role, string>();
    for (const [ws, role] of this.clients) {
      if (role === 'overlay' || (only !== undefined && role !== only)) continue;
      let msg = cache.get(role);
      if (msg === undefined) {
        msg = JSON.stringify({ type: 'view', view: viewFor(role, next, now) } satisfies OutboundMessage);
        cache.set(role, msg);
      }
      this.deliver(ws, msg);
    }
  }

  add(ws: HubSocket, role: Role): void {
    if (this.stopped) {
      ws.close(1001, 'server shutting down');
      return;
    }
    this.clients.set(ws, role);
    const delayMs = viewFor(role, { kind: 'delay', broadcastDelayMs: this.delay }, this.now());
    this.sendTo(ws, { type: 'hello', role, delayMs });
    const now = this.now();
    if (role === 'overlay') {
      const view = this.overlayReleased ? viewFor('overlay', this.overlayReleased, now) : null;
      this.sendTo(ws, { type: 'view', view, delayMs: this.delay });
    } else if (this.live) {
      this.sendTo(ws, { type: 'view', view: viewFor(role, this.live, now) });
    }
  }

  remove(ws: HubSocket): void {
    this.clients.delete(ws);
  }

  /** Closes every socket of a role (its token was rotated). */
  dropRole(role: Role, reason: string): void {
    for (const [ws, r] of this.clients) {
      if (r !== role) continue;
      this.clients.delete(ws);
      ws.close(4401, reason);
    }
  }

  sendTo(ws: HubSocket, msg: OutboundMessage): void {
    this.deliver(ws, JSON.stringify(msg));
  }

  stats(): HubStats {
    const clients = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
    for (const r of this.clients.values()) clients[r]++;
    return { clients, ...this.counts, overlayBuffered: this.overlayBuffer.length };
  }

  /** Releases to the overlay the newest buffered state old enough for viewFor('overlay', ...). */
  releaseOverlay(now: number = this.now()): void {
    let release: LiveState | null = null;
    while (this.overlayBuffer.length > 0) {
      const entry = this.overlayBuffer[0];
      const head: LiveState = typeof entry === 'string' ? (JSON.parse(entry) as LiveState) : entry;
      const withDelay = { ...head, broadcastDelayMs: this.delay, tourney: this.tourney };
      if (viewFor('overlay', withDelay, now) === null) break;
      release = withDelay;
      this.overlayBuffer.shift();
    }
    if (!release) return;
    this.overlayReleased = release;
    const view = viewFor('overlay', release, now);
    const msg = JSON.stringify({ type: 'view', view, delayMs: this.delay } satisfies OutboundMessage);
    for (const [ws, role] of this.clients) if (role === 'overlay') this.deliver(ws, msg);
  }

  private bufferForOverlay(full: LiveState): void {
    // the overlay never sees the floor's history: it is not kept (nor written out) for every buffered state
    const state = full.session.floorLog ? { ...full, session: { ...full.session, floorLog: undefined } } : full;
    // one state per step: a later state in the same step supersedes the earlier one (and is released no sooner)
    if (this.overlayBuffer.length > 0 && state.at - this.bucketStart < this.step) {
      this.overlayBuffer[this.overlayBuffer.length - 1] = state;
      return;
    }
    this.bucketStart = state.at;
    const last = this.overlayBuffer.length - 1;
    if (last >= 0 && typeof this.overlayBuffer[last] !== 'string') {
      this.overlayBuffer[last] = JSON.stringify(this.overlayBuffer[last]);
    }
    this.overlayBuffer.push(state);
  }

  private deliver(ws: HubSocket, msg: string): void {
    if (ws.readyState !== OPEN) {
      this.clients.delete(ws);
      return;
    }
    if (ws.bufferedAmount > this.dropBytes) {
      this.clients.delete(ws);
      this.counts.dropped++;
      ws.terminate();
      return;
    }
    if (ws.bufferedAmount > this.skipBytes) {
      this.counts.skipped++;
      return;
    }
    ws.send(msg);
    this.counts.sent++;
  }
}
