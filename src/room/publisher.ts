// A table's link to the card room (`feltwire start --room mqtt://...`): it publishes the table's status (the room
// view's row), the public, delayed-overlay and commentator views, and every finished hand, and applies the room's
// settings at the next shuffle. The table never waits for the room: nothing here blocks the session, a broker that
// is down only grows the backlog, and the finished hands go out from the table's own log after the last one the
// room acknowledged (the publish cursor, kept in the data folder).

import mqtt, { type MqttClient } from 'mqtt';
import { monotonicNow, StartEpoch, wallNow } from '../clock/index.js';
import { alertRule } from '../engine/alerts/catalogue.js';
import type { HandEndInfo, SessionState } from '../session/types.js';
import { viewFor } from '../views/views.js';
import { tableUser } from './acl.js';
import {
  type AckMessage,
  checkTableId,
  decodeMessage,
  encodeMessage,
  type HandMessage,
  type LinkMessage,
  PROTOCOL_VERSION,
  type RoomClock,
  type SettingsMessage,
  topics,
} from './protocol.js';
import { CURSOR_FILE, finishedHands, readCursor, writeCursor } from './publishCursor.js';
import type { RoomLink, RoomLinkDeps, RoomLinkOptions } from './roomLinkTypes.js';
import { startTableBreak, type TableBreak } from './tableBreak.js';
import { startTableSeating } from './tableSeating.js';
import { statusFrom } from './tableStatus.js';
import { startViewStreams } from './viewStreams.js';

export type { RoomLink, RoomLinkDeps, RoomLinkOptions, RoomLinkStats } from './roomLinkTypes.js';
export { CURSOR_FILE, statusFrom };

export function startRoomLink(opts: RoomLinkOptions, deps: RoomLinkDeps): RoomLink {
  const tableId = checkTableId(opts.tableId);
  const now = deps.now ?? wallNow;
  const mono = deps.mono ?? monotonicNow;
  const epoch = deps.epoch ?? new StartEpoch(now, mono);
  const say = deps.say ?? (() => {});
  const { session, log, archive } = deps;
  const ids = { tableId, tableName: opts.tableName ?? tableId, roomName: opts.roomName ?? '' };
  const handId = opts.handId ?? ((n: number) => `${tableId}-${n}`);
  const window = opts.window ?? 50;
  const resendAfterMs = opts.resendAfterMs ?? 5000;
  // which history of the table this is: the log's own id (a memory log's lives with the process)
  const logId = log.logId ?? globalThis.crypto.randomUUID().replace(/-/g, '');
  const cursor = readCursor(opts.dataDir, tableId, logId);
  writeCursor(opts.dataDir, cursor);
  const finished = finishedHands(log, epoch);
  let lastHandWall = finished.length > 0 ? finished[finished.length - 1].wall : null;
  /** the last hand number published since the last (re)connect or rewind */
  let sentUpTo = cursor.acked;
  let lastProgress = mono();
  let lastRewind = Number.NEGATIVE_INFINITY;
  let closed = false;
  const counts = { handsSent: 0, statusSent: 0, refused: 0 };

  const linkMsg = (online: boolean): string =>
    encodeMessage('link', {
      v: PROTOCOL_VERSION,
      kind: 'link',
      tableId,
      online,
      sent: now(),
      backlog: backlog(),
    } satisfies LinkMessage);

  const username = opts.username ?? tableUser(tableId);
  const client: MqttClient = mqtt.connect(opts.url, {
    // the broker ties a client id to its account (Mosquitto use_username_as_clientid; the in-process broker checks)
    clientId: username,
    username,
    password: opts.password,
    clean: true,
    reconnectPeriod: opts.reconnectMs ?? 1000,
    connectTimeout: 5000,
    keepalive: 10,
    // a QoS 0 view is stale by the time the link is back: never queued (hands are resent from the log instead)
    queueQoSZero: false,
    will: { topic: topics.table(tableId, 'link'), payload: Buffer.from(linkMsg(false)), qos: 1, retain: true },
  });

  // The views: a hub of our own fed the session's states, so that the overlay's broadcast delay is the hub's own
  // buffer and every payload comes from viewFor. Equities are the table service's; they do not travel.
  const delay =
    typeof deps.broadcastDelayMs === 'function' ? deps.broadcastDelayMs : () => deps.broadcastDelayMs as number;
  const hub = startViewStreams({ client, tableId, broadcastDelayMs: delay(), mono, now });

  const sendStatus = (state: SessionState) => {
    if (!client.connected) return;
    const live = hub.current() ?? { session: state, at: mono(), equity: null, broadcastDelayMs: delay() };
    try {
      const msg = statusFrom(state, live, ids, {
        now: now(),
        mono: mono(),
        lastHandWall,
        settingsVersion: cursor.settingsVersion,
      });
      client.publish(topics.table(tableId, 'status'), encodeMessage('status', msg), { qos: 0, retain: true });
      counts.statusSent++;
    } catch (err) {
      counts.refused++;
      say(`room: status not sent: ${(err as Error).message}`);
    }
  };

  // finished hands go out once sealed (the next hand has begun, so nothing more is logged under their number) and
  // the broadcast delay has passed since they ended
  const sealed = () => {
    const t = mono();
    const delayMs = delay();
    const s = session.snapshot();
    // every hole card travels in a history: viewFor says when it may leave for the room
    const released = (at: number) => viewFor('room', { kind: 'history', endedAt: at, delayMs }, t);
    return finished.filter((h) => (h.handNo < s.handNo || lastHandSealed(s, h.handNo)) && released(h.at));
  };
  // the table's last hand is sealed too when no next hand will begin: the table finished (TABLE_FINISHED), or its
  // hand is over and no seat is left for the next one (a table the room broke: every player moved away). A table
  // with one player waiting keeps its hand open: the next player who sits down deals the next hand.
  const lastHandSealed = (s: SessionState, n: number): boolean => {
    if (n !== s.handNo) return false;
    if (s.tableAlerts.some((a) => a.code === 'TABLE_FINISHED' && a.hand === n)) return true;
    if (!s.handOver) return false;
    const next: Record<number, number> = { ...s.hand.stacks, ...(session.pendingSeatChanges() ?? {}) };
    return Object.values(next).every((stack) => stack <= 0);
  };
  function backlog(): number {
    return finished.filter((h) => h.handNo > cursor.acked).length;
  }

  /** a hand the archive could not re-run: said once, retried on each pump */
  let unsendable: number | null = null;
  const pump = () => {
    if (closed || !client.connected) return;
    const ready = sealed();
    let inFlight = ready.filter((h) => h.handNo > cursor.acked && h.handNo <= sentUpTo).length;
    for (let i = 0; i < ready.length && inFlight < window; i++) {
      const h = ready[i];
      if (h.handNo <= sentUpTo) continue;
      const prev = i > 0 ? ready[i - 1].handNo : null;
      let payload: string;
      try {
        const played = archive.get(h.handNo);
        const msg: HandMessage = {
          v: PROTOCOL_VERSION,
          kind: 'hand',
          tableId,
          logId,
          // the table identity's hand id (unique across tables and days) when the archive gives one
          handId: played.handId || handId(h.handNo),
          handNo: h.handNo,
          prevHandNo: prev,
          tableName: ids.tableName,
          roomName: ids.roomName,
          startWall: played.startWall,
          endWall: h.wall,
          sent: now(),
          hand: played,
        };
        payload = encodeMessage('hand', msg);
      } catch (err) {
        // a hand the archive cannot re-run stays in the log; the table says so and the room's ack stalls there
        if (unsendable !== h.handNo) {
          unsendable = h.handNo;
          counts.refused++;
          say(`room: hand ${h.handNo} not sent: ${(err as Error).message}`);
        }
        return;
      }
      client.publish(topics.table(tableId, 'hands'), payload, { qos: 1 });
      sentUpTo = h.handNo;
      counts.handsSent++;
      inFlight++;
    }
  };

  let foreignAckSaid = '';
  const onAck = (ack: AckMessage) => {
    const t = mono();
    if (ack.logId !== logId) {
      // the room's last word on another history of this table id (an old SD card's, another table's): it says
      // nothing about this log's hands, which all go out
      if (foreignAckSaid !== ack.logId) {
        foreignAckSaid = ack.logId;
        say(`room: the acknowledgement is for another log of table ${tableId} (${ack.logId}); this log is ${logId}`);
      }
      pump();
      return;
    }
    if (ack.handNo !== cursor.acked) {
      // the room is the authority on what it stored (an archive restored from a backup may be behind)
      cursor.acked = ack.handNo;
      writeCursor(opts.dataDir, cursor);
      lastProgress = t;
    }
    if (ack.resend && t - lastRewind > 1000) {
      lastRewind = t;
      sentUpTo = cursor.acked;
    }
    if (sentUpTo < cursor.acked) sentUpTo = cursor.acked;
    pump();
  };

  const giveLevel = (level: { blinds: [number, number]; bbAnte: number }) => {
    const apply = () => {
      try {
        // from the next shuffle on (the session's own rule for a level change)
        if (!closed) session.setLevel(level);
      } catch (err) {
        counts.refused++;
        say(`room: level refused: ${(err as Error).message}`);
      }
    };
    if (opts.applyLevel) opts.applyLevel(level, apply);
    else apply();
  };
  /** the settings version whose clock the table holds */
  let clockVersion = 0;
  const takeClock = (s: SettingsMessage) => {
    if (s.version <= clockVersion) return;
    clockVersion = s.version;
    const fact: RoomClock | null = s.clock ?? null;
    // a fact heard late (the retained settings after a restart of the table) has run since the room sent it: the
    // only measure across the two machines is their wall clocks (never more than the time left, never negative)
    const late = fact?.running ? Math.min(fact.leftMs, Math.max(0, now() - s.sent)) : 0;
    const held = fact ? { ...fact, leftMs: fact.leftMs - late } : null;
    hub.setTournamentClock(held);
    deps.onClock?.(held);
    // a break: the count and the colour-up read from the chips (tableBreak.ts), until the clock leaves it
    if (held?.isBreak && !breakRun) breakRun = startTableBreak({ session, tableId, say }, held);
    else if (!held?.isBreak && breakRun) {
      breakRun.stop();
      breakRun = null;
    }
  };
  let breakRun: TableBreak | null = null;
  const onSettings = (s: SettingsMessage) => {
    takeClock(s);
    if (s.version <= cursor.settingsVersion) return;
    const level = { blinds: [s.level.blinds[0], s.level.blinds[1]] as [number, number], bbAnte: s.level.bbAnte };
    try {
      giveLevel(level);
      cursor.settingsVersion = s.version;
      cursor.level = level;
      pendingBreaks = s.breaks.filter((b) => !cursor.breaks.includes(b.fromWall));
      writeCursor(opts.dataDir, cursor);
      say(`room: level ${s.level.blinds.join('/')} (ante ${s.level.bbAnte}) from the next shuffle`);
    } catch (err) {
      counts.refused++;
      say(`room: settings refused: ${(err as Error).message}`);
    }
  };
  let pendingBreaks: SettingsMessage['breaks'] = [];

  /** the backlog the last link message said: told again whenever it changes (acks after an outage bring it down) */
  let linkBacklog = -1;
  const sendLink = () => {
    linkBacklog = backlog();
    client.publish(topics.table(tableId, 'link'), linkMsg(true), { qos: 1, retain: true });
  };
  // a tournament's seating orders from the room (tableSeating.ts): applied once each, answered on `seated`
  const seating = startTableSeating({
    tableId,
    session,
    dataDir: opts.dataDir,
    now,
    say,
    publish: (msg) => {
      if (client.connected)
        client.publish(topics.table(tableId, 'seated'), encodeMessage('seated', msg), { qos: 1, retain: true });
    },
  });
  client.on('connect', () => {
    sentUpTo = cursor.acked;
    lastProgress = mono();
    sendLink();
    seating.republish();
    client.subscribe(
      [topics.table(tableId, 'ack'), topics.table(tableId, 'seating'), topics.settings],
      { qos: 1 },
      () => pump(),
    );
    sendStatus(session.snapshot());
    pump();
  });
  client.on('message', (topic, payload) => {
    try {
      if (topic === topics.settings) onSettings(decodeMessage('settings', payload));
      else if (topic === topics.table(tableId, 'seating')) seating.onOrders(decodeMessage('seating', payload));
      else if (topic === topics.table(tableId, 'ack')) {
        const ack = decodeMessage('ack', payload);
        if (ack.tableId === tableId) onAck(ack);
      }
    } catch (err) {
      counts.refused++;
      say(`room: ${(err as Error).message}`);
    }
  });
  client.on('error', (err) => say(`room link: ${err.message}`));

  let shownHand = session.handNo;
  let announcing = false;
  const onState = (state: SessionState) => {
    const d = delay();
    if (d > hub.broadcastDelayMs) hub.setBroadcastDelay(d);
    hub.update(state);
    sendStatus(state);
    // a new hand began: the one before is sealed, and a break due is told
    const last = finished[finished.length - 1];
    if (last && (last.handNo < state.handNo || lastHandSealed(state, last.handNo))) pump();
    if (state.handStartWall !== null && state.handNo !== shownHand && !announcing) {
      shownHand = state.handNo;
      announcing = true;
      try {
        announceBreaks(state.wall);
      } finally {
        announcing = false;
      }
    }
  };
  const onHandEnd = (info: HandEndInfo) => {
    finished.push({ handNo: info.handNo, wall: info.wall, at: mono() });
    lastHandWall = info.wall;
  };
  // a break the room called is told to the dealer at the first shuffle after its start: finish that hand, then stop
  const announceBreaks = (wall: number) => {
    for (const b of pendingBreaks.filter((x) => x.fromWall <= wall)) {
      cursor.breaks.push(b.fromWall);
      pendingBreaks = pendingBreaks.filter((x) => x !== b);
      writeCursor(opts.dataDir, cursor);
      const until = new Date(Math.max(wall, b.fromWall) + b.minutes * 60_000).toISOString().slice(11, 16);
      try {
        const facts = { amount: b.minutes, time: until };
        session.raiseTableAlert({ code: 'ROOM_BREAK', ...alertRule('ROOM_BREAK', facts, 'tda'), facts });
      } catch (err) {
        say(`room: break not announced: ${(err as Error).message}`);
      }
    }
  };
  session.on('state', onState);
  session.on('handEnd', onHandEnd);
  hub.update(session.snapshot());
  // a restart keeps the room's level: the one last applied goes to the session (and a simulated dealer) again,
  // whether or not the broker is there to say it
  if (cursor.level) {
    const kept = cursor.level;
    const cur = session.snapshot().level;
    if (
      opts.applyLevel ||
      cur.blinds[0] !== kept.blinds[0] ||
      cur.blinds[1] !== kept.blinds[1] ||
      cur.bbAnte !== kept.bbAnte
    )
      giveLevel(kept);
  }

  // the room said nothing while hands wait: send them again (a broker restarted without them, a room restarted)
  const timer = setInterval(() => {
    if (!client.connected) return;
    if (sentUpTo > cursor.acked && mono() - lastProgress > resendAfterMs) {
      lastProgress = mono();
      sentUpTo = cursor.acked;
    }
    pump();
    if (backlog() !== linkBacklog) sendLink();
  }, 1000);
  timer.unref();

  return {
    stats: () => ({
      connected: client.connected,
      acked: cursor.acked,
      backlog: backlog(),
      ...counts,
      settingsVersion: cursor.settingsVersion,
    }),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      seating.close();
      breakRun?.stop();
      session.off('state', onState);
      session.off('handEnd', onHandEnd);
      hub.stop();
      if (client.connected) {
        await new Promise<void>((resolve) => {
          client.publish(topics.table(tableId, 'link'), linkMsg(false), { qos: 1, retain: true }, () => resolve());
          setTimeout(resolve, 500).unref();
        });
      }
      await client.endAsync(!client.connected).catch(() => {});
    },
  };
}
