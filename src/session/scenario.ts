// Session scenarios (docs/scenario-sessions.md): several hands in order, with what the table sees between them (a
// level, players sitting, leaving, away, moving, a penalty), run through the TableSession the live service runs, so
// that the next hand (dead button, heads-up, the level at the shuffle, absent seats) is decided by the same code. A
// one-hand scenario file stays the engine's (src/engine/scenario); a file with `hands` is a session.
import type { HandSnapshot, TableConfig, TableEvent } from '../engine/types.js';
import { phhActions } from '../phh/write.js';
import { MemoryLog } from './log.js';
import type {
  SessionHandExpect,
  SessionHandOutcome,
  SessionOp,
  SessionOutcome,
  SessionScenario,
} from './scenarioFile.js';
import { TableSession } from './TableSession.js';
import type { TableEventInput } from './types.js';

export * from './scenarioFile.js';

const isShuffle = (ev: TableEvent): boolean => ev.kind === 'dealer' && ev.button === 'shuffle';
const sorted = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Time between two hands of a session (the wall clock the session is given). */
const BETWEEN_HANDS_MS = 30_000;

/** Runs a session scenario through a TableSession (an in-memory log, an injected clock, no timers). */
export function runSessionScenario(s: SessionScenario): SessionOutcome {
  let wall = 1_000_000;
  const session = new TableSession({
    config: s.config,
    log: new MemoryLog(),
    now: () => wall,
    schedule: () => () => {},
    game: s.game,
  });
  const failures: string[] = [];
  let rejected: string[] = [];
  session.on('rejected', (e) => rejected.push(e.message));
  for (const [seat, name] of Object.entries(s.players))
    session.changeRoster({ op: 'seat', seat: Number(seat), player: { name } }, wall);

  const doOp = (op: SessionOp, where: string, fails: string[]): void => {
    const refused = 'refused' in op ? op.refused : undefined;
    try {
      switch (op.op) {
        case 'level':
          session.setLevel(op.level, wall);
          return;
        case 'sit':
          if (op.name)
            session.changeRoster({ op: 'seat', seat: op.seat, player: { name: op.name }, stack: op.stack }, wall);
          else session.changeSeats({ [op.seat]: op.stack }, wall);
          return;
        case 'leave':
          if (session.snapshot(wall).roster?.some((r) => r.seat === op.seat))
            session.changeRoster({ op: 'remove', seat: op.seat }, wall);
          else session.changeSeats({ [op.seat]: 0 }, wall);
          return;
        case 'move':
          session.changeRoster({ op: 'move', from: op.from, to: op.to }, wall);
          return;
        case 'absent':
          session.setAbsent(op.seat, op.absent, wall);
          return;
        case 'penalty':
          session.penalise(op.seat, op.hands, wall);
          return;
        case 'sitOut':
          session.changeRoster({ op: 'sitOut', seat: op.seat, out: op.out }, wall);
          return;
        case 'misdeal':
          session.floorMisdeal(op.reason, 'floor', wall);
          break;
        case 'void':
          session.floorVoid(op.reason, 'floor', wall);
          break;
        case 'stands':
          session.floorStands(op.reason, 'floor', wall);
          break;
        case 'award':
          session.floorAward(op.pot, op.seats, 'floor', wall);
          break;
      }
      if (refused)
        fails.push(`${where}: expected the session to refuse ${JSON.stringify(op)} (${refused}); it took it`);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (refused && code === refused) return;
      fails.push(
        `${where}: the session refused ${JSON.stringify(op)}: ${(err as Error).message}${refused ? ` (${code}, expected ${refused})` : ''}`,
      );
    }
  };

  const outcomes: SessionHandOutcome[] = [];
  for (const hand of s.hands) {
    const fails: string[] = [];
    rejected = [];
    const prevNo = session.handNo;
    const before = session.snapshot(wall);
    const wasStarted = before.handStartWall !== null;
    // a misdeal's redeal is the same hand for the engine (tda 35): a shuffle after it deals again
    const afterMisdeal = before.hand.phase === 'misdeal';
    let origin = wall;
    let lastWall = wall;
    let start: { config: TableConfig; hand: HandSnapshot; handNo: number } | null = null;
    const alertsBefore = new Set(session.snapshot(wall).tableAlerts.map((a) => a.id));
    const shuffle = (): void => {
      session.ingest({ kind: 'dealer', button: 'shuffle' }, wall);
      origin = wall;
      const snap = session.snapshot(wall);
      start = { config: snap.config, hand: snap.hand, handNo: snap.handNo };
    };
    for (const step of hand.steps) {
      if ('op' in step) {
        doOp(step.op, `${hand.name} event ${step.index}`, fails);
        continue;
      }
      const ev = step.event;
      if (start === null) {
        if (!isShuffle(ev)) shuffle();
        else {
          wall = Math.max(wall, lastWall);
          shuffle();
          continue;
        }
      }
      wall = Math.max(wall, origin + ev.t);
      lastWall = wall;
      const { t: _t, ...input } = ev;
      session.ingest(input as TableEventInput, wall);
    }
    if (start === null) shuffle();
    // the end of the hand's recording: time passes, pending chip motions end
    wall += s.config.motionMs + 1;
    session.ingest({ kind: 'tick' }, wall);
    const st = session.snapshot(wall);
    const begun = start as unknown as { config: TableConfig; hand: HandSnapshot; handNo: number };
    const dealt = begun.handNo !== prevNo || !wasStarted || afterMisdeal;
    const final = st.hand;
    const config = begun.config;
    const posted: Record<string, number> = {};
    for (const seat of begun.hand.seats) {
      const took = (config.seats[seat.seat] ?? 0) - seat.stack;
      if (took > 0) posted[String(seat.seat)] = took;
    }
    const o: SessionHandOutcome = {
      name: hand.name,
      handNo: st.handNo,
      dealt,
      button: final.button,
      sb: final.sb,
      bb: final.bb,
      blinds: final.blinds,
      bbAnte: final.bbAnte,
      posted,
      dealtIn: sorted(Object.keys(config.seats).map(Number)),
      absent: sorted(config.absent),
      killed: sorted(final.seats.filter((x) => x.dead).map((x) => x.seat)),
      handOver: st.handOver,
      alerts: final.alerts.map((a) => ({
        code: a.code,
        severity: a.severity,
        rule: a.rule,
        seat: a.seat,
        facts: a.facts,
      })),
      tableAlerts: st.tableAlerts.filter((a) => !alertsBefore.has(a.id)).map((a) => a.code),
      actions: phhActions(final),
      next: final.next
        ? {
            toAct: final.next.toAct,
            toCall: final.next.toCall,
            minRaiseTo: final.next.minRaiseTo,
            canRaise: final.next.canRaise,
          }
        : null,
      pots: final.pots,
      stacks: final.stacks,
      failures: fails,
    };
    for (const r of rejected) fails.push(`the engine refused an event: ${r}`);
    check(hand.expect, o, fails);
    outcomes.push(o);
    for (const f of fails) failures.push(`${hand.name}: ${f}`);
    wall += BETWEEN_HANDS_MS;
  }
  session.close();
  return { name: s.name, session: true, hands: outcomes, passed: failures.length === 0, failures };
}

function check(e: SessionHandExpect | undefined, o: SessionHandOutcome, fails: string[]): void {
  if (!e) return;
  const codes = o.alerts.map((a) => a.code);
  if (e.alerts) {
    let k = 0;
    for (const c of codes) if (k < e.alerts.length && c === e.alerts[k]) k++;
    if (k < e.alerts.length)
      fails.push(`expected alerts ${e.alerts.join(', ')} in order; raised: ${codes.join(', ') || 'none'}`);
  }
  for (const c of e.noAlerts ?? []) if (codes.includes(c)) fails.push(`alert ${c} must not be raised`);
  if (e.tableAlerts) {
    let k = 0;
    for (const c of o.tableAlerts) if (k < e.tableAlerts.length && c === e.tableAlerts[k]) k++;
    if (k < e.tableAlerts.length)
      fails.push(`expected table alerts ${e.tableAlerts.join(', ')}; raised: ${o.tableAlerts.join(', ') || 'none'}`);
  }
  if (e.next !== undefined) {
    if (e.next === null) {
      if (o.next !== null) fails.push(`expected next null, got ${JSON.stringify(o.next)}`);
    } else if (o.next === null) fails.push(`expected next ${JSON.stringify(e.next)}, got null`);
    else
      for (const [k, v] of Object.entries(e.next)) {
        const got = (o.next as Record<string, unknown>)[k];
        if (got !== v) fails.push(`next.${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(got)}`);
      }
  }
  for (const [seat, v] of Object.entries(e.stacks ?? {}))
    if (o.stacks[seat] !== v) fails.push(`stacks.${seat}: expected ${v}, got ${o.stacks[seat]}`);
  const exact: (keyof SessionHandExpect & keyof SessionHandOutcome)[] = [
    'handNo',
    'dealt',
    'button',
    'sb',
    'bb',
    'blinds',
    'bbAnte',
    'posted',
    'dealtIn',
    'absent',
    'killed',
    'handOver',
  ];
  for (const k of exact) {
    if (e[k] === undefined) continue;
    if (!same(e[k], o[k])) fails.push(`${k}: expected ${JSON.stringify(e[k])}, got ${JSON.stringify(o[k])}`);
  }
}
