// A room tournament's link to the room service (roomTournament.ts, roomAttach.ts): the tables' seating answers it
// subscribes to, the hands the archive stored, the seating orders sent again on each (re)connect, and the
// tournament clock's level pushed through the room settings (each table takes it at its next shuffle, LOI 18),
// with a break told to the dealers when the clock reaches one, and the clock itself (clockFact.ts) on each change:
// a new period, a pause, a resume, time added; the tables count it down on their own monotonic clock. The TD's routes are tournamentRoutes.ts.
import { formatLeft } from './clockFact.js';
import { clockFactOf, samePeriod } from './clockPush.js';
import { decodeMessage, type RoomClock, topics } from './protocol.js';
import type { RoomAttachment, RoomContext } from './roomAttach.js';
import type { RoomTournament } from './roomTournament.js';
import { registerTournamentRoutes } from './tournamentRoutes.js';

export function tournamentAttachment(t: RoomTournament, ctx: RoomContext): RoomAttachment {
  t.setContext(ctx);
  /** the retained settings had the time to arrive (a level pushed before would start the versions again) */
  let ready = false;
  let readyTimer: NodeJS.Timeout | null = null;
  let breakSaid = -1;
  /** the clock fact last pushed: a new one goes out when the period or its state changes, or the TD changes it */
  let lastFact: RoomClock | null = null;
  const pushLevel = (force = false) => {
    if (!ready || !ctx.connected() || t.isFinished()) return;
    const st = t.floor.clock.status();
    const level = { blinds: [st.level.sb, st.level.bb] as [number, number], bbAnte: st.level.bbAnte };
    const settings = ctx.settings();
    const cur = settings?.level;
    const brk = st.current.kind === 'break' && breakSaid !== st.period ? st.current : null;
    const same =
      cur && cur.blinds[0] === level.blinds[0] && cur.blinds[1] === level.blinds[1] && cur.bbAnte === level.bbAnte;
    const fact = clockFactOf(st, t.floor.structure);
    const clockNews = force || !lastFact || !samePeriod(lastFact, fact);
    if (same && !brk && !clockNews) return;
    if (brk) breakSaid = st.period;
    lastFact = fact;
    // a clock change alone keeps the breaks already published (a table not yet told of one still is)
    const breaks = brk ? [{ fromWall: t.wall(), minutes: brk.minutes }] : same ? (settings?.breaks ?? []) : [];
    ctx.setSettings(level, breaks, fact).then(
      (s) =>
        ctx.say(
          `tournament: level ${st.level.level} ${st.level.sb}/${st.level.bb} ante ${st.level.bbAnte}, ${fact.isBreak ? 'break' : 'level'} ${formatLeft(fact.leftMs)} left${fact.running ? '' : ' (paused)'} (settings ${s.version})`,
        ),
      (err: Error) => ctx.say(`tournament: level not pushed: ${err.message}`),
    );
  };
  t.onClockChange = () => pushLevel(true);
  const tick = setInterval(() => {
    t.saveClock();
    if (!t.isFinished()) {
      t.liftServed();
      t.noShowsDue();
    }
    pushLevel();
  }, 250);
  tick.unref();
  return {
    topics: [topics.allTables('seated')],
    onMessage: (topic, payload) => {
      if (!topic.endsWith('/seated')) return;
      try {
        const m = decodeMessage('seated', payload);
        if (topics.table(m.tableId, 'seated') !== topic) throw new Error(`answers of ${m.tableId} on ${topic}`);
        t.takeAnswers(m.tableId, m.results);
      } catch (err) {
        ctx.say(`tournament: seating answer refused: ${(err as Error).message}`);
      }
    },
    onHandStored: (msg) => t.onHand(msg),
    // a hand stored but not journaled before a crash: booked now, each once, in the order stored
    reconcile: () => ({
      tableIds: t.tableIds,
      sinceWall: t.startWall,
      after: t.archiveMarks,
      mark: (after) => t.markArchive(after),
    }),
    onConnect: () => {
      t.publishAllOrders();
      if (readyTimer) clearTimeout(readyTimer);
      readyTimer = setTimeout(() => {
        ready = true;
        pushLevel();
      }, 500);
      readyTimer.unref();
    },
    routes: (app, staff) => registerTournamentRoutes(app, staff, t),
    close: async () => {
      clearInterval(tick);
      if (readyTimer) clearTimeout(readyTimer);
      t.onClockChange = null;
      t.saveClock();
      t.setContext(null);
    },
  };
}
